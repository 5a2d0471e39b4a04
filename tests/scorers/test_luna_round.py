"""Luna round scoring: the Moon Priestess and Apostate examples, the Temple, checks, properties."""

from __future__ import annotations

import copy
from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import luna_round
from scorers.base import SheetProblems
from scorers.sheets import score_sheet


def player(name, priestess=0, apostate=0, novices=0, books=0):
    return {"name": name, "priestess_isle": priestess, "apostate_isle": apostate,
            "temple_novices": novices, "temple_books": books}


def sheet(players, council_order=None, values="absent"):
    data = {"game": "luna_round",
            "council_order": council_order or [p["name"] for p in players],
            "players": players}
    if values != "absent":
        data["priestess_values"] = values
    return data


def problems_of(data) -> list[str]:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def lines(result, name):
    p = next(p for p in result.players if p.name == name)
    return [(x.label, x.points) for x in p.breakdown]


COUNCIL = ["Yellow", "Red", "Blue", "White"]


# ---------------------------------------------------------------- the rulebook's examples


def test_moon_priestess_example_6_3_1():
    # Luna, Moon Priestess: "Yellow receives 6, Red 3 (due to his better position in the
    # Council of Priests) and blue 1 influence point." Red and Blue tie on the isle.
    data = sheet([player("Yellow", priestess=3), player("Red", priestess=2),
                  player("Blue", priestess=2), player("White", priestess=0)], COUNCIL)
    result = score_sheet(data)
    got = {p.name: p.breakdown[0] for p in result.players}
    assert (got["Yellow"].label, got["Yellow"].points) == \
        ("Moon Priestess: 1st place (3 on the isle) → 6", 6)
    # The breakdown says where the Council decided a tie.
    assert (got["Red"].label, got["Red"].points) == \
        ("Moon Priestess: 2nd place (2 on the isle; tie with Blue decided by the Council) → 3", 3)
    assert (got["Blue"].label, got["Blue"].points) == \
        ("Moon Priestess: 3rd place (2 on the isle; tie with Red decided by the Council) → 1", 1)
    assert (got["White"].label, got["White"].points) == ("Moon Priestess: none on the isle → 0", 0)
    assert ("Red and Blue both have 2 on the Moon Priestess's isle; Red is further ahead in the "
            "Council and takes 2nd place (Luna, Moon Priestess) (LU-4)") in result.notes
    assert any(n.startswith("Moon Priestess values 6/3/1: the 4-player figure") for n in
               result.notes)


def test_council_decides_the_priestess_tie_the_other_way():
    data = sheet([player("Yellow", priestess=3), player("Red", priestess=2),
                  player("Blue", priestess=2), player("White")],
                 ["Blue", "Yellow", "White", "Red"])
    result = score_sheet(data)
    assert lines(result, "Blue")[0][1] == 3
    assert lines(result, "Red")[0][1] == 1


def test_apostate_example():
    # Luna, Apostate: "Blue loses 4 influence points, Red loses 3. White and Yellow don't lose
    # any influence points."
    data = sheet([player("Yellow"), player("Red", apostate=2), player("Blue", apostate=3),
                  player("White")], COUNCIL)
    result = score_sheet(data)
    assert lines(result, "Blue")[1] == ("Apostate: 3 Novices → −4", -4)
    assert lines(result, "Red")[1] == ("Apostate: 2 Novices → −3", -3)
    assert lines(result, "White")[1] == ("Apostate: no Novices there → 0", 0)
    assert lines(result, "Yellow")[1] == ("Apostate: no Novices there → 0", 0)
    assert lines(score_sheet(sheet([player("A", apostate=1)], values=[5, 2])), "A")[1] == \
        ("Apostate: 1 Novice → −2", -2)


def test_temple_novices_and_books():
    data = sheet([player("Yellow", novices=2, books=1), player("Red"), player("Blue"),
                  player("White")], COUNCIL)
    result = score_sheet(data)
    assert lines(result, "Yellow")[2] == ("Temple: 2 Novices + 1 on a book → 3", 3)
    assert lines(result, "Red")[2] == ("Temple: no Novices → 0", 0)


