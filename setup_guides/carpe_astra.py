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

from scorers.carpe_astra import CHARACTERS, tokens_in_play
from scorers.carpe_astra import GUILDS as GUILD_DATA
from scorers.wording import join_and
from setup_guides.base import Setup, SetupError, Step, draw_seat

GAME = "carpe_astra"
NAME = "Carpe Astra"

PLAYER_COUNTS = (2, 3, 4)  # Carpe Astra: 2-, 3- or 4-player layouts
VARIANTS = {n: ("standard", "advanced") for n in PLAYER_COUNTS}

# The guilds, the characters and the support tokens in play are the box's facts, kept
# once in scorers.carpe_astra (Aim of the Game; Setup; ruling C-1, the same reading as
# S-4 here) so that the setup and the score sheet can never disagree. Characters are
# drawn in the order of CHARACTERS.
GUILDS = tuple(GUILD_DATA)
GUILD_NAMES = {g: guild.name for g, guild in GUILD_DATA.items()}

# Carpe Astra, Components
EVENT_CARDS = 27
NETWORK_CARDS = 35
SLANDER_CARDS = 35
GUILD_TILES = 15
AGENTS_EACH = 5  # "20 agent markers ..., five each in four colours"
SUPPORT_TOKENS_IN_BOX = 36  # "36 triangular support tokens, six for each guild"
CREDIT_TOKENS = 49  # "49 money tokens (credits)"

# Carpe Astra, Setup (first bullet): "deal ten face down in a line ... Turn the second and
# third cards face up"
EVENTS_IN_TIMELINE = 10
# Carpe Astra, Setup (second bullet): "... and five credits"
CREDITS_EACH = 5
# Carpe Astra, Setup (fifth bullet): "turn over the top three tiles"
FACE_UP_GUILD_TILES = 3
# Carpe Astra, Setup (sixth bullet): "deal each player two cards"
NETWORK_CARDS_EACH = 2
# Carpe Astra, Setup (last bullet): "Each player then takes two support tokens for their
# own guild"
STARTING_SUPPORT = 2
# Carpe Astra, Play: "Once ten rounds have been played the game ends."
ROUNDS = 10
# Carpe Astra, Advanced Rules: "turn over the top two cards of both Network and Slander
# decks"
ADVANCED_FACE_UP = 2
# Carpe Astra, Setup (fourth bullet): "The Senate tile used in the three- and four-player
# game" — not with 2 players (ruling S-5).
SENATE = {2: False, 3: True, 4: True}


def support_tokens(players: int, characters: list[str]) -> dict[str, int]:
    """Carpe Astra, Setup (last bullet): "For a 2-player game use three support tokens for
    each guild, for a 3-player game use five support tokens for the guilds being played
    and four for the other guilds, and in a 4-player game use six support tokens for each
    guild." With 3 players "the guilds being played" are the guilds of the three
    characters in play (RULES-GAPS; ruling S-4)."""
    return tokens_in_play(players, characters)


START_RULE = "Choose a start player at random."  # Carpe Astra, Play


def character_label(character: str) -> str:
    c = CHARACTERS[character]
    return f"{c.name} ({c.colour}, {GUILD_NAMES[c.guild]})"


def check_characters(characters: Sequence[str], players: int) -> list[str]:
    """Characters chosen at the table, one per seat: known ids, each once."""
    chosen = list(characters) if isinstance(characters, list | tuple) else None
    if (chosen is None or len(chosen) != players or not set(chosen) <= set(CHARACTERS)
            or len(set(chosen)) != players):
        raise SetupError(f"the characters are {players} different ones of "
                         f"{', '.join(CHARACTERS)}, one per seat")
    return chosen


class CarpeAstraSetup(Setup):
    characters: list[str]
    # Chosen at the table rather than drawn (not part of the spec's JSON).
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
        return [("Start player", f"Seat {self.first_player}")] + [
            (f"Seat {seat}", character_label(c))
            for seat, c in enumerate(self.characters, start=1)
        ]


