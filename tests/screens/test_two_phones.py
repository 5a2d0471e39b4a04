"""What the browser tests of several phones on one table checked beyond what a browser
alone shows, on a real store and engine: a phone served by another server process (its
own store over the same folder, never told of the other's change) has its stale tap and
its stale Undo refused and told where the table is, and the lines a phone is told, in
Japanese too."""

from __future__ import annotations

from pathlib import Path

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.play import Play, where_now
from companion.screens.score_entries import missed_notice, overwritten_notice
from companion.storage.store import Store
from tests.screens.test_play import big_button

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def test_a_phone_on_another_process_has_its_stale_tap_and_stale_undo_refused(tmp_path: Path):
    here, there = Store(tmp_path), Store(tmp_path)  # two server processes, one file
    table_id = here.create_table("latria", "standard", PLAYERS, seed=1).id
    a_engine, c_engine = Engine(here), Engine(there)
    for _ in range(3):  # round 1 started, on to step 3
        a = Play.open(here, table_id)
        assert a.tap(a_engine, big_button(a)).saved
    c = Play.open(there, table_id)  # C shows step 3
    a = Play.open(here, table_id)
    assert a.tap(a_engine, big_button(a)).saved  # A moves on to step 4
    before = here.events(table_id)

    late = c.tap(c_engine, big_button(c))
    assert late.stale and late.missed and not late.saved
    assert here.events(table_id) == before  # nothing saved
    with speaking("en"):
        assert where_now(there, table_id).endswith("Step 4 — Acquire cards")
    c = Play.open(there, table_id)  # C drawn again at the saved step 4

    a = Play.open(here, table_id)
    assert a.undo(a_engine, here).saved  # A back to step 3
    stale_undo = c.undo(c_engine, there)  # C still shows step 4
    assert not stale_undo.saved and stale_undo.stale and stale_undo.missed
    assert here.events(table_id) == before[:-1]  # one undo, not two
    with speaking("en"):
        assert where_now(there, table_id).endswith("Step 3 — Children play a card")


def test_the_line_of_a_missed_number_in_japanese_names_what_is_saved():
    sheet = {"players": [{"name": "Ann", "credits": 6}]}
    labels = {"players[0].credits": "クレジット"}
    with speaking("ja"):
        assert missed_notice(sheet, labels, ("players", 0, "credits"), 6) == (
            "直前に別のスマホで変更されたため、今のタップは反映されませんでした。"
            "現在：Ann · クレジットは6")


def test_a_count_in_a_pile_another_phone_changed_is_named_as_it_shows():
    sheet = {"players": [{"name": "Kim", "cards": [{"celestial": "moon", "vp": 2}] * 2}]}
    with speaking("en"):
        assert overwritten_notice(sheet, {}, ("players", 0, "cards"), sheet["players"][0]["cards"],
                                  ("Moon 2 VP", 2)) == (
            "Changed on another phone: Kim · Moon 2 VP is now 2")
