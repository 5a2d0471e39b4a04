"""A phone's own tables on a server with private tables (companion/storage/joined_tables.py,
through companion/screens/saved_tables.py ``for_phone``): another table's id gets the
answer of an id no table has and changes nothing; the lists, the names met before and
the backup hold the phone's tables alone; a table it starts is its own; a table closed to
it is gone at once."""

from __future__ import annotations

import inspect
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Saved, Stale
from companion.screens.saved_tables import SavedTables
from companion.storage.joined_tables import PER_TABLE, SHARED, JoinedTables
from companion.storage.store import Store

MISSING = "000000000000"  # an id no table has
THEIRS = ["Zoe", "Yan"]  # another group's players: never shown to ours


@pytest.fixture
def store(database) -> Store:
    """On each database (tests/postgres.py)."""
    return Store(database)


def groups(store: Store):
    """Our table (Luna, Ann and Ben, a tap played) and theirs, each with a finished play."""
    ours = store.create_table("luna", "standard", ["Ann", "Ben"], seed=1)
    theirs = store.create_table("luna", "standard", THEIRS, seed=2)
    for table in (ours, theirs):
        store.append_event(table.id, {"type": "start", "player": 1}, 0)
    done_ours = store.create_table("latoro", "standard", ["Ann", "Cid"])
    done_theirs = store.create_table("latoro", "standard", ["Zoe", "Xia"])
    store.finish(done_ours.id)
    store.finish(done_theirs.id)
    return {ours.id, done_ours.id}, theirs.id


def everything(store: Store) -> str:
    """The whole store, as a backup holds it (but the moment it was made)."""
    backup = SavedTables(store).backup({}).backup
    backup.pop("made_at")
    return json.dumps(backup, sort_keys=True)


# Each of the store's calls on one table, with arguments it could be given.
CALLS = {
    "get_table": (), "delete_table": (), "set_setup_ticks": ([1],),
    "set_setup_tick": (1, True, None), "set_seed": (5,), "set_setup_choice": ("k", 1, None),
    "set_reading": ("L-3", "a"), "set_score_sheet": (None,),
    "follow_play": (lambda sheet, seen: ([], []), {}), "change_score_sheet": ([],),
    "set_status": ("finished",), "finish": (), "reopen": (),
    "edit_players": ([(0, "Eve")], 1), "append_event": ({"type": "next"}, 1),
    "drop_last_event": (1,), "log": (), "last_seq": (), "events": (), "event_times": (),
}


def answer(call, *args) -> object:
    try:
        return ("answered", call(*args))
    except Exception as err:  # noqa: BLE001 - the answer compared is the kind of error
        return ("refused", type(err))


def test_every_call_on_one_table_is_named_and_tried():
    """A new call of the store is open to a phone only once it is named here: on one
    table (asked with the id it may see) or shared (the box's, not a table's)."""
    public = {name for name, _ in inspect.getmembers(Store, inspect.isfunction)
              if not name.startswith("_")}
    handled = {name for name in vars(JoinedTables) if not name.startswith("_")}
    assert public <= PER_TABLE | SHARED | handled, public - PER_TABLE - SHARED - handled
    assert set(CALLS) == PER_TABLE


@pytest.mark.parametrize("name", sorted(CALLS))
def test_another_tables_id_is_answered_as_a_missing_one_and_changes_nothing(store, name):
    ours, theirs = groups(store)
    phone = JoinedTables(store, ours)
    before = everything(store)
    args = CALLS[name]
    missing = answer(getattr(phone, name), MISSING, *args)
    other = answer(getattr(phone, name), theirs, *args)
    assert other == missing
    assert everything(store) == before


def test_the_lists_hold_the_phones_tables_alone(store):
    ours, theirs = groups(store)
    reads = SavedTables(store).for_phone(ours)
    assert {s.id for s in reads.list_tables(status=None)} == ours
    assert all(s.id in ours for s in reads.list_tables())
    assert {s.id for s in reads.history()} <= ours and reads.history()
    assert reads.history(player="Zoe") == []
    assert reads.series(theirs) == []
    names = reads.recent_players(limit=50)
    assert set(names) == {"Ann", "Ben", "Cid"}
    assert reads.get_table(theirs) is None
    assert reads.log(theirs) == ([], 0)


def test_the_backup_holds_the_phones_tables_alone(store):
    ours, theirs = groups(store)
    export = SavedTables(store).for_phone(ours).backup({"theme": "dark"})
    assert {t["id"] for t in export.backup["tables"]} == ours
    assert "Zoe" not in json.dumps(export.backup, ensure_ascii=False)
    assert not SavedTables(store).for_phone(ours).can_restore
    assert SavedTables(store).can_restore


def test_a_table_the_phone_starts_is_its_own_and_it_keeps_a_pass(store):
    ours, theirs = groups(store)
    made: list[str] = []
    reads = SavedTables(store).for_phone(ours, on_made=made.append)
    engine = reads.engine_for(lambda *told: None)
    outcome = engine.create_table("latria", "standard", ["Ann", "Ben", "Cid"])
    assert isinstance(outcome, Saved) and made == [outcome.value.id]
    assert reads.get_table(outcome.value.id) is not None
    rematch = engine.rematch(outcome.value.id)
    assert isinstance(rematch, Saved) and made[-1] == rematch.value.id
    # A rematch of another table's is a table that does not exist: nothing is made.
    assert isinstance(engine.rematch(theirs), Stale) and len(made) == 2


def test_the_engine_refuses_another_tables_changes_as_a_deleted_ones(store):
    ours, theirs = groups(store)
    engine = SavedTables(store).for_phone(ours).engine_for(lambda *told: None)
    before = everything(store)
    assert engine.tap(theirs, {"type": "next"}, 1) == engine.tap(MISSING, {"type": "next"}, 1)
    assert isinstance(engine.delete(theirs), Saved)  # as for a table deleted already
    assert engine.delete(theirs).value is None
    assert isinstance(engine.finish(theirs), Stale)
    assert everything(store) == before


def test_a_table_closed_to_the_phone_is_gone_at_once(store):
    ours, theirs = groups(store)
    closed: set[str] = set()
    reads = SavedTables(store).for_phone(ours, still=lambda table_id: table_id not in closed)
    table_id = next(s.id for s in reads.list_tables())
    closed.add(table_id)
    assert reads.get_table(table_id) is None
    assert reads.joined.knows(table_id)  # told of its changes: it draws its screen again
    assert table_id not in {s.id for s in reads.list_tables(status=None)}
    assert table_id not in {t["id"] for t in reads.backup({}).backup["tables"]}


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(calls=st.lists(st.tuples(st.sampled_from(sorted(CALLS)),
                                st.sampled_from(["ours", "theirs", "missing"])), max_size=12))
def test_whatever_a_phone_asks_nothing_of_the_other_group_reaches_it(tmp_path_factory, calls):
    store = Store(tmp_path_factory.mktemp("store"))
    ours, theirs = groups(store)
    phone = JoinedTables(store, ours)
    ids = {"ours": sorted(ours)[0], "theirs": theirs, "missing": MISSING}
    before = store.get_table(theirs)
    for name, whose in calls:
        said = answer(getattr(phone, name), ids[whose], *CALLS[name])
        assert not any(n in repr(said) for n in THEIRS)
        assert theirs not in repr(said)
    assert store.get_table(theirs) == before
