"""Latoro: the three scoring parts, shared ties, the checks, Japanese names and labels."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import latoro
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

SEED = Path(__file__).resolve().parents[2] / "seeds" / "004_452c00d70235e76d.txt"


def player(name, clan=0, honor=(), black=0, white=0, brown=0):
    return {"name": name, "clan_tag_points": clan, "honor_points": list(honor),
            "resources": {"black": black, "white": white, "brown": brown}}


def sheet(players):
    return {"game": "latoro", "players": players}


def problems_of(data) -> list[str]:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def test_spec_example_with_a_japanese_name():
    data = sheet([player("あおい", 12, [3, 5], black=2, white=7, brown=1),
                  player("けんた", 15, [4], 2, 2, 2)])
    result = score_sheet(data)
    aoi, kenta = result.players
    assert aoi.name == "あおい"
    assert [(x.label, x.points) for x in aoi.breakdown] == [
        ("Clan tags: 12", 12),
        ("Honor cards 3 + 5 = 8", 8),
        ("Resources 10 ÷ 3 → 3 (2 black, 7 white, 1 brown)", 3),
    ]
    assert aoi.total == 23
    assert kenta.breakdown[1].label == "Honor card 4"
    assert kenta.total == 15 + 4 + 2
    assert result.winners == ["あおい"]
    assert [p.rank for p in result.players] == [1, 2]


def test_resources_are_counted_all_colours_together_rounded_down():
    data = sheet([player("A", black=2, white=2, brown=2), player("B", black=7, white=7, brown=7),
                  player("C", black=1, white=1)])
    result = score_sheet(data)
    assert [p.breakdown[2].points for p in result.players] == [2, 7, 0]
    assert any("counted all colours together" in n and "A" in n and "LT-3" in n
               for n in result.notes)
    assert latoro.resource_points({"black": 5, "white": 0, "brown": 0}) == 1


def test_no_resource_note_when_the_reading_does_not_matter():
    result = score_sheet(sheet([player("A", black=3), player("B", white=6)]))
    assert not any("LT-3" in n for n in result.notes)


def test_no_face_up_honor_cards():
    result = score_sheet(sheet([player("A", 5), player("B", 4)]))
    assert result.players[0].breakdown[1].label == "Honor cards: none face up → 0"
    assert result.players[0].breakdown[1].points == 0


def test_ties_are_shared():
    data = sheet([player("Ben", 10), player("あおい", 7, [3]), player("Cy", 5),
                  player("Di", 5)])
    result = score_sheet(data)
    assert [p.rank for p in result.players] == [1, 1, 3, 3]
    assert result.winners == ["Ben", "あおい"]
    assert "Ben and あおい tie on 10 and share rank 1: the rulebook names no tie-breaker (LT-5)" \
        in result.notes
    assert "Cy and Di tie on 5 and share rank 3: the rulebook names no tie-breaker (LT-5)" \
        in result.notes


def test_resources_are_optional_per_colour():
    data = sheet([player("A"), player("B")])
    data["players"][0]["resources"] = {"white": 6}
    assert score_sheet(data).players[0].breakdown[2].points == 2


# ---------------------------------------------------------------- checks


def test_resource_cap_message_names_player_and_colour():
    data = sheet([player("A"), player("B"), player("C", white=9)])
    assert problems_of(data) == [
        "players[2].resources.white: 9, but at most 7 of each resource are kept "
        "(Preparation phase, resource cap)"]
    data = sheet([player("A", brown=-1), player("B")])
    assert problems_of(data) == ["players[0].resources.brown: -1, but a count cannot be negative"]


def test_honor_cards_at_most_three_and_not_negative():
    data = sheet([player("A", honor=[1, 2, 3, 4]), player("B", honor=[-2])])
    assert problems_of(data) == [
        "players[0].honor_points: 4 cards, but each player has 3 honor cards (one of each "
        "kind); list only the face-up ones",
        "players[1].honor_points[0]: -2, but an honor card's points cannot be negative"]


def test_clan_tag_points_and_player_count_and_names():
    assert problems_of(sheet([player("A", clan=-1), player("B")])) == [
        "players[0].clan_tag_points: -1, but clan tag points cannot be negative"]
    assert problems_of(sheet([player("あおい")])) == [
        "players: 1 player, but Latoro is for 2–4 players"]
    five = sheet([player(n) for n in "ABCDE"])
    assert problems_of(five) == ["players: 5 players, but Latoro is for 2–4 players"]
    dup = sheet([player("あおい"), player("あおい ")])
    assert problems_of(dup) == ["players[1].name: “あおい” is already the name of player 1"]


def test_every_problem_is_reported_at_once():
    data = sheet([player("A", clan=-1, honor=[1, 1, 1, 1], white=8, black=9),
                  player("A", brown=10)])
    problems = problems_of(data)
    assert len(problems) == 6


def test_shape_problems_are_sheet_problems():
    data = sheet([player("A"), player("B")])
    data["players"][0]["resources"]["red"] = 1
    data["players"][1]["honor_points"] = 5
    problems = problems_of(data)
    assert "players[0].resources.red: unknown key (check the spelling)" in problems
    assert "players[1].honor_points: Input should be a valid list" in problems


# ---------------------------------------------------------------- public data


def test_public_data_and_japanese_labels_come_from_the_rulebook():
    assert latoro.RESOURCE_COLOURS == ("black", "white", "brown")
    assert latoro.RESOURCE_CAP == 7
    assert latoro.HONOR_CARDS_MAX == 3
    assert latoro.RESOURCES_PER_POINT == 3
    text = SEED.read_text(encoding="utf-8")
    for label in latoro.LABELS_JA.values():
        if label != "合計":  # the text says 「３つを合計して」
            assert label in text, label
    assert "合計" in text
    assert latoro.LABELS_JA["clan_tags"] == "氏族タグ"
    assert latoro.LABELS_JA["honor_cards"] == "栄誉カード"
    assert latoro.LABELS_JA["resources"] == "資源"
    assert set(latoro.COLOUR_LABELS_JA) == set(latoro.RESOURCE_COLOURS)
    for colour in latoro.COLOUR_LABELS_JA.values():
        assert f"{colour}資源" in text


# ---------------------------------------------------------------- properties

NAMES = ["あおい", "けんた", "Mia", "Ben", "さくら", "Ünal"]


@st.composite
def latoro_sheets(draw):
    n = draw(st.integers(2, 4))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
    return sheet([player(nm, draw(st.integers(0, 40)),
                         draw(st.lists(st.integers(0, 10), max_size=3)),
                         *(draw(st.integers(0, 7)) for _ in range(3)))
                  for nm in names])


@given(latoro_sheets())
def test_latoro_total_and_ranks(data):
    result = score_sheet(data)
    for p, entered in zip(result.players, data["players"], strict=True):
        assert sum(x.points for x in p.breakdown) == p.total
        assert p.total == (entered["clan_tag_points"] + sum(entered["honor_points"])
                           + sum(entered["resources"].values()) // 3)
        assert p.rank == 1 + sum(1 for q in result.players if q.total > p.total)
    assert result.winners == [p.name for p in result.players if p.rank == 1]


@given(latoro_sheets(), st.data())
def test_reordering_latoro_players_reorders_the_result_and_nothing_else(data, draw):
    perm = draw.draw(st.permutations(range(len(data["players"]))))
    shuffled = copy.deepcopy(data)
    shuffled["players"] = [data["players"][i] for i in perm]
    a, b = score_sheet(data), score_sheet(shuffled)
    assert b.players == [a.players[i] for i in perm]
    assert b.notes == a.notes
    assert sorted(b.winners) == sorted(a.winners)
