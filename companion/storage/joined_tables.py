"""The saved tables as one phone of a server with private tables sees them
(``companion --private-tables``): only the tables it made or joined.

``JoinedTables`` stands in for the ``Store`` wherever that phone's screens and engine would
use it. Another table's id, typed or guessed, is asked of the store as an id no table has,
so it gets exactly the answer a missing table gets (nothing read, ``KeyError`` on a
write); the lists (Home, History, a series, the names met before) leave the other tables
out. A table the phone makes is its own from then on (``on_made``: the phone keeps its
pass). What is not a table's (the box's printed values) is shared as before. Anything
else of the store is refused, so a new method of the store is not reached past this by
mistake: it has to be named here first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.storage.store import DeletedTable, Store
from companion.table.record import TableSession

# An id no table has (a table's is twelve hex digits): asked instead of another table's.
NO_TABLE = "-"

# The store's methods whose first argument is a table's id.
PER_TABLE = frozenset({
    "get_table", "delete_table", "set_setup_ticks", "set_setup_tick", "set_seed",
    "set_setup_choice", "set_reading", "set_score_sheet", "follow_play",
    "change_score_sheet", "set_status", "finish", "reopen", "edit_players", "append_event",
    "drop_last_event", "log", "last_seq", "events", "event_times",
})
# What is the box's, not a table's.
SHARED = frozenset({"box_values", "set_box_value", "read_only", "read_only_reason", "path"})


class JoinedTables:
    """``store`` limited to the tables in ``joined`` (a set this object adds to)."""

    def __init__(self, store: Store, joined: Iterable[str],
                 on_made: Callable[[str], None] = lambda table_id: None,
                 can_make: bool = True, still: Callable[[str], bool] = lambda table_id: True):
        self._store = store
        self._joined = set(joined)
        self._on_made = on_made
        # Whether the phone's pass for a table it joined still holds (a table closed to
        # its phones is theirs no more, on the phones connected at the time too).
        self._still = still
        # Whether the phone may start tables of its own (it gave the server's code, or
        # none is asked): a phone let in by a table's link alone plays that table, and
        # the tables started from it (a rematch, a campaign's next game).
        self.can_make = can_make

    def __getattr__(self, name: str) -> Any:
        if name in SHARED:
            return getattr(self._store, name)
        if name in PER_TABLE:
            method = getattr(self._store, name)

            def on_a_table(table_id: str, *args: Any, **kwargs: Any) -> Any:
                return method(self.seen(table_id), *args, **kwargs)

            return on_a_table
        raise AttributeError(f"{name!r} is not open to a phone with its own tables")

    @property
    def joined(self) -> set[str]:
        """The tables this phone has now."""
        return {table_id for table_id in self._joined if self._still(table_id)}

    def has(self, table_id: str) -> bool:
        return table_id in self._joined and self._still(table_id)

    def knows(self, table_id: str) -> bool:
        """Whether the phone joined the table, closed to it since or not: it is told
        when such a table changes (closed, it draws its screen again without it)."""
        return table_id in self._joined

    def seen(self, table_id: str) -> str:
        """``table_id`` when this phone has the table, else an id no table has."""
        return table_id if self.has(table_id) else NO_TABLE

    def _mine(self, sessions: list[TableSession]) -> list[TableSession]:
        return [s for s in sessions if self.has(s.id)]

    # -- the lists: the other tables left out ---------------------------------------------
    def list_tables(self, status: str | None = "in_progress") -> list[TableSession]:
        return self._mine(self._store.list_tables(status))

    def history(self, game: str | None = None, player: str | None = None) -> list[TableSession]:
        return self._mine(self._store.history(game, player))

    def series(self, campaign_id: str) -> list[TableSession]:
        return self._mine(self._store.series(self.seen(campaign_id)))

    def recent_players(self, limit: int = 12, leave_out: Iterable[str] = ()) -> list[str]:
        return self._store.recent_players(limit, tuple(leave_out), only=self.joined)

    # -- new tables: this phone's --------------------------------------------------------
    def _made(self, session: TableSession) -> TableSession:
        self._joined.add(session.id)
        self._on_made(session.id)
        return session

    def create_table(self, *args: Any, **kwargs: Any) -> TableSession:
        return self._made(self._store.create_table(*args, **kwargs))

    def rematch(self, table_id: str, rotate: bool = True) -> TableSession:
        return self._made(self._store.rematch(self.seen(table_id), rotate=rotate))

    def restore_table(self, deleted: DeletedTable) -> None:
        """A table this phone deleted, brought back (Undo): only one of its own."""
        table_id = deleted.table.get("id")
        if not isinstance(table_id, str) or not self.has(table_id):
            raise KeyError(table_id)
        self._store.restore_table(deleted)
