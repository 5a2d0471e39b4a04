"""Players: correct a table's names, and move players to other seats before play begins.

A rename keeps everything: the store writes the new name into the players list and the
score sheet in one transaction (and into every game of a Latria campaign), and the play
log names seats (companion/table/renaming.py), so a misspelt name can be fixed at any
time. The seats count for the setup's draws and for the turn order, so they can change
only until the first tap of play, and before a campaign's second game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.screens.answers import Told, told
from companion.screens.names import name_error
from companion.table import campaign
from companion.table.record import TableSession
from scorers.base import name_issues


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def last_seq(self, table_id: str) -> int: ...
    def series(self, series_id: str) -> list[TableSession]: ...


class Changes(Protocol):
    def edit_players(self, table_id: str, seats: list[tuple[int, str]],
                     seen_seq: int) -> Any: ...


@dataclass(frozen=True)
class Saving:
    """What Save did: ``done`` ("saved", "unchanged", "names" — the names refused, each
    seat's line in ``names`` —, "moved_on" — Play was tapped meanwhile: open again —, or
    "not_saved" — deleted, or the store said no: ``told``)."""

    done: str
    names: dict[int, str] | None = None
    told: Told | None = None


@dataclass(frozen=True)
class Players:
    session: TableSession
    seq: int  # the play log's last event when opened: seats may move while it is 0
    locked: str | None  # why seats cannot move: "play" (begun), "series" (a later game)

    @classmethod
    def open(cls, reads: Reads, table_id: str) -> Players | None:
        session = reads.get_table(table_id)
        if session is None:
            return None
        seq = reads.last_seq(table_id)
        series = (reads.series(campaign.series_id(session)) if session.variant == "campaign"
                  else [session])
        return cls(session, seq, "play" if seq else "series" if len(series) > 1 else None)

    @property
    def note(self) -> str:
        """The message key of the line above the names."""
        return {"play": "players.locked_play", "series": "players.locked_series"}.get(
            self.locked, "players.order_hint")

    def save(self, engine: Changes, seats: list[tuple[int, str]]) -> Saving:
        """Save the names in their new seats: (the seat each player had, the name typed)."""
        names = [name.strip() for _, name in seats]
        issues = name_issues(names)
        if issues:
            return Saving("names", {index: name_error(issue, other)
                                    for index, issue, other in issues})
        olds = [old for old, _ in seats]
        if olds == list(range(len(self.session.players))) and names == self.session.players:
            return Saving("unchanged")
        answer = told(engine.edit_players(self.session.id, list(zip(olds, names, strict=True)),
                                          self.seq))
        if answer.saved:
            return Saving("saved")
        return Saving("moved_on" if answer.stale and not answer.gone else "not_saved",
                      told=answer)
