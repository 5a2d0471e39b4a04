"""The rulebook lines that readings of the rules rest on (Luna's solo game, Council and
influence, Altar's ties, Latria's campaign and Simple variant), checked word for word against
seeds/ (the tests of each reading quote them; a quote that drifted from the rulebook fails
here)."""

from __future__ import annotations

from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
LATRIA, LUNA, ALTAR = "000_fa82990554f63f12.txt", "002_127c424ddd4c3ef4.txt", \
    "003_563a4ead36616b5c.txt"

QUOTES = [
    # 1. Luna solo: the virtual opponent and the Apostate
    (LUNA, "Your opponent does not lose influence due to the Apostate."),
    (LUNA, "The solo game is based on a 2-player game. You play against a virtual opponent "
           "that follows certain rules."),
    # 2. Luna: the "5" figure's second value is printed, not in the text
    (LUNA, "The second and third places gain a number of influence points equal to the "
           "smaller numbers"),
    # 3. Luna: the Council order
    (LUNA, "Beginning with the start player, the players stack their Member of the Council "
           "piece on the first space of the Council of Priests."),
    (LUNA, "If there is more than one player on the same space, the player whose piece is on "
           "top breaks the tie."),
    (LUNA, 'Move your "Member of the Council" piece up a number of seats equal to the number '
           "of used Novices."),
    # 4. Luna: influence is coins, paid in the rulebook's order
    (LUNA, "Each player receives/loses influence points in 3 different ways"),
    (LUNA, "Each player now loses a number of influence points equal to his count plus one."),
    (LUNA, "93 Influence point coins"),
    # 5. Altar: no completed Realm
    (ALTAR, "If the game ends because of the other two conditions (2 or 3) refer to the gods' "
            "and followers' abilities. Some of them, like the Ancient God, have special rules "
            "for winning a tie."),
    (ALTAR, "If there is a tie, the player with the most Shrines is the winner."),
    (ALTAR, "If there is still a tie then the player who placed the last Shrine is the "
            "winner. And this breaks all ties!"),
    (ALTAR, "it's mandatory to build at least 1 Shrine to win the game."),
    # 6. Latria campaign: the starting parent rotates
    (LATRIA, "In this rule, each player is the starting parent for one game, in turn."),
    # 7. Latria Simple: three celestial cards removed, the astrology ×2 cards stay
    (LATRIA, 'At the start of setup, look through all the celestial cards and remove the '
             'following 3 cards: the Sun card marked "×0", the Moon card marked "×2", and the '
             'Polaris card with the two red symbols'),
    # 8. Luna solo: one Temple book
    (LUNA, "Place a Novice of your own on the remaining tile in the Temple, together with a "
           "book."),
    # 9. Luna solo: no Time tokens
    (LUNA, "Setup: Setup a 2-player game, but place only 1 Favor token on each Isle and do not "
           "use the Time tokens."),
]


@pytest.mark.parametrize(("seed", "quote"), QUOTES)
def test_quote_is_in_the_rulebook(seed, quote):
    assert quote in (SEEDS / seed).read_text(encoding="utf-8")
