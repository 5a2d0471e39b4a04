"""Luna setup: each number against its line in seeds/002 ("Setup", "1. Preliminary
Round", "Special Rules for the 2-Player Game", "Solo Game Rules"). Every test quotes the
rule it checks, and checks the quote is in the rulebook."""

from __future__ import annotations

import pathlib

import pytest

from setup_guides import draws, make_setup

RULEBOOK = (
    pathlib.Path(__file__).resolve().parents[2] / "seeds" / "002_127c424ddd4c3ef4.txt"
).read_text(encoding="utf-8")

MULTI = [(n, v) for n in (2, 3, 4) for v in ("standard", "preselected")]
SOLO = ["solo1", "solo2", "solo3"]
ALL = MULTI + [(1, v) for v in SOLO]


def says(*phrases: str) -> None:
    for phrase in phrases:
        assert phrase in RULEBOOK, phrase


def step(setup, title: str) -> str:
    matches = [s.cited_detail for s in setup.steps if s.title == title]
    assert len(matches) == 1, (title, [s.title for s in setup.steps])
    return matches[0]


def test_setup_steps_follow_the_rulebook_order():
    """Setup 1–8, then Game Play 1 (Preliminary Round: Shrines, Novices, Favor tokens);
    the Isles and figures (not a numbered step of the text, ruling S-8) come first."""
    setup = make_setup("luna", 3, "standard", 1)
    assert [s.title for s in setup.steps] == [
        "Holy Isles, Favor tokens and figures",
        "Influence and player pieces",  # 1.
        "Start player",  # 2.
        "Temple Island and Temple boards",  # 3.
        "Temple tiles 1–4",  # 4.
        "Guard and Temple tiles on the path",  # 5.
        "Guard of the Temple",  # 6.
        "Time tokens",  # 7.
        "Council of Priests",  # 8.
        "Preliminary Round: Shrines",
        "Preliminary Round: Novices",
        "Preliminary Round: Favor tokens",
    ]


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_five_influence_each(players, variant):
    """Setup 1: "Each player receives 5 influence points, the components of his color" """
    says("Each player receives 5 influence points, the components of his color")
    setup = make_setup("luna", players, variant, 1)
    assert setup.starting_influence == 5
    assert "5 influence points" in step(setup, "Influence and player pieces")


@pytest.mark.parametrize(("players", "priestess"), [(1, 5), (2, 5), (3, 5), (4, 6)])
def test_moon_priestess_six_for_4_players_five_for_2_3(players, priestess):
    """Components: "Moon Priestess of value "6" (4 players)", "Moon Priestess of value "5"
    (2-3 players)"; the solo game "is based on a 2-player game"."""
    says('Moon Priestess of value "6" (4 players)', 'Moon Priestess of value "5" (2-3 players)',
         "The solo game is based on a 2-player game.")
    variant = "solo1" if players == 1 else "standard"
    setup = make_setup("luna", players, variant, 1)
    assert setup.priestess == priestess
    assert f"Moon Priestess of value “{priestess}”" in step(
        setup, "Holy Isles, Favor tokens and figures")


@pytest.mark.parametrize("seed", range(10))
def test_start_player_chosen_randomly(seed):
    """Setup 2: "Randomly choose a start player and give him the start player figure." """
    says("Randomly choose a start player and give him the start player figure.")
    setup = make_setup("luna", 4, "standard", seed)
    assert setup.first_player_rule == (
        "Randomly choose a start player and give him the start player figure.")
    assert f"seat {setup.first_player} (drawn from the seed)" in step(setup, "Start player")
    assert draws(setup)[0] == ("Start player", f"Seat {setup.first_player}")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_temple_boards_equal_to_players_rest_face_down(players, variant):
    """Setup 3: "Beginning at the Temple Gate, place a number of randomly selected Temple
    boards equal to the number of players face-up within the frame. Place the remaining
    Temple boards face-down" — solo: "Setup a 2-player game". Boards are named by their
    tile among 1–4 (ruling S-7)."""
    says("Beginning at the Temple Gate, place a number of randomly selected Temple boards "
         "equal to the number of players face-up within the frame. Place the remaining Temple "
         "boards face-down", "Setup: Setup a 2-player game")
    setup = make_setup("luna", players, variant, 5)
    in_play = 2 if players == 1 else players
    assert setup.temple_boards == in_play == len(setup.temple_board_order)
    detail = step(setup, "Temple Island and Temple boards")
    assert f"place {in_play} Temple boards face up" in detail
    for tile in setup.temple_board_order:
        assert f"the colour of Temple tile {tile}" in detail
    if in_play == 3:
        assert "Place the other board face down" in detail
    elif in_play == 2:
        assert "Place the other 2 boards face down" in detail


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_tiles_of_unused_colours_removed(players, variant):
    """Setup 4: "Remove all Temple tiles from play that do not match one of the colors of
    the Temple boards in use." — 7 tiles per colour (derived from the components, ruling S-7)."""
    says("Remove all Temple tiles from play that do not match one of the colors of the "
         "Temple boards in use.")
    setup = make_setup("luna", players, variant, 5)
    detail = step(setup, "Temple tiles 1–4")
    unused = 4 - setup.temple_boards
    if unused:
        assert f"Remove from play the {7 * unused} Temple tiles" in detail
        for tile in sorted(set(range(1, 5)) - set(setup.temple_board_order)):
            assert str(tile) in detail.split("including", 1)[1].split(".")[0]
    else:
        assert "All 28 Temple tiles are in play." in detail


