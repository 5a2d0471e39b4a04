"""Latoro (ラトーロ): the player counts, variants and shared numbers (the rulebook
``seeds/004_452c00d70235e76d.txt``)."""

from __future__ import annotations

GAME = "latoro"
NAME = "Latoro"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (2, 3, 4)  # Latoro: the refill table has 2, 3 and 4 players
VARIANTS = {n: ("standard",) for n in PLAYER_COUNTS}
SHEETS = ("latoro",)
POINTS = True

ROUNDS = 4  # Latoro, ゲームの流れ: "４ラウンド行います"
# Latoro, 準備フェーズ 1: 「資源の上限は１種類７つまでです」 (checked after every
# Preparation phase: ruling LT-4)
RESOURCE_CAP = 7
