"""Carpe Astra scorer: guild majorities (Winning the Game), tokens in play, ties, checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import carpe_astra as ca
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

DATA = Path(__file__).parents[1] / "data"
CHARS = ["chun", "tyndar", "ichthon", "verron"]


def sheet(*supports, credits=None, characters=None, names=None):
    n = len(supports)
    characters = characters or CHARS[:n]
    names = names or ["Ann", "Ben", "Cy", "Dee"][:n]
    credits = credits or [0] * n
    return {
        "game": "carpe_astra",
        "players": [
            {
                "name": names[i],
                "character": characters[i],
                "credits": credits[i],
                "support": supports[i],
            }
            for i in range(n)
        ],
    }


def problems(data):
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def lines(result, i):
    return [(line.label, line.points) for line in result.players[i].breakdown]


# ---------------------------------------------------------------------------------------
# Public data
# ---------------------------------------------------------------------------------------


def test_public_data():
    assert list(ca.GUILDS) == [
        "military",
        "traders",
        "priests",
        "engineers",
        "settlers",
        "politicians",
    ]
    assert ca.CHARACTERS["chun"] == ca.Character("Admiral Ch'un", "red", "military")
    assert ca.CHARACTERS["tyndar"].guild == "traders"
    assert ca.CHARACTERS["ichthon"] == ca.Character("High Priest Ichthon", "blue", "priests")
    assert ca.CHARACTERS["verron"] == ca.Character("Senator Verron", "black", "politicians")
    assert ca.tokens_in_play(2, ["chun", "verron"]) == dict.fromkeys(ca.GUILDS, 3)
    assert ca.tokens_in_play(4, CHARS) == dict.fromkeys(ca.GUILDS, 6)
    three = ca.tokens_in_play(3, ["chun", "ichthon", "verron"])
    assert three == {
        "military": 5,
        "traders": 4,
        "priests": 5,
        "engineers": 4,
        "settlers": 4,
        "politicians": 5,
    }
    assert sum(three.values()) == 27  # ruling C-1
    with pytest.raises(ValueError):
        ca.tokens_in_play(5, CHARS)


# ---------------------------------------------------------------------------------------
# The rulebook's scoring example
# ---------------------------------------------------------------------------------------


def test_rulebook_scoring_example_cases():
    # "Scoring Example" (illustration lost): most 4 and second 2; most 4 with no second;
    # all the tokens 6; tie for most 3 each; most 4 and a tie for second 1 each; final
    # totals 14, 11, 12 and Admiral Ch'un wins. tests/data/carpe_astra_example.json is a
    # 3-player sheet built from those five cases (plus a three-way tie) that gives exactly
    # those totals.
    data = json.loads((DATA / "carpe_astra_example.json").read_text(encoding="utf-8"))
    r = score_sheet(data)
    assert [p.total for p in r.players] == [14, 11, 12]
    assert r.winners == ["Ch'un"]
    assert [p.rank for p in r.players] == [1, 3, 2]
    assert lines(r, 0) == [
        ("Military: most (3 tokens) → 4", 4),
        ("Engineers: tie for most (2 tokens) → 3 each", 3),
        ("Settlers: most (2 tokens) → 4", 4),
        ("Politicians: tie for most (1 token) → 3 each", 3),
    ]
    assert ("Military: second (1 token) → 2", 2) in lines(r, 2)
    assert ("Priests: most (holds all 5 in play) → 6", 6) in lines(r, 2)
    assert ("Settlers: tie for second (1 token) → 1 each", 1) in lines(r, 1)
    assert ("Traders: most (2 tokens) → 4", 4) in lines(r, 1)
    assert any("C-1" in n for n in r.notes) and any("C-2" in n for n in r.notes)


# ---------------------------------------------------------------------------------------
# Majority rules (Winning the Game, C-2, C-3)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "in_play", "points"),
    [
        ([3, 1, 0, 0], 6, [4, 2, 0, 0]),  # single most, single second
        ([3, 0, 0, 0], 6, [4, 0, 0, 0]),  # most, nobody second
        ([6, 0, 0, 0], 6, [6, 0, 0, 0]),  # every token in play
        ([3, 0], 3, [6, 0]),  # 2 players: 3 in play
        ([2, 2, 1, 0], 6, [3, 3, 0, 0]),  # tie for most: no second place
        ([2, 2, 2, 0], 6, [3, 3, 3, 0]),
        ([3, 1, 1, 0], 6, [4, 1, 1, 0]),  # tie for second
        ([3, 2, 1, 0], 6, [4, 2, 0, 0]),  # third scores nothing
        ([0, 0, 0, 0], 6, [0, 0, 0, 0]),
    ],
)
def test_guild_points(counts, in_play, points):
    assert ca.guild_points(counts, in_play) == points


def test_tie_for_most_line_and_no_second():
    r = score_sheet(sheet({"military": 2}, {"military": 2}, {"military": 1}, {}))
    assert lines(r, 0) == [("Military: tie for most (2 tokens) → 3 each", 3)]
    assert lines(r, 2) == [("Military: no second place after a tie for most (1 token) → 0", 0)]
    assert lines(r, 3) == [("No support tokens", 0)]


def test_six_only_for_all_tokens_in_play_of_that_count():
    # 3 players: Engineers has 4 in play, Military (Ch'un in play) 5.
    r = score_sheet(sheet({"engineers": 4, "military": 4}, {}, {}))
    assert lines(r, 0) == [
        ("Military: most (4 tokens) → 4", 4),
        ("Engineers: most (holds all 4 in play) → 6", 6),
    ]


# ---------------------------------------------------------------------------------------
# Ranking (C-4)
# ---------------------------------------------------------------------------------------


def test_tie_on_points_more_credits_wins():
    r = score_sheet(sheet({"military": 1}, {"military": 1}, credits=[3, 5]))
    assert [p.rank for p in r.players] == [2, 1]
    assert r.winners == ["Ben"]
    # the note names the player the tie-breaker favours first (docs/score-sheets.md, Result: notes)
    assert r.notes == ["Ben and Ann tie on 3; Ben has more credits (5 > 3) (C-4)"]


def test_tie_on_points_and_credits_is_shared_custody():
    r = score_sheet(sheet({"military": 2}, {"military": 2}, {}, credits=[4, 4, 9]))
    assert [p.rank for p in r.players] == [1, 1, 3]
    assert r.winners == ["Ann", "Ben"]
    assert r.notes[1:] == [
        "Ann and Ben tie on 3 and on credits (4): they share custody of the throne (rank 1) (C-4)"
    ]


def test_three_way_tie_partly_broken_by_credits():
    r = score_sheet(sheet({"military": 1}, {"military": 1}, {"military": 1}, credits=[2, 7, 2]))
    assert [p.rank for p in r.players] == [2, 1, 2]
    assert "Ben, Ann and Cy tie on 3; more credits rank them: Ben 7, Ann 2, Cy 2 (C-4)" in r.notes
    assert "Ann and Cy also tie on credits (2): they share rank 2 (C-4)" in r.notes


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------


def test_tokens_of_one_player_beyond_those_in_play():
    out = problems(sheet({}, {"military": 7}, {}, {}))
    assert out == ["players[1].support.military: 7 tokens, but a 4-player game has only 6"]


def test_tokens_across_players_beyond_those_in_play_three_players():
    # Engineers: no character in play → 4 with 3 players (C-1).
    out = problems(sheet({"engineers": 2}, {"engineers": 2}, {"engineers": 1}))
    assert out == [
        "players[2].support.engineers: 5 Engineers tokens in all (Ann 2, Ben 2, Cy 1), "
        "but a 3-player game has only 4 (5 for the guilds of the characters in play, "
        "4 for the others) (C-1)"
    ]
    assert score_sheet(sheet({"military": 3}, {"military": 2}, {}))  # Ch'un in play: 5


def test_two_player_limit():
    out = problems(sheet({"priests": 2}, {"priests": 2}))
    assert out == [
        "players[1].support.priests: 4 Priests tokens in all (Ann 2, Ben 2), but a "
        "2-player game has only 3"
    ]


def test_character_used_twice():
    out = problems(sheet({}, {}, {}, characters=["chun", "verron", "chun"]))
    assert out == [
        "players[2].character: Admiral Ch'un is already Ann's character; each "
        "character is played at most once"
    ]


def test_unknown_character_and_guild():
    data = sheet({"expansionists": 1}, {})
    data["players"][1]["character"] = "emperor"
    out = problems(data)
    assert out[0] == "players[0].support.expansionists: unknown key (check the spelling)"
    assert out[1].startswith("players[1].character: Input should be 'chun', 'tyndar', 'ichthon'")


def test_player_count_and_names():
    assert problems(sheet({})) == ["players: 1 player; Carpe Astra is for 2–4"]
    out = problems(sheet({}, {}, names=["Ann", " ann "]))
    assert out == ["players[1].name: “ann” is already the name of player 1"]


def test_credits_fit_the_box_and_are_not_negative():
    out = problems(sheet({}, {}, credits=[30, 20]))
    assert out == [
        "players[1].credits: 50 credits in all (Ann 30, Ben 20), but the box has 49 "
        "money tokens (C-6)"
    ]
    out = problems(sheet({}, {}, credits=[-1, 2]))
    assert out == ["players[0].credits: Input should be greater than or equal to 0"]


def test_credits_required_and_integers():
    data = sheet({"military": 1.5}, {})
    del data["players"][1]["credits"]
    out = problems(data)
    assert "players[0].support.military: Input should be a valid integer" in out
    assert "players[1].credits: required" in out


def test_all_cross_field_problems_together():
    out = problems(
        sheet(
            {"military": 5},
            {"military": 2},
            {},
            credits=[40, 10, 0],
            characters=["chun", "chun", "verron"],
        )
    )
    assert [o.split(":")[0] for o in out] == [
        "players[1].character",
        "players[1].support.military",
        "players[1].credits",
    ]


# ---------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cy", "Dee", "あおい", "Zoë"]


@st.composite
def carpe_sheets(draw):
    n = draw(st.integers(2, 4))
    chars = draw(st.permutations(CHARS))[:n]
    names = draw(st.permutations(NAMES))[:n]
    limits = ca.tokens_in_play(n, chars)
    supports = [{} for _ in range(n)]
    for guild, limit in limits.items():
        left = limit
        for i in draw(st.permutations(range(n))):
            c = draw(st.integers(0, left))
            left -= c
            if c or draw(st.booleans()):
                supports[i][guild] = c
    credits = [draw(st.integers(0, 12)) for _ in range(n)]
    return sheet(*supports, credits=credits, characters=chars, names=names)


def oracle_points(counts, in_play):
    """Guild points written from the rulebook's bullets, independently of the scorer."""
    ranked = sorted({c for c in counts if c}, reverse=True)
    out = []
    for c in counts:
        if not c:
            out.append(0)
            continue
        tied_first = counts.count(ranked[0]) > 1
        if c == ranked[0]:
            out.append(3 if tied_first else (6 if c == in_play else 4))
        elif not tied_first and c == ranked[1]:
            out.append(1 if counts.count(c) > 1 else 2)
        else:
            out.append(0)
    return out


