"""A result as a few lines of text to share (the Results screen's Share and Copy): the
game, when it was played, the ranking with totals, the winner(s), and why ties went as
they did — in the reader's language (companion.i18n). Pure: no flet, so it is tested in
both languages without a screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from companion.catalog import GAMES
from companion.i18n import listed, local_time, say, t, t_for
from companion.i18n import name as player_name
from scorers import altar
from scorers.base import PlayerResult, Result
from scorers.ties import tie_notes


def ranking(result: Result) -> list[PlayerResult]:
    """The players in the order Results and the shared text list them: by rank; players
    who share a rank (the rulebooks do not order them, e.g. Altar's players behind the
    complete ones) by total, higher first; then as entered."""
    return sorted(result.players, key=lambda p: (p.rank, -p.total))


# A total as the screens word it (``total_words``): Altar's is progress toward a complete
# Realm, not points (ruling AL-1), and a player who completed is told so in words, never
# with a number that could read as what is still to go; with 2 players, both Realms
# (ruling AL-4).
COMPLETE = {"results.total_value": "results.total_value.altar_complete",
            "score.total": "score.total.altar_complete",
            "score.player_chip": "score.player_chip.altar_complete"}


def total_words(key: str, result: Result, player: PlayerResult, **values: object) -> str:
    """``player``'s total in the words of ``key`` (``results.total_value``, ``score.total``
    or ``score.player_chip``; ``values``: its other placeholders, the player's ``name``):
    the points, Altar's progress ("3 toward completion"), or "Realm complete"."""
    if getattr(player, "complete", False) and key in COMPLETE:
        return t(COMPLETE[key], count=altar.realms_per_player(len(result.players)), **values)
    return t_for(result.game, key, count=player.total, **values)


def tie_broken(result: Result) -> set[str]:
    """The players whose place a tie-break decided: level on total with a player placed
    differently (Latria's eclipse points, Carpe Astra's credits, Luna's Council); Altar's
    totals are not scores, its players are level on Shrines (``altar.tie_broken``)."""
    if result.game == altar.GAME:
        return altar.tie_broken(result.players)
    if not tie_notes(result):
        return set()
    return {p.name for p in result.players for other in result.players
            if other is not p and other.total == p.total and other.rank != p.rank}


def day_and_time(moment: datetime) -> str:
    """A full date and time on the phone's clock ("Tue 1 Dec 2026 at 14:05"): a shared
    text is read later, so never "today"."""
    local = local_time.local(moment)
    day = t("share.date", weekday=t(f"home.weekday_{local.weekday()}"),
            month=t(f"home.month_{local.month}"), day=local.day, year=local.year)
    return t("home.when_day", day=day, time=f"{local.hour}:{local.minute:02d}")


def winners_line(winners: Sequence[str]) -> str:
    """Who won, as Results, History and the shared text say it: one winner's sentence, a
    shared win's (a sentence of its own in every language, not a plural form), or none."""
    if not winners:
        return t("results.no_winner")
    names = listed(player_name(n) for n in winners)
    return t("results.winner" if len(winners) == 1 else "results.winners", names=names)


def summary(game: str, variant: str, result: Result, when: datetime) -> str:
    """The text for a table of ``game`` played in ``variant`` (its id) at ``when``."""
    entry = GAMES[game]
    lines = [t("share.heading", game=t(entry.name), date=day_and_time(when))]
    if variant != "standard" and any(v.id == variant for v in entry.variants):
        lines.append(t("table.variant", variant=t(entry.variant(variant).label)))
    for player in ranking(result):
        lines.append(t("share.rank_line", place=t("results.place", rank=player.rank),
                       name=player_name(player.name),
                       total=total_words("results.total_value", result, player)))
    lines.append(winners_line(result.winners))
    lines += [say(note.text) for note in tie_notes(result)]
    return "\n".join(lines)


def start_player(events: list, players: list[str], names: list[str]) -> str | None:
    """Who started, where play recorded it: the player of the log's first ``start`` tap
    (every game's flow begins with one: companion/flows), at its seat among the table's
    ``players``; None when play never began or the name is not one of the result's
    ``names`` (then nobody is marked)."""
    for event in events:
        if isinstance(event, dict) and event.get("type") == "start":
            seat = event.get("player")
            if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= len(players):
                return players[seat - 1] if players[seat - 1] in names else None
            return None
    return None


def played_at(created: datetime, times: tuple[datetime, datetime] | None) -> datetime:
    """When the play was: its first tap of Play, else when the table was created."""
    return times[0] if times else created
