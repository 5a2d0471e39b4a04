"""Several phones on one table (docs/DESIGN.md, "A table shared by several phones"): every
change names the state it was made on, and the store refuses it in the same transaction
when the saved table has moved on. Two Store handles on one file stand for two phones
(or two server processes), on both databases (``database``, tests/postgres.py)."""

from __future__ import annotations

import multiprocessing
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import FLOWS, FlowError, build_event, replay
from companion.flows.base import NOT_PICKED
from companion.storage.store import DB_NAME, MIGRATIONS, Conflict, Store

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
CONFIG = {"players": PLAYERS, "variant": "standard", "setup": None}


def latria_check(log):
    replay("latria", CONFIG, log)


def next_event(events: list) -> dict:
    """The tap a phone showing this log would make: the big "next" button; first, Ann
    named first parent (no setup draw proposes one); at Latria's step 4 (whose primary
    button asks who took which body first) Ben acquiring a Moon."""
    if not events:
        return {"type": "start", "player": 1}
    view = FLOWS["latria"].view(replay("latria", CONFIG, events))
    action = next((a for a in view.actions if a.primary), None)
    if action is None or any(f.default is NOT_PICKED for f in action.fields):
        return {"type": "acquire", "body": "moon", "taker": 2}
    return build_event(action)


# -- the log: appends and undos ------------------------------------------------------------
def test_a_stale_append_and_a_stale_undo_are_refused(database):
    phone_a, phone_b = Store(database), Store(database)
    table = phone_a.create_table("latria", "standard", PLAYERS)
    seen_a = seen_b = phone_a.last_seq(table.id)
    assert seen_a == 0
    first = next_event([])
    assert phone_a.append_event(table.id, first, seen_a, check=latria_check) == 1
    # B still shows the empty log: its Next would be a second "reveal"; refused.
    with pytest.raises(Conflict) as err:
        phone_b.append_event(table.id, first, seen_b, check=latria_check)
    assert (err.value.kind, err.value.expected, err.value.found) == ("play", 0, 1)
    with pytest.raises(Conflict):
        phone_b.drop_last_event(table.id, seen_b)
    assert phone_b.events(table.id) == [first]
    # Drawn again from the saved log, B's undo goes through, and A's is now stale.
    events, seen_b = phone_b.log(table.id)
    assert (events, seen_b) == ([first], 1)
    assert phone_b.drop_last_event(table.id, seen_b) == first
    with pytest.raises(Conflict):
        phone_a.drop_last_event(table.id, 1)
    assert phone_a.log(table.id) == ([], 0)


def test_a_phone_that_saw_an_undone_event_cannot_tap_on_its_replacement(database):
    """Phone A saw event 2. Phone B undoes it and taps something else: the log is as
    long as A saw it, but not the log A saw, so A's tap is refused."""
    phone_a, phone_b = Store(database), Store(database)
    table = phone_a.create_table("latria", "standard", PLAYERS)
    phone_a.append_event(table.id, {"type": "x", "n": 1}, 0)
    seen_a = phone_a.append_event(table.id, {"type": "x", "n": 2}, 1)
    assert phone_b.drop_last_event(table.id, seen_a) == {"type": "x", "n": 2}
    replaced = phone_b.append_event(table.id, {"type": "x", "n": 3}, 1)
    assert replaced != seen_a  # the undone number is not given again
    with pytest.raises(Conflict):
        phone_a.append_event(table.id, {"type": "x", "n": 4}, seen_a)
    with pytest.raises(Conflict):
        phone_a.drop_last_event(table.id, seen_a)
    assert [e["n"] for e in phone_a.events(table.id)] == [1, 3]


def test_an_event_the_game_refuses_on_the_saved_log_is_not_saved(database):
    store = Store(database)
    table = store.create_table("latria", "standard", PLAYERS)
    store.append_event(table.id, next_event([]), 0, check=latria_check)
    with pytest.raises(FlowError):
        store.append_event(table.id, {"type": "no-such-tap"}, 1, check=latria_check)
    assert store.log(table.id) == ([next_event([])], 1)


def test_a_deleted_table_takes_no_events(database):
    store = Store(database)
    table = store.create_table("latria", "standard", PLAYERS)
    store.delete_table(table.id)
    with pytest.raises(KeyError):
        store.append_event(table.id, {"type": "next"}, 0)
    with pytest.raises(KeyError):
        store.drop_last_event(table.id, 0)


PHONE_TAPS = st.lists(st.tuples(st.sampled_from(["a", "b"]),
                                st.sampled_from(["next", "next", "undo", "look"])),
                      min_size=1, max_size=40)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(taps=PHONE_TAPS)
def test_interleaved_taps_from_two_phones_always_leave_a_log_that_replays(database, taps):
    """Each phone taps on the log as it last drew it; a refused tap redraws it (reads
    the log again), as the Play screen does. Whatever the order, the saved log replays
    and holds exactly the taps that were accepted. (A table of its own each time.)"""
    phones = {"a": Store(database), "b": Store(database)}
    table = phones["a"].create_table("latria", "standard", PLAYERS)
    seen = {name: phones[name].log(table.id) for name in phones}
    accepted: list[dict] = []
    for name, tap in taps:
        store = phones[name]
        events, seq = seen[name]
        try:
            if tap == "next":
                event = next_event(events)
                store.append_event(table.id, event, seq, check=latria_check)
                accepted.append(event)
            elif tap == "undo":
                if store.drop_last_event(table.id, seq) is not None:
                    accepted.pop()
        except Conflict:
            pass
        seen[name] = store.log(table.id)  # the screen is drawn again either way
    log, _ = Store(database).log(table.id)
    assert log == accepted
    replay("latria", CONFIG, log)  # never "cannot be replayed"


