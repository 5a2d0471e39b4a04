"""Altar: Realms of the Gods, 2–5 players — seeds/003, "Setup" and "Setup for 2 Players".

One variant, ``standard``; with 2 players the rulebook's own 2-player setup applies (two
gods each). The only draw is the alternative first player: the rulebook's rule is "the
oldest player", or the Ancient God if he plays. Gods are chosen, not drawn (ruling S-13).
"""

from __future__ import annotations

import random

from scorers.boxes import altar as box
from scorers.boxes.altar import REALMS_IN_BOX
from scorers.messages import Msg
from setup_guides.base import RULE_OR_SEAT_RULINGS, Setup, Step, draw_seat, rule_or_seat

GAME = "altar"
NAME = Msg("setup.altar.name")

VARIANTS = box.VARIANTS  # the counts and variants: scorers/boxes/altar.py
# What the table may choose instead of the draw (nothing).
TABLE_CHOICES: tuple[str, ...] = ()

# Altar, Components
FOLLOWER_CARDS = 70
ALTAR_TOKENS = 20
SHRINE_TOKENS = 15

# Altar, Setup 1: "For 3 or 4 player games, remove 1 or 2 priestesses respectively";
# Setup for 2 Players 1: "Remove 2 priestesses from the deck." 5 players: none (S-14).
PRIESTESSES_REMOVED = {2: 2, 3: 1, 4: 2, 5: 0}
# Altar, Setup 4: "draw a number of Follower cards equal to the number of players +1";
# Setup for 2 Players 4: "both players draw 5 follower cards".
CARDS_EACH = {2: 5, 3: 4, 4: 5, 5: 6}
# Altar, Setup 5: "Reveal a number of Follower cards (face-up) equal to the number of
# players +1"; Setup for 2 Players 5: "Reveal 5 Follower cards".
FACE_UP_CARDS = {2: 5, 3: 4, 4: 5, 5: 6}
# Altar, Setup 6: "3 players: 6 Shrine tiles, 4 players: 9 Shrine tiles, 5 players: 12
# Shrine tiles"; Setup for 2 Players 6: "9 Shrine tiles".
SHRINE_TILES = {2: 9, 3: 6, 4: 9, 5: 12}
# Altar, Setup 2: "Each player chooses a god"; Setup for 2 Players 2: "chooses TWO gods".
REALMS_EACH = {2: 2, 3: 1, 4: 1, 5: 1}

FIRST_RULE = Msg("setup.altar.first_rule")  # Altar, Setup 3 and Setup for 2 Players 3


class AltarSetup(Setup):
    cards_each: int
    face_up_cards: int
    shrine_tiles: int
    priestesses_removed: int
    realms_each: int


def build(players: int, variant: str, seed: int) -> AltarSetup:
    rng = random.Random(seed)
    first = draw_seat(rng, players)  # the only draw: the alternative first player

    two = players == 2
    removed = PRIESTESSES_REMOVED[players]
    cards = CARDS_EACH[players]
    face_up = FACE_UP_CARDS[players]
    shrines = SHRINE_TILES[players]
    realms = REALMS_EACH[players]
    section = Msg("setup.altar.section.two") if two else Msg("setup.altar.section.setup")

    steps: list[Step] = []

    # Setup 1 / Setup for 2 Players 1
    rulings = []
    if removed:
        detail = Msg("setup.altar.priestesses.detail", players=players, count=removed)
    else:
        detail = Msg("setup.altar.priestesses.none", players=players)
        rulings = ["S-14"]
    steps.append(Step(title=Msg("setup.altar.priestesses.title"), detail=detail,
                      section=section, rulings=rulings))

    # Setup 2 / Setup for 2 Players 2
    rulings = ["S-13"]
    if two:
        detail = Msg("setup.altar.gods.two", realms=players * realms, box=REALMS_IN_BOX)
    else:
        detail = Msg("setup.altar.gods.detail", players=players, box=REALMS_IN_BOX)
    steps.append(Step(title=Msg("setup.altar.gods.title"), detail=detail, section=section,
                      rulings=rulings))

    # Setup 3
    steps.append(Step(
        title=Msg("setup.altar.first_player.title"),
        detail=Msg("setup.altar.first_player.detail", choice=rule_or_seat(FIRST_RULE, first)),
        section=section,
        rulings=RULE_OR_SEAT_RULINGS,
    ))

    # Setup 4
    steps.append(Step(
        title=Msg("setup.altar.deal.title"),
        detail=(Msg("setup.altar.deal.two", count=cards) if two
                else Msg("setup.altar.deal.detail", count=cards, players=players)),
        section=section,
    ))

    # Setup 5
    steps.append(Step(
        title=Msg("setup.altar.face_up.title"),
        detail=(Msg("setup.altar.face_up.two", count=face_up) if two
                else Msg("setup.altar.face_up.detail", count=face_up)),
        section=section,
    ))

    # Setup 6
    steps.append(Step(
        title=Msg("setup.altar.tiles.title"),
        detail=Msg("setup.altar.tiles.detail", altars=ALTAR_TOKENS, shrines=shrines,
                   players=players),
        section=section,
    ))

    # Setup 7
    steps.append(Step(
        title=Msg("setup.altar.return.title"),
        detail=Msg("setup.altar.return.detail", count=SHRINE_TOKENS - shrines),
        section=section,
    ))

    if two:
        # Altar, Gameplay: "In a 2-player game, each player on their turn draws 2 cards and
        # performs 2 different actions." End of the Game 1: "both Realms must be completed."
        steps.append(Step(
            title=Msg("setup.altar.two_turns.title"),
            detail=Msg("setup.altar.two_turns.detail"),
            section=Msg("setup.altar.section.gameplay"),
        ))

    return AltarSetup(
        game=GAME,
        players=players,
        variant=variant,
        seed=seed,
        steps=steps,
        first_player=first,
        first_player_rule=FIRST_RULE,
        cards_each=cards,
        face_up_cards=face_up,
        shrine_tiles=shrines,
        priestesses_removed=removed,
        realms_each=realms,
    )
