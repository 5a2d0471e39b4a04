"""Home: the tables in progress (open, delete and take the delete back), the games to
start a new one, how many plays History holds, and a line while the saved tables can only
be read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.catalog import GAMES, Game
from companion.i18n import listed, t
from companion.i18n import name as player_name
from companion.screens.answers import Told, told
from companion.screens.wording import when
from companion.storage.saving import read_only_notice
from companion.table.campaign import place_in_series
from companion.table.record import TableSession


class Reads(Protocol):
    read_only: Any
    read_only_reason: str | None

    def list_tables(self, status: str | None = "in_progress") -> list[TableSession]: ...
    def series(self, series_id: str) -> list[TableSession]: ...


class Changes(Protocol):
    def delete(self, table_id: str) -> Any: ...
    def restore(self, deleted: Any) -> Any: ...


@dataclass(frozen=True)
class TableTile:
    """A table in progress as Home lists it: its game, its players, which game of a
    campaign it is (the games of one campaign have the same players), its last change."""

    id: str
    game: Game
    players: str
    place: str | None
    last_change: str

    @classmethod
    def of(cls, reads: Reads, session: TableSession) -> TableTile:
        place = place_in_series(reads, session)
        return cls(session.id, GAMES[session.game],
                   listed(player_name(n) for n in session.players),
                   None if place is None else t("campaign.game_of", n=place[0],
                                                 total=place[1]),
                   t("home.last_change", when=when(session.updated_at)))


@dataclass(frozen=True)
class Home:
    tables: list[TableTile]  # the last changed first
    games: list[Game]  # none for a phone that may not start a table (a table's link alone)
    finished: int  # the plays History holds
    read_only: str | None  # the line saying the saved tables can only be read

    @classmethod
    def open(cls, reads: Reads, can_start: bool = True) -> Home:
        """``can_start``: whether this phone may start a table (with private tables, not
        one let in by a table's link alone)."""
        games = list(GAMES.values()) if can_start else []
        return cls([TableTile.of(reads, s) for s in reads.list_tables()], games,
                   len(reads.list_tables(status="finished")), read_only_notice(reads))

    @staticmethod
    def delete(engine: Changes, table_id: str) -> tuple[Told, Any]:
        """Delete a table, log and sheet and all; with what takes the delete back (None
        when it was deleted on another phone already)."""
        outcome = engine.delete(table_id)
        answer = told(outcome)
        return answer, (outcome.value if answer.saved else None)

    @staticmethod
    def restore(engine: Changes, deleted: Any) -> Told:
        """The deleted table back as it was (back already from another phone: back)."""
        return told(engine.restore(deleted))
