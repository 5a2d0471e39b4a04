"""A finished play as History, Stats and the exports read it: who played, their totals,
ranks and winners as the scorer gives them, the breakdown by scoring category, and when.

Pure Python (no flet): built from a stored table and its score sheet, scored again each
time (the scorers are fast and a corrected sheet must show its corrected result)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime

from companion.catalog import GAMES
from companion.table.record import TableSession
from companion.table.setup import sheet_with_readings
from scorers.base import Line, Note, Result, SheetProblems
from scorers.sheets import score_sheet

# The games whose winner is not decided by points (Altar, "End of the game"; ruling AL-3):
# a total is not a score to average or chart (the catalog record's ``points``).
NO_POINTS_GAMES = frozenset(g.id for g in GAMES.values() if not g.points)


@dataclass(frozen=True)
class PlayerOutcome:
    name: str
    seat: int  # 0-based seat in the table's order
    total: int
    rank: int
    winner: bool
    # scoring category → points: each breakdown line's category (``line_category``), a
    # message key, so the same category adds up across plays whatever the language
    categories: dict[str, int]
    # Latria: the points the eclipse pile took away (Scoring step 2), else None
    eclipse: int | None = None
    # Luna's solo opponent: on the sheet and in the result, but not a player of the table
    virtual: bool = False


@dataclass(frozen=True)
class PlayRecord:
    table_id: str
    game: str
    variant: str
    finished_at: datetime  # timezone-aware (UTC); show it in the phone's local time
    players: tuple[PlayerOutcome, ...]
    winners: tuple[str, ...]
    notes: tuple[Note, ...]  # the tie-break reasons and rulings, as the Results show them
    result: Result
    corrected_at: datetime | None = None  # its sheet changed after the finish

    @property
    def points(self) -> bool:
        """Whether the totals are scores (not Altar's realm count)."""
        return self.game not in NO_POINTS_GAMES


def player_key(name: str) -> str:
    """One player across tables: the same name, whatever its case or width (Ｋｉｍ, kim and
    KIM are one player; Japanese names compare as typed, full- and half-width alike)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


# A line that scores and names no category (scorers.base.Line.category) adds to "other";
# one that scores nothing and names none (Latria's Polaris removal, "No scoring cards") is
# no category.
OTHER = "stats.category.other"


def line_category(line: Line) -> str | None:
    """The category (a message key naming it) a breakdown line adds to, or None: the one
    its scorer gave it (Latria's celestial body, Luna's Shrines, a Carpe Astra guild)."""
    return line.category or (OTHER if line.points else None)


def play_record(session: TableSession, finished_at: datetime | None = None) -> PlayRecord | None:
    """The finished play of ``session``, or None when its sheet is missing or does not
    score (a table whose sheet another phone left half-entered is not a play yet)."""
    if session.score_sheet is None:
        return None
    try:
        result = score_sheet(sheet_with_readings(session, session.score_sheet))
    except (SheetProblems, KeyError, ValueError, TypeError):
        return None
    seats = {name: i for i, name in enumerate(session.players)}
    winners = set(result.winners)
    virtual = {p["name"].strip() for p in session.score_sheet.get("players", [])
               if isinstance(p, dict) and p.get("virtual") and isinstance(p.get("name"), str)}
    players = []
    for i, p in enumerate(result.players):
        categories: dict[str, int] = {}
        for line in p.breakdown:
            if (category := line_category(line)) is not None:
                categories[category] = categories.get(category, 0) + line.points
        players.append(PlayerOutcome(
            name=p.name, seat=seats.get(p.name, i), total=p.total, rank=p.rank,
            winner=p.name in winners, categories=categories,
            eclipse=getattr(p, "eclipse", None), virtual=p.name in virtual))
    return PlayRecord(
        table_id=session.id, game=session.game, variant=session.variant,
        finished_at=finished_at or session.finished_at or session.updated_at,
        corrected_at=session.corrected_at,
        players=tuple(sorted(players, key=lambda o: o.seat)),
        winners=tuple(result.winners), notes=tuple(result.note_details), result=result)
