"""Luna: the player counts, variants and shared numbers (the rulebook
``seeds/002_127c424ddd4c3ef4.txt``)."""

from __future__ import annotations

GAME = "luna"
NAME = "Luna"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (1, 2, 3, 4)  # Luna: 2–4 players; Solo Game Rules for 1
SOLO_VARIANTS = ("solo1", "solo2", "solo3")  # Luna, Solo Game Rules: Level 1, 2, 3
VARIANTS = {
    1: SOLO_VARIANTS,
    2: ("standard", "preselected"),  # Luna, Setup: "Please use the preselected setup!"
    3: ("standard", "preselected"),
    4: ("standard", "preselected"),
}
# The game's sheet, and the sheet of one round's payout (the round calculator).
SHEETS = ("luna", "luna_round")
POINTS = True

ROUNDS = 6  # Luna, Overview: "The game takes place over a series of 6 rounds."
NOVICES = 13  # Luna, Components, Player Pieces: "13 Novice pieces"
