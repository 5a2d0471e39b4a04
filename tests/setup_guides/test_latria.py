"""Latria setup: each number against its line in seeds/000 ("Game Setup", "Extension
Rules"). Every test quotes the rule it checks, and checks the quote is in the rulebook."""

from __future__ import annotations

import pathlib

import pytest

from setup_guides import SetupError, draws, make_setup

RULEBOOK = (
    pathlib.Path(__file__).resolve().parents[2] / "seeds" / "000_fa82990554f63f12.txt"
).read_text(encoding="utf-8")

SUITS = ["sun", "moon", "polaris", "latria"]
VARIANTS = ["standard", "simple", "star_eclipse", "campaign"]


def says(*phrases: str) -> None:
    """The rulebook really says this (so a test cannot cite a rule that is not there)."""
    for phrase in phrases:
        assert phrase in RULEBOOK, phrase


def step(setup, title: str) -> str:
    matches = [s.detail for s in setup.steps if s.title == title]
    assert len(matches) == 1, (title, [s.title for s in setup.steps])
    return matches[0]


def test_setup_steps_follow_the_rulebook_order():
    """Game Setup: Remove cards, Deal astrology cards, Prepare celestial cards and boards,
    Eclipse markers, Choose the first parent."""
    says("- Remove cards (3 or 4 players only).", "- Deal astrology cards.",
         "- Prepare celestial cards and boards.", "- Eclipse markers.",
         "- Choose the first parent.")
    setup = make_setup("latria", 4, "standard", 1)
    assert [s.title for s in setup.steps] == [
        "Remove astrology cards",
        "Deal astrology cards",
        "Prepare celestial cards and boards",
        "Eclipse markers",
        "Choose the first parent",
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_remove_cards_3_players_1_to_3_and_13_to_15_of_each_suit(variant):
    """Game Setup, Remove cards: "3 players: every card with an icon at the bottom right
    (the 1 to 3 and 13 to 15 cards of all four types)." — 24 removed, 36 remain."""
    says("3 players: every card with an icon at the bottom right (the 1 to 3 and 13 to 15 "
         "cards of all four types).")
    setup = make_setup("latria", 3, variant, 1)
    assert setup.removed_astrology == {s: [1, 2, 3, 13, 14, 15] for s in SUITS}
    assert setup.deck_size == 36
    detail = step(setup, "Remove astrology cards")
    assert "the 1–3 and 13–15 of each of the four suits" in detail
    assert "24 cards" in detail and "36 astrology cards remain" in detail


@pytest.mark.parametrize("variant", VARIANTS)
def test_remove_cards_4_players_1_14_15_of_each_suit(variant):
    """Game Setup, Remove cards: "4 players: only the cards with a "5" icon at the bottom
    right (the 1, 14, and 15 cards of all four types)." — 12 removed, 48 remain."""
    says('4 players: only the cards with a "5" icon at the bottom right (the 1, 14, and 15 '
         "cards of all four types).")
    setup = make_setup("latria", 4, variant, 1)
    assert setup.removed_astrology == {s: [1, 14, 15] for s in SUITS}
    assert setup.deck_size == 48
    detail = step(setup, "Remove astrology cards")
    assert "the 1, 14 and 15 of each of the four suits" in detail
    assert "12 cards" in detail and "48 astrology cards remain" in detail


@pytest.mark.parametrize("players", [5, 6])
def test_remove_cards_only_with_3_or_4_players(players):
    """Game Setup: "Remove cards (3 or 4 players only)." With 5–6 all 60 cards
    ("15 cards each of the 4 types") are used."""
    says("Remove cards (3 or 4 players only).", "There are 60 astrology cards",
         "There are 15 cards each of the 4 types")
    setup = make_setup("latria", players, "standard", 1)
    assert setup.removed_astrology == {s: [] for s in SUITS}
    assert setup.deck_size == 60
    assert "no cards are removed" in step(setup, "Remove astrology cards")


@pytest.mark.parametrize(("players", "hand"), [(3, 12), (4, 12), (5, 12), (6, 10)])
def test_deal_10_cards_with_6_players_otherwise_12(players, hand):
    """Game Setup, Deal astrology cards: "deal them out evenly to the players. With 6
    players each player receives 10 cards; otherwise each player receives 12 cards." The
    deck is dealt out exactly."""
    says("deal them out evenly to the players. With 6 players each player receives 10 "
         "cards; otherwise each player receives 12 cards.")
    setup = make_setup("latria", players, "standard", 1)
    assert setup.hand_size == hand
    assert setup.deck_size == hand * players
    assert f"each player {hand} cards" in step(setup, "Deal astrology cards")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rounds_until_one_card_left(players):
    """Game Flow: "Repeat rounds until the hand of astrology cards has one card left." —
    rounds = hand size − 1."""
    says("Repeat rounds until the hand of astrology cards has one card left.",
         "The last card is not used in the game.")
    setup = make_setup("latria", players, "standard", 1)
    assert setup.rounds == setup.hand_size - 1
    assert f"lasts {setup.rounds} rounds" in step(setup, "Deal astrology cards")


@pytest.mark.parametrize("variant", ["standard", "star_eclipse", "campaign"])
def test_three_boards_eclipse_side_down(variant):
    """Game Setup, Prepare celestial cards and boards: "Place the Sun, Moon, and Polaris
    boards with the red "ECLIPSE" side face down"; 13 celestial cards each."""
    says('Place the Sun, Moon, and Polaris boards with the red "ECLIPSE" side face down',
         "There are 13 cards each of the 3 types")
    setup = make_setup("latria", 5, variant, 1)
    assert setup.boards == ["sun", "moon", "polaris"]
    assert setup.removed_celestial == []
    detail = step(setup, "Prepare celestial cards and boards")
    assert "(13 each)" in detail and "“ECLIPSE” side face down" in detail


def test_simple_uses_only_the_latria_board():
    """Extension Rules 1 (Simple), "Board used": "do not place the Sun, Moon, and Polaris
    boards. Instead, place only the Latria board, with the "ECLIPSE" side face down, in the
    centre of the three celestial card draw piles." """
    says("do not place the Sun, Moon, and Polaris boards. Instead, place only the Latria "
         'board, with the "ECLIPSE" side face down, in the centre of the three celestial card '
         "draw piles.")
    setup = make_setup("latria", 4, "simple", 1)
    assert setup.boards == ["latria"]
    assert "place only the Latria board" in step(setup, "Prepare celestial cards and boards")


def test_simple_removes_three_celestial_cards_first():
    """Extension Rules 1, "Celestial cards used": "At the start of setup, look through all
    the celestial cards and remove the following 3 cards: the Sun card marked "×0", the
    Moon card marked "×2", and the Polaris card with the two red symbols" — 12 of each
    remain."""
    says('remove the following 3 cards: the Sun card marked "×0", the Moon card marked "×2", '
         "and the Polaris card with the two red symbols")
    setup = make_setup("latria", 6, "simple", 1)
    assert setup.removed_celestial == ["sun_x0", "moon_x2", "polaris_discard_two"]
    assert setup.steps[0].title == "Simple: remove three celestial cards"
    assert "12 Sun, 12 Moon and 12 Polaris" in setup.steps[0].detail
    assert "(12 each)" in step(setup, "Prepare celestial cards and boards")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("variant", ["standard", "star_eclipse", "campaign"])
def test_eclipse_markers_equal_to_players(players, variant):
    """Game Setup, Eclipse markers: "Place a number of eclipse markers next to the draw
    piles equal to the number of players." (6 in the box.)"""
    says("Place a number of eclipse markers next to the draw piles equal to the number of "
         "players.", "6 round eclipse markers")
    setup = make_setup("latria", players, variant, 1)
    assert setup.eclipse_markers == players
    assert f"Place {players} eclipse markers" in step(setup, "Eclipse markers")


@pytest.mark.parametrize("players", [3, 6])
def test_simple_uses_no_eclipse_markers(players):
    """Extension Rules 1: "Because there are no negative points, eclipse markers are not
    used in this rule." """
    says("Because there are no negative points, eclipse markers are not used in this rule.")
    setup = make_setup("latria", players, "simple", 1)
    assert setup.eclipse_markers == 0
    assert "not used" in step(setup, "Eclipse markers")


@pytest.mark.parametrize("variant", VARIANTS)
def test_polaris_eclipsed_only_in_star_eclipse(variant):
    """Extension Rules 2 (Star Eclipse): "At the start of the game, turn the Polaris board
    over so that the "ECLIPSE" side is face up." """
    says('At the start of the game, turn the Polaris board over so that the "ECLIPSE" side '
         "is face up.")
    setup = make_setup("latria", 3, variant, 1)
    assert setup.polaris_eclipsed == (variant == "star_eclipse")
    titles = [s.title for s in setup.steps]
    assert ("Star Eclipse: eclipse Polaris" in titles) == (variant == "star_eclipse")


@pytest.mark.parametrize("seed", range(20))
def test_first_parent_rule_with_the_drawn_seat_as_alternative(seed):
    """Game Setup, Choose the first parent: "The player who is most confident in astrology
    becomes the first player (the parent)." — the checklist says it and offers the drawn
    seat."""
    says("The player who is most confident in astrology becomes the first player (the parent).")
    setup = make_setup("latria", 5, "standard", seed)
    assert setup.first_player_rule == (
        "The player who is most confident in astrology becomes the first player (the parent).")
    detail = step(setup, "Choose the first parent")
    assert "most confident in astrology" in detail
    assert f"seat {setup.first_player} (drawn from the seed)" in detail
    assert draws(setup) == [("First parent", f"Seat {setup.first_player}")]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_campaign_each_player_starting_parent_once_in_turn(players):
    """Extension Rules 3 (Campaign): "Play a number of games in succession equal to the
    number of players ... each player is the starting parent for one game, in turn."
    (ruling S-3: clockwise from game 1's parent.)"""
    says("Play a number of games in succession equal to the number of players",
         "each player is the starting parent for one game, in turn.")
    setup = make_setup("latria", players, "campaign", 4)
    first = setup.first_player
    assert setup.campaign_parents[0] == first
    assert sorted(setup.campaign_parents) == list(range(1, players + 1))
    for a, b in zip(setup.campaign_parents, setup.campaign_parents[1:], strict=False):
        assert b == a % players + 1
    detail = step(setup, "Campaign: one game per player")
    assert f"Play {players} standard games" in detail
    assert draws(setup)[0] == ("Game 1 starting parent", f"Seat {first}")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_later_campaign_game_starts_with_the_next_parent(players):
    """Extension Rules 3 (Campaign): "In this rule, each player is the starting parent for
    one game, in turn." Game N's first parent is game 1's, N − 1 seats on clockwise
    (ruling S-3), through the setup's first player, its checklist and its draws."""
    says("In this rule, each player is the starting parent for one game, in turn.")
    seed = 11
    game1 = make_setup("latria", players, "campaign", seed)
    assert game1.campaign_game == 1
    for n in range(2, players + 1):
        setup = make_setup("latria", players, "campaign", seed, campaign_game=n)
        want = (game1.first_player - 1 + n - 1) % players + 1
        assert setup.first_player == want == game1.campaign_parents[n - 1]
        assert setup.campaign_parents == game1.campaign_parents
        assert setup.campaign_game == n
        detail = step(setup, f"Campaign game {n}: the starting parent")
        assert f"Seat {want} is the starting parent of game {n}" in detail
        assert f"game 1's starting parent (seat {game1.first_player})" in detail
        assert draws(setup) == [(f"Game {n} starting parent", f"Seat {want}")]  # not drawn
        assert "drawn from the seed" not in setup.first_player_text()
        assert setup.first_player_rule == ("In this rule, each player is the starting parent "
                                           "for one game, in turn.")
        assert setup.to_json_dict()["first_player"] == want
    # Game 1's parent chosen by the rule (not the drawn seat): the later games follow it.
    other = game1.first_player % players + 1
    setup = make_setup("latria", players, "campaign", seed, campaign_game=2,
                       first_parent=other)
    assert setup.first_player == other % players + 1
    assert setup.campaign_parents[0] == other


def test_campaign_game_options_are_checked():
    with pytest.raises(SetupError, match="only for the Latria campaign"):
        make_setup("latria", 4, "standard", 1, campaign_game=2)
    with pytest.raises(SetupError, match="only for the Latria campaign"):
        make_setup("luna", 4, "standard", 1, campaign_game=2)
    with pytest.raises(SetupError, match="1–4 with 4 players, not 5"):
        make_setup("latria", 4, "campaign", 1, campaign_game=5)
    with pytest.raises(SetupError, match="a seat, 1–4 with 4 players, not 0"):
        make_setup("latria", 4, "campaign", 1, campaign_game=2, first_parent=0)
    with pytest.raises(SetupError, match="later game"):
        make_setup("latria", 4, "campaign", 1, first_parent=2)
    assert make_setup("latria", 4, "standard", 1).campaign_game is None


def test_campaign_placement_points():
    """Extension Rules 3: "the player in 1st place records a score equal to the number of
    players. Each player below 1st records one point less ... the player in last place
    records −1." Example (4 players): 4, 3, …, −1."""
    says("the player in 1st place records a score equal to the number of players",
         "the player in last place records −1")
    detail = step(make_setup("latria", 4, "campaign", 1), "Campaign: one game per player")
    assert "place 1 scores 4, place 2 scores 3, place 3 scores 2, place 4 scores −1" in detail


@pytest.mark.parametrize("variant", ["standard", "simple", "star_eclipse"])
def test_campaign_parents_only_in_a_campaign(variant):
    assert make_setup("latria", 4, variant, 1).campaign_parents == []


def test_variants_share_the_standard_numbers():
    """Star Eclipse: "Set up the game as normal"; a campaign game is a standard game."""
    says("Set up the game as normal.")
    base = make_setup("latria", 4, "standard", 8).to_json_dict()
    for variant in ("star_eclipse", "campaign"):
        other = make_setup("latria", 4, variant, 8).to_json_dict()
        for key in ("hand_size", "rounds", "removed_astrology", "deck_size", "eclipse_markers",
                    "boards", "removed_celestial", "first_player"):
            assert other[key] == base[key], (variant, key)
