"""Altar: Realms of the Gods: the player counts, variants and shared numbers (the rulebook
``seeds/003_563a4ead36616b5c.txt``)."""

from __future__ import annotations

GAME = "altar"
NAME = "Altar: Realms of the Gods"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (2, 3, 4, 5)  # Altar, Overview: "a card game for 2 to 5 players"
VARIANTS = {n: ("standard",) for n in PLAYER_COUNTS}
SHEETS = ("altar",)
# Altar, "End of the game": a complete Realm wins, not points (ruling AL-3), so a total
# is not a score to average, chart or send as one.
POINTS = False

REALMS_IN_BOX = 5  # Altar, Components: "5 god's Realms"
