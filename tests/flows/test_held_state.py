"""Play keeps a table's states and applies each new tap to the state it holds
(companion/table/play_state.py), and a flow's ``apply`` copies only the fields an
event changes (``own`` in companion/flows/base.py). So ``apply`` must never change a state
it is given — accepted or refused — nor one it was derived from, and the state built tap
by tap must be the replay of its log. Random taps as the screen offers them, every game
(``draw_tap`` and the configs of tests/flows/test_common.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import FLOWS, FlowError, latria, replay
from tests.flows.test_common import CONFIGS, config_for, draw_tap

GAMES = sorted(FLOWS)
# Each test runs once per game; a few walks each keep the suite quick (about a second
# a game on a quiet machine).
WALKS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_config(data: st.DataObject, game: str) -> dict:
    _, n, variant = data.draw(st.sampled_from([c for c in CONFIGS if c[0] == game]))
    return config_for(n, variant)


@pytest.mark.parametrize("game", GAMES)
@WALKS
@given(data=st.data())
def test_apply_never_changes_its_input(game, data):
    """Any tap, accepted or refused (a form filled in wrong, a tap from earlier that is not
    allowed now, any tap once the game is over), leaves the state it was applied to as it
    was."""
    flow = FLOWS[game]
    state = flow.initial(draw_config(data, game))
    log: list[dict] = []
    for _ in range(data.draw(st.integers(1, 60), label="taps")):
        view = flow.view(state)
        if log and (view.finished or data.draw(st.integers(0, 4)) == 0):
            event = data.draw(st.sampled_from(log))  # again, mostly "not now"
        else:
            _, event = draw_tap(data, view)
        before = state.model_dump()
        try:
            new = flow.apply(state, event)
        except FlowError:
            assert state.model_dump() == before, "a refused tap changed the state"
            continue
        assert state.model_dump() == before, "apply changed its input"
        log.append(event)
        state = new


def test_a_refusal_after_a_change_leaves_the_input_as_it_was():
    """Latria's step 1 counts the Sun's mutation card, then refuses the Moon's (none
    left): the state the tap was applied to still has the Sun's count it had."""
    flow = FLOWS["latria"]
    state = flow.initial(config_for(4, "standard")).model_copy(update={
        "round": 2, "step": "1", "mutations": {"sun": 1, "moon": latria.MUTATION_CARDS}})
    with pytest.raises(FlowError):
        flow.apply(state, {"type": "reveal", "sun_mutation": True, "moon_mutation": True})
    assert state.mutations == {"sun": 1, "moon": latria.MUTATION_CARDS}


@pytest.mark.parametrize("game", GAMES)
@WALKS
@given(data=st.data())
def test_the_held_state_is_the_replay_of_its_log(game, data):
    """The way Play goes: each tap applied to the state held for the log so far, an undo
    going back to the state held for the shorter log; after every change that state
    equals the replay of the whole log."""
    flow = FLOWS[game]
    config = draw_config(data, game)
    held = [flow.initial(config)]  # held[k]: the state after the log's first k events
    log: list[dict] = []
    for _ in range(data.draw(st.integers(1, 60), label="taps")):
        if log and data.draw(st.integers(0, 5), label="undo") == 0:
            log.pop()
            held.pop()
        else:
            view = flow.view(held[-1])
            if view.finished:
                break
            _, event = draw_tap(data, view)
            try:
                state = flow.apply(held[-1], event)
            except FlowError:
                continue
            held.append(state)
            log.append(event)
        replayed = replay(game, config, log)
        assert held[-1] == replayed
        assert held[-1].model_dump(mode="json") == replayed.model_dump(mode="json")


@pytest.mark.parametrize("game", GAMES)
@WALKS
@given(data=st.data())
def test_kept_states_do_not_change_when_later_taps_apply(game, data):
    """States derived from a kept state share what no event changed; taps applied to
    them — mostly to the newest, sometimes to an earlier one (an undo, then another tap)
    — change none of the states kept before."""
    flow = FLOWS[game]
    kept = [flow.initial(draw_config(data, game))]
    dumps = [kept[0].model_dump()]
    for _ in range(data.draw(st.integers(1, 60), label="taps")):
        if data.draw(st.integers(0, 3), label="earlier") == 0:
            base = data.draw(st.sampled_from(kept))
        else:
            base = kept[-1]
        view = flow.view(base)
        if view.finished:
            continue
        _, event = draw_tap(data, view)
        try:
            kept.append(flow.apply(base, event))
        except FlowError:
            continue
        dumps.append(kept[-1].model_dump())
    for number, (state, dump) in enumerate(zip(kept, dumps, strict=True)):
        assert state.model_dump() == dump, f"kept state {number} changed"
