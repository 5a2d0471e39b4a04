"""Luna, 1–4 players — seeds/002, "Setup", "1. Preliminary Round", "Special Rules for the
2-Player Game" and "Solo Game Rules".

Variants: ``standard`` and ``preselected`` (2–4 players); ``solo1``, ``solo2``, ``solo3``
(1 player, solo Levels 1–3). Draws: the start player ("Randomly choose a start player"),
the Temple boards in use and their order from the Temple Gate ("randomly selected Temple
boards"), and who receives which of the tiles 1–4 ("Randomly distribute the tiles 1-4").

The rulebook text does not say which colours the Temple boards have nor which tile
numbers each colour holds. Each colour holds exactly one of the tiles 1–4 (derived),
so a board is named here by that tile: "the board of the colour of tile 3" (ruling S-7).
In the solo game the virtual opponent is written as seat 0 in ``temple_tile_owner``
(ruling S-10).
"""

from __future__ import annotations

import random

from scorers.boxes import luna as box
from scorers.boxes.luna import NOVICES, ROUNDS
from scorers.messages import AndList, Msg
from setup_guides.base import Setup, Step, draw_seat, seat_order

GAME = "luna"
NAME = Msg("setup.luna.name")

VARIANTS = box.VARIANTS  # the counts and variants: scorers/boxes/luna.py
# What the table may choose instead of the draw (nothing).
TABLE_CHOICES: tuple[str, ...] = ()
# Luna, Solo Game Rules: Level 1, Level 2, Level 3
SOLO_LEVELS = {variant: level for level, variant in enumerate(box.SOLO_VARIANTS, start=1)}

VIRTUAL_OPPONENT = 0  # the solo opponent's "seat" in temple_tile_owner (ruling S-10)

# Luna, Components
HOLY_ISLES = 7  # "7 Holy Isles"
FRAME_PIECES = 5  # "1 Temple Island consisting of 5 frame pieces"
TEMPLE_BOARDS_IN_BOX = 4  # "4 Temple boards"
TEMPLE_TILES = 28  # "28 Temple tiles (of values 1 – 28)"
STARTING_TILES = (1, 2, 3, 4)  # Setup 4: "Randomly distribute the tiles 1-4"
TILES_PER_COLOUR = 7  # not in the text, derived from the components (ruling S-7)
FAVORS_PER_ISLE = 4  # "28 Favor tokens (4 each of the 7 Favors)" (ruling S-8)
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
SOLO_FAVORS_PER_ISLE = 1  # Luna, Solo Level 1: "place only 1 Favor token on each Isle"

START_RULE = Msg("setup.luna.start_rule")  # Setup 2
SOLO_START_RULE = Msg("setup.luna.solo_start_rule")  # Solo Level 1, Preliminary Round

# English ordinals ("1st", "2nd", "3rd", "4th"); other languages write the number.
ORDINALS = {
    "st": "setup.luna.ordinal.st",
    "nd": "setup.luna.ordinal.nd",
    "rd": "setup.luna.ordinal.rd",
    "th": "setup.luna.ordinal.th",
}