SETTINGS = settings(max_examples=80, deadline=None)


@SETTINGS
@given(carpe_sheets())
def test_property_totals_match_oracle_and_breakdown(data):
    r = score_sheet(data)
    n = len(data["players"])
    limits = ca.tokens_in_play(n, [p["character"] for p in data["players"]])
    expected = [0] * n
    for guild, limit in limits.items():
        counts = [p["support"].get(guild, 0) for p in data["players"]]
        for i, pts in enumerate(oracle_points(counts, limit)):
            expected[i] += pts
    assert [p.total for p in r.players] == expected
    for p in r.players:
        assert sum(line.points for line in p.breakdown) == p.total


@SETTINGS
@given(carpe_sheets())
def test_property_ranks_follow_total_then_credits(data):
    r = score_sheet(data)
    credits = [p["credits"] for p in data["players"]]
    for i, p in enumerate(r.players):
        better = sum(
            1 for j, q in enumerate(r.players) if (q.total, credits[j]) > (p.total, credits[i])
        )
        assert p.rank == 1 + better
    assert r.winners == [p.name for p in r.players if p.rank == 1]


@SETTINGS
@given(carpe_sheets(), st.randoms(use_true_random=False))
def test_property_reordering_players(data, rnd):
    r = score_sheet(data)
    order = list(range(len(data["players"])))
    rnd.shuffle(order)
    again = score_sheet(dict(data, players=[data["players"][i] for i in order]))
    assert again.players == [r.players[i] for i in order]
    assert sorted(again.winners) == sorted(r.winners)
    assert sorted(again.notes) == sorted(r.notes)


@SETTINGS
@given(carpe_sheets(), st.data())
def test_property_one_more_token_never_lowers_your_points(data, more):
    # Winning the Game: more support in a guild never loses you points there, nor in total.
    n = len(data["players"])
    limits = ca.tokens_in_play(n, [p["character"] for p in data["players"]])
    free = [
        g for g in ca.GUILDS if sum(p["support"].get(g, 0) for p in data["players"]) < limits[g]
    ]
    if not free:
        return
    guild = more.draw(st.sampled_from(free))
    i = more.draw(st.integers(0, n - 1))
    before = score_sheet(data).players[i].total
    counts = [p["support"].get(guild, 0) for p in data["players"]]
    guild_before = ca.guild_points(counts, limits[guild])[i]
    data["players"][i]["support"][guild] = counts[i] + 1
    counts[i] += 1
    assert ca.guild_points(counts, limits[guild])[i] >= guild_before
    assert score_sheet(data).players[i].total >= before
