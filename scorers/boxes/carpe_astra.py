"""Carpe Astra: the player counts, variants and the box's numbers the setup, the flow and
the scorer share (the rulebook ``seeds/001_0024dcda2c461955.txt``). The guilds, the
characters and the support tokens in play are the scorer's (``scorers/carpe_astra.py``),
which the setup guide imports."""

from __future__ import annotations

GAME = "carpe_astra"
NAME = "Carpe Astra"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (2, 3, 4)  # Carpe Astra, Setup: 2-, 3- or 4-player layouts
VARIANTS = {n: ("standard", "advanced") for n in PLAYER_COUNTS}  # Advanced Rules
SHEETS = ("carpe_astra",)
POINTS = True

# Carpe Astra, Components
EVENT_CARDS = 27  # "27 Event cards"
CREDIT_TOKENS = 49  # "49 money tokens (credits)"
SUPPORT_TOKENS_PER_GUILD = 6  # "36 triangular support tokens, six for each guild"
# Carpe Astra, Setup (first bullet): "deal ten face down in a line ... Turn the second and
# third cards face up"
EVENTS_IN_TIMELINE = 10
STARTING_CREDITS = 5  # Setup (second bullet): "... and five credits"
# Setup (last bullet): "Each player then takes two support tokens for their own guild"
STARTING_SUPPORT = 2
ROUNDS = 10  # Carpe Astra, Play: "Once ten rounds have been played the game ends."
