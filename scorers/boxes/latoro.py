"""Latoro (ラトーロ): the player counts and variants (the rulebook
``seeds/004_452c00d70235e76d.txt``)."""

from __future__ import annotations

GAME = "latoro"
NAME = "Latoro"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (2, 3, 4)  # Latoro: the refill table has 2, 3 and 4 players
VARIANTS = {n: ("standard",) for n in PLAYER_COUNTS}
SHEETS = ("latoro",)
POINTS = True
