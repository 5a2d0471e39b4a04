"""A Latria campaign is a series of tables (Latria, Extension Rules 3: as many games as
players). Its standings come from each game's totals through scorers.latria_campaign."""

from __future__ import annotations

from companion.store import TableSession
from scorers.base import Result, SheetProblems
from scorers.sheets import score_sheet


def series_id(session: TableSession) -> str:
    return session.campaign_id or session.id


def game_totals(session: TableSession) -> dict[str, int] | None:
    """Each player's VP in one game of the series, or None while its sheet is not valid."""
    if not session.score_sheet:
        return None
    try:
        result = score_sheet(session.score_sheet)
    except SheetProblems:
        return None
    return {p.name: p.total for p in result.players}


def standings(tables: list[TableSession]) -> tuple[Result | None, int]:
    """(the campaign result over the games scored so far, how many games that is)."""
    if not tables:
        return None, 0
    games = [totals for s in tables if (totals := game_totals(s)) is not None]
    if not games:
        return None, 0
    sheet = {"game": "latria_campaign", "players": list(tables[0].players), "games": games}
    try:
        return score_sheet(sheet), len(games)
    except SheetProblems:
        return None, len(games)


def can_start_next(tables: list[TableSession]) -> bool:
    """A campaign has as many games as players (Extension Rules 3)."""
    return bool(tables) and len(tables) < len(tables[0].players)
