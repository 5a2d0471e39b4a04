"""Field-level sheet changes (companion/sheet_changes.py): what differs becomes changes,
the changes rebuild the sheet, and two phones' changes to different fields merge."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from companion.sheet_changes import REMOVE, apply_change, diff, sync_into

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.text(max_size=4))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from("abcde"), inner, max_size=4)),
    max_leaves=12,
)
sheets = st.dictionaries(st.sampled_from(["game", "players", "end", "council_order"]), values,
                         max_size=4)


def apply_all(sheet, changes):
    out = copy.deepcopy(sheet)
    for path, value in changes:
        assert apply_change(out, path, value)
    return out


@given(before=sheets, after=sheets)
def test_the_changes_between_two_sheets_turn_one_into_the_other(before, after):
    assert apply_all(before, diff(before, after)) == after


@given(sheet=sheets)
def test_an_unchanged_sheet_has_no_changes(sheet):
    assert diff(sheet, copy.deepcopy(sheet)) == []


@given(target=sheets, source=sheets)
def test_sync_into_makes_the_target_equal_and_keeps_it_the_same_object(target, source):
    kept = target
    assert sync_into(target, source) is kept
    assert target == source


def test_a_player_field_is_one_change_and_a_pile_is_one_field():
    before = {"players": [{"name": "Kim", "cards": [{"body": "moon", "vp": 1}]},
                          {"name": "Lee", "cards": []}]}
    after = copy.deepcopy(before)
    after["players"][1]["cards"].append({"body": "sun", "vp": 2})
    after["players"][0]["influence"] = 3
    assert diff(before, after) == [
        (("players", 0, "influence"), 3),
        (("players", 1, "cards"), [{"body": "sun", "vp": 2}]),
    ]


def test_two_swaps_of_an_order_never_leave_a_name_twice():
    """The Council order is one field: the later order wins whole."""
    saved = {"council_order": ["A", "B", "C"]}
    phone_1 = {"council_order": ["B", "A", "C"]}
    phone_2 = {"council_order": ["A", "C", "B"]}
    merged = apply_all(apply_all(saved, diff(saved, phone_1)), diff(saved, phone_2))
    assert merged == phone_2


def test_two_phones_changing_two_players_merge():
    saved = {"players": [{"name": "Kim", "n": 0}, {"name": "Lee", "n": 0}]}
    a = copy.deepcopy(saved)
    a["players"][0]["n"] = 3
    b = copy.deepcopy(saved)
    b["players"][1]["n"] = 2
    merged = apply_all(apply_all(saved, diff(saved, a)), diff(saved, b))
    assert [p["n"] for p in merged["players"]] == [3, 2]


def test_a_change_that_does_not_fit_changes_nothing():
    sheet = {"players": [{"name": "Kim"}], "end": 3}
    for path in [("players", 2, "n"), ("end", "x"), ("players", "x"), ()]:
        assert not apply_change(sheet, path, 1)
    assert apply_change(sheet, ("players", 0, "gone"), REMOVE)  # nothing to leave out
    assert sheet == {"players": [{"name": "Kim"}], "end": 3}
