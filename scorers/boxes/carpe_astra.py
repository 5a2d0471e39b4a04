"""Carpe Astra: the player counts, variants, guilds, characters and the box's numbers the
setup, the flow and the scorer share (the rulebook ``seeds/001_0024dcda2c461955.txt``).
The guilds' and characters' names, colours and logos are the scorer's
(``scorers/carpe_astra.py``), which the setup guide imports."""

from __future__ import annotations

from collections.abc import Iterable

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

# Carpe Astra, Aim of the Game: the six guilds, in the rulebook's order
GUILDS = ("military", "traders", "priests", "engineers", "settlers", "politicians")
# Carpe Astra, Setup, last bullet: each character's own guild (characters are drawn in
# this order)
CHARACTER_GUILDS = {"chun": "military", "tyndar": "traders", "ichthon": "priests",
                    "verron": "politicians"}


def guilds_being_played(characters: Iterable[str], other_reading: bool = False) -> set[str]:
    """Carpe Astra, Setup: "for a 3-player game use five support tokens for the guilds
    being played": the guilds of the characters in play (ruling C-1); with C-1's other
    reading (the table's choice, scorers/readings.py) every guild that has a character,
    whoever plays them. The setup, the play flow and the scorer all ask here."""
    if other_reading:
        return set(CHARACTER_GUILDS.values())
    return {CHARACTER_GUILDS[c] for c in characters if c in CHARACTER_GUILDS}


def tokens_in_play(players: int, guilds_played: set[str] | frozenset[str]) -> dict[str, int]:
    """Support tokens of each guild in play (Carpe Astra, Setup): 2 players 3 each; 3
    players 5 for the guilds of the characters played and 4 for the others (ruling C-1);
    4 players 6.

    >>> tokens_in_play(3, {"military", "traders", "priests"})["engineers"]
    4
    """
    if players == 2:
        return dict.fromkeys(GUILDS, 3)
    if players == 4:
        return dict.fromkeys(GUILDS, 6)
    if players == 3:
        return {g: 5 if g in guilds_played else 4 for g in GUILDS}
    raise ValueError(f"Carpe Astra is for 2–4 players, not {players}")
