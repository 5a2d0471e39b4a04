"""After a finished play, on Results and on its History entry: Rematch (everyone moves one
seat on, so another player sits first), Same seats, and Reopen the table (reopen: the table
is in progress again, on Home and out of History; its finish date stays).

A solo game has one seat: one Rematch, the same game again. A Latria campaign game offers
no rematch while its series has games to come: the way on is its Results' "Next game"; a
finished series' rematch is a new campaign (``Store.rematch``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.screens.answers import Told, told
from companion.table import campaign
from companion.table.record import TableSession


class Reads(Protocol):
    def series(self, series_id: str) -> list[TableSession]: ...


class Changes(Protocol):
    def rematch(self, table_id: str, rotate: bool) -> Any: ...
    def reopen(self, table_id: str) -> Any: ...
    def create_table(self, game: str, variant: str, players: list[str],
                     seed: int | None = None, campaign_id: str | None = None) -> Any: ...


@dataclass(frozen=True)
class Opened:
    """Where a rematch or a reopen leads: the table to open (``table_id``); History
    (``gone``: the finished table was deleted on another phone); or nowhere, with the
    store's line (``told``: the saved tables can only be read)."""

    table_id: str | None = None
    gone: bool = False
    told: Told | None = None


def rematches(reads: Reads, session: TableSession) -> str:
    """Which rematch buttons a finished table offers: "solo" (one seat: one Rematch),
    "seats" (Rematch, and Same seats), or "none" (a campaign with games to come)."""
    if session.variant == "campaign" and campaign.can_start_next(
            reads.series(campaign.series_id(session))):
        return "none"
    return "solo" if len(session.players) == 1 else "seats"


def opened(outcome: Any, table_id: str | None = None) -> Opened:
    """Where an engine answer that makes or reopens a table leads (``table_id``: the
    table reopened; else the one made, the answer's value)."""
    answer = told(outcome)
    if answer.stale:
        return Opened(gone=True)
    if not answer.saved:
        return Opened(told=answer)
    return Opened(table_id=table_id or outcome.value.id)


def rematch(engine: Changes, session: TableSession, rotate: bool) -> Opened:
    return opened(engine.rematch(session.id, rotate=rotate))


def reopen(engine: Changes, session: TableSession) -> Opened:
    return opened(engine.reopen(session.id), session.id)


def next_game(engine: Changes, session: TableSession, series_id: str) -> Opened:
    """A Latria campaign's next game: a new table of its series, with a seed as every new
    table has (without one Play would not know the setup; game N's first parent follows
    game 1's: ``campaign.setup_options``)."""
    return opened(engine.create_table(session.game, "campaign", list(session.players),
                                      campaign_id=series_id))
