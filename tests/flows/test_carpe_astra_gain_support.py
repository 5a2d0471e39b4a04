"""Carpe Astra, Gain Support against the rulebook (seeds/001), ruling P-7.

"To score a Network or Slander card, you must have one agent on each guild depicted on
the card as well as one agent on either your character tile or the Senate (for a Network
card) or an opponent's character tile (for a Slander card)." — "If you do not score any
cards during the turn, take two credits from the supply." — Money Tokens: "You earn money
in two ways: if you do not score any cards on your turn, you take two credits; when you
score cards that meet event requirements, you take the appropriate number of credits."
"""

from __future__ import annotations

import pytest

from companion.flows import FlowError, message
from companion.flows.carpe_astra import FLOW, RULES, CarpeAstraState
from scorers.messages import render

NAMES = ["Ann", "Ben", "Cat"]
CHARS = ["chun", "tyndar", "ichthon"]


def new(rules: int | None = RULES) -> CarpeAstraState:
    """A game started as the app starts one now (its first tap records the checks it is
    played under), or, with ``rules=None``, as a version before that started one."""
    state = FLOW.initial({"players": NAMES, "variant": "standard", "setup": None})
    start = {"type": "start", "player": 1,
             "characters": {str(i + 1): c for i, c in enumerate(CHARS)}}
    return FLOW.apply(state, start if rules is None else {**start, "rules": rules})


def to_phase(state: CarpeAstraState, phase: str) -> CarpeAstraState:
    while state.phase != phase:
        if state.phase == "round_end":
            state = FLOW.apply(state, {"type": "end_round", "immediate": False})
        else:
            state = FLOW.apply(state, {"type": "next"})
    return state


def round_two_support(rules: int | None = RULES) -> CarpeAstraState:
    """Ann's Gain Support in round 2 (round 1: nobody scored, +2 each): Ann has 7."""
    state = to_phase(to_phase(new(rules), "round_end"), "change_tack")
    state = to_phase(state, "support")
    assert state.round == 2 and state.credits[0] == 7
    return state


# --- a Slander card against an opponent without that guild's token -----------------------


def test_a_slander_against_an_opponent_without_the_token_is_scored_and_takes_nothing():
    state = to_phase(new(), "support")
    assert "engineers" not in state.support[1]  # Ben holds Traders only
    supply = dict(state.supply)
    after = FLOW.apply(state, {"type": "slander", "victim": 2, "guild": "engineers"})
    assert after.scored == 1
    assert after.support == state.support and after.supply == supply  # nothing taken
    view = FLOW.view(after)
    assert ("Ben has no Engineers support token: the Slander card is scored all the same "
            "and takes nothing.") in [render(n, "en") for n in view.notes]
    assert "P-7" in view.note_rulings  # its own "Why?"
    assert "中傷カードはそれでも得点化され" in render(view.notes[0], "ja")
    # a card was scored: no two credits on leaving Gain Support
    assert FLOW.apply(after, {"type": "next"}).credits[0] == 5
    # the agent on Ben's tile is still found out at the end of the turn
    assert any("Ben's character tile" in render(n, "en")
               for n in FLOW.view(FLOW.apply(after, {"type": "next"})).notes)


def test_keeping_a_token_the_opponent_does_not_have_costs_nothing():
    state = to_phase(new(), "support")
    after = FLOW.apply(state, {"type": "slander", "victim": 3, "guild": "military",
                               "keep": True})
    assert after.credits == state.credits and after.support == state.support


def test_a_slander_is_offered_against_every_opponent_even_with_no_tokens():
    state = to_phase(new(), "support")
    state = state.model_copy(update={"support": [{"military": 2}, {}, {}]})
    slander = [a for a in FLOW.view(state).actions if a.event["type"] == "slander"]
    assert len(slander) == 1
    assert slander[0].fields[0].choices == [2, 3]
    after = FLOW.apply(state, {"type": "slander", "victim": 3, "guild": "priests"})
    assert after.scored == 1


# --- event credits: only for cards scored, never with the two credits ---------------------


def test_event_credits_without_a_card_scored_are_refused_and_the_two_credits_alone_paid():
    """The issue's 7 → 11: event credits with nothing scored, then +2 as well."""
    state = round_two_support()
    assert not [a for a in FLOW.view(state).actions if a.event["type"] == "event_credits"]
    with pytest.raises(FlowError) as err:
        FLOW.apply(state, {"type": "event_credits", "amount": 2})
    assert render(message(err.value), "en").startswith("Event credits come from the cards "
                                                       "scored")
    assert FLOW.apply(state, {"type": "next"}).credits[0] == 9  # 7 + 2, not 11


def test_event_credits_with_a_card_scored_and_no_two_credits():
    state = round_two_support()
    state = FLOW.apply(state, {"type": "network", "guild": "engineers"})
    form = next(a for a in FLOW.view(state).actions if a.event["type"] == "event_credits")
    assert form.fields[0].max == 2  # Event Cards: at most 2 credits a card
    state = FLOW.apply(state, {"type": "event_credits", "amount": 2})
    assert state.credits[0] == 9
    with pytest.raises(FlowError, match="at most 2 credits a card"):
        FLOW.apply(state, {"type": "event_credits", "amount": 1})
    assert FLOW.apply(state, {"type": "next"}).credits[0] == 9  # no +2: a card was scored


def test_a_slander_with_nothing_taken_still_earns_its_event_credits():
    """Gain Support, Note: "If you score a card that matches the current event, gaining
    you credits, those credits are gained immediately"."""
    state = round_two_support()
    state = FLOW.apply(state, {"type": "slander", "victim": 2, "guild": "settlers"})
    state = FLOW.apply(state, {"type": "event_credits", "amount": 2})
    assert FLOW.apply(state, {"type": "next"}).credits[0] == 9


def test_a_game_started_before_these_checks_replays_as_it_was_played():
    """A saved log of a game started before event credits needed a card (its start event
    names no ``rules``) holds event credits with nothing scored, then the +2: it replays to
    the credits it had, so a game in progress is not lost with the update."""
    state = round_two_support(rules=None)
    state = FLOW.apply(state, {"type": "event_credits", "amount": 2})
    state = FLOW.apply(state, {"type": "next"})
    assert state.credits[0] == 7 + 2 + 2
    with pytest.raises(FlowError):  # a game started by a newer app than this one
        new(rules=RULES + 1)
