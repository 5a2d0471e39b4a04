"""Statistics over finished plays (companion/table/plays.py), per game and per player: plays,
wins, win rate, average and best score, average margin, what each scoring category brings
on average, and for Latria what the eclipse pile cost. Pure Python (no flet); the Stats
screen (companion/ui/views/player_stats.py) shows these figures.

The words the screen puts beside them, so that players read them the same way:

- A **win** is a play the player is among the winners of (a shared win is a win for each).
- **Win rate**: wins ÷ plays.
- **Margin** of a player in a play: their total minus the best total among the others
  (above 0: they were ahead of everyone; 0: level with someone; below 0: that far behind
  the best). A player's **average margin** is its average over their plays of the game.
- **Winning margin** of a play: the winner's margin, i.e. the winner's total minus the
  next best total (0 when a tie was broken or shared). A game's average winning margin is
  its average over the plays.
- A **category** (Latria's Sun, Luna's Shrines, Carpe Astra's Military...) is what a
  breakdown line adds up to across plays; its **average** for a player is the points it
  brought them over all their plays of the game, divided by those plays (a play without
  that line counts 0), so the averages of a player's categories add up to their average
  score.

Luna's virtual opponent (the solo game) is not a player: he is counted in no figure, his
total only in his opponent's margin (the solo score is the difference: Luna, Solo Game
Rules).

Altar's totals are not scores (a complete Realm wins, not points: Altar, "End of the game";
ruling AL-3): its plays and wins count, its totals give no averages, margins or categories.
Scores of different games are not compared: across all games only plays, wins and win
rate are given.

Figures are exact (``Fraction``); ``one_decimal`` and ``percent`` round them as the screen
shows them (half away from zero).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from companion.catalog import GAMES
from companion.table.plays import PlayRecord, player_key


def play_categories(record: PlayRecord) -> dict[str, dict[str, int]]:
    """Each player's points by category in one play (by name as in the play)."""
    return {p.name: dict(p.categories) for p in record.players}


def one_decimal(value: Fraction | int) -> str:
    """``value`` rounded to one decimal, half away from zero: 7/4 → "1.8", 3 → "3.0"."""
    tenths = math.floor(abs(Fraction(value)) * 10 + Fraction(1, 2))
    sign = "-" if value < 0 and tenths else ""
    return f"{sign}{tenths // 10}.{tenths % 10}"


def percent(value: Fraction) -> int:
    """A share as a whole percent, half up: 2/3 → 67."""
    return math.floor(value * 100 + Fraction(1, 2))


@dataclass(frozen=True)
class PlayerStats:
    key: str  # player_key: one player across tables whatever the case or width
    name: str  # as they last wrote it
    plays: int
    wins: int
    points: bool  # whether scores, margins and categories mean something (one points game)
    scores: tuple[tuple[datetime, int], ...] = ()  # oldest first
    margins: tuple[int, ...] = ()
    categories: dict[str, Fraction] = field(default_factory=dict)  # average per play
    eclipse_total: int | None = None  # Latria: points the eclipse pile took, all plays

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.wins, self.plays) if self.plays else Fraction(0)

    @property
    def average(self) -> Fraction | None:
        return Fraction(sum(s for _, s in self.scores), len(self.scores)) if self.scores else None

    @property
    def best(self) -> int | None:
        return max(s for _, s in self.scores) if self.scores else None

    @property
    def average_margin(self) -> Fraction | None:
        return Fraction(sum(self.margins), len(self.margins)) if self.margins else None

    @property
    def eclipse_average(self) -> Fraction | None:
        if self.eclipse_total is None or not self.plays:
            return None
        return Fraction(self.eclipse_total, self.plays)


