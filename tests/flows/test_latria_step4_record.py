"""Latria, step 4 recorded by the table itself (no cards entered): the one way on is the
primary action, and "kept their own card" is not asked of the player who took the
celestial cards (the rulebook: only a child whose card was lower than the parent's keeps
it, and the taker's was the highest)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.flows import build_event
from companion.flows.base import not_asked
from companion.flows.latria import FLOW

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def step4_record():
    state = FLOW.initial({"players": NAMES, "variant": "standard", "setup": None})
    for event in ({"type": "start", "player": 1},
                  {"type": "reveal", "sun_mutation": False, "moon_mutation": False},
                  {"type": "next"}, {"type": "next"}):
        state = FLOW.apply(state, event)
    assert state.step == "4" and state.proposal is None
    view = FLOW.view(state)
    record = next(a for a in view.actions if a.event["type"] == "acquire")
    return state, view, record


def test_recording_who_took_the_cards_is_the_primary_action():
    _, view, record = step4_record()
    assert record.primary
    assert [a for a in view.actions if a.primary] == [record]


def test_the_taker_is_not_asked_whether_they_kept_their_card():
    _, _, record = step4_record()
    kept = {f.key: f for f in record.fields if f.group == "kept"}
    assert set(kept) == {"2", "3", "4"}  # never the parent (Ann, seat 1)
    values = {"body": "sun", "taker": 2}
    assert not_asked(record, kept["2"], values)
    assert not any(not_asked(record, kept[n], values) for n in ("3", "4"))
    assert not any(not_asked(record, f, {"body": "sun", "taker": None})
                   for f in kept.values())  # nobody took them: every child is asked


@given(taker=st.sampled_from([None, *NAMES]),
       ticks=st.dictionaries(st.sampled_from(NAMES[1:]), st.booleans()))
def test_whatever_was_ticked_the_event_is_one_the_rule_allows(taker, ticks):
    """A tick left on a player who then became the taker is not recorded: the event
    applies, and the taker is never among those who kept their card."""
    state, _, record = step4_record()
    def seat(name: str) -> int:
        return NAMES.index(name) + 1

    values = {"body": "moon", "taker": None if taker is None else seat(taker),
              **{f"kept.{seat(n)}": v for n, v in ticks.items()}}
    event = build_event(record, values)
    if taker is not None:
        assert event["kept"].get(str(seat(taker))) in (False, None)
    after = FLOW.apply(state, event)
    outcome = after.outcomes[-1]
    assert outcome.taker == (None if taker is None else NAMES.index(taker))
    assert outcome.taker not in outcome.kept
    assert sorted(outcome.kept) == sorted(NAMES.index(n) for n, v in ticks.items()
                                          if v and n != taker)
