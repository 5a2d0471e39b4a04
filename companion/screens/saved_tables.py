"""The saved tables as the screens have them: opened once for every browser session, read
through ``SavedTables`` (the store's reads and a backup of every table, never a write),
and changed only through the engine each session is given (``engine_for``). So a screen
cannot write past the engine: it is never handed what writes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import Engine
from companion.storage.backup import Export, export_backup
from companion.storage.browser import IN_BROWSER, BrowserFolder
from companion.storage.joined_tables import JoinedTables
from companion.storage.store import Store, StoreError
from companion.table.record import TableSession

__all__ = ["IN_BROWSER", "Opened", "SavedTables", "open_saved"]


class SavedTables:
    """What a screen may do with the saved tables without changing them: every table, or
    with private tables only a phone's own (``joined``, see ``for_phone``)."""

    def __init__(self, store: Store, joined: JoinedTables | None = None):
        self._whole = store
        self.joined = joined
        # What the screens read and the engine writes: the phone's own tables, or all.
        self._store: Store | JoinedTables = joined if joined is not None else store
        self.read_only = store.read_only
        self.read_only_reason = store.read_only_reason

    def for_phone(self, joined: Iterable[str],
                  on_made: Callable[[str], None] = lambda table_id: None,
                  can_make: bool = True,
                  still: Callable[[str], bool] = lambda table_id: True) -> SavedTables:
        """The saved tables as a phone of a server with private tables sees them: the
        tables in ``joined`` while ``still`` holds for them (its pass), and those it
        makes from now on (``on_made`` is told); ``can_make``: whether it may start a new
        table."""
        return SavedTables(self._whole,
                           JoinedTables(self._whole, joined, on_made, can_make, still))

    @property
    def can_make_tables(self) -> bool:
        """Whether New table is open to this phone."""
        return self.joined is None or self.joined.can_make

    def table_ids(self) -> list[str]:
        """Every table's id, whoever has it (to find the table a link is for)."""
        return [s.id for s in self._whole.list_tables(status=None)]

    @property
    def can_restore(self) -> bool:
        """Whether a backup may be read in here: not by a phone with its own tables (a
        backup's table would replace another group's of the same id)."""
        return self.joined is None

    def engine_for(self, announce: Callable[..., None]) -> Engine:
        """A browser session's engine: every change it makes is told through
        ``announce``."""
        return Engine(self._store, announce=announce)

    def get_table(self, table_id: str) -> TableSession | None:
        return self._store.get_table(table_id)

    def list_tables(self, *args: Any, **kwargs: Any) -> list[TableSession]:
        return self._store.list_tables(*args, **kwargs)

    def last_seq(self, table_id: str) -> int:
        return self._store.last_seq(table_id)

    def log(self, table_id: str) -> tuple[list[dict[str, Any]], int]:
        return self._store.log(table_id)

    def events(self, table_id: str) -> list[dict[str, Any]]:
        return self._store.events(table_id)

    def event_times(self, *args: Any, **kwargs: Any) -> Any:
        return self._store.event_times(*args, **kwargs)

    def series(self, series_id: str) -> list[TableSession]:
        return self._store.series(series_id)

    def box_values(self, game: str) -> dict[str, Any]:
        return self._store.box_values(game)

    def history(self, *args: Any, **kwargs: Any) -> Any:
        return self._store.history(*args, **kwargs)

    def recent_players(self, *args: Any, **kwargs: Any) -> Any:
        return self._store.recent_players(*args, **kwargs)

    def backup(self, settings: dict[str, Any]) -> Export:
        """Every table this phone has in one backup, with its ``settings`` (read in one
        go)."""
        return export_backup(self._whole, settings,
                             only=self.joined.joined if self.joined is not None else None)


@dataclass(frozen=True)
class Opened:
    """The saved tables of a data folder (``tables``), or why they cannot be opened
    (``error``: its ``kind``, ``path`` and ``details``); ``read_only`` says why they can
    only be read, for the console."""

    tables: SavedTables | None = None
    error: StoreError | None = None
    read_only: str | None = None


def open_saved(data_dir: Path, browser: BrowserFolder | None = None,
               database: str | None = None) -> Opened:
    """The data folder's tables, or those of ``database`` (a URL: ``companion
    --database``); ``browser``: the static site's folder, in the phone's browser (its
    file is kept in the browser's storage after every change)."""
    try:
        if browser is None:
            store = Store(database or data_dir)
        elif browser.unreadable:  # a store opened now would be written over the saved one
            raise StoreError("io", data_dir, detail=browser.unreadable)
        elif browser.elsewhere:  # two copies of the file would write over each other
            raise StoreError("elsewhere", data_dir)
        else:
            store = Store(data_dir, wal=False, on_saved=browser.save)
    except StoreError as err:
        return Opened(error=err)
    reason = (f"{store.path} is opened read-only (the {store.read_only_reason} cannot be "
              "written)") if store.read_only else None
    return Opened(SavedTables(store), read_only=reason)
