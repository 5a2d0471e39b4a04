"""Carpe Astra setup: each number against its line in seeds/001 ("Setup", "Play",
"Advanced Rules"). Every test quotes the rule it checks, and checks the quote is there."""

from __future__ import annotations

import pathlib

import pytest

from setup_guides import draws, make_setup
from setup_guides.carpe_astra import CHARACTERS, GUILDS

RULEBOOK = (
    pathlib.Path(__file__).resolve().parents[2] / "seeds" / "001_0024dcda2c461955.txt"
).read_text(encoding="utf-8")

ALL = [(n, v) for n in (2, 3, 4) for v in ("standard", "advanced")]
OWN_GUILD = {"chun": "military", "tyndar": "traders", "ichthon": "priests",
             "verron": "politicians"}


def says(*phrases: str) -> None:
    for phrase in phrases:
        assert phrase in RULEBOOK, phrase


def step(setup, title: str) -> str:
    matches = [s.cited_detail for s in setup.steps if s.title == title]
    assert len(matches) == 1, (title, [s.title for s in setup.steps])
    return matches[0]


def test_setup_steps_follow_the_rulebook_order():
    """Setup's bullets in order: event timeline, characters, credit supply, guild tile
    layout, guild tile stack, Network/Slander cards, support tokens; then Play: start
    player. The Advanced face-up cards come right after the decks are made."""
    setup = make_setup("carpe_astra", 3, "advanced", 1)
    assert [s.title for s in setup.steps] == [
        "Event timeline",
        "Characters",
        "Credit supply",
        "Lay out the 3-player board",
        "Guild Tile stack",
        "Network and Slander cards",
        "Advanced: face-up cards",
        "Support tokens",
        "Start player",
    ]
    assert "Advanced: face-up cards" not in [
        s.title for s in make_setup("carpe_astra", 3, "standard", 1).steps]


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_event_timeline_ten_cards_second_and_third_face_up(players, variant):
    """Setup: "Shuffle the Event cards, then deal ten face down in a line ... Turn the
    second and third cards face up" (27 Event cards in the box)."""
    says("Shuffle the Event cards, then deal ten face down in a line",
         "Turn the second and third cards face up", "27 Event cards")
    setup = make_setup("carpe_astra", players, variant, 1)
    assert setup.events_in_timeline == 10
    detail = step(setup, "Event timeline")
    assert "deal 10 face down" in detail and "second and third cards face up" in detail
    assert "other 17 cards" in detail
    assert "Ignore the Immediate Event symbol" in detail


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_which_player_is_which_character_is_drawn(players, variant):
    """Setup: "Determine which player is which character." — drawn from the seed, one
    character per seat, ids as in score-sheets.md."""
    says("Determine which player is which character.")
    for seed in range(10):
        setup = make_setup("carpe_astra", players, variant, seed)
        assert len(setup.characters) == len(set(setup.characters)) == players
        assert set(setup.characters) <= set(CHARACTERS)
        detail = step(setup, "Characters")
        for seat, c in enumerate(setup.characters, start=1):
            assert f"seat {seat}: {CHARACTERS[c].name}" in detail
            label, value = draws(setup)[seat]
            assert label == f"Seat {seat}" and value.startswith(CHARACTERS[c].name)


