"""Latoro (ラトーロ), 2–4 players — seeds/004 (Japanese) and seeds/latoro-en.md,
"場の準備" (Preparing the play area) and "プレイヤーの準備" (Player setup).

One variant, ``standard``. The only draw is the alternative first player: the rulebook's
rule is "the player who most recently rode an animal". The starting resources depend on
the turn order, so ``starting_resources`` follows the drawn first player (ruling S-2).
"""

from __future__ import annotations

import random

from scorers.boxes import latoro as box
from scorers.boxes.latoro import RESOURCE_CAP, ROUNDS
from scorers.messages import Msg
from setup_guides.base import (
    RULE_OR_SEAT_RULINGS,
    Setup,
    Step,
    draw_seat,
    rule_or_seat,
    seat_order,
)

GAME = "latoro"
NAME = Msg("setup.latoro.name")

VARIANTS = box.VARIANTS  # the counts and variants: scorers/boxes/latoro.py
# What the table may choose instead of the draw (nothing).
TABLE_CHOICES: tuple[str, ...] = ()

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

# Latoro, プレイヤーの準備 3: "最近動物に乗ったプレイヤーが１番手となり、スタートプレイヤー
# カードを受け取ります。" (in Japanese the rulebook's own words, in English its translation)
FIRST_RULE = Msg("setup.latoro.first_rule")


def starting_resources_by_position(position: int) -> dict[str, int]:
    """Resources for the player at turn position 0…3: one of each colour plus the extras."""
    extra = EXTRA_RESOURCES[position]
    return {r: 1 + extra.get(r, 0) for r in RESOURCES}


def resources_text(resources: dict[str, int]) -> Msg:
    """``"2 black, 1 white, 1 brown"`` / ``"黒2・白1・茶1"``."""
    return Msg("setup.latoro.resources", **resources)


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

    area = Msg("setup.latoro.section.area")
    mine = Msg("setup.latoro.section.player")
    refill = {f"level{lv}_round{r}": n[f"level{lv}"] for r, n in refills.items()
              for lv in (2, 3)}
    # The starting resources, seat by seat in turn order from the drawn start player.
    seats = {f"seat{i}": seat for i, seat in enumerate(order, start=1)}
    seats |= {f"resources{i}": resources_text(per_seat[seat - 1])
              for i, seat in enumerate(order, start=1)}
    resources = Msg({
        2: "setup.latoro.starting_resources.detail_2",
        3: "setup.latoro.starting_resources.detail_3",
        4: "setup.latoro.starting_resources.detail_4",
    }[players], first=first, cap=RESOURCE_CAP, **seats)
    steps = [
        Step(
            title=Msg("setup.latoro.boards.title"),
            detail=Msg("setup.latoro.boards.detail"),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.level1.title"),
            detail=Msg("setup.latoro.level1.detail", count=LEVEL1_FACE_UP),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.level2_deck.title"),
            detail=Msg("setup.latoro.level2_deck.detail", count=LEVEL2_DECK),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.level2_face_up.title"),
            detail=Msg("setup.latoro.level2_face_up.detail", players=players,
                       face_up=face_up2, left=LEVEL2_DECK - face_up2),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.level3_deck.title"),
            detail=Msg("setup.latoro.level3_deck.detail", count=LEVEL3_DECK),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.supply.title"),
            detail=Msg("setup.latoro.supply.detail"),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.round_marker.title"),
            detail=Msg("setup.latoro.round_marker.detail", rounds=ROUNDS, **refill),
            section=area,
        ),
        Step(
            title=Msg("setup.latoro.pieces.title"),
            detail=Msg("setup.latoro.pieces.detail", uka=UKA_EACH, suma=SUMA_EACH),
            section=mine,
        ),
        Step(
            title=Msg("setup.latoro.honor_cards.title"),
            detail=Msg("setup.latoro.honor_cards.detail", count=HONOR_CARDS_EACH),
            section=mine,
        ),
        Step(
            title=Msg("setup.latoro.start_player.title"),
            detail=rule_or_seat(FIRST_RULE, first),
            section=mine,
            rulings=RULE_OR_SEAT_RULINGS,
        ),
        Step(
            title=Msg("setup.latoro.starting_resources.title"),
            detail=resources,
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
