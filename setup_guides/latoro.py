"""Latoro (ラトーロ), 2–4 players — seeds/004 (Japanese) and seeds/latoro-en.md,
"場の準備" (Preparing the play area) and "プレイヤーの準備" (Player setup).

One variant, ``standard``. The only draw is the alternative first player: the rulebook's
rule is "the player who most recently rode an animal". The starting resources depend on
the turn order, so ``starting_resources`` follows the drawn first player (ruling S-2).
"""

from __future__ import annotations

import random

from scorers.wording import join_and
from setup_guides.base import (
    RULE_OR_SEAT_RULINGS,
    Setup,
    Step,
    draw_seat,
    rule_or_seat,
    seat_order,
)

GAME = "latoro"
NAME = "Latoro"

PLAYER_COUNTS = (2, 3, 4)  # Latoro: the refill table has 2, 3 and 4 players
VARIANTS = {n: ("standard",) for n in PLAYER_COUNTS}

RESOURCES = ("black", "white", "brown")  # 黒, 白, 茶

# Latoro, 場の準備 2: "レベル１のエリアカード２枚をどちらも表向きに"
LEVEL1_FACE_UP = 2
# Latoro, 場の準備 3: "レベル２のカード１７枚"
LEVEL2_DECK = 17
# Latoro, 場の準備 4: "２人：５枚　３、４人：６枚"
LEVEL2_FACE_UP = {2: 5, 3: 6, 4: 6}
# Latoro, 場の準備 5: "レベル３のカード２４枚"
LEVEL3_DECK = 24
# Latoro, プレイヤーの準備 1: "ウカ族（大きいコマ）３個とスーマ族（小さいコマ）を１個"
UKA_EACH = 3
SUMA_EACH = 1
# Latoro, プレイヤーの準備 2: "各栄誉カード１枚ずつ３種類"
HONOR_CARDS_EACH = 3
# Latoro, ゲームの流れ: "４ラウンド行います"
ROUNDS = 4
# Latoro, 準備フェーズ 1: "資源の上限は１種類７つまで"
RESOURCE_CAP = 7
# Latoro, プレイヤーの準備 4: by turn position, "１色１個ずつ" plus the extra ones.
EXTRA_RESOURCES: list[dict[str, int]] = [
    {"black": 1},  # スタートプレイヤー: 追加で黒資源を１個
    {"white": 1},  # ２番手: 追加で白資源を１個
    {"brown": 1},  # ３番手: 追加で茶資源を１個
    {"white": 1, "black": 1},  # ４番手: 追加で白資源と黒資源を１個ずつ
]
# Latoro, 準備フェーズ 3 (プレイエリアの補充): players → round → cards.
REFILLS: dict[int, dict[str, dict[str, int]]] = {
    2: {"2": {"level2": 3, "level3": 1}, "3": {"level2": 1, "level3": 3},
        "4": {"level2": 0, "level3": 4}},
    3: {"2": {"level2": 4, "level3": 2}, "3": {"level2": 2, "level3": 4},
        "4": {"level2": 0, "level3": 6}},
    4: {"2": {"level2": 5, "level3": 3}, "3": {"level2": 3, "level3": 5},
        "4": {"level2": 0, "level3": 8}},
}

FIRST_RULE = (
    "The player who most recently rode an animal goes first and takes the start player card."
)  # Latoro, プレイヤーの準備 3: "最近動物に乗ったプレイヤーが１番手"

POSITIONS = ("start player", "second player", "third player", "fourth player")


def starting_resources_by_position(position: int) -> dict[str, int]:
    """Resources for the player at turn position 0…3: one of each colour plus the extras."""
    extra = EXTRA_RESOURCES[position]
    return {r: 1 + extra.get(r, 0) for r in RESOURCES}


def resources_text(resources: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in resources.items())


class LatoroSetup(Setup):
    level1_face_up: int
    level2_face_up: int
    level2_deck: int
    level3_deck: int
    uka_each: int
    suma_each: int
    honor_cards_each: int
    rounds: int
    resource_cap: int
    starting_resources: list[dict[str, int]]  # per seat (index 0 is seat 1)
    refills: dict[str, dict[str, int]]  # round → {"level2": n, "level3": n}


