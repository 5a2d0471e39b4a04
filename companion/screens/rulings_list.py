"""The Rulings screen, in plain Python: every reading the app made where a rulebook is
silent or unclear (docs/RULINGS.md), those of one table's game and of every game, or all
of them from Home; found by the words searched; and, on a table's screen, the table's own
readings, each the app's or the other one, picked on any phone (saved with the table at
once, before or after scoring) until Play has fixed those Play uses.

The view (companion/ui/views/rulings.py, table_readings.py) draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.catalog import GAMES
from companion.engine import Engine
from companion.rules.rulings_doc import Entry, entries, said
from companion.rules.search import search, spans
from companion.screens.answers import Told, told
from companion.table.record import TableSession
from scorers.readings import ALTERNATIVE, SWITCHABLE

# each switchable reading's other reading, in the players' words (catalog keys)
OTHER = {
    "LC-1": "readings.other.lc1",
    "L-3": "readings.other.l3",
    "P-1": "readings.other.p1",
    "P-14": "readings.other.p14",
    "P-11": "readings.other.p11",
    "C-1": "readings.other.c1",
}


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def last_seq(self, table_id: str) -> int: ...


def applies(ruling: str, session: TableSession) -> bool:
    """Whether the reading can matter at this table (its game, variant, player count):
    the game's catalog record says where (companion/catalog.py ``readings``)."""
    game = GAMES.get(session.game)
    reading = game.reading(ruling) if game is not None else None
    return reading is not None and reading.applies(session.variant, len(session.players))


def switchable(session: TableSession) -> list[Entry]:
    return [e for e in entries() if e.id in SWITCHABLE and applies(e.id, session)]


@dataclass(frozen=True)
class TableReading:
    """One of the table's own readings: its entry, whether the other reading is picked,
    and whether Play has fixed it (Play's readings are fixed from its first tap)."""

    entry: Entry
    other: bool
    fixed: bool


@dataclass(frozen=True)
class Group:
    """The rulings of one game (``game`` "": those of every game), each with whether it
    opens unfolded: the one the route names, or one whose hidden words hold the search."""

    game: str
    rulings: tuple[tuple[Entry, bool], ...]


@dataclass(frozen=True)
class RulingsList:
    """The rulings shown: of ``game`` and of every game (None: all, from Home), and the
    table's own readings when opened from ``session``."""

    game: str | None
    session: TableSession | None
    table_readings: tuple[TableReading, ...]

    @classmethod
    def open(cls, reads: Reads, table_id: str | None = None) -> RulingsList:
        session = reads.get_table(table_id) if table_id is not None else None
        if session is None:
            return cls(None, None, ())
        played = bool(reads.last_seq(session.id))  # Play's readings are fixed by then
        shown = tuple(TableReading(e, session.readings.get(e.id) == ALTERNATIVE,
                                   played and SWITCHABLE[e.id][1] == "play")
                      for e in switchable(session))
        return cls(session.game, session, shown)

    def groups(self, query: str = "", opened: str | None = None) -> tuple[Group, ...] | None:
        """The rulings found by ``query`` (two letters at least; else all), grouped by
        game, the table's game first; None when the search finds none."""
        shown = [e for e in entries() if self.game is None or e.game in (self.game, "")]
        text = query.strip()
        if len(text) >= 2:
            ids = {h.section for h in search(query, kind="ruling", limit=len(shown))}
            shown = [e for e in shown if e.id in ids]
            if not shown:
                return None
        else:
            query = ""
        order = (self.game, "") if self.game else ("", *GAMES)  # a table's own game first
        return tuple(
            Group(g, tuple((e, opened == e.id or bool(query and spans(
                e.rulebook + "\n" + said(e, "why"), query))) for e in shown if e.game == g))
            for g in order if any(e.game == g for e in shown))

    def pick(self, engine: Engine, ruling: str, choice: Any) -> Told:
        """The table reads ``ruling`` as ``choice`` (the app's or the other): saved at
        once; the other phones redraw."""
        return told(engine.set_reading(self.session.id, ruling, choice))