def test_total_is_the_change_of_influence_and_can_be_negative():
    data = sheet([player("A", priestess=1, apostate=4, novices=1)], values=[5, 2])
    a = score_sheet(data).players[0]
    assert a.total == 5 - 5 + 1 == 1
    data = sheet([player("A", apostate=4), player("B", priestess=1)], values=[5, 2])
    assert score_sheet(data).players[0].total == -5


# ---------------------------------------------------------------- places


def test_three_players_third_place_scores_nothing():
    data = sheet([player("A", priestess=4), player("B", priestess=3), player("C", priestess=1)],
                 values=[5, 2])
    result = score_sheet(data)
    assert [p.breakdown[0].points for p in result.players] == [5, 2, 0]
    assert result.players[2].breakdown[0].label == \
        "Moon Priestess: 3rd place (1 on the isle) → 0 (third place scores only with 4 players)"
    assert any("C is 3rd at the Moon Priestess: third place scores only with 4 players" in n
               for n in result.notes)


def test_a_third_value_entered_with_three_players_is_not_used():
    data = sheet([player("A", priestess=4), player("B", priestess=3), player("C", priestess=1)],
                 values=[5, 2, 1])
    assert [p.breakdown[0].points for p in score_sheet(data).players] == [5, 2, 0]


def test_fourth_place_never_scores():
    data = sheet([player("A", priestess=4), player("B", priestess=3), player("C", priestess=2),
                  player("D", priestess=1)])
    result = score_sheet(data)
    assert [p.breakdown[0].points for p in result.players] == [6, 3, 1, 0]
    assert result.players[3].breakdown[0].label.endswith("→ 0 (only three places score)")


def test_places_with_nobody_score_nothing():
    data = sheet([player("A", priestess=2), player("B"), player("C"), player("D")])
    assert [p.breakdown[0].points for p in score_sheet(data).players] == [6, 0, 0, 0]
    data = sheet([player("A"), player("B"), player("C"), player("D")])
    assert [p.breakdown[0].points for p in score_sheet(data).players] == [0, 0, 0, 0]


def test_two_players_with_entered_values():
    data = sheet([player("A", priestess=1), player("B", priestess=1)], ["B", "A"], [5, 2])
    result = score_sheet(data)
    assert [p.breakdown[0].points for p in result.players] == [2, 5]
    assert any(n == "Moon Priestess values 5/2 as printed on the figure (LU-2)"
               for n in result.notes)


def test_entered_four_player_values_differing_from_the_example_are_used_and_noted():
    data = sheet([player("A", priestess=2), player("B", priestess=1), player("C"),
                  player("D")], values=[6, 4, 2])
    result = score_sheet(data)
    assert [p.breakdown[0].points for p in result.players] == [6, 4, 0, 0]
    assert any("6/4/2 as entered (the rulebook's example shows 6/3/1) (LU-2)" in n
               for n in result.notes)


def test_round_ranks_are_shared_on_equal_change():
    data = sheet([player("A", novices=2), player("B", novices=1, books=1), player("C")],
                 values=[5, 2])
    result = score_sheet(data)
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.winners == ["A", "B"]
    assert any("LU-7" in n for n in result.notes)


# ---------------------------------------------------------------- checks


def test_priestess_values_are_required_with_fewer_than_four_players():
    for n in (1, 2, 3):
        data = sheet([player(f"P{i}") for i in range(n)])
        problems = problems_of(data)
        assert len(problems) == 1
        assert problems[0].startswith(f"priestess_values: required with {n} player")
        assert "“5” Moon Priestess" in problems[0]
        assert "does not give the second value" in problems[0]