def test_character_colours_and_guilds():
    """Setup: "Admiral Ch'un (red) takes two Military support tokens, Trader Tyndar
    (yellow) takes two Traders support tokens, High Priest Ichthon (blue) takes two Priests
    support tokens and Senator Verron (black) takes two Politicians support tokens." """
    says("Admiral Ch'un (red) takes two Military support tokens, Trader Tyndar (yellow) takes "
         "two Traders support tokens, High Priest Ichthon (blue) takes two Priests support "
         "tokens and Senator Verron (black) takes two Politicians support tokens.")
    assert {k: (c.name, c.colour, c.guild) for k, c in CHARACTERS.items()} == {
        "chun": ("Admiral Ch'un", "red", "military"),
        "tyndar": ("Trader Tyndar", "yellow", "traders"),
        "ichthon": ("High Priest Ichthon", "blue", "priests"),
        "verron": ("Senator Verron", "black", "politicians"),
    }
    assert GUILDS == ("military", "traders", "priests", "engineers", "settlers", "politicians")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_five_agents_and_five_credits_each(players, variant):
    """Setup: "Each player takes the five agent markers, the character card and the rules
    card in their character's colour and five credits." The rest of the 49 credits form
    the supply."""
    says("Each player takes the five agent markers, the character card and the rules card "
         "in their character's colour and five credits.", "49 money tokens (credits)",
         "Place the remaining credit tokens in a supply pile")
    setup = make_setup("carpe_astra", players, variant, 1)
    assert setup.credits_each == 5
    assert "5 agent markers" in step(setup, "Characters")
    assert "5 credits" in step(setup, "Characters")
    assert f"remaining {49 - 5 * players} credit tokens" in step(setup, "Credit supply")


@pytest.mark.parametrize(("players", "senate"), [(2, False), (3, True), (4, True)])
def test_senate_tile_in_the_three_and_four_player_game(players, senate):
    """Setup: "The Senate tile used in the three- and four-player game is a special tile"
    (ruling S-5: not with 2 players)."""
    says("The Senate tile used in the three- and four-player game is a special tile")
    setup = make_setup("carpe_astra", players, "standard", 1)
    assert setup.senate is senate
    detail = step(setup, f"Lay out the {players}-player board")
    assert f"{players}-player layout diagram" in detail
    assert ("Place the Senate tile" in detail) is senate


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_three_face_up_guild_tiles(players, variant):
    """Setup: "Place the remaining Guild Tiles face down in a draw stack ... then turn over
    the top three tiles and place them face up next to the stack." """
    says("then turn over the top three tiles and place them face up next to the stack.")
    setup = make_setup("carpe_astra", players, variant, 1)
    assert setup.face_up_guild_tiles == 3
    assert "top 3 tiles" in step(setup, "Guild Tile stack")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_two_network_cards_each(players, variant):
    """Setup: "Shuffle the Network cards, deal each player two cards, then place the
    remaining cards in a face-down draw deck." (35 Network cards.)"""
    says("Shuffle the Network cards, deal each player two cards, then place the remaining "
         "cards in a face-down draw deck.", "35 Network cards")
    setup = make_setup("carpe_astra", players, variant, 1)
    assert setup.network_cards_each == 2
    detail = step(setup, "Network and Slander cards")
    assert "deal each player 2" in detail and f"other {35 - 2 * players}" in detail


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_two_face_up_network_and_slander(players):
    """Advanced Rules: "turn over the top two cards of both Network and Slander decks and
    place them face-up next to the decks." """
    says("turn over the top two cards of both Network and Slander decks and place them "
         "face-up next to the decks.")
    advanced = make_setup("carpe_astra", players, "advanced", 1)
    standard = make_setup("carpe_astra", players, "standard", 1)
    assert (advanced.face_up_network, advanced.face_up_slander) == (2, 2)
    assert (standard.face_up_network, standard.face_up_slander) == (0, 0)
    assert "top 2 cards of the Network deck" in step(advanced, "Advanced: face-up cards")


@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_support_tokens_2_players_three_each(variant):
    """Setup: "For a 2-player game use three support tokens for each guild" """
    says("For a 2-player game use three support tokens for each guild")
    setup = make_setup("carpe_astra", 2, variant, 1)
    assert setup.support_tokens == {g: 3 for g in GUILDS}
    assert "3 support tokens of each of the six guilds" in step(setup, "Support tokens")
    assert "18 tokens; the other 18 go back in the box" in step(setup, "Support tokens")


