"""Luna, 1–4 players — seeds/002, "Setup", "1. Preliminary Round", "Special Rules for the
2-Player Game" and "Solo Game Rules".

Variants: ``standard`` and ``preselected`` (2–4 players); ``solo1``, ``solo2``, ``solo3``
(1 player, solo Levels 1–3). Draws: the start player ("Randomly choose a start player"),
the Temple boards in use and their order from the Temple Gate ("randomly selected Temple
boards"), and who receives which of the tiles 1–4 ("Randomly distribute the tiles 1-4").

The rulebook text does not say which colours the Temple boards have nor which tile
numbers each colour holds. Each colour holds exactly one of the tiles 1–4 (RULES-GAPS),
so a board is named here by that tile: "the board of the colour of tile 3" (ruling S-7).
In the solo game the virtual opponent is written as seat 0 in ``temple_tile_owner``
(ruling S-10).
"""

from __future__ import annotations

import random

from scorers.wording import join_and, ordinal, plural
from setup_guides.base import Setup, Step, draw_seat, seat_order

GAME = "luna"
NAME = "Luna"

SOLO_LEVELS = {"solo1": 1, "solo2": 2, "solo3": 3}
VARIANTS = {
    1: tuple(SOLO_LEVELS),  # Luna, Solo Game Rules: Level 1, Level 2, Level 3
    2: ("standard", "preselected"),  # Luna, Setup: "Please use the preselected setup!"
    3: ("standard", "preselected"),
    4: ("standard", "preselected"),
}

VIRTUAL_OPPONENT = 0  # the solo opponent's "seat" in temple_tile_owner (ruling S-10)

# Luna, Components
HOLY_ISLES = 7  # "7 Holy Isles"
FRAME_PIECES = 5  # "1 Temple Island consisting of 5 frame pieces"
TEMPLE_BOARDS_IN_BOX = 4  # "4 Temple boards"
TEMPLE_TILES = 28  # "28 Temple tiles (of values 1 – 28)"
STARTING_TILES = (1, 2, 3, 4)  # Setup 4: "Randomly distribute the tiles 1-4"
TILES_PER_COLOUR = 7  # RULES-GAPS, derived: 7 Temple tiles per colour
FAVORS_PER_ISLE = 4  # "28 Favor tokens (4 each of the 7 Favors)" (ruling S-8)
NOVICES = 13  # Player Pieces: "13 Novice pieces"
SHRINES = 6  # Player Pieces: "6 Shrine pieces"
TIME_TOKENS_IN_BOX = 4  # "4 Time tokens"

# Luna, Setup 5: "Firstly, place the lowest-numbered Guard tile (2) next to the Temple Gate
# ... Continue placing the next highest Guard tile"; Components: "6 Guard tiles (of values
# 6, 5, 4, 3, 2, 2)". From the gate:
GUARD_TILES = [2, 2, 3, 4, 5, 6]

# Luna, Components: "Moon Priestess of value "6" (4 players)", "... "5" (2-3 players)";
# solo: "The solo game is based on a 2-player game."
PRIESTESS = {1: 5, 2: 5, 3: 5, 4: 6}

# Luna, Setup 7: "Pile up the 4 Time tokens ... Remove the Time token on top of the pile
# from play if playing with 2 players"; Solo Level 1: "do not use the Time tokens".
TIME_TOKENS = {1: 0, 2: 3, 3: 4, 4: 4}

STARTING_INFLUENCE = 5  # Luna, Setup 1: "Each player receives 5 influence points"
ROUNDS = 6  # Luna, Overview: "The game takes place over a series of 6 rounds."
SOLO_FAVORS_PER_ISLE = 1  # Luna, Solo Level 1: "place only 1 Favor token on each Isle"

START_RULE = "Randomly choose a start player and give him the start player figure."  # Setup 2
SOLO_START_RULE = "Solo: your opponent is the start player."  # Solo Level 1, Preliminary Round


