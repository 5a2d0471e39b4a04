"""Latria (Latria *Opus*): the box's numbers the setup, the play flow and the scorer share
(the rulebook ``seeds/000_fa82990554f63f12.txt``)."""

from __future__ import annotations

GAME = "latria"
NAME = "Latria"  # the box's English name, as BoardGameGeek lists it
PLAYER_COUNTS = (3, 4, 5, 6)  # Latria Opus, 3–6 players (seeds/INDEX.md; Game Setup)
# Latria, Extension Rules 1 (Simple), 2 (Star Eclipse) and 3 (Campaign)
VARIANTS = {n: ("standard", "simple", "star_eclipse", "campaign") for n in PLAYER_COUNTS}
# A campaign's games are each a standard game's sheet; the series has a sheet of its own.
SHEETS = ("latria", "latria_campaign")
# A sheet's "variant": a campaign's games are each scored as a standard game.
SHEET_VARIANTS = tuple(v for v in VARIANTS[PLAYER_COUNTS[0]] if v != "campaign")
POINTS = True

# Latria, Card Types: "15 cards each of the 4 types: the Sun, the Moon, Polaris, and Latria"
SUITS = ("sun", "moon", "polaris", "latria")
CARDS_PER_SUIT = 15
ASTROLOGY_NUMBERS = range(1, CARDS_PER_SUIT + 1)  # numbered 1–15
# Latria, Card Types: "13 cards each of the 3 types" of celestial cards
BODIES = ("sun", "moon", "polaris")
CELESTIAL_PER_BODY = 13
# Latria, Boards and Tiles: "1 hexagonal parent marker and 6 round eclipse markers"
ECLIPSE_MARKERS_IN_BOX = 6

# Latria, Game Setup: Remove cards — "3 players: ... the 1 to 3 and 13 to 15 cards of all
# four types"; "4 players: only the cards with a "5" icon ... (the 1, 14, and 15 cards)";
# "(3 or 4 players only)".
REMOVED_NUMBERS: dict[int, tuple[int, ...]] = {
    3: (1, 2, 3, 13, 14, 15),
    4: (1, 14, 15),
    5: (),
    6: (),
}


def numbers_in_play(players: int) -> range:
    """The astrology numbers left in the deck for a player count (Latria, Game Setup,
    Remove cards): what is removed is the lowest and the highest numbers.

    >>> numbers_in_play(3), numbers_in_play(4), numbers_in_play(6)
    (range(4, 13), range(2, 14), range(1, 16))
    """
    if players not in REMOVED_NUMBERS:
        raise ValueError(f"Latria is for 3–6 players, not {players}")
    kept = [n for n in ASTROLOGY_NUMBERS if n not in REMOVED_NUMBERS[players]]
    return range(kept[0], kept[-1] + 1)


def hand_size(players: int) -> int:
    """Astrology cards dealt to each player (Latria, Game Setup, Deal astrology cards:
    "With 6 players each player receives 10 cards; otherwise each player receives 12
    cards")."""
    return 10 if players == 6 else 12


def rounds(players: int) -> int:
    """Rounds in a game: "Repeat rounds until the hand of astrology cards has one card
    left" (Latria, Game Flow), one card a round; ruling L-9."""
    return hand_size(players) - 1