def build(players: int, variant: str, seed: int,
          characters: Sequence[str] | None = None) -> CarpeAstraSetup:
    """``characters``: one per seat, chosen at the table instead of the draw."""
    rng = random.Random(seed)
    # Draw order: characters by seat (Setup, second bullet), then the start player (Play).
    # The draw is made even when the table chose: the start player stays the same.
    drawn = rng.sample(list(CHARACTERS), players)
    first = draw_seat(rng, players)
    chosen = characters is not None and check_characters(characters, players) != drawn
    characters = check_characters(characters, players) if characters is not None else drawn

    advanced = variant == "advanced"
    tokens = support_tokens(players, characters)
    senate = SENATE[players]
    face_up = ADVANCED_FACE_UP if advanced else 0

    steps: list[Step] = []
    section = "Setup"

    # Setup, first bullet: the event timeline
    steps.append(Step(
        title="Event timeline",
        detail=(
            f"Shuffle the {EVENT_CARDS} Event cards and deal {EVENTS_IN_TIMELINE} face down in "
            "a line beside the play area: the event timeline, one card per round. Turn the "
            "second and third cards face up. Ignore the Immediate Event symbol (yellow "
            f"triangle with an exclamation mark) during setup. The other "
            f"{EVENT_CARDS - EVENTS_IN_TIMELINE} cards stay face down as the event deck."
        ),
        section=section,
    ))

    # Setup, second bullet: characters (drawn), agents, cards, credits
    seats = join_and([
        f"seat {seat}: {character_label(c)}" for seat, c in enumerate(characters, start=1)
    ])
    how = "chosen at the table" if chosen else "drawn from the seed"
    unused = [c for c in CHARACTERS if c not in characters]
    steps.append(Step(
        title="Characters",
        detail=(
            f"Which player is which character ({how}): {seats}. Each player "
            f"takes the {AGENTS_EACH} agent markers, the character card and the rules card in "
            f"their character's colour and {CREDITS_EACH} credits, and places one agent marker "
            "on their character tile (their headquarters)."
            + (
                " Not in play: "
                + join_and([CHARACTERS[c].name for c in unused])
                + "."
                if unused
                else ""
            )
        ),
        section=section,
        rulings=["S-6"] if unused else [],
    ))

    # Setup, third bullet: credit supply
    steps.append(Step(
        title="Credit supply",
        detail=(
            f"Place the remaining {CREDIT_TOKENS - CREDITS_EACH * players} credit tokens in a "
            "supply pile near the play area."
        ),
        section=section,
    ))

    # Setup, fourth bullet: the board
    names = join_and([CHARACTERS[c].name for c in characters])
    senate_text = (
        "Place the Senate tile where the layout shows it: it counts as each character's "
        "headquarters for completing Network cards."
        if senate
        else "The Senate tile is not used with 2 players."
    )
    steps.append(Step(
        title=f"Lay out the {players}-player board",
        detail=(
            f"Shuffle the {GUILD_TILES} Guild Tiles. Follow the rulebook's {players}-player "
            "layout diagram (the diagram is not in the text), leaving a small gap between "
            f"tiles: the character tiles of {names}, each with a single agent marker of its "
            "colour, where a character tile is shown, and a random Guild Tile, guild side "
            f"up, on every double hex. {senate_text}"
        ),
        section=section,
        rulings=[] if senate else ["S-5"],
    ))

    # Setup, fifth bullet: guild tile stack
    steps.append(Step(
        title="Guild Tile stack",
        detail=(
            "Place the remaining Guild Tiles face down in a draw stack beside the play area, "
            f"then turn over the top {FACE_UP_GUILD_TILES} tiles and place them face up next "
            "to the stack."
        ),
        section=section,
    ))

    # Setup, sixth bullet: network and slander decks
    network_left = NETWORK_CARDS - NETWORK_CARDS_EACH * players
    steps.append(Step(
        title="Network and Slander cards",
        detail=(
            f"Shuffle the {NETWORK_CARDS} Network cards and deal each player "
            f"{NETWORK_CARDS_EACH}; the other {network_left} form a face-down draw deck. "
            f"Shuffle the {SLANDER_CARDS} Slander cards into a separate face-down draw deck."
        ),
        section=section,
    ))

    if advanced:
        # Advanced Rules
        steps.append(Step(
            title="Advanced: face-up cards",
            detail=(
                f"Turn over the top {ADVANCED_FACE_UP} cards of the Network deck and the top "
                f"{ADVANCED_FACE_UP} of the Slander deck and place them face up next to their "
                "decks. When drawing you may take at most one card from the face-up cards "
                "instead of the decks, and refill it after drawing; extra cards from Event "
                "cards come from the decks."
            ),
            section=section,
        ))

    # Setup, last bullet: support tokens
    total = sum(tokens.values())
    if players == 3:
        played = [CHARACTERS[c].guild for c in characters]
        others = [g for g in GUILDS if g not in played]
        counts = (
            f"5 support tokens each of {join_and([GUILD_NAMES[g] for g in played])} (the "
            f"guilds of the characters in play) and 4 each of "
            f"{join_and([GUILD_NAMES[g] for g in others])}"
        )
    else:
        counts = f"{tokens[GUILDS[0]]} support tokens of each of the six guilds"
    own = join_and([
        f"seat {seat}: two {GUILD_NAMES[CHARACTERS[c].guild]}"
        for seat, c in enumerate(characters, start=1)
    ])
    back = SUPPORT_TOKENS_IN_BOX - total
    steps.append(Step(
        title="Support tokens",
        detail=(
            f"{players} players: put {counts} in a supply pile: {total} tokens"
            + (f"; the other {back} go back in the box." if back else ".")
            + f" Each player then takes two support tokens of their own guild: {own}."
        ),
        section=section,
        rulings=["S-4"] if players == 3 else [],
    ))

    # Play: "Choose a start player at random."
    steps.append(Step(
        title="Start player",
        detail=(
            f"Chosen at random: seat {first} (drawn from the seed). Play goes to the left "
            f"(clockwise); the game lasts {ROUNDS} rounds, one per event card."
        ),
        section="Play",
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