@pytest.mark.parametrize("seed", range(12))
def test_support_tokens_3_players_five_for_guilds_played_four_for_others(seed):
    """Setup: "for a 3-player game use five support tokens for the guilds being played and
    four for the other guilds" — ruling S-4: the guilds of the three characters in play."""
    says("for a 3-player game use five support tokens for the guilds being played and four "
         "for the other guilds")
    setup = make_setup("carpe_astra", 3, "standard", seed)
    played = {OWN_GUILD[c] for c in setup.characters}
    assert setup.support_tokens == {g: 5 if g in played else 4 for g in GUILDS}
    assert sum(setup.support_tokens.values()) == 27
    assert setup.support_tokens["engineers"] == setup.support_tokens["settlers"] == 4
    assert "ruling S-4" in step(setup, "Support tokens")


def test_support_tokens_4_players_six_each():
    """Setup: "in a 4-player game use six support tokens for each guild" (all 36)."""
    says("in a 4-player game use six support tokens for each guild",
         "36 triangular support tokens, six for each guild")
    setup = make_setup("carpe_astra", 4, "standard", 1)
    assert setup.support_tokens == {g: 6 for g in GUILDS}
    assert "36 tokens." in step(setup, "Support tokens")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_each_player_takes_two_support_tokens_of_their_guild(players, variant):
    """Setup: "Each player then takes two support tokens for their own guild from the
    supply" — per seat, the guild of that seat's character."""
    says("Each player then takes two support tokens for their own guild from the supply")
    setup = make_setup("carpe_astra", players, variant, 3)
    assert setup.starting_support == [{OWN_GUILD[c]: 2} for c in setup.characters]


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_ten_rounds(players, variant):
    """Play: "Once ten rounds have been played the game ends." """
    says("Once ten rounds have been played the game ends.")
    assert make_setup("carpe_astra", players, variant, 1).rounds == 10


@pytest.mark.parametrize("seed", range(10))
def test_start_player_chosen_at_random(seed):
    """Play: "Choose a start player at random." — the drawn seat is the rule."""
    says("Choose a start player at random.")
    setup = make_setup("carpe_astra", 4, "standard", seed)
    assert setup.first_player_rule == "Choose a start player at random."
    assert f"seat {setup.first_player} (drawn from the seed)" in step(setup, "Start player")
    assert draws(setup)[0] == ("Start player", f"Seat {setup.first_player}")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_characters_chosen_at_the_table_replace_the_draw(players, variant):
    """Setup: "Determine which player is which character." The table may choose (ruling
    S-6): the checklist follows the chosen characters, the start player stays the drawn
    one, and the 3-player support tokens follow the chosen guilds (S-4)."""
    drawn = make_setup("carpe_astra", players, variant, 77)
    unused = [c for c in CHARACTERS if c not in drawn.characters]
    chosen = (unused[:1] + list(reversed(drawn.characters)))[:players]
    setup = make_setup("carpe_astra", players, variant, 77, characters=chosen)
    assert setup.characters == chosen and setup.characters_chosen
    assert setup.first_player == drawn.first_player
    assert "characters_chosen" not in setup.to_json_dict()
    detail = step(setup, "Characters")
    assert "(chosen at the table)" in detail
    for seat, c in enumerate(chosen, start=1):
        assert f"seat {seat}: {CHARACTERS[c].name}" in detail
    five = {g for g, n in setup.support_tokens.items() if n == 5}
    if players == 3:
        assert five == {OWN_GUILD[c] for c in chosen}
    # The draw itself, given back, is not "chosen".
    assert not make_setup("carpe_astra", players, variant, 77,
                          characters=drawn.characters).characters_chosen


@pytest.mark.parametrize("characters", [["chun"], ["chun", "chun"], ["chun", "zed"], "chun"])
def test_chosen_characters_must_be_one_each(characters):
    from setup_guides import SetupError

    with pytest.raises(SetupError, match="one per seat"):
        make_setup("carpe_astra", 2, "standard", 1, characters=characters)
    with pytest.raises(SetupError, match="only in Carpe Astra"):
        make_setup("altar", 2, "standard", 1, characters=["chun", "tyndar"])
