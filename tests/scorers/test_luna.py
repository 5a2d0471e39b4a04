"""Luna end-game scoring: the rulebook example, each rule and check, ties, properties."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import luna
from scorers.base import SheetProblems
from scorers.sheets import parse_sheet, score_sheet


def player(name, influence=0, shrines=0, favors=0, council=0, **extra):
    return {"name": name, "influence": influence, "shrines": shrines,
            "unused_favors": favors, "council_points": council, **extra}


def sheet(players, council_order=None):
    order = council_order if council_order is not None else [p["name"] for p in players]
    return {"game": "luna", "council_order": order, "players": players}


def problems_of(data) -> list[str]:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def by_name(result):
    return {p.name: p for p in result.players}


# ---------------------------------------------------------------- the rulebook's example


def test_yellow_end_game_example_is_plus_24():
    # Luna, Game End: "16 IP for 4 Shrines; 2 IP for left-over Favor tokens; 6 IP for the
    # Council; +24 IP for Yellow."
    data = sheet([player("Yellow", influence=40, shrines=4, favors=2, council=6),
                  player("Red", influence=30, shrines=1, favors=0, council=4)])
    yellow = by_name(score_sheet(data))["Yellow"]
    lines = [(x.label, x.points) for x in yellow.breakdown]
    assert lines == [
        ("Influence before the end-game scoring", 40),
        ("Shrines 4 × 4 = 16", 16),
        ("Unused favors 2 × 1 = 2", 2),
        ("Council seat: 6", 6),
    ]
    assert sum(p for _, p in lines[1:]) == 24
    assert yellow.total == 64


def test_total_is_influence_plus_shrines_favors_council():
    result = score_sheet(sheet([player("A", 10, 6, 7, 3), player("B", 0, 0, 0, 0)]))
    a, b = result.players
    assert a.total == 10 + 24 + 7 + 3
    assert b.total == 0
    assert [x.points for x in b.breakdown] == [0, 0, 0, 0]
    assert result.winners == ["A"]
    assert (a.rank, b.rank) == (1, 2)


# ---------------------------------------------------------------- ties: the Council


def test_tie_goes_to_the_player_further_ahead_in_the_council():
    data = sheet([player("Red", 50, council=4), player("Blue", 52, council=2)],
                 council_order=["Blue", "Red"])
    result = score_sheet(data)
    red, blue = result.players
    assert red.total == blue.total == 54
    assert (blue.rank, red.rank) == (1, 2)
    assert result.winners == ["Blue"]
    assert "Blue and Red tie on 54; Blue is further ahead in the Council (Luna, Game End) (LU-4)" \
        in result.notes


def test_three_way_tie_is_ordered_by_the_council():
    data = sheet([player("A", 10), player("B", 10), player("C", 10), player("D", 11)],
                 council_order=["C", "A", "D", "B"])
    result = score_sheet(data)
    ranks = {p.name: p.rank for p in result.players}
    assert ranks == {"D": 1, "C": 2, "A": 3, "B": 4}
    assert any(n.startswith("C, A and B tie on 10; the Council order ranks them C, A, B")
               for n in result.notes)


def test_council_order_matches_names_ignoring_case_and_spaces():
    data = sheet([player("Red", 5), player("Blue", 5)], council_order=[" blue", "RED "])
    result = score_sheet(data)
    assert result.winners == ["Blue"]


def test_note_when_the_council_points_contradict_the_order():
    data = sheet([player("A", council=2), player("B", council=5)], council_order=["A", "B"])
    notes = score_sheet(data).notes
    assert any("A is ahead of B in the Council but has fewer council points (2 < 5)" in n
               for n in notes)
    ok = score_sheet(sheet([player("A", council=5), player("B", council=2)])).notes
    assert not any("fewer council points" in n for n in ok)
    assert any("LU-1" in n for n in ok)


# ---------------------------------------------------------------- solo


def test_solo_one_player_is_scored_and_told_how_to_get_the_difference():
    result = score_sheet(sheet([player("Me", 30, 2, 1, 3)]))
    assert result.players[0].total == 42
    assert result.winners == ["Me"]
    assert any("virtual opponent" in n and "LU-5" in n for n in result.notes)


def test_two_players_are_a_two_player_game_unless_one_is_the_virtual_opponent():
    two = score_sheet(sheet([player("Me", 30), player("Bot", 42)]))
    assert not any("solo" in n or "LU-5" in n for n in two.notes)
    solo = score_sheet(sheet([player("Me", 30), player("Bot", 42, virtual=True)]))
    assert any("LU-5" in n and "-12" in n for n in solo.notes)


# ---------------------------------------------------------------- checks


def test_player_count():
    assert problems_of(sheet([])) == ["players: 0 players, but Luna is for 1–4 players "
                                      "(solo: you, and the virtual opponent if you enter them)"]
    five = [player(n) for n in "ABCDE"]
    assert any(p.startswith("players: 5 players, but Luna is for 1–4")
               for p in problems_of(sheet(five)))


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("shrines", 7, "players[1].shrines: 7, but each player has 6 Shrines (0–6)"),
        ("shrines", -1, "players[1].shrines: -1, but each player has 6 Shrines (0–6)"),
        ("unused_favors", 8, "players[1].unused_favors: 8, but a player holds at most one Favor "
                             "token of each of the 7 kinds (0–7)"),
        ("influence", -3, "players[1].influence: -3, but influence points cannot be negative"),
        ("council_points", -1,
         "players[1].council_points: -1, but a Council seat's value cannot be negative"),
    ],
)
def test_ranges_name_player_field_and_allowed(field, value, expected):
    data = sheet([player("A"), player("B")])
    data["players"][1][field] = value
    assert problems_of(data) == [expected]


def test_names_are_checked():
    data = sheet([player("Ann"), player("ann"), player("  ")], council_order=["Ann"])
    problems = problems_of(data)
    assert "players[1].name: “ann” is already the name of player 1" in problems
    assert "players[2].name: a name is needed" in problems
    long = sheet([player("x" * 41)])
    assert "players[0].name: 41 characters; at most 40 are allowed" in problems_of(long)


def test_council_order_must_name_every_player_once():
    data = sheet([player("Red"), player("Blue"), player("White")],
                 council_order=["Red", "Bleu", "Red"])
    problems = problems_of(data)
    assert "council_order[1]: “Bleu” is not a player here; one of: Red, Blue, White" in problems
    assert "council_order[2]: “Red” is listed twice; each player has one seat in the Council" \
        in problems
    assert any(p.startswith("council_order: Blue is missing; list every player once, "
                            "furthest ahead first") for p in problems)
    assert any(p.startswith("council_order: White is missing") for p in problems)


def test_all_problems_are_reported_together():
    data = sheet([player("A", shrines=9, favors=9), player("A", influence=-1)],
                 council_order=["Z"])
    problems = problems_of(data)
    assert len(problems) >= 5
    wheres = {p.split(":")[0] for p in problems}
    assert {"players[0].shrines", "players[0].unused_favors", "players[1].influence",
            "players[1].name", "council_order[0]"} <= wheres


def test_unknown_keys_types_and_missing_fields_are_sheet_problems():
    data = sheet([player("A", shrine=3)])
    assert "players[0].shrine: unknown key (check the spelling)" in problems_of(data)
    data = sheet([player("A")])
    data["players"][0]["influence"] = "40"
    assert "players[0].influence: Input should be a valid integer" in problems_of(data)
    data["players"][0]["influence"] = True
    assert "players[0].influence: Input should be a valid integer" in problems_of(data)
    data = sheet([player("A")])
    del data["players"][0]["council_points"]
    assert problems_of(data) == ["players[0].council_points: required"]
    del data["council_order"]
    assert "council_order: required" in problems_of(data)


# ---------------------------------------------------------------- public data


def test_public_data():
    assert luna.SHRINES_MAX == 6
    assert luna.FAVORS_MAX == 7 == len(luna.FAVOR_KINDS)
    assert luna.SHRINE_POINTS == 4
    assert (luna.PLAYERS_MIN, luna.PLAYERS_MAX) == (1, 4)
    assert luna.default_priestess_values(4) == [6, 3, 1]
    assert luna.default_priestess_values(3) is None
    assert luna.default_priestess_values(2) is None
    assert luna.default_priestess_values(1) is None
    assert [luna.priestess_figure(n) for n in (1, 2, 3, 4)] == [5, 5, 5, 6]


def test_check_lists_problems_without_raising():
    parsed = parse_sheet(sheet([player("A", shrines=8)]))
    assert [str(p) for p in luna.check(parsed)] == [
        "players[0].shrines: 8, but each player has 6 Shrines (0–6)"]


# ---------------------------------------------------------------- properties

NAMES = ["Yellow", "Red", "Blue", "White", "あおい", "Ünal"]


@st.composite
def luna_sheets(draw):
    n = draw(st.integers(1, 4))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
    players = [player(nm,
                      draw(st.integers(0, 120)),
                      draw(st.integers(0, luna.SHRINES_MAX)),
                      draw(st.integers(0, luna.FAVORS_MAX)),
                      draw(st.integers(0, 12)))
               for nm in names]
    order = draw(st.permutations(names))
    return sheet(players, list(order))


@given(luna_sheets())
def test_breakdown_adds_up_and_follows_the_rules(data):
    result = score_sheet(data)
    for p, entered in zip(result.players, data["players"], strict=True):
        assert sum(x.points for x in p.breakdown) == p.total
        assert p.total == (entered["influence"] + 4 * entered["shrines"]
                           + entered["unused_favors"] + entered["council_points"])


@given(luna_sheets())
def test_ranks_follow_total_then_council_and_winners_are_rank_1(data):
    result = score_sheet(data)
    seat = {name: i for i, name in enumerate(data["council_order"])}
    expected = sorted(result.players, key=lambda p: (-p.total, seat[p.name]))
    assert [p.rank for p in expected] == list(range(1, len(expected) + 1))
    assert result.winners == [p.name for p in result.players if p.rank == 1]
    assert len(result.winners) == 1


@given(luna_sheets(), st.data())
def test_reordering_players_reorders_the_result_and_nothing_else(data, draw):
    perm = draw.draw(st.permutations(range(len(data["players"]))))
    shuffled = copy.deepcopy(data)
    shuffled["players"] = [data["players"][i] for i in perm]
    a, b = score_sheet(data), score_sheet(shuffled)
    assert shuffled["council_order"] == data["council_order"]
    assert b.players == [a.players[i] for i in perm]
    assert b.notes == a.notes
    assert sorted(b.winners) == sorted(a.winners)
    assert b.game == a.game == "luna"


@given(luna_sheets(), st.data())
def test_one_more_shrine_is_four_more_points(data, draw):
    i = draw.draw(st.integers(0, len(data["players"]) - 1))
    if data["players"][i]["shrines"] == luna.SHRINES_MAX:
        return
    more = copy.deepcopy(data)
    more["players"][i]["shrines"] += 1
    assert score_sheet(more).players[i].total == score_sheet(data).players[i].total + 4


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6,
)


@settings(max_examples=200)
@given(luna_sheets(), st.data())
def test_any_broken_value_is_a_sheet_problem_never_a_crash(data, draw):
    broken = copy.deepcopy(data)
    target = draw.draw(st.sampled_from(["council_order", "players", "player", "field"]))
    value = draw.draw(JSON)
    if target == "player":
        broken["players"][0] = value
    elif target == "field":
        key = draw.draw(st.sampled_from(["name", "influence", "shrines", "unused_favors",
                                         "council_points", "extra"]))
        broken["players"][0][key] = value
    else:
        broken[target] = value
    try:
        score_sheet(broken)
    except SheetProblems as err:
        assert err.problems
        assert all(str(p) for p in err.problems)
