"""Latoro, Support phase (ruling P-18): 「また支援フェーズでのみ手持ちの好きな資源３つを別の
資源１つに変換することができます。」 — three resources of any kind into one of *another* kind
than those given."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows import FlowError, build_event, message
from companion.flows.latoro import COLOURS, FLOW, LatoroState
from scorers.messages import render

ROOT = Path(__file__).resolve().parents[2]
WORDS_JA = "手持ちの好きな資源３つを別の資源１つに変換"
WORDS_EN = "turn any 3 of your resources into 1 resource of another type"


def in_support() -> LatoroState:
    """Three players, each with 3 of every kind, in round 1's Support phase."""
    state = FLOW.initial({"players": ["あおい", "Ben", "Cat"], "setup": None})
    state = FLOW.apply(state, {"type": "start", "player": 1})
    form = next(a for a in FLOW.view(state).actions if a.event["type"] == "track_resources")
    state = FLOW.apply(state, build_event(form))
    state = state.model_copy(update={"resources": [dict.fromkeys(COLOURS, 3)
                                                   for _ in range(3)]})
    while state.phase != "support":
        state = FLOW.apply(state, {"type": "next"})
    return state


def test_the_words_are_the_rulebooks():
    assert WORDS_JA in (ROOT / "seeds" / "004_452c00d70235e76d.txt").read_text(encoding="utf-8")
    assert WORDS_EN in (ROOT / "seeds" / "latoro-en.md").read_text(encoding="utf-8")


def test_two_black_and_a_white_cannot_become_black_or_white():
    state = in_support()
    for get in ("black", "white"):
        with pytest.raises(FlowError) as err:
            FLOW.apply(state, {"type": "convert", "player": 2, "black": 2, "white": 1,
                               "get": get})
        assert WORDS_EN in render(message(err.value), "en")
        assert WORDS_JA in render(message(err.value), "ja")
    after = FLOW.apply(state, {"type": "convert", "player": 2, "black": 2, "white": 1,
                               "get": "brown"})
    assert after.resources[1] == {"black": 1, "white": 2, "brown": 4}
    # three of one kind into another kind, as before
    after = FLOW.apply(state, {"type": "convert", "player": 3, "white": 3, "get": "black"})
    assert after.resources[2] == {"black": 4, "white": 0, "brown": 3}


def test_play_names_the_reading_on_the_support_step():
    assert "P-18" in FLOW.view(in_support()).rulings


@settings(max_examples=60, deadline=None)
@given(st.tuples(*[st.integers(0, 3)] * 3).filter(lambda given: sum(given) == 3),
       st.sampled_from(COLOURS))
def test_a_conversion_is_accepted_exactly_when_the_kind_taken_was_not_given(given, get):
    state = in_support()
    event = {"type": "convert", "player": 1, "get": get, **dict(zip(COLOURS, given,
                                                                           strict=True))}
    refused = given[COLOURS.index(get)] > 0
    try:
        after = FLOW.apply(state, event)
    except FlowError:
        assert refused
    else:
        assert not refused
        assert sum(after.resources[0].values()) == sum(state.resources[0].values()) - 2