def test_priestess_values_are_checked():
    four = [player(n) for n in "ABCD"]
    assert problems_of(sheet(four, values=[6, 3])) == [
        "priestess_values: 2 values, but the “6” Moon Priestess needs 3 values "
        "(1st, 2nd, 3rd place), largest first"]
    assert problems_of(sheet(four, values=[5, 3, 1])) == [
        "priestess_values[0]: 5, but with 4 players the Moon Priestess's large number is 6"]
    two = [player("A"), player("B")]
    assert problems_of(sheet(two, values=[5, 6])) == [
        "priestess_values[1]: 6, more than the value before it (5); list the values largest "
        "first"]
    assert problems_of(sheet(two, values=[5, -1])) == [
        "priestess_values[1]: -1, but a printed value cannot be negative"]
    assert problems_of(sheet(two, values=[5])) == [
        "priestess_values: 1 value, but the “5” Moon Priestess needs 2 values "
        "(1st and 2nd place), largest first"]


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("priestess_isle", 15, "players[1].priestess_isle: 15, but a player has 13 Novices and "
                               "at most 1 Shrine on an isle (0–14)"),
        ("apostate_isle", 14, "players[1].apostate_isle: 14, but a player has 13 Novices (0–13)"),
        ("temple_novices", -1, "players[1].temple_novices: -1, but a player has 13 Novices "
                               "(0–13)"),
        ("temple_books", -1, "players[1].temple_books: -1, but it cannot be negative"),
    ],
)
def test_ranges(field, value, expected):
    data = sheet([player("A"), player("B")], values=[5, 2])
    data["players"][1][field] = value
    assert problems_of(data) == [expected]


def test_books_lie_under_novices_and_are_limited():
    data = sheet([player("A", novices=1, books=2), player("B")], values=[5, 2])
    assert problems_of(data) == [
        "players[0].temple_books: 2, but they have only 1 Novice in the Temple, and a book "
        "lies under one Novice"]
    data = sheet([player("A", novices=2, books=2), player("B", novices=1, books=1)],
                 values=[5, 2])
    assert problems_of(data) == [
        "players: 3 Novices on a book, but with 2 players there are only 2 Books of Wisdom in "
        "the Temple (LU-6)"]


def test_novices_are_limited_by_pieces_and_temple_spaces():
    data = sheet([player("A", apostate=5, novices=9), player("B")], values=[5, 2])
    assert problems_of(data) == [
        "players[0].apostate_isle: 5 at the Apostate's isle and 9 in the Temple, but a player "
        "has only 13 Novices"]
    data = sheet([player("A", priestess=6, novices=9), player("B")], values=[5, 2])
    assert problems_of(data)[0].startswith("players[0].priestess_isle: 6 at the Moon Priestess")
    data = sheet([player("A", novices=8), player("B", novices=7)], values=[5, 2])
    assert problems_of(data) == [
        "players: 15 Novices in the Temple, but with 2 players it has 14 spaces (7 Temple tiles "
        "per colour) (LU-6)"]


def test_council_and_names_are_checked_as_in_luna():
    data = sheet([player("A"), player("A")], ["A", "B"], values=[5, 2])
    problems = problems_of(data)
    assert "players[1].name: “A” is already the name of player 1" in problems
    assert any(p.startswith("council_order[1]: “B” is not a player here") for p in problems)