@pytest.mark.parametrize(("players", "variant"), MULTI)
@pytest.mark.parametrize("seed", range(5))
def test_tiles_1_to_4_distributed_randomly_one_each_with_a_book(players, variant, seed):
    """Setup 4: "Randomly distribute the tiles 1-4 (if not removed) among the players. Then
    each player places the received tile together with his own Novice ... Finally, place a
    "Book of Wisdom" on each of these tiles." """
    says("Randomly distribute the tiles 1-4 (if not removed) among the players.",
         'Finally, place a "Book of Wisdom" on each of these tiles.')
    setup = make_setup("luna", players, variant, seed)
    owner = setup.temple_tile_owner
    assert sorted(owner) == sorted(setup.temple_board_order)
    assert sorted(owner.values()) == list(range(1, players + 1))
    detail = step(setup, "Temple tiles 1–4")
    for tile, seat in owner.items():
        assert f"tile {tile} to seat {seat}" in detail
        assert (f"Temple tile {tile}", f"Seat {seat}") in draws(setup)
    assert f"“Book of Wisdom” on each of these {players} tiles" in detail


def test_temple_path_4_players_every_number_written_out():
    """Setup 5: "Firstly, place the lowest-numbered Guard tile (2) next to the Temple Gate.
    Then, starting with the highest-numbered Temple tile, place a number of descending
    Temple tiles equal to the number of players ... Continue placing the next highest Guard
    tile and another set" — with 4 players all 28 tiles are in play and 1–4 are in the
    Temple, so the path is 2; 28–25; 2; 24–21; 3; 20–17; 4; 16–13; 5; 12–9; 6; 8–5."""
    says("Firstly, place the lowest-numbered Guard tile (2) next to the Temple Gate.",
         "Then, starting with the highest-numbered Temple tile, place a number of descending "
         "Temple tiles equal to the number of players on the next free spaces of the path.",
         "Continue placing the next highest Guard tile and another set of descending Temple "
         "tiles")
    for variant in ("standard", "preselected"):
        detail = step(make_setup("luna", 4, variant, 1), "Guard and Temple tiles on the path")
        assert (
            "Guard 2; tiles 28, 27, 26 and 25; Guard 2; tiles 24, 23, 22 and 21; "
            "Guard 3; tiles 20, 19, 18 and 17; Guard 4; tiles 16, 15, 14 and 13; "
            "Guard 5; tiles 12, 11, 10 and 9; Guard 6; tiles 8, 7, 6 and 5."
        ) in detail


@pytest.mark.parametrize(("players", "variant"), [(2, "standard"), (3, "preselected"),
                                                  (1, "solo2")])
def test_temple_path_by_rank_when_colours_are_unknown(players, variant):
    """Setup 5 with fewer than 4 boards: the text does not say which numbers a colour has,
    so the checklist says how to sort them and places them by rank (ruling S-7). Example:
    "In a 2-player game, with the blue and yellow Temple boards in play, first place Guard
    tile (2), then Temple tiles 28, 25, Guard tile (2), Temple tiles 23, 21" """
    says("In a 2-player game, with the blue and yellow Temple boards in play, first place "
         "Guard tile (2), then Temple tiles 28, 25, Guard tile (2), Temple tiles 23, 21")
    setup = make_setup("luna", players, variant, 1)
    n = setup.tiles_per_group
    assert n == (2 if players == 1 else players)
    detail = step(setup, "Guard and Temple tiles on the path")
    assert f"The other {6 * n} Temple tiles in play" in detail
    assert "sort the rest from highest to lowest" in detail
    if n == 2:
        assert ("Guard 2; the 1st–2nd highest tiles; Guard 2; the 3rd–4th highest tiles; "
                "Guard 3; the 5th–6th highest tiles; Guard 4; the 7th–8th highest tiles; "
                "Guard 5; the 9th–10th highest tiles; Guard 6; the 11th–12th highest tiles"
                ) in detail
    else:
        assert ("Guard 2; the 1st–3rd highest tiles; Guard 2; the 4th–6th highest tiles; "
                "Guard 3; the 7th–9th highest tiles; Guard 4; the 10th–12th highest tiles; "
                "Guard 5; the 13th–15th highest tiles; Guard 6; the 16th–18th highest tiles"
                ) in detail
    assert "ruling S-7" in detail


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_guard_tiles_from_the_gate_and_guard_on_six(players, variant):
    """Components: "6 Guard tiles (of values 6, 5, 4, 3, 2, 2)"; Setup 5 places them from
    the gate lowest first; Setup 6: "Place the Guard of the Temple figure on the Guard tile
    of value "6"." """
    says("6 Guard tiles (of values 6, 5, 4, 3, 2, 2)",
         'Place the Guard of the Temple figure on the Guard tile of value "6".')
    setup = make_setup("luna", players, variant, 1)
    assert setup.guard_tiles == [2, 2, 3, 4, 5, 6]
    assert "Guard tile of value “6”" in step(setup, "Guard of the Temple")


