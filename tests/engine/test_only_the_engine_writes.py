"""Every change a screen makes to a table goes through the engine (companion/engine): no
module of companion/ui or companion/web calls a write of the store, tells the other
phones itself, or catches what a store write raises. A screen that did would check,
save or announce in its own way, and a phone that missed one would silently break
another. The backup is read in by companion/storage/backup.py, which the engine then
announces."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.storage import store

ROOT = Path(__file__).resolve().parents[2]
SCREENS = [ROOT / "companion" / "ui", ROOT / "companion" / "web"]
# The one announcer the engine is handed (the app's Context), and the topic's own module.
ANNOUNCERS = {ROOT / "companion" / "ui" / "app.py", ROOT / "companion" / "web" / "sync.py"}
# What a store write raises when it saved nothing: the engine's to answer. (A screen
# still catches SheetProblems from scoring a sheet, and the app StoreError from opening
# the store: neither is a write.)
CAUGHT = {"NOT_SAVED", "Conflict", "PlayersLocked"}


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


def offences(source: str, may_announce: bool = False) -> list[str]:
    """What in ``source`` changes a table past the engine, as "line: what"."""
    writes = store_writes()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            on_store = (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute)
                        and func.value.attr == "store") or (
                isinstance(func, ast.Attribute) and getattr(func.value, "id", None) == "store")
            if on_store and name in writes:
                found.append(f"{node.lineno}: store.{name}")
            if name == "announce" and not may_announce:
                found.append(f"{node.lineno}: announce")
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names = {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(node.type) if isinstance(n, ast.Attribute)}
            found += [f"{node.lineno}: except {name}" for name in sorted(names & CAUGHT)]
    return found


def test_the_store_writes_are_found():
    writes = store_writes()
    assert {"append_event", "drop_last_event", "change_score_sheet", "set_score_sheet",
            "follow_play", "set_setup_tick", "set_setup_choice", "set_seed", "set_reading",
            "edit_players", "create_table", "rematch", "finish", "reopen", "set_status",
            "delete_table", "restore_table", "set_box_value"} <= writes
    assert not writes & {"get_table", "log", "last_seq", "events", "list_tables", "series"}


def test_no_screen_writes_announces_or_catches_a_store_write_itself():
    found = {}
    for folder in SCREENS:
        for path in sorted(folder.rglob("*.py")):
            bad = offences(path.read_text(encoding="utf-8"), may_announce=path in ANNOUNCERS)
            if bad:
                found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_a_screen_that_writes_past_the_engine_is_caught():
    source = '''
def tap(ctx, table_id, event, seq):
    try:
        ctx.store.append_event(table_id, event, seq)
    except NOT_SAVED as err:
        pass
    except (Conflict, KeyError):
        pass
    ctx.announce(table_id, "play")
    ctx.store.get_table(table_id)  # a read is fine
'''
    assert sorted(offences(source)) == ["4: store.append_event", "5: except NOT_SAVED",
                                        "7: except Conflict", "9: announce"]
