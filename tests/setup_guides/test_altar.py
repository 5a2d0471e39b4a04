"""Altar: Realms of the Gods setup: each number against its line in seeds/003 ("Setup",
"Setup for 2 Players"). Every test quotes the rule it checks, and checks the quote."""

from __future__ import annotations

import pathlib

import pytest

from setup_guides import draws, make_setup

RULEBOOK = (
    pathlib.Path(__file__).resolve().parents[2] / "seeds" / "003_563a4ead36616b5c.txt"
).read_text(encoding="utf-8")


def says(*phrases: str) -> None:
    for phrase in phrases:
        assert phrase in RULEBOOK, phrase


def step(setup, title: str) -> str:
    matches = [s.cited_detail for s in setup.steps if s.title == title]
    assert len(matches) == 1, (title, [s.title for s in setup.steps])
    return matches[0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_steps_follow_the_rulebook_order(players):
    """Setup 1–7 (and Setup for 2 Players 1–7) in order."""
    titles = [s.title for s in make_setup("altar", players, seed=1).steps]
    assert titles[:7] == [
        "Remove priestesses",
        "Gods and Realms",
        "First player",
        "Deal Follower cards",
        "Face-up Follower cards",
        "Altar and Shrine tiles",
        "Return the other Shrine tiles",
    ]


@pytest.mark.parametrize(("players", "removed"), [(2, 2), (3, 1), (4, 2), (5, 0)])
def test_priestesses_removed(players, removed):
    """Setup 1: "For 3 or 4 player games, remove 1 or 2 priestesses respectively and return
    them to the box." Setup for 2 Players 1: "Remove 2 priestesses from the deck." None with
    5 players (ruling S-14)."""
    says("For 3 or 4 player games, remove 1 or 2 priestesses respectively and return them to "
         "the box.", "Remove 2 priestesses from the deck.")
    setup = make_setup("altar", players, seed=1)
    assert setup.priestesses_removed == removed
    detail = step(setup, "Remove priestesses")
    if removed:
        assert f"remove {removed} priestess" in detail
    else:
        assert "no priestess is removed" in detail and "S-14" in detail


@pytest.mark.parametrize(("players", "realms"), [(2, 2), (3, 1), (4, 1), (5, 1)])
def test_one_god_each_two_with_2_players(players, realms):
    """Setup 2: "Each player chooses a god, takes their board ... and places an inactive
    Altar in an empty space (the Goddess of Love takes an active one)." Setup for 2 Players
    2: "Each player chooses TWO gods" """
    says("Each player chooses a god, takes their board which represents their Realm and places "
         "an inactive Altar in an empty space (the Goddess of Love takes an active one).",
         "Each player chooses TWO gods")
    setup = make_setup("altar", players, seed=1)
    assert setup.realms_each == realms
    detail = step(setup, "Gods and Realms")
    assert "inactive Altar" in detail and "Goddess of Love takes an active one" in detail
    assert f"{players * realms} of the 5 Realms in play" in detail
    assert ("TWO gods" in detail) == (players == 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(5))
def test_first_player_oldest_or_ancient_god_with_drawn_seat(players, seed):
    """Setup 3: "The oldest player becomes the first player, except if the Ancient God is
    participating, then he always begins first" — the checklist says it and offers the
    drawn seat."""
    says("The oldest player becomes the first player, except if the Ancient God is "
         "participating, then he always begins first")
    setup = make_setup("altar", players, seed=seed)
    assert "oldest player" in setup.first_player_rule
    assert "Ancient God" in setup.first_player_rule
    detail = step(setup, "First player")
    assert "oldest player" in detail
    assert f"seat {setup.first_player} (drawn from the seed)" in detail
    assert draws(setup) == [("First player", f"Seat {setup.first_player}")]


@pytest.mark.parametrize(("players", "cards"), [(2, 5), (3, 4), (4, 5), (5, 6)])
def test_cards_each_players_plus_one_five_with_2_players(players, cards):
    """Setup 4: "all players draw a number of Follower cards equal to the number of players
    +1. Example: in a 4 player game, everyone will get 5 cards." Setup for 2 Players 4:
    "both players draw 5 follower cards." """
    says("all players draw a number of Follower cards equal to the number of players +1. "
         "Example: in a 4 player game, everyone will get 5 cards.",
         "Beginning with the first player, both players draw 5 follower cards.")
    setup = make_setup("altar", players, seed=1)
    assert setup.cards_each == cards
    detail = step(setup, "Deal Follower cards")
    assert f"draw {cards} Follower cards" in detail
    assert "Beginning with the first player" in detail


@pytest.mark.parametrize(("players", "face_up"), [(2, 5), (3, 4), (4, 5), (5, 6)])
def test_face_up_cards_players_plus_one_five_with_2_players(players, face_up):
    """Setup 5: "Reveal a number of Follower cards (face-up) equal to the number of players
    +1"; Setup for 2 Players 5: "Reveal 5 Follower cards (face-up)" """
    says("Reveal a number of Follower cards (face-up) equal to the number of players +1",
         "Reveal 5 Follower cards (face-up)")
    setup = make_setup("altar", players, seed=1)
    assert setup.face_up_cards == face_up
    assert f"Reveal {face_up} Follower cards face up" in step(setup, "Face-up Follower cards")


@pytest.mark.parametrize(("players", "shrines"), [(2, 9), (3, 6), (4, 9), (5, 12)])
def test_shrine_tiles(players, shrines):
    """Setup 6: "3 players: 6 Shrine tiles", "4 players: 9 Shrine tiles", "5 players: 12
    Shrine tiles"; Setup for 2 Players 6: "Place the Altar tiles and 9 Shrine tiles";
    Setup 7: "Return all remaining Shrine tiles to the box." (15 Shrine tokens.)"""
    says("3 players: 6 Shrine tiles", "4 players: 9 Shrine tiles", "5 players: 12 Shrine tiles",
         "Place the Altar tiles and 9 Shrine tiles in the middle of the table.",
         "Return all remaining Shrine tiles to the box.", "15 Shrine tokens")
    setup = make_setup("altar", players, seed=1)
    assert setup.shrine_tiles == shrines
    assert f"{shrines} Shrine tiles" in step(setup, "Altar and Shrine tiles")
    assert f"remaining {15 - shrines} Shrine tiles" in step(
        setup, "Return the other Shrine tiles")


def test_two_player_turns_reminder():
    """Gameplay: "In a 2-player game, each player on their turn draws 2 cards and performs
    2 different actions." End of the Game: "In a 2-player game, both Realms must be
    completed." """
    says("In a 2-player game, each player on their turn draws 2 cards and performs 2 "
         "different actions.", "In a 2-player game, both Realms must be completed.")
    setup = make_setup("altar", 2, seed=1)
    assert "draws 2 cards and performs 2 different actions" in step(setup, "2-player turns")
    assert "2-player turns" not in [s.title for s in make_setup("altar", 3, seed=1).steps]