@pytest.mark.parametrize(("players", "variant"), ALL)
def test_six_rounds(players, variant):
    """Overview: "The game takes place over a series of 6 rounds." """
    says("The game takes place over a series of 6 rounds.")
    assert make_setup("luna", players, variant, 1).rounds == 6


@pytest.mark.parametrize(("players", "tokens"), [(2, 3), (3, 4), (4, 4)])
def test_time_tokens_four_three_with_two_players(players, tokens):
    """Setup 7: "Pile up the 4 Time tokens ... Make sure the Time token with the "1" is on
    the bottom of the pile. Remove the Time token on top of the pile from play if playing
    with 2 players." Special Rules: "only 3 Time tokens are needed." """
    says("Pile up the 4 Time tokens", 'Make sure the Time token with the "1" is on the bottom',
         "Remove the Time token on top of the pile from play if playing with 2 players.",
         "Setup: only 3 Time tokens are needed.")
    setup = make_setup("luna", players, "standard", 1)
    assert setup.time_tokens == tokens
    detail = step(setup, "Time tokens")
    assert "“1” at the bottom" in detail
    assert ("3 Time tokens" in detail) == (players == 2)


@pytest.mark.parametrize(("players", "variant"), MULTI)
def test_council_stacked_beginning_with_the_start_player(players, variant):
    """Setup 8: "Beginning with the start player, the players stack their Member of the
    Council piece on the first space of the Council of Priests." (ruling S-11)"""
    says("Beginning with the start player, the players stack their Member of the Council "
         "piece on the first space of the Council of Priests.")
    setup = make_setup("luna", players, variant, 2)
    first = setup.first_player
    order = [(first - 1 + i) % players + 1 for i in range(players)]
    stack = ", then ".join(f"seat {s}" for s in order)
    assert f"{stack} (on top)" in step(setup, "Council of Priests")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_preliminary_round_in_the_standard_setup(players):
    """1. Preliminary Round: "each player places one of his Shrines on a Holy Isle of his
    choice", "place 4 sets of 2 Novices", "receives one Favor token each from the two Isles
    he has not placed any pieces"; 2 players: "you may not choose the Herbal Isle"."""
    says("each player places one of his Shrines on a Holy Isle of his choice",
         "players take turns to place 4 sets of 2 Novices on the Isles",
         "each player receives one Favor token each from the two Isles he has not placed any "
         "pieces", "In the 2-player game, you may not choose the Herbal Isle.")
    setup = make_setup("luna", players, "standard", 1)
    assert setup.preliminary_round is True
    assert ("not on the Herbal Isle" in step(setup, "Preliminary Round: Shrines")) == (
        players == 2)
    assert "4 sets of 2 Novices" in step(setup, "Preliminary Round: Novices")
    assert "two Isles" in step(setup, "Preliminary Round: Favor tokens")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_preliminary_round_with_the_preselected_setup(players):
    """1. Preliminary Round: "There is no Preliminary Round if you use the preselected
    setup." (ruling S-9: the placements follow the printed preselected setup.)"""
    says("There is no Preliminary Round if you use the preselected setup.")
    setup = make_setup("luna", players, "preselected", 1)
    assert setup.preliminary_round is False
    titles = [s.title for s in setup.steps]
    assert "No Preliminary Round (preselected setup)" in titles
    assert not any(t.startswith("Preliminary Round:") for t in titles)
    assert "S-9" in step(setup, "Holy Isles, Favor tokens and figures")


