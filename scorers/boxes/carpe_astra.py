"""Carpe Astra: the player counts and variants (the rulebook ``seeds/001_0024dcda2c461955.txt``).
The guilds, characters and support tokens are the scorer's (``scorers/carpe_astra.py``),
which the setup guide imports."""

from __future__ import annotations

GAME = "carpe_astra"
NAME = "Carpe Astra"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (2, 3, 4)  # Carpe Astra, Setup: 2-, 3- or 4-player layouts
VARIANTS = {n: ("standard", "advanced") for n in PLAYER_COUNTS}  # Advanced Rules
SHEETS = ("carpe_astra",)
POINTS = True
