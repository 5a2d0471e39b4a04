"""The Play screen's Luna round scoring sheet (companion/views/luna_round.py)."""

from __future__ import annotations

from companion.views.luna_round import SECOND_VALUE, round_sheet
from scorers.sheets import score_sheet


def test_four_players_use_the_six_three_one_figure():
    sheet = round_sheet(["Yellow", "Red", "Blue", "White"], {})
    assert sheet["priestess_values"] == [6, 3, 1]
    sheet["players"][0]["priestess_isle"] = 3
    sheet["players"][1]["priestess_isle"] = 2
    sheet["players"][2]["priestess_isle"] = 1
    changes = {p.name: p.total for p in score_sheet(sheet).players}
    assert changes == {"Yellow": 6, "Red": 3, "Blue": 1, "White": 0}


def test_three_players_take_the_remembered_second_value():
    """2–3 players: the "5" figure; the other value is printed, kept as a box value."""
    sheet = round_sheet(["A", "B", "C"], {SECOND_VALUE: 2})
    assert sheet["priestess_values"] == [5, 2]
    sheet["players"][0]["priestess_isle"] = 1
    sheet["players"][1]["priestess_isle"] = 4
    sheet["players"][2]["apostate_isle"] = 2  # loses count + 1
    changes = {p.name: p.total for p in score_sheet(sheet).players}
    assert changes == {"A": 2, "B": 5, "C": -3}