def _tapper(database, table_id: str, name: str, rounds: int, queue) -> None:
    """One server process: taps (append or undo) on the log as it read it, again and
    again; reports what it did."""
    store = Store(database)
    appended, undone, refused = [], [], 0
    for n in range(rounds):
        _, seq = store.log(table_id)
        try:
            if n % 3 == 2 and seq > 0:
                undone.append(store.drop_last_event(table_id, seq)["id"])
            else:
                event = {"type": "tap", "id": f"{name}-{n}"}
                store.append_event(table_id, event, seq)
                appended.append(event["id"])
        except Conflict:
            refused += 1
    queue.put((appended, undone, refused))


def test_two_processes_tapping_and_undoing_at_once_lose_and_duplicate_nothing(database):
    Store(database)
    table = Store(database).create_table("latria", "standard", PLAYERS)
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    workers = [ctx.Process(target=_tapper, args=(str(database), table.id, name, 200, queue))
               for name in ("one", "two")]
    for w in workers:
        w.start()
    reports = [queue.get(timeout=120) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    appended = [i for a, _, _ in reports for i in a]
    undone = [i for _, u, _ in reports for i in u]
    ids = [e["id"] for e in Store(database).events(table.id)]
    assert len(ids) == len(set(ids))  # nothing twice
    assert len(set(undone)) == len(undone)  # each event undone once at most
    assert sorted(ids) == sorted(set(appended) - set(undone))  # nothing lost


# -- the score sheet: field by field ---------------------------------------------------
def sheet_for(players):
    return {"game": "latoro", "players": [{"name": n, "clan_tag_points": 0} for n in players]}


def test_two_phones_editing_two_players_both_land(database):
    phone_a, phone_b = Store(database), Store(database)
    table = phone_a.create_table("latoro", "standard", ["Kim", "Lee"])
    base = sheet_for(["Kim", "Lee"])  # nothing saved yet: both phones start from it
    phone_a.change_score_sheet(table.id, [(("players", 0, "clan_tag_points"), 3)], base=base)
    saved, version = phone_b.change_score_sheet(
        table.id, [(("players", 1, "clan_tag_points"), 2)], base=base)
    assert [p["clan_tag_points"] for p in saved["players"]] == [3, 2]
    assert version == 2
    again = Store(database).get_table(table.id)
    assert again.score_sheet == saved and again.sheet_version == 2


def test_the_same_field_on_two_phones_keeps_the_later_change(database):
    phone_a, phone_b = Store(database), Store(database)
    table = phone_a.create_table("latoro", "standard", ["Kim", "Lee"])
    phone_a.set_score_sheet(table.id, sheet_for(["Kim", "Lee"]))
    phone_a.change_score_sheet(table.id, [(("players", 0, "clan_tag_points"), 3)])
    saved, _ = phone_b.change_score_sheet(table.id, [(("players", 0, "clan_tag_points"), 5)])
    assert saved["players"][0]["clan_tag_points"] == 5


def test_a_change_to_a_place_the_saved_sheet_lacks_is_refused(database):
    store = Store(database)
    table = store.create_table("latoro", "standard", ["Kim", "Lee"])
    store.set_score_sheet(table.id, sheet_for(["Kim", "Lee"]))
    with pytest.raises(Conflict):
        store.change_score_sheet(table.id, [(("players", 5, "clan_tag_points"), 1)])
    assert store.get_table(table.id).score_sheet == sheet_for(["Kim", "Lee"])


# -- setup ticks -----------------------------------------------------------------------
def test_ticks_from_two_phones_both_land_and_a_new_draw_refuses_old_ticks(database):
    phone_a, phone_b = Store(database), Store(database)
    table = phone_a.create_table("latria", "standard", PLAYERS, seed=7)
    assert phone_a.set_setup_tick(table.id, 1, True, seed=7) == [1]
    assert phone_b.set_setup_tick(table.id, 4, True, seed=7) == [1, 4]
    assert phone_a.set_setup_tick(table.id, 1, False, seed=7) == [4]
    phone_b.set_seed(table.id, 99)  # drawn again on phone B
    with pytest.raises(Conflict) as err:
        phone_a.set_setup_tick(table.id, 2, True, seed=7)
    assert (err.value.kind, err.value.found) == ("setup", 99)
    assert phone_a.get_table(table.id).setup_ticks == []


# -- the schema ------------------------------------------------------------------------
def test_a_version_1_database_gains_the_sheet_version_and_keeps_its_tables(tmp_path):
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        for statement in MIGRATIONS[0].split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.execute("INSERT INTO tables (id, game, variant, players, created_at, updated_at,"
                     " score_sheet) VALUES ('t1', 'luna', 'standard', '[\"A\", \"B\"]',"
                     " '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00', '{}')")
    conn.close()
    table = Store(tmp_path).get_table("t1")
    assert table.players == ["A", "B"] and table.sheet_version == 0