@pytest.mark.parametrize("variant", SOLO)
def test_solo_setup_is_a_2_player_setup_without_time_tokens(variant):
    """Solo Level 1: "Setup a 2-player game, but place only 1 Favor token on each Isle and
    do not use the Time tokens." """
    says("Setup a 2-player game, but place only 1 Favor token on each Isle and do not use "
         "the Time tokens.")
    setup = make_setup("luna", 1, variant, 1)
    assert (setup.temple_boards, setup.tiles_per_group, setup.time_tokens) == (2, 2, 0)
    assert setup.preliminary_round is True
    assert "only 1 on each Isle" in step(setup, "Holy Isles, Favor tokens and figures")
    assert "Not used in the solo game" in step(setup, "Time tokens")


@pytest.mark.parametrize("variant", SOLO)
def test_solo_opponent_is_start_player(variant):
    """Solo Level 1, Preliminary Round: "Your opponent is the start player." — nothing is
    drawn; first_player is the only seat, 1 (ruling S-10)."""
    says("Your opponent is the start player.")
    setup = make_setup("luna", 1, variant, 1)
    assert setup.first_player == 1
    assert "opponent is the start player" in setup.first_player_rule
    assert draws(setup)[0] == ("Start player", "Virtual opponent (solo rule, not drawn)")
    assert "virtual opponent's at the bottom, yours on top" in step(setup, "Council of Priests")


@pytest.mark.parametrize("variant", SOLO)
@pytest.mark.parametrize("seed", range(6))
def test_solo_temple_tiles_one_for_the_opponent_one_for_you(variant, seed):
    """Solo Level 1: "Do not place any Novices in the Temple, yet." — "Take an opponent
    Novice from the Isle matching the symbol of the opponent's Temple tile" — "Place a
    Novice of your own on the remaining tile in the Temple, together with a book." """
    says("Do not place any Novices in the Temple, yet.",
         "Take an opponent Novice from the Isle matching the symbol of the opponent's Temple "
         "tile and place him on that tile.",
         "Place a Novice of your own on the remaining tile in the Temple, together with a book.")
    setup = make_setup("luna", 1, variant, seed)
    assert sorted(setup.temple_tile_owner.values()) == [0, 1]
    theirs = next(t for t, s in setup.temple_tile_owner.items() if s == 0)
    yours = next(t for t, s in setup.temple_tile_owner.items() if s == 1)
    assert "without Novices for now" in step(setup, "Temple tiles 1–4")
    assert f"(tile {theirs})" in step(setup, "Opponent's Temple tile")
    assert f"(tile {yours})" in step(setup, "Your Temple tile")
    assert (f"Temple tile {theirs}", "Virtual opponent") in draws(setup)


@pytest.mark.parametrize("variant", SOLO)
def test_solo_opponent_starting_pieces(variant):
    """Solo Level 1: "Place 1 Shrine and 1 Novice of his color on the Holy Isle with the
    Master Builder and 2 Novices on each of the other Isles." """
    says("Place 1 Shrine and 1 Novice of his color on the Holy Isle with the Master Builder "
         "and 2 Novices on each of the other Isles.")
    detail = step(make_setup("luna", 1, variant, 1), "Opponent's starting pieces")
    assert "1 Shrine and 1 Novice" in detail and "2 of his Novices on each of the other 6" in detail


def test_solo_level_3_master_builder_and_priestess_together():
    """Solo Level 3: "During setup, place the Master Builder and Moon Priestess on the same
    Isle." """
    says("During setup, place the Master Builder and Moon Priestess on the same Isle.")
    for variant in SOLO:
        detail = step(make_setup("luna", 1, variant, 1), "Holy Isles, Favor tokens and figures")
        assert ("on the same Isle" in detail) == (variant == "solo3")


@pytest.mark.parametrize(("variant", "text"), [
    ("solo1", "does not block"),
    ("solo2", "except “Expulsion”"),
    ("solo3", "even “Expulsion”"),
])
def test_solo_levels_apostate(variant, text):
    """Level 2: "the Apostate blocks all actions on "his" Isle except "Expulsion"";
    Level 3: "the Apostate blocks all actions on the Isle he is on. That means, even
    "Expulsion" is prohibited." """
    says('the Apostate blocks all actions on "his" Isle except "Expulsion"',
         'even "Expulsion" is prohibited')
    level = variant[-1]
    setup = make_setup("luna", 1, variant, 1)
    assert text in step(setup, f"Solo Level {level}: rules to remember")


def test_solo_text_output_names_the_virtual_opponent_as_start_player():
    """Solo Level 1: "Your opponent is the start player." — the readable checklist says so
    instead of "seat 1" (ruling S-10)."""
    from setup_guides.__main__ import render_text

    text = render_text(make_setup("luna", 1, "solo1", 4))
    assert "First player: the virtual opponent" in text