class LunaSetup(Setup):
    priestess: int
    time_tokens: int
    temple_boards: int
    guard_tiles: list[int]
    tiles_per_group: int
    rounds: int
    starting_influence: int
    temple_tile_owner: dict[int, int]
    preliminary_round: bool
    # The face-up Temple boards from the Temple Gate, each named by its tile among 1–4.
    temple_board_order: list[int]

    def owner_label(self, seat: int) -> str:
        if self.players == 1:
            return "Virtual opponent" if seat == VIRTUAL_OPPONENT else "You (seat 1)"
        return f"Seat {seat}"

    def first_player_text(self) -> str:
        if self.players == 1:
            return "the virtual opponent (solo rule; you are seat 1)"
        return super().first_player_text()

    def draws(self) -> list[tuple[str, str]]:
        start = (
            "Virtual opponent (solo rule, not drawn)"
            if self.players == 1
            else f"Seat {self.first_player}"
        )
        rows = [("Start player", start)]
        rows += [
            (f"Temple board {i} from the gate", f"the colour of Temple tile {tile}")
            for i, tile in enumerate(self.temple_board_order, start=1)
        ]
        rows += [
            (f"Temple tile {tile}", self.owner_label(seat))
            for tile, seat in self.temple_tile_owner.items()
        ]
        return rows


def temple_path_text(boards: list[int], per_group: int) -> str:
    """Luna, Setup 5, written out: with all four colours in play every number is known;
    otherwise the tiles are placed by rank (ruling S-7)."""
    if len(boards) == TEMPLE_BOARDS_IN_BOX:
        remaining = [t for t in range(TEMPLE_TILES, 0, -1) if t not in STARTING_TILES]
        parts = []
        for i, guard in enumerate(GUARD_TILES):
            group = remaining[i * per_group:(i + 1) * per_group]
            parts.append(f"Guard {guard}; tiles {join_and([str(t) for t in group])}")
        return (
            "From the Temple Gate along the path around the Temple: "
            + "; ".join(parts)
            + ". All 28 tiles are in play, so these numbers are certain."
        )
    on_path = len(GUARD_TILES) * per_group
    parts = []
    for i, guard in enumerate(GUARD_TILES):
        lo, hi = i * per_group + 1, (i + 1) * per_group
        parts.append(f"Guard {guard}; the {ordinal(lo)}–{ordinal(hi)} highest tiles")
    return (
        f"The other {on_path} Temple tiles in play go on the path around the Temple with the "
        f"{len(GUARD_TILES)} Guard tiles. The text does not list which numbers each colour has, "
        "so: gather the Temple tiles of the face-up boards' colours, leave out the tiles 1–4 "
        "placed in the Temple, and sort the rest from highest to lowest. Then, from the "
        "Temple Gate: " + "; ".join(parts) + f" (the {per_group} lowest). Rulebook example (2 "
        "players, blue and yellow boards): Guard 2, tiles 28, 25, Guard 2, tiles 23, 21, "
        "Guard 3, and so on."
    )


