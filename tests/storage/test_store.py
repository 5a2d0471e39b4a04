"""The store: round trip, damaged and foreign files, newer versions, two writers (those
not about the SQLite file itself on both databases: ``database``, tests/postgres.py)."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from companion.storage.store import DB_NAME, LATEST_VERSION, Conflict, Store, StoreError


def test_round_trip_of_a_table_session(database):
    store = Store(database)
    created = store.create_table("latria", "standard", ["Ann", "さくら", "Cleo", "Dan"], seed=42)
    store.append_event(created.id, {"type": "next_step"}, 0)
    store.append_event(created.id, {"type": "mutation", "body": "sun"}, 1)
    store.set_setup_ticks(created.id, [3, 1, 3])
    store.set_score_sheet(created.id, {"game": "latria", "players": []})
    store.set_box_value("latria", "polaris_3", {"multiplier": 2})

    again = Store(database)  # a new process would open the file like this
    table = again.get_table(created.id)
    assert table.players == ["Ann", "さくら", "Cleo", "Dan"]
    assert (table.game, table.variant, table.seed) == ("latria", "standard", 42)
    assert table.setup_ticks == [1, 3]
    assert table.score_sheet == {"game": "latria", "players": []}
    assert again.events(created.id) == [{"type": "next_step"}, {"type": "mutation", "body": "sun"}]
    assert again.box_values("latria") == {"polaris_3": {"multiplier": 2}}
    assert [t.id for t in again.list_tables()] == [created.id]


def test_undo_drops_only_the_last_event(database):
    store = Store(database)
    table = store.create_table("luna", "standard", ["A", "B"])
    for n in range(3):
        store.append_event(table.id, {"type": "step", "n": n}, n)
    assert store.drop_last_event(table.id, 3) == {"type": "step", "n": 2}
    assert store.events(table.id) == [{"type": "step", "n": 0}, {"type": "step", "n": 1}]
    store.append_event(table.id, {"type": "step", "n": 9}, 2)
    assert [e["n"] for e in store.events(table.id)] == [0, 1, 9]


def test_drop_last_event_of_an_empty_log_is_none(database):
    store = Store(database)
    table = store.create_table("altar", "standard", ["A", "B"])
    assert store.drop_last_event(table.id, 0) is None


def test_delete_removes_the_table_and_its_events(database):
    store = Store(database)
    keep = store.create_table("latoro", "standard", ["あおい", "B"])
    gone = store.create_table("latoro", "standard", ["C", "D"])
    store.append_event(gone.id, {"type": "x"}, 0)
    store.delete_table(gone.id)
    assert store.get_table(gone.id) is None
    assert store.events(gone.id) == []
    assert [t.id for t in store.list_tables()] == [keep.id]


def test_list_shows_newest_change_first_and_only_in_progress(database):
    store = Store(database)
    first = store.create_table("luna", "standard", ["A", "B"])
    second = store.create_table("luna", "standard", ["C", "D"])
    done = store.create_table("luna", "standard", ["E", "F"])
    store.set_status(done.id, "finished")
    store.append_event(first.id, {"type": "x"}, 0)  # touched last
    assert [t.id for t in store.list_tables()] == [first.id, second.id]
    assert {t.id for t in store.list_tables(status=None)} == {first.id, second.id, done.id}


def test_a_damaged_file_is_reported_and_kept(tmp_path):
    path = tmp_path / DB_NAME
    garbage = b"this is not a database, just bytes\x00" * 100
    path.write_bytes(garbage)
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "corrupt"
    assert path.read_bytes() == garbage  # never overwritten


def test_a_truncated_database_is_reported_and_kept(tmp_path):
    store = Store(tmp_path)
    for i in range(200):
        store.create_table("latria", "standard", [f"P{i}", "B", "C"])
    path = tmp_path / DB_NAME
    # Checkpoint the WAL into the main file, then cut the file in half.
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    damaged = path.read_bytes()
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "corrupt"
    assert path.read_bytes() == damaged


def test_a_newer_schema_version_is_refused_and_kept(tmp_path):
    Store(tmp_path)
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "newer"
    assert err.value.details == {"found": LATEST_VERSION + 1, "known": LATEST_VERSION}
    assert path.read_bytes() == before


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "foreign"
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("contacts",)]


def test_a_new_database_gets_the_latest_schema_version(tmp_path):
    Store(tmp_path)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_two_app_sessions_writing_at_once_lose_nothing(database):
    """Two Store objects (two app processes or browser sessions) append to one table,
    each from the log as it last read it, and tries again when told it moved on."""
    first, second = Store(database), Store(database)
    table = first.create_table("carpe_astra", "standard", ["A", "B"])
    errors = []

    def writer(store, name):
        try:
            for n in range(50):
                while True:
                    try:
                        store.append_event(table.id, {"type": "tap", "by": name, "n": n},
                                           store.last_seq(table.id))
                        break
                    except Conflict:
                        continue
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(s, s_name))
               for s, s_name in ((first, "one"), (second, "two"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    events = Store(database).events(table.id)
    assert len(events) == 100
    for name in ("one", "two"):
        assert [e["n"] for e in events if e["by"] == name] == list(range(50))


def test_a_failed_transaction_leaves_nothing_half_written(database):
    store = Store(database)
    table = store.create_table("latria", "standard", ["A", "B", "C"])
    with pytest.raises(KeyError):
        store.set_setup_ticks("no-such-table", [1])
    assert store.get_table(table.id).setup_ticks == []