def build(players: int, variant: str, seed: int) -> LatoroSetup:
    rng = random.Random(seed)
    first = draw_seat(rng, players)  # the only draw: the alternative first player

    order = seat_order(first, players)
    per_seat: list[dict[str, int]] = [{} for _ in range(players)]
    for position, seat in enumerate(order):
        per_seat[seat - 1] = starting_resources_by_position(position)

    face_up2 = LEVEL2_FACE_UP[players]
    refills = REFILLS[players]

    area = "Preparing the play area (場の準備)"
    mine = "Player setup (プレイヤーの準備)"
    steps = [
        Step(
            title="Boards",
            detail="Place the Offering board and the Support board in the centre of the table.",
            section=area,
        ),
        Step(
            title="Level 1 area cards",
            detail=f"Place both ({LEVEL1_FACE_UP}) Level 1 area cards face up in a row below "
            "the boards.",
            section=area,
        ),
        Step(
            title="Level 2 deck",
            detail=f"Shuffle all {LEVEL2_DECK} Level 2 cards and place them face down in the "
            "centre: the Level 2 deck.",
            section=area,
        ),
        Step(
            title="Level 2 face-up cards",
            detail=f"{players} players: turn {face_up2} cards of the Level 2 deck face up "
            f"({LEVEL2_DECK - face_up2} stay in the deck).",
            section=area,
        ),
        Step(
            title="Level 3 deck",
            detail=f"Shuffle all {LEVEL3_DECK} Level 3 cards and place them face down in the "
            "centre: the Level 3 deck.",
            section=area,
        ),
        Step(
            title="Resource supply",
            detail="Sort all resource pieces (black, white, brown) by type in the centre: the "
            "supply. Resources are unlimited; if you run short, use something else.",
            section=area,
        ),
        Step(
            title="Round marker",
            detail=f"Place the round marker on “1” at the top of the Support board. The game "
            f"lasts {ROUNDS} rounds; the area cards are refilled in rounds 2–4: "
            + "; ".join(
                f"round {r}: {n['level2']} Level 2 and {n['level3']} Level 3 cards"
                for r, n in refills.items()
            )
            + ".",
            section=area,
        ),
        Step(
            title="Colours and pieces",
            detail=f"Each player chooses a colour and takes {UKA_EACH} Uka pieces (large) and "
            f"{SUMA_EACH} Suma piece (small) of that colour. Place the leftover Uka pieces on "
            "the Offering board.",
            section=mine,
        ),
        Step(
            title="Player board and honor cards",
            detail=f"Each player takes 1 player board and {HONOR_CARDS_EACH} honor cards, one of "
            "each kind. Honor cards stay face down until their condition is met.",
            section=mine,
        ),
        Step(
            title="Start player",
            detail=rule_or_seat(FIRST_RULE, first),
            section=mine,
            rulings=RULE_OR_SEAT_RULINGS,
        ),
        Step(
            title="Starting resources",
            detail="Starting with the start player, each player takes from the supply: "
            + "; ".join(
                f"{POSITIONS[i]} one of each colour plus "
                + join_and([f"1 {r}" for r in EXTRA_RESOURCES[i]])
                for i in range(players)
            )
            + ". With seat "
            + f"{first} starting: "
            + "; ".join(f"seat {s}: {resources_text(per_seat[s - 1])}" for s in order)
            + f". At most {RESOURCE_CAP} of each colour are kept after every Preparation phase. "
            "If another player starts, count from that player.",
            section=mine,
            rulings=["S-2"],
        ),
    ]

    return LatoroSetup(
        game=GAME,
        players=players,
        variant=variant,
        seed=seed,
        steps=steps,
        first_player=first,
        first_player_rule=FIRST_RULE,
        level1_face_up=LEVEL1_FACE_UP,
        level2_face_up=face_up2,
        level2_deck=LEVEL2_DECK,
        level3_deck=LEVEL3_DECK,
        uka_each=UKA_EACH,
        suma_each=SUMA_EACH,
        honor_cards_each=HONOR_CARDS_EACH,
        rounds=ROUNDS,
        resource_cap=RESOURCE_CAP,
        starting_resources=per_seat,
        refills={r: dict(n) for r, n in refills.items()},
    )
