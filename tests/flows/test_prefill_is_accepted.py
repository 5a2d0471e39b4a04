"""Play's pre-fill is a sheet the scorer accepts: random walks of every game,
every player count and variant, with and without the Setup screen's draw and with the
table's other play readings, tapping what each view offers (as the recorded games do,
tests/flows/replay_corpus.py ``_tap``), played to the end; the finished game's
``score_prefill``, put into the Score screen's empty sheet as Score does
(``play_changes``), is scored without a refusal.

Each walk is drawn from a seed, so a failure names the seed that replays it."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import FLOWS, FlowError
from scorers.base import SheetProblems
from scorers.sheets import score_sheet
from tests.flows.replay_corpus import NAMES, _tap, configs, other_readings, setup_for
from tests.screens.test_play_to_score import prefilled

MAX_TAPS = 5000  # the longest walk seen takes about 500 (Carpe Astra)
CONFIGS = list(configs())


@functools.cache
def _setup(game: str, n: int, variant: str) -> dict[str, Any] | None:
    return setup_for(game, n, variant)


def walk(game: str, n: int, variant: str, with_setup: bool, readings: bool,
         seed: int) -> tuple[Any, dict[str, Any]]:
    flow = FLOWS[game]
    config: dict[str, Any] = {"players": NAMES[:n], "variant": variant,
                              "setup": _setup(game, n, variant) if with_setup else None}
    if readings and other_readings(game):
        config["readings"] = other_readings(game)
    rng = random.Random(seed)
    state = flow.initial(config)
    view = flow.view(state)
    for _ in range(MAX_TAPS):
        if view.finished:
            break
        event = _tap(rng, view)
        try:
            state = flow.apply(state, event)
        except FlowError:
            continue
        view = flow.view(state)
    return state, config


@pytest.mark.parametrize("game", list(FLOWS))
def test_the_finished_games_prefill_is_accepted_by_the_scorer(game):
    cases = [c for c in CONFIGS if c[0] == game]

    @settings(max_examples=200, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(case=st.sampled_from(cases), with_setup=st.booleans(), readings=st.booleans(),
           seed=st.integers(0, 2**32 - 1))
    def walks(case, with_setup, readings, seed):
        _, n, variant = case
        state, config = walk(game, n, variant, with_setup, readings, seed)
        where = (f"{game} {n} {variant} setup={with_setup} readings={readings} "
                 f"seed={seed}")
        assert state.finished, f"{where}: not finished after {MAX_TAPS} taps"
        sheet = prefilled(game, list(state.players), FLOWS[game].score_prefill(state))
        try:
            score_sheet(sheet)
        except SheetProblems as err:
            pytest.fail(f"{where}: the scorer refused Play's pre-fill: "
                        + "; ".join(f"{p.where}: {p.message}" for p in err.problems))

    walks()


def test_two_shrines_of_one_turn_were_among_the_walks():
    """The walks reach the case item 4 is about: two players' last Shrines in one turn
    (seed 0 of Altar with 4 players, found by the walks before the fix)."""
    state, _ = walk("altar", 4, "standard", False, False, 0)
    turns = [t for t in state.last_shrine_turn if t is not None]
    assert len(turns) > len(set(turns))
