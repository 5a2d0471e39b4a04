"""The recorded games (tests/data/replay_corpus.json.gz, made by tests/flows/replay_corpus.py
from the flows as they were): today's flows replay every tap to the same views, the same
refusals, the same last view and the same score prefill."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.flows import FLOWS
from tests.flows.replay_corpus import configs, differences, load

GAMES = load()


def test_every_game_count_and_variant_is_recorded_and_ends():
    recorded = Counter((g["game"], len(g["config"]["players"]), g["config"]["variant"])
                       for g in GAMES)
    assert set(recorded) == set(configs())
    assert all(g["last_view"]["finished"] for g in GAMES)
    # the records hold refused taps too, so a refusal that changes shows
    assert sum(1 for g in GAMES for tap in g["taps"] if "refused" in tap) > 100


@pytest.mark.parametrize("game", sorted(FLOWS))
def test_the_recorded_games_replay_as_they_were_played(game):
    problems = [p for g in GAMES if g["game"] == game for p in differences(g)]
    assert not problems, "\n".join(problems)