@dataclass(frozen=True)
class Stats:
    game: str | None  # None: every game
    plays: int
    points: bool
    players: tuple[PlayerStats, ...]  # most wins first, then win rate, then name
    categories: tuple[str, ...] = ()  # as they first appear in the breakdowns
    winning_margins: tuple[int, ...] = ()
    eclipse_total: int | None = None

    @property
    def average_winning_margin(self) -> Fraction | None:
        if not self.winning_margins:
            return None
        return Fraction(sum(self.winning_margins), len(self.winning_margins))

    @property
    def eclipse_average(self) -> Fraction | None:
        """Latria: the eclipse pile's cost per player and play."""
        seats = sum(p.plays for p in self.players)
        if self.eclipse_total is None or not seats:
            return None
        return Fraction(self.eclipse_total, seats)

    def player(self, name: str) -> PlayerStats | None:
        key = player_key(name)
        return next((p for p in self.players if p.key == key), None)


def games_played(records: Iterable[PlayRecord]) -> list[str]:
    """The games with at least one finished play, most played first."""
    counts: dict[str, int] = {}
    for r in records:
        counts[r.game] = counts.get(r.game, 0) + 1
    return sorted(counts, key=lambda g: -counts[g])


def compute(records: Sequence[PlayRecord], game: str | None = None) -> Stats:
    """The figures of ``game``'s plays among ``records`` (every game's when None)."""
    plays = sorted((r for r in records if game is None or r.game == game),
                   key=lambda r: r.finished_at)
    points = game is not None and all(r.points for r in plays)
    # what the eclipse pile cost, where the game has one (Latria: its catalog record)
    pile = game in GAMES and GAMES[game].eclipse_pile
    names: dict[str, str] = {}
    counts: dict[str, list[int]] = {}  # key → [plays, wins]
    scores: dict[str, list[tuple[datetime, int]]] = {}
    margins: dict[str, list[int]] = {}
    sums: dict[str, dict[str, int]] = {}
    eclipses: dict[str, int] = {}
    order: list[str] = []
    winning: list[int] = []
    for record in plays:
        by_category = play_categories(record) if points else {}
        totals = [p.total for p in record.players]
        for i, p in enumerate(record.players):
            if p.virtual:  # Luna's solo opponent plays no table: not a player here
                continue
            key = player_key(p.name)
            names[key] = p.name  # plays are oldest first: the latest spelling stays
            count = counts.setdefault(key, [0, 0])
            count[0] += 1
            count[1] += p.winner
            if not points:
                continue
            scores.setdefault(key, []).append((record.finished_at, p.total))
            others = totals[:i] + totals[i + 1:]
            if others:
                margins.setdefault(key, []).append(p.total - max(others))
            mine = sums.setdefault(key, {})
            for category, value in by_category.get(p.name, {}).items():
                mine[category] = mine.get(category, 0) + value
                if category not in order:
                    order.append(category)
            if pile:
                eclipses[key] = eclipses.get(key, 0) + (p.eclipse or 0)
        if points and record.winners and len(totals) > 1:
            winner = next(p for p in record.players if p.winner)
            others = [p.total for p in record.players if p is not winner]
            winning.append(winner.total - max(others))
    # what gives points first, what takes them (Latria's eclipse) last
    totals_by = {c: sum(m.get(c, 0) for m in sums.values()) for c in order}
    order.sort(key=lambda c: totals_by[c] < 0)
    players = []
    for key, (n, wins) in counts.items():
        players.append(PlayerStats(
            key=key, name=names[key], plays=n, wins=wins, points=points,
            scores=tuple(scores.get(key, ())), margins=tuple(margins.get(key, ())),
            categories={c: Fraction(sums.get(key, {}).get(c, 0), n) for c in order
                        } if points else {},
            eclipse_total=eclipses.get(key) if pile else None))
    players.sort(key=lambda p: (-p.wins, -p.win_rate, p.key))
    return Stats(game=game, plays=len(plays), points=points, players=tuple(players),
                 categories=tuple(order), winning_margins=tuple(winning),
                 eclipse_total=sum(eclipses.values()) if pile and points else None)
