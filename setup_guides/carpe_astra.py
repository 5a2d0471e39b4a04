"""Carpe Astra, 2–4 players — seeds/001, "Setup", "Play" and "Advanced Rules".

Variants: ``standard``; ``advanced`` (two face-up Network and two face-up Slander cards).
Draws: which player is which character ("Determine which player is which character"),
and the start player ("Choose a start player at random"). The table may choose the
characters instead of taking the draw (``build(..., characters=[...])``, ruling S-6):
the checklist then follows the chosen ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import Field

from scorers.boxes import carpe_astra as box
from scorers.boxes.carpe_astra import (
    CREDIT_TOKENS,
    EVENT_CARDS,
    EVENTS_IN_TIMELINE,
    ROUNDS,
    STARTING_SUPPORT,
    SUPPORT_TOKENS_PER_GUILD,
)
from scorers.boxes.carpe_astra import STARTING_CREDITS as CREDITS_EACH
from scorers.carpe_astra import CHARACTERS, tokens_in_play
from scorers.carpe_astra import GUILDS as GUILD_DATA
from scorers.messages import AndList, Msg
from setup_guides.base import Setup, SetupError, Step, draw_seat

GAME = "carpe_astra"
NAME = Msg("setup.carpe_astra.name")

VARIANTS = box.VARIANTS  # the counts and variants: scorers/boxes/carpe_astra.py
# What the table may choose instead of the draw (the characters, ruling S-6).
TABLE_CHOICES: tuple[str, ...] = ("characters",)

# The guilds, the characters and the support tokens in play are the box's facts, kept
# once in scorers.carpe_astra (Aim of the Game; Setup; ruling C-1, the same reading as
# S-4 here) so that the setup and the score sheet can never disagree. Characters are
# drawn in the order of CHARACTERS.
GUILDS = tuple(GUILD_DATA)
GUILD_NAMES = {g: guild.name for g, guild in GUILD_DATA.items()}

# Carpe Astra, Components
NETWORK_CARDS = 35
SLANDER_CARDS = 35
GUILD_TILES = 15
AGENTS_EACH = 5  # "20 agent markers ..., five each in four colours"

# Carpe Astra, Setup (fifth bullet): "turn over the top three tiles"
FACE_UP_GUILD_TILES = 3
# Carpe Astra, Setup (sixth bullet): "deal each player two cards"
NETWORK_CARDS_EACH = 2
# Carpe Astra, Advanced Rules: "turn over the top two cards of both Network and Slander
# decks"
ADVANCED_FACE_UP = 2
# Carpe Astra, Setup (fourth bullet): "The Senate tile used in the three- and four-player
# game" — not with 2 players (ruling S-5).
SENATE = {2: False, 3: True, 4: True}


def support_tokens(players: int, characters: list[str], other_reading: bool = False
                   ) -> dict[str, int]:
    """Carpe Astra, Setup (last bullet): "For a 2-player game use three support tokens for
    each guild, for a 3-player game use five support tokens for the guilds being played
    and four for the other guilds, and in a 4-player game use six support tokens for each
    guild." With 3 players "the guilds being played" are the guilds of the three
    characters in play (ruling S-4); with C-1's other reading, chosen by the table, every
    guild that has a character (the scorer's limits are the same numbers)."""
    return tokens_in_play(players, characters, other_reading)


START_RULE = Msg("setup.carpe_astra.start_rule")  # Carpe Astra, Play

# The names as players read them (in English the box's, as in scorers.carpe_astra).
CHARACTER_NAMES = {
    "chun": Msg("setup.carpe_astra.character.chun"),
    "tyndar": Msg("setup.carpe_astra.character.tyndar"),
    "ichthon": Msg("setup.carpe_astra.character.ichthon"),
    "verron": Msg("setup.carpe_astra.character.verron"),
}
GUILD_LABELS = {
    "military": Msg("setup.carpe_astra.guild.military"),
    "traders": Msg("setup.carpe_astra.guild.traders"),
    "priests": Msg("setup.carpe_astra.guild.priests"),
    "engineers": Msg("setup.carpe_astra.guild.engineers"),
    "settlers": Msg("setup.carpe_astra.guild.settlers"),
    "politicians": Msg("setup.carpe_astra.guild.politicians"),
}
COLOUR_NAMES = {
    "red": Msg("setup.carpe_astra.colour.red"),
    "yellow": Msg("setup.carpe_astra.colour.yellow"),
    "blue": Msg("setup.carpe_astra.colour.blue"),
    "black": Msg("setup.carpe_astra.colour.black"),
}


def character_label(character: str) -> Msg:
    """``"Admiral Ch'un (red, Military)"``."""
    c = CHARACTERS[character]
    return Msg("setup.carpe_astra.character_label", name=CHARACTER_NAMES[character],
               colour=COLOUR_NAMES[c.colour], guild=GUILD_LABELS[c.guild])


def check_characters(characters: Sequence[str], players: int) -> list[str]:
    """Characters chosen at the table, one per seat: known ids, each once."""
    chosen = list(characters) if isinstance(characters, list | tuple) else None
    if (chosen is None or len(chosen) != players or not set(chosen) <= set(CHARACTERS)
            or len(set(chosen)) != players):
        raise SetupError(Msg("setup.carpe_astra.error.characters", players=players,
                             ids=", ".join(CHARACTERS)))
    return chosen


class CarpeAstraSetup(Setup):
    characters: list[str]
    # Chosen at the table rather than drawn (not part of the JSON of docs/setup-guides.md).
    characters_chosen: bool = Field(default=False, exclude=True)
    support_tokens: dict[str, int]
    senate: bool
    credits_each: int
    network_cards_each: int
    starting_support: list[dict[str, int]]
    events_in_timeline: int
    face_up_guild_tiles: int
    rounds: int
    face_up_network: int
    face_up_slander: int

    def draws(self) -> list[tuple[str, str]]:
        return [(Msg("setup.common.draw.start_player"),
                 Msg("setup.common.draw.seat", seat=self.first_player))] + [
            (Msg("setup.common.draw.seat", seat=seat), character_label(c))
            for seat, c in enumerate(self.characters, start=1)
        ]


def build(players: int, variant: str, seed: int,
          characters: Sequence[str] | None = None,
          other_reading: bool = False) -> CarpeAstraSetup:
    """``characters``: one per seat, chosen at the table instead of the draw;
    ``other_reading``: the table chose C-1's other reading (the 3-player token counts)."""
    rng = random.Random(seed)
    # Draw order: characters by seat (Setup, second bullet), then the start player (Play).
    # The draw is made even when the table chose: the start player stays the same.
    drawn = rng.sample(list(CHARACTERS), players)
    first = draw_seat(rng, players)
    chosen = characters is not None and check_characters(characters, players) != drawn
    characters = check_characters(characters, players) if characters is not None else drawn

    advanced = variant == "advanced"
    tokens = support_tokens(players, characters, other_reading)
    senate = SENATE[players]
    face_up = ADVANCED_FACE_UP if advanced else 0

    steps: list[Step] = []
    section = Msg("setup.carpe_astra.section.setup")

    # Setup, first bullet: the event timeline
    steps.append(Step(
        title=Msg("setup.carpe_astra.timeline.title"),
        detail=Msg("setup.carpe_astra.timeline.detail", events=EVENT_CARDS,
                   timeline=EVENTS_IN_TIMELINE, left=EVENT_CARDS - EVENTS_IN_TIMELINE),
        section=section,
    ))

    # Setup, second bullet: characters (drawn), agents, cards, credits
    seats = AndList(
        Msg("setup.carpe_astra.characters.seat", seat=seat, character=character_label(c))
        for seat, c in enumerate(characters, start=1)
    )
    how = (Msg("setup.carpe_astra.characters.chosen") if chosen
           else Msg("setup.carpe_astra.characters.drawn"))
    unused = [c for c in CHARACTERS if c not in characters]
    if unused:
        detail = Msg("setup.carpe_astra.characters.detail_unused", how=how, seats=seats,
                     agents=AGENTS_EACH, credits=CREDITS_EACH,
                     unused=AndList(CHARACTER_NAMES[c] for c in unused))
    else:
        detail = Msg("setup.carpe_astra.characters.detail", how=how, seats=seats,
                     agents=AGENTS_EACH, credits=CREDITS_EACH)
    steps.append(Step(
        title=Msg("setup.carpe_astra.characters.title"),
        detail=detail,
        section=section,
        rulings=["S-6"] if unused else [],
    ))

    # Setup, third bullet: credit supply
    steps.append(Step(
        title=Msg("setup.carpe_astra.credits.title"),
        detail=Msg("setup.carpe_astra.credits.detail",
                   count=CREDIT_TOKENS - CREDITS_EACH * players),
        section=section,
    ))

    # Setup, fourth bullet: the board
    names = AndList(CHARACTER_NAMES[c] for c in characters)
    senate_text = (Msg("setup.carpe_astra.board.senate") if senate
                   else Msg("setup.carpe_astra.board.no_senate"))
    steps.append(Step(
        title=Msg("setup.carpe_astra.board.title", players=players),
        detail=Msg("setup.carpe_astra.board.detail", tiles=GUILD_TILES, players=players,
                   names=names, senate=senate_text),
        section=section,
        rulings=[] if senate else ["S-5"],
    ))

    # Setup, fifth bullet: guild tile stack
    steps.append(Step(
        title=Msg("setup.carpe_astra.guild_tiles.title"),
        detail=Msg("setup.carpe_astra.guild_tiles.detail", count=FACE_UP_GUILD_TILES),
        section=section,
    ))

    # Setup, sixth bullet: network and slander decks
    network_left = NETWORK_CARDS - NETWORK_CARDS_EACH * players
    steps.append(Step(
        title=Msg("setup.carpe_astra.decks.title"),
        detail=Msg("setup.carpe_astra.decks.detail", network=NETWORK_CARDS,
                   each=NETWORK_CARDS_EACH, left=network_left, slander=SLANDER_CARDS),
        section=section,
    ))

    if advanced:
        # Advanced Rules
        steps.append(Step(
            title=Msg("setup.carpe_astra.advanced.title"),
            detail=Msg("setup.carpe_astra.advanced.detail", count=ADVANCED_FACE_UP),
            section=section,
        ))

    # Setup, last bullet: support tokens
    total = sum(tokens.values())
    if players == 3:
        played = ([g for g in GUILDS if tokens[g] == 5] if other_reading
                  else [CHARACTERS[c].guild for c in characters])
        others = [g for g in GUILDS if g not in played]
        # C-1's other reading: every guild that has a character, whoever plays it
        counts = Msg("setup.carpe_astra.support.counts_3_other" if other_reading
                     else "setup.carpe_astra.support.counts_3",
                     played=AndList(GUILD_LABELS[g] for g in played),
                     others=AndList(GUILD_LABELS[g] for g in others))
    else:
        counts = Msg("setup.carpe_astra.support.counts_each", count=tokens[GUILDS[0]])
    own = AndList(
        Msg("setup.carpe_astra.support.own", seat=seat, guild=GUILD_LABELS[CHARACTERS[c].guild])
        for seat, c in enumerate(characters, start=1)
    )
    back = SUPPORT_TOKENS_PER_GUILD * len(GUILDS) - total  # all 36 in the box
    if back:
        detail = Msg("setup.carpe_astra.support.detail_back", players=players, counts=counts,
                     total=total, back=back, own=own)
    else:
        detail = Msg("setup.carpe_astra.support.detail", players=players, counts=counts,
                     total=total, own=own)
    steps.append(Step(
        title=Msg("setup.carpe_astra.support.title"),
        detail=detail,
        section=section,
        # the table's reading (C-1's other one) or the app's (S-4, the same as C-1's)
        rulings=(["C-1"] if other_reading else ["S-4"]) if players == 3 else [],
    ))

    # Play: "Choose a start player at random."
    steps.append(Step(
        title=Msg("setup.carpe_astra.start_player.title"),
        detail=Msg("setup.carpe_astra.start_player.detail", seat=first, rounds=ROUNDS),
        section=Msg("setup.carpe_astra.section.play"),
    ))

    return CarpeAstraSetup(
        game=GAME,
        players=players,
        variant=variant,
        seed=seed,
        steps=steps,
        first_player=first,
        first_player_rule=START_RULE,
        characters=characters,
        characters_chosen=chosen,
        support_tokens=tokens,
        senate=senate,
        credits_each=CREDITS_EACH,
        network_cards_each=NETWORK_CARDS_EACH,
        starting_support=[{CHARACTERS[c].guild: STARTING_SUPPORT} for c in characters],
        events_in_timeline=EVENTS_IN_TIMELINE,
        face_up_guild_tiles=FACE_UP_GUILD_TILES,
        rounds=ROUNDS,
        face_up_network=face_up,
        face_up_slander=face_up,
    )
