"""Latoro setup: each number against its line in seeds/004 (Japanese; English in
seeds/latoro-en.md): 場の準備 (Preparing the play area) and プレイヤーの準備 (Player setup).
Every test quotes the Japanese rule it checks, and checks the quote is in the rulebook."""

from __future__ import annotations

import pathlib

import pytest

from setup_guides import draws, make_setup

SEEDS = pathlib.Path(__file__).resolve().parents[2] / "seeds"
RULEBOOK = (SEEDS / "004_452c00d70235e76d.txt").read_text(encoding="utf-8")
ENGLISH = (SEEDS / "latoro-en.md").read_text(encoding="utf-8")

PLAYERS = [2, 3, 4]


def says(*phrases: str) -> None:
    for phrase in phrases:
        assert phrase in RULEBOOK, phrase


def step(setup, title: str) -> str:
    matches = [s.detail for s in setup.steps if s.title == title]
    assert len(matches) == 1, (title, [s.title for s in setup.steps])
    return matches[0]


def test_setup_steps_follow_the_rulebook_order():
    """場の準備 1–7, then プレイヤーの準備 1–4."""
    setup = make_setup("latoro", 3, seed=1)
    assert [(s.section[:7], s.title) for s in setup.steps] == [
        ("Prepari", "Boards"),
        ("Prepari", "Level 1 area cards"),
        ("Prepari", "Level 2 deck"),
        ("Prepari", "Level 2 face-up cards"),
        ("Prepari", "Level 3 deck"),
        ("Prepari", "Resource supply"),
        ("Prepari", "Round marker"),
        ("Player ", "Colours and pieces"),
        ("Player ", "Player board and honor cards"),
        ("Player ", "Start player"),
        ("Player ", "Starting resources"),
    ]


@pytest.mark.parametrize("players", PLAYERS)
def test_level_1_two_face_up(players):
    """場の準備 2: "レベル１のエリアカード２枚をどちらも表向きにしボードの下に並べます。" """
    says("レベル１のエリアカード２枚をどちらも表向きにしボードの下に並べます。")
    setup = make_setup("latoro", players, seed=1)
    assert setup.level1_face_up == 2
    assert "both (2) Level 1 area cards face up" in step(setup, "Level 1 area cards")


@pytest.mark.parametrize("players", PLAYERS)
def test_level_2_deck_17(players):
    """場の準備 3: "レベル２のカード１７枚をすべてシャッフルして" """
    says("レベル２のカード１７枚をすべてシャッフルして")
    setup = make_setup("latoro", players, seed=1)
    assert setup.level2_deck == 17
    assert "all 17 Level 2 cards" in step(setup, "Level 2 deck")


@pytest.mark.parametrize(("players", "face_up"), [(2, 5), (3, 6), (4, 6)])
def test_level_2_face_up_five_with_2_six_with_3_or_4(players, face_up):
    """場の準備 4: "２人：５枚", "３、４人：６枚" """
    says("２人：５枚", "３、４人：６枚")
    setup = make_setup("latoro", players, seed=1)
    assert setup.level2_face_up == face_up
    detail = step(setup, "Level 2 face-up cards")
    assert f"turn {face_up} cards" in detail and f"{17 - face_up} stay in the deck" in detail


@pytest.mark.parametrize("players", PLAYERS)
def test_level_3_deck_24(players):
    """場の準備 5: "レベル３のカード２４枚をすべてシャッフルして" """
    says("レベル３のカード２４枚をすべてシャッフルして")
    setup = make_setup("latoro", players, seed=1)
    assert setup.level3_deck == 24
    assert "all 24 Level 3 cards" in step(setup, "Level 3 deck")


@pytest.mark.parametrize("players", PLAYERS)
def test_round_marker_on_1_four_rounds(players):
    """場の準備 7: "ラウンドマーカを支援ボード上部の１のところに配置";
    ゲームの流れ: "４ラウンド行います" """
    says("ラウンドマーカを支援ボード上部の１のところに配置", "４ラウンド行います")
    setup = make_setup("latoro", players, seed=1)
    assert setup.rounds == 4
    assert "round marker on “1”" in step(setup, "Round marker")


@pytest.mark.parametrize("players", PLAYERS)
def test_three_uka_one_suma_each(players):
    """プレイヤーの準備 1:
    "その色のウカ族（大きいコマ）３個とスーマ族（小さいコマ）を１個受け取ります。" """
    says("その色のウカ族（大きいコマ）３個とスーマ族（小さいコマ）を１個受け取ります。")
    setup = make_setup("latoro", players, seed=1)
    assert (setup.uka_each, setup.suma_each) == (3, 1)
    assert "3 Uka pieces (large) and 1 Suma piece (small)" in step(setup, "Colours and pieces")