def test_public_data():
    assert luna_round.NOVICES == 13
    assert luna_round.PRIESTESS_ISLE_MAX == 14
    assert [luna_round.scoring_places(n) for n in (1, 2, 3, 4)] == [2, 2, 2, 3]
    assert [luna_round.temple_tiles_in_play(n) for n in (1, 2, 3, 4)] == [14, 14, 21, 28]
    assert [luna_round.books_in_play(n) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [luna_round.priestess_values_needed(n) for n in (1, 2, 3, 4)] == \
        [True, True, True, False]


# ---------------------------------------------------------------- properties


@st.composite
def round_sheets(draw):
    n = draw(st.integers(1, 4))
    names = [f"P{i}" for i in range(n)]
    players = []
    in_temple = 0
    books = 0
    for nm in names:
        room = min(13, luna_round.temple_tiles_in_play(n) - in_temple)
        t = draw(st.integers(0, room))
        b = draw(st.integers(0, min(t, luna_round.books_in_play(n) - books)))
        in_temple += t
        books += b
        players.append(player(nm, draw(st.integers(0, 14 - t)), draw(st.integers(0, 13 - t)),
                              t, b))
    order = list(draw(st.permutations(names)))
    if n == 4:
        values = draw(st.none() | st.just([6, 3, 1]))
    else:
        second = draw(st.integers(0, 5))
        values = [5, second]
    data = sheet(players, order, "absent" if values is None else values)
    return data


@given(round_sheets())
def test_round_breakdown_adds_up(data):
    result = score_sheet(data)
    for p, entered in zip(result.players, data["players"], strict=True):
        assert sum(x.points for x in p.breakdown) == p.total
        a = entered["apostate_isle"]
        assert p.breakdown[1].points == (-(a + 1) if a else 0)
        assert p.breakdown[2].points == entered["temple_novices"] + entered["temple_books"]
    assert result.winners == [p.name for p in result.players if p.rank == 1]


@given(round_sheets())
def test_priestess_pays_each_value_at_most_once_and_first_place_gets_the_figure(data):
    result = score_sheet(data)
    values = data.get("priestess_values", [6, 3, 1])
    paid = [p.breakdown[0].points for p in result.players if p.breakdown[0].points]
    n = len(data["players"])
    places = 3 if n == 4 else 2
    on_isle = [p for p in data["players"] if p["priestess_isle"] > 0]
    assert sum(p.breakdown[0].points for p in result.players) == \
        sum(values[:min(places, len(on_isle))])
    if on_isle:
        best = max(p["priestess_isle"] for p in on_isle)
        seat = {nm: i for i, nm in enumerate(data["council_order"])}
        first = min((p for p in on_isle if p["priestess_isle"] == best),
                    key=lambda p: seat[p["name"]])
        got = next(r for r in result.players if r.name == first["name"])
        assert got.breakdown[0].points == values[0]
    else:
        assert paid == []


@given(round_sheets(), st.data())
def test_reordering_round_players_reorders_the_result_and_nothing_else(data, draw):
    perm = draw.draw(st.permutations(range(len(data["players"]))))
    shuffled = copy.deepcopy(data)
    shuffled["players"] = [data["players"][i] for i in perm]
    a, b = score_sheet(data), score_sheet(shuffled)
    assert b.players == [a.players[i] for i in perm]
    assert b.notes == a.notes
    assert sorted(b.winners) == sorted(a.winners)


# ---------------------------------------------------------------- the solo game


def solo(you, opponent, values=(5, 2)):
    opponent = {**opponent, "virtual": True}
    return sheet([you, opponent], [you["name"], opponent["name"]], list(values))


def test_the_virtual_opponent_does_not_lose_influence_to_the_apostate():
    """Luna, Solo Game Rules, At the end of each round: "Your opponent does not lose
    influence due to the Apostate." """
    data = solo(player("You", apostate=2), player("Virtual opponent", priestess=2, apostate=3))
    result = score_sheet(data)
    assert lines(result, "You")[1] == ("Apostate: 2 Novices → −3", -3)
    assert lines(result, "Virtual opponent")[1] == \
        ("Apostate: the virtual opponent does not lose influence → 0", 0)
    assert {p.name: p.total for p in result.players} == {"You": -3, "Virtual opponent": 5}
    assert ("The virtual opponent does not lose influence due to the Apostate (Luna, Solo "
            "Game Rules) (LU-5)") in result.notes


def test_virtual_is_only_for_the_solo_game_and_one_player():
    """Luna, Solo Game Rules: "The solo game is based on a 2-player game. You play against a
    virtual opponent that follows certain rules." """
    three = sheet([player("A"), player("B"), player("C")], values=[5, 2])
    three["players"][0]["virtual"] = True
    assert problems_of(three) == [
        "players[0].virtual: the virtual opponent is the solo game's, which is scored with 2 "
        "players (you and him), not 3"]
    both = solo(player("A"), player("B"))
    both["players"][0]["virtual"] = True
    assert problems_of(both) == [
        "players[1].virtual: only one player is the virtual opponent; the other is you"]
    not_virtual = sheet([player("A"), player("B")], values=[5, 2])
    not_virtual["players"][1]["virtual"] = False
    assert score_sheet(not_virtual).players[1].total == 0


def test_the_solo_temple_has_one_book():
    """Luna, Solo Game Rules, Level 1, Preliminary Round: "Place a Novice of your own on the
    remaining tile in the Temple, together with a book." — only that one (ruling LU-6)."""
    data = solo(player("You", novices=1, books=1), player("Virtual opponent", novices=1,
                                                          books=1))
    assert problems_of(data) == [
        "players: 2 Novices on a book, but in the solo game there is only 1 Book of Wisdom in "
        "the Temple (LU-6)"]
    # "take the book that lies on your tile with the lowest number and place it on your
    # opponent's tile": the one book can be his.
    data = solo(player("You", novices=1), player("Virtual opponent", novices=1, books=1))
    assert lines(score_sheet(data), "Virtual opponent")[2] == \
        ("Temple: 1 Novice + 1 on a book → 2", 2)
    # Two players who are both people still have two books.
    two = sheet([player("A", novices=1, books=1), player("B", novices=1, books=1)],
                values=[5, 2])
    assert [p.total for p in score_sheet(two).players] == [2, 2]


# ---------------------------------------------------------------- ties and coins


def test_the_breakdown_says_when_the_council_decided_a_tie():
    """Luna, Moon Priestess: "Ties are resolved according to the relative position of the
    players in the Council of Priests. The player whose piece has moved the farthest breaks
    the tie. If there is more than one player on the same space, the player whose piece is
    on top breaks the tie." Setup 8: "Beginning with the start player, the players stack
    their Member of the Council piece on the first space of the Council of Priests."

    Ann starts: Dan's piece is on top, then Cleo's, Ben's, Ann's. Ben and Cleo tie 2–2.
    """
    data = sheet([player("Ann", priestess=3), player("Ben", priestess=2),
                  player("Cleo", priestess=2), player("Dan")], ["Dan", "Cleo", "Ben", "Ann"])
    result = score_sheet(data)
    assert lines(result, "Cleo")[0] == (
        "Moon Priestess: 2nd place (2 on the isle; tie with Ben decided by the Council) → 3", 3)
    assert lines(result, "Ben")[0] == (
        "Moon Priestess: 3rd place (2 on the isle; tie with Cleo decided by the Council) → 1", 1)
    assert lines(result, "Ann")[0] == ("Moon Priestess: 1st place (3 on the isle) → 6", 6)


def test_three_way_tie_names_the_others():
    data = sheet([player("A", priestess=2), player("B", priestess=2), player("C", priestess=2),
                  player("D")], ["C", "A", "B", "D"])
    result = score_sheet(data)
    assert lines(result, "A")[0] == (
        "Moon Priestess: 2nd place (2 on the isle; tie with C and B decided by the Council) → 3",
        3)  # the others in Council order


def test_the_apostate_takes_no_more_than_a_player_holds_after_the_moon_priestess():
    """Luna, Scoring Phase: "Each player receives/loses influence points in 3 different
    ways" — Moon Priestess, then Apostate ("Each player now loses a number of influence
    points equal to his count plus one."), then Temple. Components: "93 Influence point
    coins": ruling P-11, a player cannot pay coins they do not hold.

    2 influence, −4 at the Apostate, +3 in the Temple: 2 → 0 → 3, a change of +1.
    """
    data = sheet([player("A", apostate=3, novices=2, books=1), player("B", priestess=1)],
                 values=[5, 2])
    data["players"][0]["influence"] = 2
    result = score_sheet(data)
    a = result.players[0]
    assert [(x.label, x.points) for x in a.breakdown] == [
        ("Moon Priestess: none on the isle → 0", 0),
        ("Apostate: 3 Novices → −4, but A holds only 2: −2", -2),
        ("Temple: 2 Novices + 1 on a book → 3", 3)]
    assert a.total == 1
    assert asdict(a.parts) == {"priestess": 0, "apostate": -2, "temple": 3}
    assert any("P-11" in n for n in result.notes)
    # The Moon Priestess pays first: with 2 held and 2nd place (+2), all 4 are paid.
    data["players"][0]["priestess_isle"] = 1
    data["players"][1]["priestess_isle"] = 2
    a = score_sheet(data).players[0]
    assert asdict(a.parts) == {"priestess": 2, "apostate": -4, "temple": 3}
    # Without influence the sheet is the rulebook's count.
    del data["players"][0]["influence"]
    assert score_sheet(data).players[0].parts.apostate == -4


def test_influence_cannot_be_negative():
    data = sheet([player("A"), player("B")], values=[5, 2])
    data["players"][0]["influence"] = -1
    assert problems_of(data) == [
        "players[0].influence: -1, but influence points cannot be negative"]


def test_parts_are_in_the_json_result():
    data = sheet([player("A", priestess=1), player("B")], values=[5, 2])
    out = score_sheet(data).to_json_dict()
    assert out["players"][0]["parts"] == {"priestess": 5, "apostate": 0, "temple": 0}
