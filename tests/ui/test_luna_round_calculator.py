"""The Play screen's Luna round scoring sheet (companion/ui/views/luna_round.py)."""

from __future__ import annotations

import pytest

from companion.flows import FLOWS, build_event
from companion.flows.luna import OPPONENT
from companion.ui.views.luna_round import (
    SECOND_VALUE,
    round_event,
    round_sheet,
    second_value_needed,
    state_sheet,
)
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

FLOW = FLOWS["luna"]


def test_four_players_use_the_six_three_one_figure():
    sheet = round_sheet(["Yellow", "Red", "Blue", "White"], {})
    assert sheet["priestess_values"] == [6, 3, 1]
    assert not second_value_needed(4, {})
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


def test_the_second_value_is_never_made_up():
    """Luna, Moon Priestess: "The second and third places gain a number of influence points
    equal to the smaller numbers" — printed on the "5" figure, not in the text:
    the calculator asks for it before anything is worked out (LU-2)."""
    for n in (1, 2, 3):
        assert second_value_needed(n, {})
        assert not second_value_needed(n, {SECOND_VALUE: 2})
    sheet = round_sheet(["A", "B", "C"], {})
    assert "priestess_values" not in sheet  # not [5, 0]
    with pytest.raises(SheetProblems, match="priestess_values: required with 3 players"):
        score_sheet(sheet)
    # A remembered 0 is the table's answer, and is used.
    assert round_sheet(["A", "B"], {SECOND_VALUE: 0})["priestess_values"] == [5, 0]


def in_scoring_from(state):
    """Play on to the scoring step: everyone meditates, every other step goes on."""
    while state.step != "scoring":
        if state.step == "action" and not state.solo_level:
            state = FLOW.apply(state, {"type": "meditate"})
            continue
        view = FLOW.view(state)
        state = FLOW.apply(state, build_event(next(a for a in view.actions if a.primary)))
    return state


def in_scoring(config: dict):
    return in_scoring_from(FLOW.initial(config))


def test_solo_sheet_marks_the_virtual_opponent():
    """Luna, Solo Game Rules: "Your opponent does not lose influence due to the Apostate."
    The calculator marks him, so the scorer (and `python -m scorers`) gives him no loss."""
    state = in_scoring({"players": ["Ann"], "variant": "solo1"})
    sheet = state_sheet(state, {SECOND_VALUE: 2})
    assert [p.get("virtual", False) for p in sheet["players"]] == [False, True]
    assert sheet["council_order"] == ["Ann", OPPONENT]
    sheet["players"][1]["apostate_isle"] = 3
    sheet["players"][1]["priestess_isle"] = 2
    opponent = score_sheet(sheet).players[1]
    assert opponent.total == 5
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    event = round_event(action, score_sheet(sheet), sheet["council_order"])
    after = FLOW.apply(state, event)
    assert after.influence[1] == state.influence[1] + 5


def test_the_calculator_starts_from_the_council_play_kept():
    """Luna, Setup 8: "Beginning with the start player, the players stack their Member of
    the Council piece on the first space of the Council of Priests." — "the player whose
    piece is on top breaks the tie". Ann starts: Dan on top, Cleo, Ben, Ann.

    In a 4-player round Ben and Cleo tie 2–2 on the Moon Priestess's Isle: Cleo gets 3."""
    players = ["Ann", "Ben", "Cleo", "Dan"]
    state = FLOW.initial({"players": players})
    state = FLOW.apply(state, {"type": "start", "player": 1})
    state = in_scoring_from(state)
    sheet = state_sheet(state, {})
    assert sheet["council_order"] == ["Dan", "Cleo", "Ben", "Ann"]
    sheet["players"][0]["priestess_isle"] = 3
    sheet["players"][1]["priestess_isle"] = 2
    sheet["players"][2]["priestess_isle"] = 2
    result = score_sheet(sheet)
    assert {p.name: p.parts.priestess for p in result.players} == \
        {"Ann": 6, "Ben": 1, "Cleo": 3, "Dan": 0}
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    event = round_event(action, result, sheet["council_order"])
    assert event["council_order"] == [4, 3, 2, 1]  # by seat: Dan, Cleo, Ben, Ann
    assert event["priestess"] == {"1": 6, "2": 1, "3": 3, "4": 0}


def test_the_calculator_shows_what_play_records_when_coins_run_out():
    """Ruling P-11 on the sheet: each player's influence goes with it, so the Apostate
    takes no more than a player holds, and the total shown is what play adds."""
    players = ["Ann", "Ben"]
    state = FLOW.initial({"players": players})
    state = in_scoring_from(FLOW.apply(state, {"type": "start", "player": 1}))
    state = state.model_copy(update={"influence": [2, 5]})
    sheet = state_sheet(state, {SECOND_VALUE: 2})
    sheet["players"][0].update(apostate_isle=3, temple_novices=2, temple_books=1)
    result = score_sheet(sheet)
    assert result.players[0].total == 1
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    after = FLOW.apply(state, round_event(action, result, sheet["council_order"]))
    assert after.influence[0] == 2 + result.players[0].total == 3


class FakePage:
    """The calls the calculator makes on a Flet page: dialogs shown and closed."""

    def __init__(self):
        self.dialogs: list = []

    def show_dialog(self, dialog) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()

    def update(self, *controls) -> None:
        pass


def test_a_refused_round_keeps_the_calculator_open_with_the_reason(tmp_path):
    """When the game refuses what the calculator would record, nothing
    entered in it is lost: it stays open and says why at its top."""
    from types import SimpleNamespace

    from companion.storage.store import Store
    from companion.ui.views.luna_round import open_calculator

    state = in_scoring_from(FLOW.apply(FLOW.initial(
        {"players": ["Ann", "Ben", "Cleo", "Dan"], "variant": "standard"}),
        {"type": "start", "player": 1}))
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    page = FakePage()
    ctx = SimpleNamespace(page=page, store=Store(tmp_path))
    recorded = []
    open_calculator(ctx, "luna", state, action, recorded.append,
                    refusal=lambda event: "Not now: the round is not over.")
    (dialog,) = page.dialogs
    use = dialog.actions[-1]
    use.on_click(None)
    assert page.dialogs == [dialog] and recorded == []  # still open, nothing recorded
    assert dialog.title.controls[1].value == "Not now: the round is not over."
    open_calculator(ctx, "luna", state, action, recorded.append)  # no refusal: recorded
    page.dialogs[-1].actions[-1].on_click(None)
    assert len(recorded) == 1 and page.dialogs == [dialog]
