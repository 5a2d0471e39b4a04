"""What the screens are handed of the saved tables (companion/screens/saved_tables.py):
every read a screen makes, no write. Every change goes through the engine, which checks,
saves and tells the other phones in one way; the views cannot import the store at all
(the import contract in pyproject.toml)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from companion.screens.saved_tables import SavedTables, open_saved
from companion.storage import store
from companion.storage.store import Store


def store_writes() -> set[str]:
    """The Store methods that write: those opening a transaction, and those calling one
    that does (``finish`` sets the status, ``rematch`` creates a table)."""
    tree = ast.parse(Path(store.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Store")
    methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
    calls = {name: {n.func.attr for n in ast.walk(f) if isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)} for name, f in methods.items()}
    writes = {"_transaction"}
    while True:
        more = {name for name, called in calls.items() if called & writes} - writes
        if not more:
            return {name for name in writes if not name.startswith("_")}
        writes |= more


def test_the_store_writes_are_found():
    writes = store_writes()
    assert {"append_event", "drop_last_event", "change_score_sheet", "set_score_sheet",
            "follow_play", "set_setup_tick", "set_setup_choice", "set_seed", "set_reading",
            "edit_players", "create_table", "rematch", "finish", "reopen", "set_status",
            "delete_table", "restore_table", "set_box_value"} <= writes
    assert not writes & {"get_table", "log", "last_seq", "events", "list_tables", "series"}


def public(cls: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls) if not name.startswith("_")}


def test_the_saved_tables_read_everything_the_store_reads_and_write_nothing():
    reads = public(Store) - store_writes()
    assert public(SavedTables) & store_writes() == set()
    assert reads - public(SavedTables) == set()


def test_a_screens_change_goes_through_the_engine_it_is_given_and_is_told(tmp_path):
    table = Store(tmp_path).create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    opened = open_saved(tmp_path)
    assert opened.error is None and opened.read_only is None
    told = []
    engine = opened.tables.engine_for(lambda *change: told.append(change))
    assert engine.tick(table.id, 1, True, 7).value is not None
    assert told and told[0][0] == table.id
    assert opened.tables.get_table(table.id).setup_ticks


def test_a_folder_another_program_uses_is_not_opened(tmp_path):
    (tmp_path / "tables.sqlite3").write_bytes(b"not a database at all" * 100)
    opened = open_saved(tmp_path)
    assert opened.tables is None and opened.error is not None
    assert opened.error.kind in ("corrupt", "foreign")
