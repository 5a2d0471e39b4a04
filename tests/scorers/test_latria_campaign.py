"""Latria campaign: placement points (Extension Rules 3), the rulebook's examples, checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import latria_campaign as lc
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

DATA = Path(__file__).parents[1] / "data"


def campaign(players, games):
    return {"game": "latria_campaign", "players": players, "games": games}


def problems(data):
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def test_rulebook_example_tie_for_second():
    # "If two players are tied for 2nd place, the player in 1st records 4 points, the two
    # players in 2nd each record 3 points, and the player in 4th records −1 point."
    assert lc.placement_points([17, 12, 12, 3]) == [4, 3, 3, -1]
    assert lc.placement_points([3, 12, 17, 12]) == [-1, 3, 4, 3]


def test_rulebook_campaign_score_record_example():
    # "Campaign score record example": the VP in tests/data are chosen to give the table's
    # placement points; the table's totals are A 5, B 9, C 12, D 7.
    data = json.loads((DATA / "latria_campaign_example.json").read_text(encoding="utf-8"))
    result = score_sheet(data)
    table = {
        "Player A": [4, 3, -1, -1],
        "Player B": [3, -1, 4, 3],
        "Player C": [3, 2, 3, 4],
        "Player D": [-1, 4, 2, 2],
    }
    for p in result.players:
        assert [line.points for line in p.breakdown] == table[p.name]
    assert {p.name: p.total for p in result.players} == {
        "Player A": 5,
        "Player B": 9,
        "Player C": 12,
        "Player D": 7,
    }
    assert {p.name: p.rank for p in result.players} == {
        "Player A": 4,
        "Player B": 2,
        "Player C": 1,
        "Player D": 3,
    }
    assert result.winners == ["Player C"]
    b = next(p for p in result.players if p.name == "Player B")
    assert b.breakdown[0].label == "Game 1: tied 2nd (15 VP) → 3"
    assert b.breakdown[1].label == "Game 2: last (−3 VP) → −1"
    assert any("LC-4" in n for n in result.notes)  # game 1's tie on VP


def test_three_players():
    assert lc.placement_points([10, 5, 0]) == [3, 2, -1]


def test_places_after_a_tie_skip_lc1():
    # 5 players, tie for 2nd: the 4th scores 5 + 1 − 4 = 2 (LC-1), not 3.
    assert lc.placement_points([20, 15, 15, 10, 5]) == [5, 4, 4, 2, -1]
    assert lc.dense_placement_points([20, 15, 15, 10, 5]) == [5, 4, 4, 3, -1]
    r = score_sheet(
        campaign(["A", "B", "C", "D", "E"], [{"A": 20, "B": 15, "C": 15, "D": 10, "E": 5}])
    )
    assert [p.total for p in r.players] == [5, 4, 4, 2, -1]
    assert any(
        n.startswith("Game 1: D is 4th after a tie above, so scores 2") and "LC-1" in n
        for n in r.notes
    )


def test_tie_for_first():
    assert lc.placement_points([9, 9, 5, 1]) == [4, 4, 2, -1]


def test_tie_for_last_lc2():
    assert lc.placement_points([9, 7, 1, 1]) == [4, 3, -1, -1]
    r = score_sheet(campaign(["A", "B", "C", "D"], [{"A": 9, "B": 7, "C": 1, "D": 1}]))
    assert "Game 1: C and D tie for last on 1 VP and each score −1 (LC-2)" in r.notes


def test_everyone_tied_lc2():
    assert lc.placement_points([4, 4, 4]) == [3, 3, 3]
    r = score_sheet(campaign(["A", "B", "C"], [{"A": 4, "B": 4, "C": 4}]))
    assert any("everyone tied" in n and "LC-2" in n for n in r.notes)


def test_campaign_ties_are_shared_lc3():
    r = score_sheet(campaign(["A", "B", "C"], [{"A": 9, "B": 5, "C": 1}, {"A": 1, "B": 5, "C": 9}]))
    assert [p.total for p in r.players] == [2, 4, 2]
    assert [p.rank for p in r.players] == [2, 1, 2]
    assert (
        "A and C tie on 2 campaign points; the rulebook names no tie-breaker, so they share "
        "rank 2 (LC-3)" in r.notes
    )


def test_in_progress_and_empty_campaign_lc5():
    r = score_sheet(campaign(["A", "B", "C"], [{"A": 9, "B": 5, "C": 1}]))
    assert r.notes[0].startswith("Campaign in progress: 1 of 3 games played")
    r = score_sheet(campaign(["A", "B", "C"], []))
    assert [p.total for p in r.players] == [0, 0, 0]
    assert [p.breakdown[0].label for p in r.players] == ["No games recorded yet"] * 3


def test_at_most_as_many_games_as_players():
    game = {"A": 1, "B": 2, "C": 3}
    assert problems(campaign(["A", "B", "C"], [game] * 4)) == [
        "games[3]: 4 games; a campaign of 3 players has 3 games (fewer while it is in progress)"
    ]


def test_games_name_exactly_the_players():
    out = problems(campaign(["Ann", "Ben", "Cy"], [{"Ann": 3, "Ben": 2, "Cyd": 1}]))
    assert out == [
        "games[0].Cyd: “Cyd” is not a player of this campaign (players: Ann, Ben, Cy)",
        "games[0]: no VP for Cy; each game names every player of the campaign with their VP total",
    ]


def test_player_count_and_names():
    assert problems(campaign(["A", "B"], [])) == ["players: 2 players; Latria is for 3–6"]
    assert problems(campaign(["A", "B", "a"], [])) == [
        "players[2]: “a” is already the name of player 1"
    ]
    assert problems(campaign(["A", "B", ""], [])) == ["players[2]: a name is needed"]


def test_vp_must_be_integers():
    out = problems(campaign(["A", "B", "C"], [{"A": 1, "B": "2", "C": 3}]))
    assert out == ["games[0].B: Input should be a valid integer"]


def test_unicode_names():
    r = score_sheet(campaign(["あおい", "Zoë", "Ann"], [{"あおい": 9, "Zoë": 5, "Ann": 1}]))
    assert r.winners == ["あおい"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-30, 40), min_size=3, max_size=6))
def test_property_placement_points(vps):
    n = len(vps)
    pts = lc.placement_points(vps)
    for a in range(n):
        for b in range(n):
            if vps[a] > vps[b]:
                assert pts[a] > pts[b]  # a better game is never worth less
            if vps[a] == vps[b]:
                assert pts[a] == pts[b]  # ties score the same
    assert pts[vps.index(max(vps))] == n  # 1st scores the number of players
    if len(set(vps)) > 1:
        assert pts[vps.index(min(vps))] == -1  # last scores −1
    assert all(-1 <= p <= n and p != 0 for p in pts)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.lists(st.integers(-10, 30), min_size=n, max_size=n), max_size=n),
            st.permutations(list(range(n))),
        )
    )
)
def test_property_standings(case):
    n, games, order = case
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"][:n]
    data = campaign(names, [dict(zip(names, g, strict=True)) for g in games])
    result = score_sheet(data)
    for p in result.players:
        assert sum(line.points for line in p.breakdown) == p.total
        assert p.rank == 1 + sum(1 for q in result.players if q.total > p.total)
    assert result.winners == [p.name for p in result.players if p.rank == 1]
    shuffled = score_sheet(dict(data, players=[names[i] for i in order]))
    assert shuffled.players == [result.players[i] for i in order]
    assert sorted(shuffled.notes) == sorted(result.notes)
