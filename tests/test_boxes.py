"""What is in each box (scorers/boxes): the numbers the setup guide, the play flow and the
scorer read from it agree with each other and with the rulebook's arithmetic."""

from __future__ import annotations

import pytest

import setup_guides
from companion.flows import FLOWS
from scorers import boxes
from scorers.boxes import latria
from scorers.latria import astrology_numbers_in_play

COUNTS = latria.PLAYER_COUNTS


@pytest.mark.parametrize("game", boxes.GAME_IDS)
def test_every_variant_is_listed_once_and_each_count_has_one(game):
    box = boxes.box(game)
    ids = boxes.variant_ids(box)
    assert len(ids) == len(set(ids))
    assert set(ids) == {v for players in box.PLAYER_COUNTS for v in box.VARIANTS[players]}
    assert sorted(box.VARIANTS) == list(box.PLAYER_COUNTS)
    assert boxes.player_range(box) == (min(box.PLAYER_COUNTS), max(box.PLAYER_COUNTS))


def test_an_unknown_game_has_no_box():
    with pytest.raises(KeyError):
        boxes.box("nova")


@pytest.mark.parametrize("players", COUNTS)
def test_latria_the_setup_the_flow_and_the_scorer_keep_the_same_cards(players):
    setup = setup_guides.make_setup("latria", players, "standard", seed=7)
    in_play = latria.numbers_in_play(players)
    assert astrology_numbers_in_play(players) == in_play
    # Latria, Game Setup, Remove cards: what the setup removes is what is not in play
    removed = setup.removed_astrology["sun"]
    assert sorted([*removed, *in_play]) == list(latria.ASTROLOGY_NUMBERS)
    assert setup.deck_size == len(in_play) * len(latria.SUITS)
    assert (setup.hand_size, setup.rounds) == (latria.hand_size(players), latria.rounds(players))
    state = FLOWS["latria"].initial({"players": [f"P{i}" for i in range(players)],
                                     "variant": "standard", "setup": {}})
    assert state.numbers == (in_play[0], in_play[-1])
    assert (state.hand_size, state.rounds) == (setup.hand_size, setup.rounds)


@pytest.mark.parametrize("players", COUNTS)
def test_latria_every_hand_is_dealt_from_the_deck(players):
    # Latria, Game Setup, Deal astrology cards: every player gets a full hand
    deck = len(latria.numbers_in_play(players)) * len(latria.SUITS)
    assert latria.hand_size(players) * players <= deck


def test_latria_has_no_cards_for_a_count_it_is_not_for():
    with pytest.raises(ValueError, match="3–6 players"):
        latria.numbers_in_play(7)


def test_carpe_astra_the_scorer_and_the_flow_have_the_boxs_guilds_and_characters():
    from companion.flows import carpe_astra as flow
    from scorers import carpe_astra as scorer
    from scorers.boxes import carpe_astra as box

    assert tuple(scorer.GUILDS) == tuple(flow.GUILDS) == box.GUILDS
    # the draw's order (setup_guides/carpe_astra.py samples the characters in it)
    assert {c: ch.guild for c, ch in scorer.CHARACTERS.items()} == box.CHARACTER_GUILDS
    assert list(scorer.CHARACTERS) == list(box.CHARACTER_GUILDS)
    for players in box.PLAYER_COUNTS:
        for chosen in (["chun", "tyndar", "ichthon"], ["tyndar", "ichthon", "verron"]):
            assert flow.tokens_in_play(players, chosen[:players]) == scorer.tokens_in_play(
                players, chosen[:players])