def ordinal(n: int) -> Msg:
    """1 → "1st", 12 → "12th" (in Japanese "1", "12")."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return Msg(ORDINALS[suffix], n=n)


def board_colour(tile: int) -> Msg:
    """A Temple board named by its tile among 1–4: "the colour of Temple tile 3"."""
    return Msg("setup.luna.board_colour", tile=tile)


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
            return (Msg("setup.luna.draw.opponent") if seat == VIRTUAL_OPPONENT
                    else Msg("setup.luna.draw.you"))
        return Msg("setup.common.draw.seat", seat=seat)

    def first_player_text(self) -> str:
        if self.players == 1:
            return Msg("setup.luna.first_player_solo")
        return super().first_player_text()

    def draws(self) -> list[tuple[str, str]]:
        start = (
            Msg("setup.luna.draw.opponent_starts")
            if self.players == 1
            else Msg("setup.common.draw.seat", seat=self.first_player)
        )
        rows = [(Msg("setup.common.draw.start_player"), start)]
        rows += [
            (Msg("setup.luna.draw.board", board=i), board_colour(tile))
            for i, tile in enumerate(self.temple_board_order, start=1)
        ]
        rows += [
            (Msg("setup.luna.draw.tile", tile=tile), self.owner_label(seat))
            for tile, seat in self.temple_tile_owner.items()
        ]
        return rows


def temple_path_text(boards: list[int], per_group: int) -> Msg:
    """Luna, Setup 5, written out: with all four colours in play every number is known;
    otherwise the tiles are placed by rank (ruling S-7)."""
    if len(boards) == TEMPLE_BOARDS_IN_BOX:
        remaining = [t for t in range(TEMPLE_TILES, 0, -1) if t not in STARTING_TILES]
        groups = {
            f"group{i}": Msg("setup.luna.path.group", guard=guard,
                             tiles=AndList(str(t) for t in
                                           remaining[(i - 1) * per_group:i * per_group]))
            for i, guard in enumerate(GUARD_TILES, start=1)
        }
        return Msg("setup.luna.path.all", total=TEMPLE_TILES, **groups)
    on_path = len(GUARD_TILES) * per_group
    ranks = {
        f"rank{i}": Msg("setup.luna.path.rank", guard=guard,
                        first=ordinal((i - 1) * per_group + 1), last=ordinal(i * per_group))
        for i, guard in enumerate(GUARD_TILES, start=1)
    }
    return Msg("setup.luna.path.ranked", on_path=on_path, guards=len(GUARD_TILES),
               lowest=per_group, **ranks)


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

    def who(seat: int) -> Msg:
        if solo:
            return (Msg("setup.luna.who.opponent") if seat == VIRTUAL_OPPONENT
                    else Msg("setup.luna.who.you"))
        return Msg("setup.common.seat", seat=seat)

    preselected = variant == "preselected"
    priestess = PRIESTESS[players]
    time_tokens = TIME_TOKENS[players]
    order = seat_order(first, players)
    turn = {f"seat{i}": seat for i, seat in enumerate(order, start=1)}

    steps: list[Step] = []
    section = Msg("setup.luna.section.setup")

    # Not a numbered step of the text: the Isles, Favor tokens and figures (ruling S-8).
    favors = SOLO_FAVORS_PER_ISLE if solo else FAVORS_PER_ISLE
    other = 6 if priestess == 5 else 5
    note = (Msg("setup.luna.isles.priestess_4") if priestess == 6
            else Msg("setup.luna.isles.priestess_2_3"))
    if preselected:
        isles = Msg("setup.luna.isles.preselected", isles=HOLY_ISLES, favors=favors,
                    total=favors * HOLY_ISLES, priestess=priestess, note=note, other=other)
    elif level == 3:
        isles = Msg("setup.luna.isles.solo3", isles=HOLY_ISLES, favors=favors,
                    priestess=priestess, note=note, other=other)
    elif solo:
        isles = Msg("setup.luna.isles.solo", isles=HOLY_ISLES, favors=favors,
                    priestess=priestess, note=note, other=other)
    else:
        isles = Msg("setup.luna.isles.detail", isles=HOLY_ISLES, favors=favors,
                    total=favors * HOLY_ISLES, priestess=priestess, note=note, other=other)
    steps.append(Step(
        title=Msg("setup.luna.isles.title"),
        detail=isles,
        section=section,
        rulings=["S-8", "S-9"] if preselected else ["S-8"],
    ))

    # Setup 1
    if solo:
        detail = Msg("setup.luna.influence.solo", influence=STARTING_INFLUENCE,
                     novices=NOVICES, shrines=SHRINES)
    else:
        detail = Msg("setup.luna.influence.detail", influence=STARTING_INFLUENCE,
                     novices=NOVICES, shrines=SHRINES)
    steps.append(Step(title=Msg("setup.luna.influence.title"), detail=detail,
                      section=section))

    # Setup 2; Solo Level 1, Preliminary Round: "Your opponent is the start player."
    if solo:
        detail = Msg("setup.luna.start.solo")
    elif players == 2:
        detail = Msg("setup.luna.start.detail_2", seat=first)
    else:
        detail = Msg("setup.luna.start.detail", seat=first)
    steps.append(Step(title=Msg("setup.luna.start.title"), detail=detail, section=section,
                      rulings=["S-10"] if solo else []))

    # Setup 3
    face_down = TEMPLE_BOARDS_IN_BOX - boards_in_play
    board_list = AndList(board_colour(t) for t in boards)
    if face_down == 1:
        key = "setup.luna.boards.detail_one_down"
    elif face_down:
        key = "setup.luna.boards.detail_down"
    else:
        key = "setup.luna.boards.detail_all_up"
    steps.append(Step(
        title=Msg("setup.luna.boards.title"),
        detail=Msg(key, frames=FRAME_PIECES, boards=boards_in_play, order=board_list,
                   down=face_down),
        section=section,
        rulings=["S-7"],
    ))

    # Setup 4 (solo Level 1: "Do not place any Novices in the Temple, yet.")
    removed = face_down * TILES_PER_COLOUR
    out = AndList(str(t) for t in STARTING_TILES if t not in boards)
    if face_down == 1:
        removal = Msg("setup.luna.tiles.remove_one", removed=removed, tiles=out)
    elif face_down:
        removal = Msg("setup.luna.tiles.remove", removed=removed, per=TILES_PER_COLOUR,
                      tiles=out)
    else:
        removal = Msg("setup.luna.tiles.all_in_play", count=TEMPLE_TILES)
    given = AndList(Msg("setup.luna.tiles.given", tile=t, who=who(s))
                    for t, s in owner.items())
    if solo:
        placing = Msg("setup.luna.tiles.placing_solo")
    else:
        placing = Msg("setup.luna.tiles.placing", count=len(owner))
    steps.append(Step(
        title=Msg("setup.luna.tiles.title"),
        detail=Msg("setup.luna.tiles.detail", removal=removal, given=given, placing=placing),
        section=section,
    ))

    # Setup 5
    steps.append(Step(
        title=Msg("setup.luna.path.title"),
        detail=temple_path_text(boards, per_group),
        section=section,
        rulings=["S-7"] if len(boards) < TEMPLE_BOARDS_IN_BOX else [],
    ))

    # Setup 6 (the Guard tiles from the "6" down: 6, 5, 4, 3, 2, 2)
    steps.append(Step(
        title=Msg("setup.luna.guard.title"),
        detail=Msg("setup.luna.guard.detail", rounds=ROUNDS),
        section=section,
    ))

    # Setup 7; 2-player special rules; solo Level 1
    if solo:
        detail = Msg("setup.luna.time.solo", count=TIME_TOKENS_IN_BOX)
    elif players == 2:
        detail = Msg("setup.luna.time.detail_2", count=TIME_TOKENS_IN_BOX, left=time_tokens)
    else:
        detail = Msg("setup.luna.time.detail", count=TIME_TOKENS_IN_BOX)
    steps.append(Step(title=Msg("setup.luna.time.title"), detail=detail, section=section))

    # Setup 8 (ruling S-11: the first piece stacked is at the bottom)
    if solo:
        detail = Msg("setup.luna.council.solo")
        rulings = ["S-10", "S-11"]
    else:
        detail = Msg({
            2: "setup.luna.council.detail_2",
            3: "setup.luna.council.detail_3",
            4: "setup.luna.council.detail_4",
        }[players], **turn)
        rulings = ["S-11"]
    steps.append(Step(title=Msg("setup.luna.council.title"), detail=detail, section=section,
                      rulings=rulings))

    # Game Play, 1. Preliminary Round / preselected setup / solo Preliminary Round
    if preselected:
        steps.append(Step(
            title=Msg("setup.luna.preselected.title"),
            detail=Msg("setup.luna.preselected.detail"),
            section=Msg("setup.luna.section.preliminary"),
            rulings=["S-9"],
        ))
    elif not solo:
        pre = Msg("setup.luna.section.preliminary")
        steps.append(Step(
            title=Msg("setup.luna.shrines.title"),
            detail=Msg({
                2: "setup.luna.shrines.detail_2",
                3: "setup.luna.shrines.detail_3",
                4: "setup.luna.shrines.detail_4",
            }[players], **turn),
            section=pre,
        ))
        steps.append(Step(
            title=Msg("setup.luna.novices.title"),
            detail=Msg("setup.luna.novices.detail"),
            section=pre,
        ))
        steps.append(Step(
            title=Msg("setup.luna.favors.title"),
            detail=Msg("setup.luna.favors.detail"),
            section=pre,
        ))
    else:
        theirs = next(t for t, s in owner.items() if s == VIRTUAL_OPPONENT)
        yours = next(t for t, s in owner.items() if s != VIRTUAL_OPPONENT)
        pre = Msg("setup.luna.section.preliminary_solo")
        steps.append(Step(
            title=Msg("setup.luna.solo_pieces.title"),
            detail=Msg("setup.luna.solo_pieces.detail", others=HOLY_ISLES - 1),
            section=pre,
        ))
        steps.append(Step(
            title=Msg("setup.luna.solo_tile.title"),
            detail=Msg("setup.luna.solo_tile.detail", tile=theirs),
            section=pre,
        ))
        steps.append(Step(
            title=Msg("setup.luna.your_tile.title"),
            detail=Msg("setup.luna.your_tile.detail", tile=yours),
            section=pre,
            rulings=["S-12"],
        ))
        steps.append(Step(
            title=Msg("setup.luna.your_pieces.title"),
            detail=Msg("setup.luna.your_pieces.detail"),
            section=pre,
            rulings=["S-12"],
        ))
        steps.append(Step(
            title=Msg("setup.luna.solo_rules.title", level=level),
            detail=Msg({
                1: "setup.luna.solo_rules.detail_1",
                2: "setup.luna.solo_rules.detail_2",
                3: "setup.luna.solo_rules.detail_3",
            }[level]),
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
