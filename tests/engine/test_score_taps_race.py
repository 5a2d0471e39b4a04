"""A stepper tap on Score is a change of the number that phone showed (docs/DESIGN.md, "A
table shared by several phones"): the screen hands the engine the value it saw at each
place it changes, and when another phone changed that value first, nothing is saved and
the answer is ``Stale`` with the value saved there, as for a Play tap on an older log.
Two phones tapping on one number from the same number: exactly one tap lands."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Engine, Saved, Stale
from companion.sheet_changes import REMOVE, value_at
from companion.storage.store import Conflict, Store

POINTS = ("players", 1, "clan_tag_points")  # Lee's, a count on Latoro's Score
SHEET = {"game": "latoro", "players": [{"name": "Kim", "clan_tag_points": 5},
                                       {"name": "Lee", "clan_tag_points": 5}]}


class Phone:
    """One phone's Score: the sheet its screen was drawn from, and its engine (each with a
    store handle of its own, as a phone on another server process has)."""

    def __init__(self, database: Path | str, table_id: str):
        self.store = Store(database)
        self.told: list[tuple] = []
        self.engine = Engine(self.store, announce=lambda *change: self.told.append(change))
        self.table_id = table_id
        self.look()

    def look(self) -> None:
        self.shown = self.store.get_table(self.table_id).score_sheet

    def step(self, path: tuple, by: int):
        """A tap on − or +: the number shown, one fewer or more."""
        was = value_at(self.shown, path)
        return self.engine.change_sheet(self.table_id, [(path, was + by)], seen=[was])


@pytest.fixture
def table_id(database: Path | str) -> str:
    store = Store(database)
    table = store.create_table("latoro", "standard", ["Kim", "Lee"])
    store.set_score_sheet(table.id, SHEET)
    return table.id


def saved_points(database: Path | str, table_id: str) -> int:
    return Store(database).get_table(table_id).score_sheet["players"][1]["clan_tag_points"]


def test_a_tap_on_a_number_another_phone_changed_first_is_stale_with_the_saved_number(
        database, table_id):
    a, b = Phone(database, table_id), Phone(database, table_id)
    assert isinstance(a.step(POINTS, +1), Saved)  # 5 → 6 on A
    outcome = b.step(POINTS, -1)  # B still shows 5: its − meant 4
    assert outcome == Stale("sheet", found=(POINTS, 6))  # what is saved there, to say
    assert saved_points(database, table_id) == 6  # nothing of B's applied
    assert b.told == []  # nothing saved, nothing told
    b.look()  # B's screen drawn again: its next tap is a change of 6
    assert isinstance(b.step(POINTS, -1), Saved)
    assert saved_points(database, table_id) == 5


@pytest.mark.parametrize("first", [0, 1])
def test_two_taps_from_the_same_number_land_once_whichever_comes_first(
        database, table_id, first):
    phones = [Phone(database, table_id), Phone(database, table_id)]
    steps = [+1, -1]
    answers = [phones[first].step(POINTS, steps[first]),
               phones[1 - first].step(POINTS, steps[1 - first])]
    assert isinstance(answers[0], Saved) and isinstance(answers[1], Stale)
    assert saved_points(database, table_id) == 5 + steps[first]
    assert answers[1].found == (POINTS, 5 + steps[first])


def test_another_players_number_still_lands_beside_it(database, table_id):
    a, b = Phone(database, table_id), Phone(database, table_id)
    assert isinstance(a.step(POINTS, +1), Saved)
    assert isinstance(b.step(("players", 0, "clan_tag_points"), +1), Saved)  # B saw 5 there
    sheet = Store(database).get_table(table_id).score_sheet
    assert [p["clan_tag_points"] for p in sheet["players"]] == [6, 6]


def test_an_entry_left_out_on_another_phone_is_stale_and_said_as_none(database, table_id):
    a, b = Phone(database, table_id), Phone(database, table_id)
    assert isinstance(a.engine.change_sheet(table_id, [(POINTS, REMOVE)], seen=[5]), Saved)
    assert b.step(POINTS, +1) == Stale("sheet", found=(POINTS, None))
    # and a place this phone saw empty, filled on another phone first
    b.look()
    assert value_at(b.shown, POINTS) is REMOVE
    assert isinstance(a.engine.change_sheet(table_id, [(POINTS, 2)], seen=[REMOVE]), Saved)
    assert b.engine.change_sheet(table_id, [(POINTS, 1)], seen=[REMOVE]) == \
        Stale("sheet", found=(POINTS, 2))


def test_the_store_names_the_place_and_the_saved_value(database, table_id):
    store = Store(database)
    store.change_score_sheet(table_id, [(POINTS, 7)], seen=[5])
    with pytest.raises(Conflict) as refused:
        store.change_score_sheet(table_id, [(("players", 0, "clan_tag_points"), 6),
                                            (POINTS, 8)], seen=[5, 5])
    assert refused.value.kind == "sheet"
    assert refused.value.expected == (POINTS, 5) and refused.value.found == (POINTS, 7)
    # one refused place refuses the whole change: Kim's 6 was not saved either
    assert store.get_table(table_id).score_sheet["players"][0]["clan_tag_points"] == 5
    with pytest.raises(ValueError):
        store.change_score_sheet(table_id, [(POINTS, 8)], seen=[])


def test_true_is_not_one_when_comparing_what_was_seen(database, table_id):
    store = Store(database)
    with pytest.raises(Conflict):
        store.change_score_sheet(table_id, [(POINTS, 6)], seen=[5.0])
    with pytest.raises(Conflict):
        store.change_score_sheet(table_id, [(POINTS, 6)], seen=[True])


taps = st.lists(st.tuples(st.sampled_from([0, 1]), st.sampled_from([-1, +1, 0])),
                max_size=25)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(order=taps)
def test_in_any_order_every_landed_tap_changed_what_its_phone_saw(database, order):
    """Two phones tapping − and + on one number (0: the phone's screen drawn again): a tap
    lands only on the number its phone showed, so the saved number is always the start
    plus the steps that landed, and a refused tap names the number saved then. (A table
    of its own each time.)"""
    store = Store(database)
    table = store.create_table("latoro", "standard", ["Kim", "Lee"])
    store.set_score_sheet(table.id, SHEET)
    phones = [Phone(database, table.id), Phone(database, table.id)]
    landed = 0
    for which, by in order:
        phone = phones[which]
        if by == 0:
            phone.look()
            continue
        shown = value_at(phone.shown, POINTS)
        before = saved_points(database, table.id)
        outcome = phone.step(POINTS, by)
        if isinstance(outcome, Saved):
            assert shown == before  # it changed what it showed
            landed += by
            assert outcome.value[0]["players"][1]["clan_tag_points"] == shown + by
        else:
            assert isinstance(outcome, Stale) and shown != before
            assert outcome.found == (POINTS, before)
        assert saved_points(database, table.id) == 5 + landed
        phone.look()  # saved or stale, the screen shows the saved number next
