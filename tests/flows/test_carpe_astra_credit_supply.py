"""Carpe Astra, the credit supply (rulings P-7, C-6). Gain Support: "If you do not score
any cards during the turn, take two credits from the supply." Components: "49 money
tokens (credits)". Setup: "Place the remaining credit tokens in a supply pile"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows import FlowError, message
from companion.flows.carpe_astra import FLOW, CarpeAstraState, credits_left
from scorers.messages import render
from scorers.sheets import score_sheet

NAMES = ["Ann", "Ben", "Cat"]
CHARS = ["chun", "tyndar", "ichthon"]


def new() -> CarpeAstraState:
    state = FLOW.initial({"players": NAMES, "variant": "standard", "setup": None})
    return FLOW.apply(state, {"type": "start", "player": 1,
                              "characters": {str(i + 1): c for i, c in enumerate(CHARS)}})


def to_phase(state: CarpeAstraState, phase: str) -> CarpeAstraState:
    while state.phase != phase:
        state = FLOW.apply(state, {"type": "next"})
    return state


def never_scoring(state: CarpeAstraState) -> CarpeAstraState:
    """Every turn passes Gain Support with nothing scored, to the end of the game."""
    while not state.finished:
        if state.phase == "round_end":
            state = FLOW.apply(state, {"type": "end_round", "immediate": False})
        else:
            state = FLOW.apply(state, {"type": "next"})
    return state


def test_three_players_who_never_score_take_what_the_box_holds():
    end = never_scoring(new())
    assert sum(end.credits) == 49  # not 75: the supply ran out
    sheet = FLOW.score_prefill(end)
    assert [p["credits"] for p in sheet["players"]] == end.credits
    for p, c in zip(sheet["players"], CHARS, strict=True):
        p["character"] = c
    assert len(score_sheet(sheet).players) == 3  # the scorer accepts Play's pre-fill


def support_with(left: int) -> CarpeAstraState:
    """Ann's Gain Support with ``left`` credits in the supply."""
    state = to_phase(new(), "support")
    return state.model_copy(update={"credits": [49 - left - 10, 5, 5]})


def test_with_one_credit_left_the_player_takes_it_and_play_says_so():
    state = support_with(1)
    view = FLOW.view(state)
    assert render(view.notes[-1], "en") == ("The supply has only 1 credit left (the box has "
                                            "49): if nothing is scored, Ann takes it.")
    assert "残り1枚" in render(view.notes[-1], "ja")
    assert render(view.actions[-1].label, "en").startswith("Nothing scored: +1 credit")
    after = FLOW.apply(state, {"type": "next"})
    assert after.credits[0] == state.credits[0] + 1 and credits_left(after) == 0


def test_with_none_left_the_player_takes_none():
    state = support_with(0)
    assert "no credits" in render(FLOW.view(state).actions[-1].label, "en")
    after = FLOW.apply(state, {"type": "next"})
    assert after.credits == state.credits


def test_with_two_or_more_left_nothing_changes():
    state = support_with(2)
    assert not FLOW.view(state).notes
    assert FLOW.apply(state, {"type": "next"}).credits[0] == state.credits[0] + 2


def test_event_credits_come_from_the_same_supply():
    state = to_phase(new(), "round_end")
    state = FLOW.apply(state, {"type": "end_round", "immediate": False})
    state = to_phase(state, "support")
    state = state.model_copy(update={"credits": [30, 10, 6]})  # 3 left
    # two cards scored: up to 4 event credits (Event Cards), from what the supply holds
    state = FLOW.apply(state, {"type": "network", "guild": None})
    state = FLOW.apply(state, {"type": "network", "guild": None})
    with pytest.raises(FlowError) as err:
        FLOW.apply(state, {"type": "event_credits", "amount": 4})
    assert render(message(err.value), "en").startswith("The supply has only 3 credits left")
    assert "残り3枚" in render(message(err.value), "ja")
    assert FLOW.apply(state, {"type": "event_credits", "amount": 3}).credits[0] == 33


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["next", "draw", "event", "card"]), min_size=1, max_size=200))
def test_the_players_never_hold_more_than_the_box(taps):
    state = new()
    for tap in taps:
        if state.finished:
            break
        event = {"next": {"type": "next"}, "draw": {"type": "draw_cards"},
                 "event": {"type": "event_credits", "amount": 2},
                 "card": {"type": "network", "guild": None}}[tap]
        if state.phase == "round_end":
            event = {"type": "end_round", "immediate": False}
        try:
            state = FLOW.apply(state, event)
        except FlowError:
            continue
        assert sum(state.credits) <= 49
