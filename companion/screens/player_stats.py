"""Stats: the figures of the finished plays (companion/table/stats.py says what each means)
for every game or one, as the screen words them: the plays and the average winning margin,
each player's row (plays, wins, win rate; in a points game their average, best and margin;
Latria's eclipse pile), a player's figures game by game, their scores over time, the
average points by scoring category, and what a screen reader hears of each chart.

Each chart says nothing its text rows do not also say, so its figures come with the words
read out for it. A finished table with nothing entered is scored on the empty score form
its view hands in (``empty_sheet``), as History's are."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from companion.catalog import GAMES
from companion.i18n import listed, t
from companion.i18n import name as player_name
from companion.screens.past_plays import Choice
from companion.table import history
from companion.table.history import EmptySheet
from companion.table.plays import PlayRecord, player_key
from companion.table.record import TableSession
from companion.table.stats import PlayerStats, Stats, compute, games_played, one_decimal, percent


class Reads(Protocol):
    def history(self, game: str | None = None,
                player: str | None = None) -> list[TableSession]: ...

    def box_values(self, game: str) -> dict: ...


def joined(key: str, parts: list[str]) -> str:
    """``parts`` joined by the catalog's ``key`` ("{first}. {second}": each language its
    own full stop or middle dot)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = t(key, first=out, second=part)
    return out


def signed(value: Fraction) -> str:
    """A margin with its sign: "+2.5", "-1.5", and "0.0" for what rounds to nothing."""
    shown = one_decimal(value)
    return f"+{shown}" if value > 0 and shown != "0.0" else shown


def category_name(key: str) -> str:
    """A category's name: its message key (companion/table/stats.py) in the reader's language."""
    return t(key)


@dataclass(frozen=True)
class FiguresRow:
    """A player's figures as text: the title (their name, or a game's in their figures
    game by game), the lines under it, and the one sentence a screen reader hears."""

    title: str
    lines: tuple[str, ...]
    spoken: str

    @classmethod
    def of(cls, p: PlayerStats, title: str | None = None) -> FiguresRow:
        lines = [t("stats.row_wins", plays=t("stats.plays", count=p.plays),
                   wins=t("stats.wins", count=p.wins), rate=percent(p.win_rate))]
        if p.points and p.average is not None:
            margin = signed(p.average_margin) if p.average_margin is not None else "–"
            lines.append(t("stats.row_scores", average=one_decimal(p.average), best=p.best,
                           margin=margin))
        if p.eclipse_average is not None:
            lost = one_decimal(p.eclipse_average)
            lines.append(t("stats.row_eclipse", average=lost if lost == "0.0" else f"−{lost}",
                           total=p.eclipse_total))
        name = title or player_name(p.name)
        return cls(name, tuple(lines),
                   t("stats.row_spoken", name=name, details=joined("stats.sentences", lines)))


@dataclass(frozen=True)
class Category:
    """A scoring category of the game: its message key, its name, and whether it brought
    no player any points (Latria's eclipse takes them: drawn below 0, in the colour of a
    loss)."""

    key: str
    name: str
    loss: bool


@dataclass(frozen=True)
class PlayerFigures:
    """One player as Stats shows them: their row; their figures in each game they played
    (``by_game``, on the every-game view); in a points game their scores over time, oldest
    first, and their average points by category (in the order of ``StatsFigures.categories``),
    each with its words; and the names of the chips that pick them."""

    key: str  # player_key: one player across tables
    name: str  # as they last wrote it, as shown
    wins: int
    row: FiguresRow
    by_game: tuple[FiguresRow, ...] = ()
    scores: tuple[int, ...] = ()
    scores_text: str = ""
    categories: tuple[Fraction, ...] = ()
    categories_text: str = ""
    show_scores: str = ""  # the chip's name over their scores
    show_by_game: str = ""  # the chip's name over their figures game by game


