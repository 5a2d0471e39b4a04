"""Luna — the end-game scoring (docs/score-sheets.md, "Luna"; rulebook seeds/002, "Game End").

Total = influence held before the end-game scoring + 4 per Shrine + 1 per unused Favor
token + the value printed at the player's seat in the Council of Priests. Ties go to the
player further ahead in the Council. Round scoring is in ``scorers.luna_round``.

Public data for the score screens: ``PLAYERS_MIN``/``PLAYERS_MAX``, ``SHRINES_MAX``,
``SHRINE_POINTS``, ``FAVORS_MAX``, ``FAVOR_KINDS``, ``priestess_figure(players)``,
``default_priestess_values(players)``, and ``check(sheet)`` for the problems of a sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorers.base import (
    Line,
    Note,
    PlayerResult,
    Problem,
    Result,
    SheetProblems,
    comma_list,
    name_problems,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.boxes import luna as box
from scorers.boxes import player_range
from scorers.limits import crop
from scorers.messages import AndList, Msg

if TYPE_CHECKING:
    from scorers.sheet_models.luna import Sheet

GAME = "luna"

# the box's (scorers/boxes/luna.py): 1–4, solo: the player and the virtual opponent
PLAYERS_MIN, PLAYERS_MAX = player_range(box)
# Luna, Components: "6 Shrine pieces" per player
SHRINES_MAX = 6
# Luna, Shrine: "Each one is worth 4 influence points at the end of the game."
SHRINE_POINTS = 4
# Luna, Components: 28 Favor tokens, 4 each of 7 Favors; Action Phase: "you may only have
# at most one token of each type" → at most 7 unused at the end.
FAVOR_KINDS = ("Shrine", "Herbs", "Tide", "Sailboat", "Bribery", "Book of Wisdom", "Novice")
FAVORS_MAX = len(FAVOR_KINDS)
# Luna, Game End: "Each unused Favor token is worth 1 influence point."
FAVOR_POINTS = 1


def priestess_figure(players: int) -> int:
    """The large number on the Moon Priestess in play (Luna, Components)."""
    # Luna, Components: Moon Priestess of value "6" (4 players), of value "5" (2-3 players);
    # RULING LU-5: the solo game is set up as a 2-player game, so it uses the "5".
    return 6 if players >= 4 else 5


def default_priestess_values(players: int) -> list[int] | None:
    """The Moon Priestess's values, largest first, when the rulebook text gives them.

    4 players: [6, 3, 1] (the rulebook's Moon Priestess example). Fewer players: None —
    the "5" figure's other value is printed on it, not in the text, so it must be entered.
    """
    # Not in the rulebook's text: the 4-player "6" figure pays 6/3/1 (the rulebook's
    # example); the 2nd/3rd values on the "5" figure are missing (LU-2).
    return [6, 3, 1] if players >= 4 else None


# ---------------------------------------------------------------- helpers shared with luna_round


def council_order_problems(council_order: Sequence[str], names: Sequence[str]) -> list[Problem]:
    """docs/score-sheets.md, Luna: council_order names every player once, furthest ahead first."""
    problems = []
    index = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if key and key not in index:
            index[key] = i
    listed: set[str] = set()
    for j, raw in enumerate(council_order):
        key = raw.strip().casefold()
        where = f"council_order[{j}]"
        if key not in index:
            allowed = comma_list([crop(n.strip()) for n in names])
            problems.append(
                Problem(where=where,
                        message=Msg("scorers.luna.problem.council_unknown",
                                    name=crop(raw.strip()), players=allowed))
            )
        elif key in listed:
            problems.append(
                Problem(where=where, message=Msg("scorers.luna.problem.council_twice",
                                                 name=crop(raw.strip())))
            )
        else:
            listed.add(key)
    for key, i in index.items():
        if key not in listed:
            problems.append(
                Problem(
                    where="council_order",
                    message=Msg("scorers.luna.problem.council_missing",
                                name=crop(names[i].strip())),
                )
            )
    return problems


def council_positions(council_order: Sequence[str], names: Sequence[str]) -> list[int]:
    """Each player's place in the Council, 0 = furthest ahead (sheet order of players)."""
    pos = {raw.strip().casefold(): j for j, raw in enumerate(council_order)}
    return [pos[name.strip().casefold()] for name in names]


def players_count_problem(n: int, game: str) -> Problem | None:
    if PLAYERS_MIN <= n <= PLAYERS_MAX:
        return None
    return Problem(
        where="players",
        message=Msg("scorers.luna.problem.players", count=n,
                    game=Msg("scorers.luna.name") if game == "Luna" else game,
                    low=PLAYERS_MIN, high=PLAYERS_MAX),
    )


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a (type-valid) sheet that needs more than one field or a range."""
    problems: list[Problem] = []
    names = [p.name for p in sheet.players]
    count = players_count_problem(len(sheet.players), "Luna")
    if count:
        problems.append(count)
    problems += name_problems(names, lambda i: f"players[{i}].name")
    for i, p in enumerate(sheet.players):
        where = f"players[{i}]"
        if p.influence < 0:
            problems.append(
                Problem(where=f"{where}.influence",
                        message=Msg("scorers.luna.problem.influence", value=p.influence))
            )
        if not 0 <= p.shrines <= SHRINES_MAX:  # Luna, Components: 6 Shrine pieces
            problems.append(
                Problem(where=f"{where}.shrines",
                        message=Msg("scorers.luna.problem.shrines", value=p.shrines,
                                    limit=SHRINES_MAX))
            )
        if not 0 <= p.unused_favors <= FAVORS_MAX:  # Luna, Action Phase: one token of each type
            problems.append(
                Problem(where=f"{where}.unused_favors",
                        message=Msg("scorers.luna.problem.favors", value=p.unused_favors,
                                    limit=FAVORS_MAX))
            )
        if p.council_points < 0:  # Council values: entered as printed (LU-1)
            problems.append(
                Problem(where=f"{where}.council_points",
                        message=Msg("scorers.luna.problem.council_points",
                                    value=p.council_points))
            )
    problems += council_order_problems(sheet.council_order, names)
    virtual = [i for i, p in enumerate(sheet.players) if p.virtual]
    if virtual and len(names) != 2:
        # Luna, Solo Game Rules: "You play against a virtual opponent": you and him (LU-5).
        problems.append(Problem(
            where=f"players[{virtual[0]}].virtual",
            message=Msg("scorers.luna.problem.virtual_players", players=len(names)),
            rulings=["LU-5"]))
    elif len(virtual) > 1:
        problems.append(Problem(
            where=f"players[{virtual[1]}].virtual",
            message=Msg("scorers.luna.problem.virtual_twice"),
            rulings=["LU-5"]))
    return problems


# ---------------------------------------------------------------- scoring


def score(sheet: Sheet) -> Result:
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    names = [p.name.strip() for p in sheet.players]
    seat = council_positions(sheet.council_order, names)

    results = []
    for p, name in zip(sheet.players, names, strict=True):
        breakdown = [
            # docs/score-sheets.md, Luna: influence held before the end-game scoring
            Line(label=Msg("scorers.luna.line.influence"), points=p.influence,
                 category="scorers.luna.category.influence"),
            # Luna, Game End: "Each Shrine is worth 4 influence points."
            Line(label=Msg("scorers.luna.line.shrines", count=p.shrines, each=SHRINE_POINTS,
                           points=p.shrines * SHRINE_POINTS),
                 points=p.shrines * SHRINE_POINTS, category="scorers.luna.category.shrines"),
            # Luna, Game End: "Each unused Favor token is worth 1 influence point."
            Line(label=Msg("scorers.luna.line.favors", count=p.unused_favors,
                           each=FAVOR_POINTS, points=p.unused_favors * FAVOR_POINTS),
                 points=p.unused_favors * FAVOR_POINTS,
                 category="scorers.luna.category.favors"),
            # Luna, Game End: "according to their position in the Council of Priests";
            # The seats' values are not in the text: the printed seat value as entered (LU-1).
            Line(label=Msg("scorers.luna.line.council", points=p.council_points),
                 points=p.council_points, category="scorers.luna.category.council"),
        ]
        total = sum(line.points for line in breakdown)
        results.append(PlayerResult(name=name, total=total, rank=0, breakdown=breakdown))

    # Luna, Game End: most influence wins; "Ties are resolved according to the position in
    # the Council of Priests" — further ahead first; on a shared seat the top piece (LU-4).
    ranks = shared_ranks([(-r.total, seat[i]) for i, r in enumerate(results)])
    for r, rank in zip(results, ranks, strict=True):
        r.rank = rank

    notes: list[Note] = []
    by_council = sorted(range(len(results)), key=lambda i: seat[i])
    for total in sorted({r.total for r in results}, reverse=True):
        tied = [names[i] for i in by_council if results[i].total == total]
        if len(tied) == 2:
            notes.append(ruled(Msg("scorers.luna.tie.two", first=tied[0], second=tied[1],
                                   total=total), "LU-4"))
        elif len(tied) > 2:
            notes.append(ruled(Msg("scorers.luna.tie.many", names=AndList(tied), total=total,
                                   order=comma_list(tied)), "LU-4"))

    # RULING LU-1: the seat values are entered; flag an order they contradict (a typo hint).
    for ahead, behind in zip(by_council, by_council[1:], strict=False):
        pa, pb = sheet.players[ahead].council_points, sheet.players[behind].council_points
        if pa < pb:
            notes.append(ruled(Msg("scorers.luna.note.council_order", ahead=names[ahead],
                                   behind=names[behind], ahead_points=pa, behind_points=pb),
                               "LU-1"))
    notes.append(ruled(Msg("scorers.luna.note.council_values"), "LU-1"))

    # Luna, Solo Game Rules: "Your final score is the difference between your score and his."
    opponent = next((i for i, p in enumerate(sheet.players) if p.virtual), None)
    if len(results) == 1:
        notes.append(ruled(Msg("scorers.luna.note.solo_one"), "LU-5"))
    elif opponent is not None:
        him, you = results[opponent], results[1 - opponent]
        diff = you.total - him.total
        notes.insert(0, ruled(Msg("scorers.luna.note.solo_score", name=you.name, diff=diff,
                                  total=you.total, opponent=him.total), "LU-5"))
    # Two players with no virtual opponent are a 2-player game: the sheet says which
    # (``virtual``), and a line guessing at a solo game only puzzled a table of two.

    return Result(game=GAME, players=results, winners=winners_of(results), notes=notes)
