"""The table's own screen, in plain Python: its game, variant and players, the line
"Game 2 of 3" for a game of a campaign (game 2 looks like game 1 otherwise), and which
of its parts can open. The view (companion/ui/views/table.py) draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from companion.catalog import GAMES, Game
from companion.i18n import t
from companion.table.campaign import place_in_series
from companion.table.record import TableSession


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def series(self, series_id: str) -> list[TableSession]: ...


@dataclass(frozen=True)
class TableOverview:
    """Table ``session`` of ``game``: its variant's words, and ``place``, the campaign
    line (None for a table of no campaign)."""

    session: TableSession
    game: Game
    variant: str
    place: str | None

    @classmethod
    def open(cls, reads: Reads, table_id: str) -> TableOverview | None:
        """None when there is no such table (deleted on another phone)."""
        session = reads.get_table(table_id)
        if session is None:
            return None
        game = GAMES[session.game]
        place = place_in_series(reads, session)
        variant = t(game.variant(session.variant).label)
        return cls(session, game, t("table.variant", variant=variant),
                   t("campaign.game_of", n=place[0], total=place[1]) if place else None)