@dataclass(frozen=True)
class StatsFigures:
    """What Stats shows for the game asked for (None: every game; a game no longer played
    shows every game). ``empty``: the line shown instead, when no play is finished."""

    game: str | None = None
    empty: str | None = None
    games: tuple[Choice, ...] = ()  # "All games", then the games played, most played first
    summary: str = ""  # "12 plays · Average winning margin: 4.3"
    eclipse: str | None = None  # Latria: what the eclipse pile cost
    note: str | None = None  # why some figures are missing: no game picked, not points
    points: bool = False  # totals are scores: margins, scores over time and categories
    players: tuple[PlayerFigures, ...] = ()  # most wins first, then win rate, then name
    wins_spoken: str = ""  # the wins chart read out: "Wins per player: Ann 12, Ben 9"
    categories: tuple[Category, ...] = ()  # what gives points first, what takes them last
    categories_spoken: str = ""  # the categories chart read out (a points game)

    @classmethod
    def open(cls, reads: Reads, empty_sheet: EmptySheet,
             game: str | None = None) -> StatsFigures:
        records = history.plays(reads, empty_sheet)
        if not records:
            return cls(empty=t("stats.none"))
        played = games_played(records)
        game = game if game in played else None
        stats = compute(records, game)
        summary = [t("stats.plays", count=stats.plays)]
        if stats.average_winning_margin is not None:
            summary.append(t("stats.winning_margin",
                             margin=one_decimal(stats.average_winning_margin)))
        eclipse = None
        if stats.eclipse_average is not None:
            eclipse = t("stats.eclipse_game", average=one_decimal(stats.eclipse_average),
                        total=stats.eclipse_total)
        if game is None:
            note = t("stats.pick_game")
        elif not stats.points:
            note = t(f"stats.no_points.{game}")
        else:
            note = None
        every = stats.players
        categories = tuple(
            Category(c, category_name(c), all(p.categories.get(c, 0) <= 0 for p in every))
            for c in stats.categories)
        by_game = by_game_rows(records, played) if game is None else {}
        players = tuple(figures(p, stats, categories, by_game.get(p.key, ())) for p in every)
        labels = {None: t("stats.all_games"), **{g: t(GAMES[g].name) for g in played}}
        return cls(
            game=game,
            games=tuple(Choice(label, t("stats.show", what=label), g == game, g)
                        for g, label in labels.items()),
            summary=joined("stats.dot", summary),
            eclipse=eclipse,
            note=note,
            points=stats.points,
            players=players,
            wins_spoken=t("stats.wins_spoken", items=listed(
                [t("stats.item", name=p.name, value=p.wins) for p in players])),
            categories=categories,
            categories_spoken=(t("stats.categories_spoken", items=joined(
                "stats.sentences", [p.categories_text for p in players]))
                if stats.points else ""))

    def picked(self, key: str | None) -> PlayerFigures:
        """The player a chip picked (``key``, kept while the game changes), else the
        first: the one with the most wins."""
        wanted = player_key(key or "")
        return next((p for p in self.players if p.key == wanted), self.players[0])


def by_game_rows(records: list[PlayRecord],
                 games: list[str]) -> dict[str, tuple[FiguresRow, ...]]:
    """Each player's figures in each game they played, under the game's name."""
    per_game = [(g, compute(records, g)) for g in games]
    rows: dict[str, list[FiguresRow]] = {}
    for g, stats in per_game:
        for p in stats.players:
            rows.setdefault(p.key, []).append(FiguresRow.of(p, title=t(GAMES[g].name)))
    return {key: tuple(found) for key, found in rows.items()}


def figures(p: PlayerStats, stats: Stats, categories: tuple[Category, ...],
            by_game: tuple[FiguresRow, ...]) -> PlayerFigures:
    name = player_name(p.name)
    scores = tuple(s for _, s in p.scores)
    averages = tuple(p.categories.get(c.key, Fraction(0)) for c in categories)
    return PlayerFigures(
        key=p.key, name=name, wins=p.wins, row=FiguresRow.of(p), by_game=by_game,
        scores=scores,
        scores_text=(t("stats.scores_text", name=name, scores=listed([str(s) for s in scores]))
                     if stats.points else ""),
        categories=averages,
        categories_text=(t("stats.row_spoken", name=name, details=listed([
            t("stats.item", name=c.name, value=one_decimal(value))
            for c, value in zip(categories, averages, strict=True)])) if stats.points else ""),
        show_scores=t("stats.show_scores", name=name),
        show_by_game=t("stats.show_by_game", name=name))
