"""Luna's final sheet, when Play recorded no Council order, starts from the setup's
Council stack (Setup 8: "Beginning with the start player, the players stack their Member
of the Council piece on the first space of the Council of Priests."; "If there is more
than one player on the same space, the player whose piece is on top breaks the tie.")."""

from __future__ import annotations

from companion.storage.store import Store
from companion.table.setup import setup_json
from companion.ui.score_forms import luna as luna_form

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def test_the_setups_first_player_is_at_the_bottom_of_the_council(tmp_path):
    store = Store(tmp_path)
    seen = set()
    for seed in range(1, 9):
        table = store.create_table("luna", "standard", PLAYERS, seed=seed)
        first = setup_json(table)["first_player"] - 1  # a seat, 1…4
        seen.add(first)
        order = luna_form.empty_sheet(table, {}, setup_json(table))["council_order"]
        # the start player stacks first (bottom, last in the order); the last in turn
        # order is on top (first)
        assert order[-1] == PLAYERS[first]
        assert order == [PLAYERS[(first + k) % 4] for k in (3, 2, 1, 0)]
    assert len(seen) > 1  # the draw moved the first player, and the Council with it


def test_solo_the_virtual_opponent_starts_so_you_are_on_top(tmp_path):
    # Solo Level 1, Preliminary Round: "Your opponent is the start player."
    table = Store(tmp_path).create_table("luna", "solo1", ["Ann"], seed=3)
    sheet = luna_form.empty_sheet(table, {}, setup_json(table))
    assert sheet["council_order"] == ["Ann", luna_form.OPPONENT]