def build(players: int, variant: str, seed: int) -> LunaSetup:
    rng = random.Random(seed)
    solo = players == 1
    level = SOLO_LEVELS.get(variant, 0)
    boards_in_play = 2 if solo else players  # Setup 3; solo: "Setup a 2-player game"
    per_group = boards_in_play  # Setup 5: "a number of descending Temple tiles equal to
    #                             the number of players"

    # Draw order: start player (Setup 2), boards from the gate (Setup 3), tiles 1–4 (Setup 4).
    first = 1 if solo else draw_seat(rng, players)
    boards = rng.sample(list(STARTING_TILES), boards_in_play)
    holders = [VIRTUAL_OPPONENT, 1] if solo else list(range(1, players + 1))
    rng.shuffle(holders)
    owner = dict(zip(sorted(boards), holders, strict=True))

    def who(seat: int) -> str:
        if solo:
            return "the virtual opponent" if seat == VIRTUAL_OPPONENT else "you"
        return f"seat {seat}"

    preselected = variant == "preselected"
    priestess = PRIESTESS[players]
    time_tokens = TIME_TOKENS[players]
    order = seat_order(first, players)

    steps: list[Step] = []
    section = "Setup"

    # Not a numbered step of the text: the Isles, Favor tokens and figures (ruling S-8).
    favors = SOLO_FAVORS_PER_ISLE if solo else FAVORS_PER_ISLE
    other = 6 if priestess == 5 else 5
    if preselected:
        isles = (
            f"Place the {HOLY_ISLES} Holy Isles as the preselected setup shows (the printed "
            "rulebook's green text and illustration, which are not in the app)"
        )
    else:
        isles = f"Lay out the {HOLY_ISLES} Holy Isles around the Temple Island"
    figures = (
        "Place the Moon Priestess and the Master Builder on the same Isle (solo Level 3), and "
        "the Apostate, as the rulebook's setup illustration shows"
        if level == 3
        else "Place the Moon Priestess, the Master Builder and the Apostate on the Isles as the "
        "rulebook's setup illustration shows"
    )
    steps.append(Step(
        title="Holy Isles, Favor tokens and figures",
        detail=(
            f"{isles}, and put {plural(favors, 'Favor token')} of each Isle's kind on it"
            + (" (solo: only 1 on each Isle)" if solo else f" ({favors * HOLY_ISLES} in all)")
            + f". Use the Moon Priestess of value “{priestess}” "
            + ("(4 players)" if priestess == 6 else "(2–3 players and solo)")
            + f"; the “{other}” stays in the box. {figures} (the text does not say where). "
            "Put the influence coins in a supply."
        ),
        section=section,
        rulings=["S-8", "S-9"] if preselected else ["S-8"],
    ))

    # Setup 1
    if solo:
        detail = (
            f"You and the virtual opponent each take {STARTING_INFLUENCE} influence points and "
            f"the components of a colour ({NOVICES} Novices, {SHRINES} Shrines, 1 Member of "
            "the Council piece); you place an Overview sheet in front of you."
        )
    else:
        detail = (
            f"Each player receives {STARTING_INFLUENCE} influence points and the components of "
            f"their colour ({NOVICES} Novices, {SHRINES} Shrines, 1 Member of the Council "
            "piece), and places the Overview sheet in front of them."
        )
    steps.append(Step(title="Influence and player pieces", detail=detail, section=section))

    # Setup 2; Solo Level 1, Preliminary Round: "Your opponent is the start player."
    if solo:
        detail = (
            "Your virtual opponent is the start player (solo rules): give him the start "
            "player figure. Nothing is drawn."
        )
    else:
        detail = (
            f"Chosen at random: seat {first} (drawn from the seed). Give that player the start "
            "player figure."
            + (
                " With 2 players the start player figure passes to the opponent at the end of "
                "each round."
                if players == 2
                else ""
            )
        )
    steps.append(Step(title="Start player", detail=detail, section=section,
                      rulings=["S-10"] if solo else []))

    # Setup 3
    face_down = TEMPLE_BOARDS_IN_BOX - boards_in_play
    board_list = join_and([f"the colour of Temple tile {t}" for t in boards])
    steps.append(Step(
        title="Temple Island and Temple boards",
        detail=(
            f"Assemble the {FRAME_PIECES} frame pieces into the Temple Island. Beginning at "
            f"the Temple Gate, place {boards_in_play} Temple boards face up within the frame, "
            f"in this order (drawn from the seed): {board_list}. Each colour has exactly one "
            "of the tiles 1–4, so look at those tiles to find the boards. "
            + (
                "Place the other board face down in the vacant space; it stays face down for "
                "the rest of the game."
                if face_down == 1
                else f"Place the other {face_down} boards face down in the vacant spaces; they "
                "stay face down for the rest of the game."
                if face_down
                else "All four boards are face up."
            )
        ),
        section=section,
        rulings=["S-7"],
    ))

    # Setup 4 (solo Level 1: "Do not place any Novices in the Temple, yet.")
    removed = face_down * TILES_PER_COLOUR
    colours = (
        "board's colour"
        if face_down == 1
        else f"boards' colours ({TILES_PER_COLOUR} per colour)"
    )
    removal = (
        f"Remove from play the {removed} Temple tiles of the face-down {colours}, including "
        f"{'tile' if face_down == 1 else 'tiles'} "
        f"{join_and([str(t) for t in STARTING_TILES if t not in boards])}."
        if face_down
        else f"All {TEMPLE_TILES} Temple tiles are in play."
    )
    given = join_and([f"tile {t} to {who(s)}" for t, s in owner.items()])
    if solo:
        placing = (
            "Put each on its Temple space, without Novices for now: they are placed in the "
            "Preliminary Round."
        )
    else:
        placing = (
            "Each player places the received tile together with one of their own Novices on "
            "the Temple space of the same number. Finally, place a “Book of Wisdom” on each "
            f"of these {len(owner)} tiles."
        )
    steps.append(Step(
        title="Temple tiles 1–4",
        detail=f"{removal} Distribute the tiles 1–4 in play (drawn from the seed): {given}. "
        + placing,
        section=section,
    ))

    # Setup 5
    steps.append(Step(
        title="Guard and Temple tiles on the path",
        detail=temple_path_text(boards, per_group),
        section=section,
        rulings=["S-7"] if len(boards) < TEMPLE_BOARDS_IN_BOX else [],
    ))

    # Setup 6
    steps.append(Step(
        title="Guard of the Temple",
        detail=(
            "Place the Guard of the Temple figure on the Guard tile of value “6”. He moves to "
            f"the next Guard tile each round ({', '.join(str(g) for g in reversed(GUARD_TILES))}"
            f"): {ROUNDS} rounds."
        ),
        section=section,
    ))

    # Setup 7; 2-player special rules; solo Level 1
    if solo:
        detail = (
            f"Not used in the solo game: leave the {TIME_TOKENS_IN_BOX} Time tokens in the box. "
            "The Action Phase ends when you do not want to take any more actions."
        )
    else:
        detail = (
            f"Pile up the {TIME_TOKENS_IN_BOX} Time tokens, burning candle side up, with the "
            "token showing “1” at the bottom, and place the pile in the Meditation Room."
            + (
                f" 2 players: remove the token on top of the pile from play: {time_tokens} "
                "Time tokens."
                if players == 2
                else ""
            )
        )
    steps.append(Step(title="Time tokens", detail=detail, section=section))

    # Setup 8 (ruling S-11: the first piece stacked is at the bottom)
    if solo:
        detail = (
            "Beginning with the start player, stack the Member of the Council pieces on the "
            "first space of the Council of Priests: the virtual opponent's at the bottom, "
            "yours on top."
        )
        rulings = ["S-10", "S-11"]
    else:
        stack = ", then ".join(f"seat {s}" for s in order)
        detail = (
            "Beginning with the start player, the players stack their Member of the Council "
            f"pieces on the first space of the Council of Priests: {stack} (on top). The start "
            "player's piece is at the bottom."
        )
        rulings = ["S-11"]
    steps.append(Step(title="Council of Priests", detail=detail, section=section,
                      rulings=rulings))

    # Game Play, 1. Preliminary Round / preselected setup / solo Preliminary Round
    if preselected:
        steps.append(Step(
            title="No Preliminary Round (preselected setup)",
            detail=(
                "“There is no Preliminary Round if you use the preselected setup.” Place each "
                "player's starting Shrine and Novices as the preselected setup shows, with any "
                "Favor tokens it gives (the printed rulebook's green text, which is not in "
                "the app)."
            ),
            section="Preliminary Round",
            rulings=["S-9"],
        ))
    elif not solo:
        turn = ", ".join(f"seat {s}" for s in order)
        herbal = " (2 players: not on the Herbal Isle)" if players == 2 else ""
        steps.append(Step(
            title="Preliminary Round: Shrines",
            detail=(
                f"Beginning with the start player and continuing clockwise ({turn}), each "
                f"player places one of their Shrines on a Holy Isle of their choice{herbal}. "
                "Players must choose different Isles: no Isle holds more than one Shrine at the "
                "start."
            ),
            section="Preliminary Round",
        ))
        steps.append(Step(
            title="Preliminary Round: Novices",
            detail=(
                "Beginning with the start player, players take turns placing 4 sets of 2 "
                "Novices on the Isles. No player may place a set on an Isle that already holds "
                "their own pieces (their Shrine included); other players' pieces do not matter."
            ),
            section="Preliminary Round",
        ))
        steps.append(Step(
            title="Preliminary Round: Favor tokens",
            detail=(
                "Each player receives one Favor token from each of the two Isles where they "
                "placed no pieces."
            ),
            section="Preliminary Round",
        ))
    else:
        theirs = next(t for t, s in owner.items() if s == VIRTUAL_OPPONENT)
        yours = next(t for t, s in owner.items() if s != VIRTUAL_OPPONENT)
        pre = "Preliminary Round (solo)"
        steps.append(Step(
            title="Opponent's starting pieces",
            detail=(
                "Place 1 Shrine and 1 Novice of the opponent's colour on the Holy Isle with "
                f"the Master Builder, and 2 of his Novices on each of the other "
                f"{HOLY_ISLES - 1} Isles."
            ),
            section=pre,
        ))
        steps.append(Step(
            title="Opponent's Temple tile",
            detail=(
                "Take an opponent Novice from the Isle matching the symbol of the opponent's "
                f"Temple tile (tile {theirs}) and place him on that tile."
            ),
            section=pre,
        ))
        steps.append(Step(
            title="Your Temple tile",
            detail=(
                f"Place a Novice of your own on the remaining tile in the Temple (tile {yours}), "
                "together with a “Book of Wisdom”. Only your tile gets a book."
            ),
            section=pre,
            rulings=["S-12"],
        ))
        steps.append(Step(
            title="Your starting pieces",
            detail=(
                "Now place your starting pieces as usual: 1 Shrine on a Holy Isle other than "
                "the Herbal Isle (the 2-player rule), then 4 sets of 2 "
                "Novices, never on an Isle that already holds your pieces. Then take one Favor "
                "token from each of the two Isles where you placed nothing."
            ),
            section=pre,
            rulings=["S-12"],
        ))
        apostate = {
            1: "the Apostate does not block actions (Level 1)",
            2: "the Apostate blocks every action on his Isle except “Expulsion” (Level 2)",
            3: "the Apostate blocks every action on his Isle, even “Expulsion” (Level 3)",
        }[level]
        steps.append(Step(
            title=f"Solo Level {level}: rules to remember",
            detail=(
                "At the beginning of each round, choose an Isle and deactivate all opponent "
                "Novices there (moving his Council piece accordingly); then he claims an "
                "approved Temple tile if he can. During the Action Phase " + apostate + ". At "
                "the end of each round he builds a Shrine on the Master Builder's Isle if he "
                "has an active Novice there, and he never loses influence to the Apostate."
            ),
            section=pre,
        ))

    return LunaSetup(
        game=GAME,
        players=players,
        variant=variant,
        seed=seed,
        steps=steps,
        first_player=first,
        first_player_rule=SOLO_START_RULE if solo else START_RULE,
        priestess=priestess,
        time_tokens=time_tokens,
        temple_boards=boards_in_play,
        guard_tiles=list(GUARD_TILES),
        tiles_per_group=per_group,
        rounds=ROUNDS,
        starting_influence=STARTING_INFLUENCE,
        temple_tile_owner=owner,
        preliminary_round=not preselected,
        temple_board_order=boards,
    )
