"""Score's entries (companion/screens/score_entries.py) on a real store and engine: two
phones entering, one number changed on both, Undo taking back only this phone's change,
an import, another phone's change named, a deleted table and data that can only be read.
Two phones over one store in any order: Hypothesis."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.score_entries import (
    Entries,
    change_name,
    missed_notice,
    overwritten_notice,
    play_notice,
)
from companion.storage.store import Store
from tests.engine.test_outcomes import read_only

SHEET = json.loads((Path(__file__).resolve().parents[1] / "data" / "carpe_astra_example.json")
                   .read_text(encoding="utf-8"))
NAMES = [p["name"] for p in SHEET["players"]]
LABELS = {f"players[{i}].credits": "Credits" for i in range(len(NAMES))}


def credits(i: int) -> tuple:
    return ("players", i, "credits")


def table(store: Store) -> str:
    return store.create_table("carpe_astra", "standard", NAMES, seed=1).id


def saved_sheet(store: Store, table_id: str) -> dict:
    return store.get_table(table_id).score_sheet


def test_two_phones_entering_two_players_both_land(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    assert a.enter(engine, [(credits(0), 9)], "Ch'un · Credits").saved
    assert b.enter(engine, [(credits(1), 8)]).saved  # B shows 4 there, as saved
    assert [p["credits"] for p in saved_sheet(store, table_id)["players"]] == [9, 8, 5]
    assert b.saved == saved_sheet(store, table_id)  # B's answer carries A's entry
    followed = a.follow(saved_sheet(store, table_id), (credits(1),))
    assert followed.paths == (credits(1),) and not followed.overwritten
    assert a.saved == saved_sheet(store, table_id)


def test_a_number_another_phone_changed_first_is_not_applied_and_is_named(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    assert a.enter(engine, [(credits(0), 9)]).saved
    missed = b.enter(engine, [(credits(0), 4)])  # drawn showing 3
    assert not missed.saved and missed.missed == (credits(0), 9)
    assert saved_sheet(store, table_id)["players"][0]["credits"] == 9
    assert b.saved["players"][0]["credits"] == 9  # B now shows what is saved
    assert not b.can_undo  # nothing of B's was saved
    with speaking("en"):
        assert missed_notice(b.saved, LABELS, *missed.missed) == (
            "Another phone changed this just before your tap: it was not applied. "
            "Now: Ch'un · Credits is 9")
        # a count shown in a list (Latria's pile) is named as it shows
        assert missed_notice(b.saved, {}, credits(0), 9, ("Moon 1", 2)).endswith(
            "Now: Ch'un · Moon 1 is 2")
        assert missed_notice(b.saved, {}, ("nowhere",), 9) == (
            "Another phone changed this just before your tap: it was not applied.")
    assert b.enter(engine, [(credits(0), 4)]).saved  # made again, on the number shown


def test_undo_takes_back_this_phones_change_and_leaves_the_others(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    with speaking("en"):
        name = change_name(SHEET, LABELS, credits(0))
        assert name == "Ch'un · Credits"
        assert a.enter(engine, [(credits(0), 9)], name).saved
        assert b.enter(engine, [(credits(1), 8)]).saved
        undone = a.undo(engine)
        assert undone.saved and undone.notice == "Undid: Ch'un · Credits"
        assert [p["credits"] for p in saved_sheet(store, table_id)["players"]] == [3, 8, 5]
        nothing = a.undo(engine)
        assert not nothing.saved and nothing.kind == "done"
        assert nothing.notice == "Nothing entered on this phone to undo"


def test_undo_of_a_number_another_phone_changed_since_is_not_applied(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    assert a.enter(engine, [(credits(0), 9)]).saved
    b.follow(saved_sheet(store, table_id), (credits(0),))
    assert b.enter(engine, [(credits(0), 6)]).saved
    undone = a.undo(engine)  # would set 3 where A shows 9: B's 6 stays
    assert undone.missed == (credits(0), 6)
    assert saved_sheet(store, table_id)["players"][0]["credits"] == 6


def test_another_phones_change_to_an_entry_of_this_phones_is_named(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    assert a.enter(engine, [(credits(2), 7)], counts=("Credits",)).saved
    b.follow(saved_sheet(store, table_id), (credits(2),))
    assert b.enter(engine, [(credits(2), 2)]).saved
    followed = a.follow(saved_sheet(store, table_id), (credits(2),))
    assert followed.overwritten == ((credits(2), 2),)
    assert a.mine == {"players[2].credits": ["Credits"]}
    with speaking("en"):
        assert overwritten_notice(a.saved, LABELS, credits(2), 2) == (
            "Changed on another phone: Ichthon · Credits is now 2")
        # a field no control names: whose entries changed
        assert overwritten_notice(a.saved, {}, ("players", 2, "support", "x"), 1) == (
            "Changed on another phone: Ichthon's entries")
        assert play_notice(a.saved, LABELS, (credits(2),)).endswith("Ichthon · Credits is now 2")
    # the same change heard twice (drawn for a tap that came after): shown already
    assert a.follow(saved_sheet(store, table_id), (credits(2),)).shown_already


def test_an_import_replaces_the_sheet_and_what_undo_would_take_back(store):
    table_id, engine = table(store), Engine(store)
    a, b = Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)
    assert a.enter(engine, [(credits(0), 9)]).saved
    a.player = 2
    pasted = json.loads(json.dumps(SHEET))
    pasted["players"][1]["credits"] = 11
    with speaking("en"):
        imported = a.replace_sheet(engine, pasted)
    assert imported.saved and imported.kind == "done" and not a.can_undo and a.player == 0
    assert saved_sheet(store, table_id) == pasted
    assert b.follow(saved_sheet(store, table_id), ((),)).whole
    assert b.saved == pasted


def test_a_deleted_table_is_stale_and_nothing_is_saved(store):
    table_id, engine = table(store), Engine(store)
    a = Entries(table_id, SHEET, store)
    store.delete_table(table_id)
    answer = a.enter(engine, [(credits(0), 9)])
    assert answer.stale and not answer.saved and not a.can_undo


def test_data_that_can_only_be_read_is_refused_and_the_sheet_stays(store):
    table_id = table(store)
    assert Engine(store).change_sheet(table_id, [(credits(0), 4)], base=SHEET).value
    shown = saved_sheet(store, table_id)
    opened = read_only(store)
    a = Entries(table_id, shown, opened)
    answer = a.enter(Engine(opened), [(credits(0), 9)])
    assert not answer.saved and answer.notice and answer.kind == "refused"
    assert a.saved == shown and not a.can_undo


# Two phones over one store: every entry each makes on the numbers it shows, each hearing
# the other's changes late or not at all. What is saved is, field by field, the last entry
# that saved; an entry made on a number another phone had changed first saves nothing.
ENTRY = st.tuples(st.sampled_from([0, 1]), st.integers(0, 2), st.integers(0, 20),
                  st.booleans())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(ENTRY, max_size=12))
def test_two_phones_in_any_order_keep_the_last_entry_that_saved(tmp_path_factory, steps):
    store = Store(tmp_path_factory.mktemp("store"))
    table_id, engine = table(store), Engine(store)
    phones = [Entries(table_id, SHEET, store), Entries(table_id, SHEET, store)]
    expected = [p["credits"] for p in SHEET["players"]]
    for phone, player, value, hears_first in steps:
        me = phones[phone]
        saved = store.get_table(table_id).score_sheet
        if hears_first and saved is not None:
            me.follow(saved, (credits(player),))
        shown = me.saved["players"][player]["credits"]
        answer = me.enter(engine, [(credits(player), value)])
        if shown == expected[player]:
            assert answer.saved
            expected[player] = value
        else:
            assert answer.missed == (credits(player), expected[player])
        assert [p["credits"] for p in store.get_table(table_id).score_sheet["players"]] \
            == expected
        assert me.saved["players"][player]["credits"] == expected[player]
    for me in phones:  # each phone, having heard the last change, shows what is saved
        saved = store.get_table(table_id).score_sheet
        if saved is not None:
            me.follow(saved, tuple(credits(i) for i in range(3)))
            assert me.saved == saved