@pytest.mark.parametrize("players", PLAYERS)
def test_three_honor_cards_each(players):
    """プレイヤーの準備 2: "各栄誉カード１枚ずつ３種類受け取り" """
    says("各栄誉カード１枚ずつ３種類受け取り")
    setup = make_setup("latoro", players, seed=1)
    assert setup.honor_cards_each == 3
    assert "3 honor cards, one of each kind" in step(setup, "Player board and honor cards")


@pytest.mark.parametrize("seed", range(8))
def test_start_player_rode_an_animal_with_drawn_seat(seed):
    """プレイヤーの準備 3: "最近動物に乗ったプレイヤーが１番手となり" — the checklist says it and
    offers the drawn seat."""
    says("最近動物に乗ったプレイヤーが１番手となり")
    setup = make_setup("latoro", 4, seed=seed)
    assert "most recently rode an animal" in setup.first_player_rule
    detail = step(setup, "Start player")
    assert "most recently rode an animal" in detail
    assert f"seat {setup.first_player} (drawn from the seed)" in detail
    assert draws(setup) == [("First player", f"Seat {setup.first_player}")]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", range(4))
def test_starting_resources_by_turn_position(players, seed):
    """プレイヤーの準備 4:
    "スタートプレイヤー：１色１個ずつ、追加で黒資源を１個",
    "２番手プレイヤー：…追加で白資源を１個", "３番手プレイヤー：…追加で茶資源を１個",
    "４番手プレイヤー：…追加で白資源と黒資源を１個ずつ"
    — per seat from the drawn start player (ruling S-2)."""
    says("スタートプレイヤー：１色１個ずつ、追加で黒資源を１個受け取ります。",
         "２番手プレイヤー：１色１個ずつ、追加で白資源を１個受け取ります。",
         "３番手プレイヤー：１色１個ずつ、追加で茶資源を１個受け取ります。",
         "４番手プレイヤー：１色１個ずつ、追加で白資源と黒資源を１個ずつ受け取ります。")
    by_position = [
        {"black": 2, "white": 1, "brown": 1},
        {"black": 1, "white": 2, "brown": 1},
        {"black": 1, "white": 1, "brown": 2},
        {"black": 2, "white": 2, "brown": 1},
    ]
    setup = make_setup("latoro", players, seed=seed)
    assert len(setup.starting_resources) == players
    for position in range(players):
        seat = (setup.first_player - 1 + position) % players + 1
        assert setup.starting_resources[seat - 1] == by_position[position]
    detail = step(setup, "Starting resources")
    assert "start player one of each colour plus 1 black" in detail
    if players == 4:
        assert "fourth player one of each colour plus 1 white and 1 black" in detail
    else:
        assert "fourth player" not in detail
    assert f"seat {setup.first_player}: 2 black, 1 white, 1 brown" in detail


@pytest.mark.parametrize("players", PLAYERS)
def test_resource_cap_seven(players):
    """準備フェーズ 1: "資源の上限は１種類７つまでです。" """
    says("資源の上限は１種類７つまでです。")
    assert make_setup("latoro", players, seed=1).resource_cap == 7


@pytest.mark.parametrize(("players", "refills"), [
    (2, {"2": {"level2": 3, "level3": 1}, "3": {"level2": 1, "level3": 3},
         "4": {"level2": 0, "level3": 4}}),
    (3, {"2": {"level2": 4, "level3": 2}, "3": {"level2": 2, "level3": 4},
         "4": {"level2": 0, "level3": 6}}),
    (4, {"2": {"level2": 5, "level3": 3}, "3": {"level2": 3, "level3": 5},
         "4": {"level2": 0, "level3": 8}}),
])
def test_refills_by_round(players, refills):
    """準備フェーズ 3 (プレイエリアの補充), the table by player count and round; the decks are large
    enough for every refill."""
    says("２人プレイ：２ラウンド", "レベル２：３枚　　レベル２：１枚　　レベル２：０枚",
         "レベル３：１枚　　レベル３：３枚　　レベル３：４枚",
         "レベル２：４枚　　レベル２：２枚　　レベル２：０枚",
         "レベル３：２枚　　レベル３：４枚　　レベル３：６枚",
         "レベル２：５枚　　レベル２：３枚　　レベル２：０枚",
         "レベル３：３枚　　レベル３：５枚　　レベル３：８枚")
    assert f"| {players} | Level 2: {refills['2']['level2']}, Level 3: " in ENGLISH
    setup = make_setup("latoro", players, seed=1)
    assert setup.refills == refills
    assert setup.to_json_dict()["refills"] == refills
    assert setup.level2_face_up + sum(r["level2"] for r in refills.values()) <= setup.level2_deck
    assert sum(r["level3"] for r in refills.values()) <= setup.level3_deck
    detail = step(setup, "Round marker")
    for rnd, n in refills.items():
        assert f"round {rnd}: {n['level2']} Level 2 and {n['level3']} Level 3 cards" in detail
