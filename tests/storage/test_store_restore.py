"""A deleted table brought back (Home's Undo after Delete): every column, its play log and
its score sheet as they were; undo and new events go on from where they were."""

from __future__ import annotations

import pytest

from companion.storage.store import Conflict, Store


def test_a_deleted_table_comes_back_with_its_log_and_sheet(database):
    store = Store(database)
    other = store.create_table("luna", "standard", ["A", "B"])
    table = store.create_table("latria", "campaign", ["Ann", "さくら", "Cleo"], seed=7)
    for n in range(3):
        store.append_event(table.id, {"type": "step", "n": n}, n)
    store.drop_last_event(table.id, 3)  # a number once given is never given again
    store.set_setup_ticks(table.id, [1, 2])
    store.set_score_sheet(table.id, {"game": "latria", "players": [{"name": "Ann"}]})
    store.set_status(table.id, "finished")
    before = store.get_table(table.id)
    log = store.events(table.id)

    deleted = store.delete_table(table.id)
    assert store.get_table(table.id) is None and store.events(table.id) == []
    store.restore_table(deleted)

    again = Store(database).get_table(table.id)  # as a restart would read it
    assert again == before
    assert store.events(table.id) == log
    assert store.last_seq(table.id) == 2
    store.append_event(table.id, {"type": "step", "n": 9}, 2)
    assert [e["n"] for e in store.events(table.id)] == [0, 1, 9]
    assert store.get_table(other.id) is not None


def test_deleting_nothing_gives_nothing_to_restore(database):
    assert Store(database).delete_table("no-such-table") is None


def test_a_table_brought_back_twice_is_a_conflict(database):
    store = Store(database)
    table = store.create_table("altar", "standard", ["A", "B"])
    deleted = store.delete_table(table.id)
    store.restore_table(deleted)
    with pytest.raises(Conflict):
        store.restore_table(deleted)  # another phone's Undo came first
    assert len(store.list_tables()) == 1


def test_a_restore_the_database_refuses_midway_saves_nothing(database):
    """The table's row is written, then its log's second row is refused (the same
    number twice): the whole change is rolled back, on either database."""
    store = Store(database)
    table = store.create_table("altar", "standard", ["A", "B"])
    store.append_event(table.id, {"type": "step"}, 0)
    deleted = store.delete_table(table.id)
    broken = deleted._replace(events=deleted.events * 2)
    with pytest.raises(store.database.refused_values):
        store.restore_table(broken)
    assert store.get_table(table.id) is None and store.events(table.id) == []
    store.restore_table(deleted)  # the connection is fine for the next change
    assert store.events(table.id) == [{"type": "step"}]
