"""Luna — one round's Scoring Phase (spec: score-sheets.md, "Luna round scoring";
rulebook seeds/002, "Scoring Phase": Moon Priestess, Apostate, Temple).

``total`` is the round's change of influence (it can be negative). Influence gained
during the Action Phase (Sanctification, displacements, the last Time token) is not part
of this sheet. Each player's result also gives the three ``parts`` (Moon Priestess,
Apostate, Temple) in the rulebook's order. The solo game's virtual opponent is marked
``"virtual": true`` and loses nothing at the Apostate (Solo Game Rules). With the
optional ``influence`` (what a player holds before the round's scoring) the Apostate takes
no more than the player holds at that moment (ruling P-11: influence points are coins).

Public data for the score screens: ``NOVICES``, ``PRIESTESS_ISLE_MAX``,
``temple_tiles_in_play(players)``, ``books_in_play(players)``, ``scoring_places(players)``,
``priestess_values_needed(players)``, and from ``scorers.luna``: ``priestess_figure`` and
``default_priestess_values``. ``check(sheet)`` lists a sheet's problems.
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt

from scorers.base import (
    Line,
    Model,
    Note,
    PlayerResult,
    Problem,
    Result,
    SheetProblems,
    name_problems,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.luna import (
    council_order_problems,
    council_positions,
    default_priestess_values,
    players_count_problem,
    priestess_figure,
)
from scorers.wording import join_and, ordinal, plural

GAME = "luna_round"

# Luna, Components: "13 Novice pieces" per player
NOVICES = 13
# Luna, Moon Priestess: "count the active Novices and Shrines of each player"; Luna, Shrine:
# "You may only have a single Shrine on each Isle" → 13 Novices + 1 Shrine.
PRIESTESS_ISLE_MAX = NOVICES + 1
# RULES-GAPS: Luna — derived: 7 Temple tiles per colour
TEMPLE_TILES_PER_COLOUR = 7


def temple_tiles_in_play(players: int) -> int:
    """Temple tiles (so Temple spaces) in play: 7 per board colour in use."""
    # Luna, Setup 3–4: one Temple board per player, tiles of other colours removed;
    # Solo Game Rules: the solo game is set up as a 2-player game (LU-5).
    return TEMPLE_TILES_PER_COLOUR * max(players, 2)


def books_in_play(players: int, solo: bool = False) -> int:
    """Temple "Book of Wisdom" tokens in play (not the Favor token of that name; LU-6).

    >>> books_in_play(3), books_in_play(2), books_in_play(2, solo=True)
    (3, 2, 1)
    """
    # Luna, Setup 4: a book on each of tiles 1–4 in play; RULES-GAPS: each colour holds exactly
    # one of tiles 1–4, so one book per player. Solo, Level 1: "Place a Novice of your own on
    # the remaining tile in the Temple, together with a book." — the only one (LU-6).
    return 1 if solo else min(players, 4)


def scoring_places(players: int) -> int:
    """How many Moon Priestess places score: three with 4 players, else two (LU-3)."""
    # Luna, Moon Priestess: "third receiving the lowest printed value in a 4 player game,
    # and no points in a 3 player game"
    return 3 if players >= 4 else 2


def priestess_values_needed(players: int) -> bool:
    """Whether a sheet must give ``priestess_values`` (the "5" figure's values are printed)."""
    return default_priestess_values(players) is None


class Player(Model):
    name: str
    priestess_isle: StrictInt
    apostate_isle: StrictInt
    temple_novices: StrictInt
    temple_books: StrictInt
    # the solo game's virtual opponent (at most one, only with 2 players; LU-5)
    virtual: StrictBool = False
    # influence held before the round's scoring (optional; ruling P-11)
    influence: StrictInt | None = None


class Sheet(Model):
    game: Literal["luna_round"]
    council_order: list[str]
    priestess_values: list[StrictInt] | None = None
    players: list[Player]


class Parts(Model):
    """A player's round in the rulebook's three ways, in its order (Scoring Phase)."""

    priestess: int
    apostate: int
    temple: int


class RoundPlayerResult(PlayerResult):
    parts: Parts


def is_solo(sheet: Sheet) -> bool:
    """A solo sheet: two players, one of them the virtual opponent."""
    return any(p.virtual for p in sheet.players)


def _range(problems: list[Problem], where: str, value: int, high: int, what: str) -> None:
    if not 0 <= value <= high:
        problems.append(Problem(where=where, message=f"{value}, but {what} (0–{high})"))


def _values_problems(values: list[int] | None, n: int) -> list[Problem]:
    figure = priestess_figure(n)
    if values is None:
        if priestess_values_needed(n):
            # RULES-GAPS: Luna — the "5" figure's other value is printed, not in the text (LU-2)
            return [Problem(
                where="priestess_values",
                message=f"required with {plural(n, 'player')}: the values printed on the "
                f"“{figure}” Moon Priestess, largest first ([{figure}, second]); "
                "the rulebook text does not give the second value",
            )]
        return []
    problems = []
    allowed = (3,) if n >= 4 else (2, 3)
    if len(values) not in allowed:
        need = "3 values (1st, 2nd, 3rd place)" if n >= 4 else "2 values (1st and 2nd place)"
        problems.append(Problem(
            where="priestess_values",
            message=f"{plural(len(values), 'value')}, but the “{figure}” Moon Priestess "
            f"needs {need}, largest first",
        ))
    if values and values[0] != figure:
        # Luna, Components: Moon Priestess "6" (4 players), "5" (2-3 players)
        problems.append(Problem(
            where="priestess_values[0]",
            message=f"{values[0]}, but with {plural(n, 'player')} the Moon Priestess's large "
            f"number is {figure}",
        ))
    for k, v in enumerate(values):
        if v < 0:
            problems.append(Problem(where=f"priestess_values[{k}]",
                                    message=f"{v}, but a printed value cannot be negative"))
        elif k and v > values[k - 1]:
            problems.append(Problem(
                where=f"priestess_values[{k}]",
                message=f"{v}, more than the value before it ({values[k - 1]}); "
                "list the values largest first",
            ))
    return problems


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a (type-valid) round sheet: counts, names, Council, values, ranges."""
    problems: list[Problem] = []
    n = len(sheet.players)
    names = [p.name for p in sheet.players]
    count = players_count_problem(n, "Luna")
    if count:
        problems.append(count)
    problems += name_problems(names, lambda i: f"players[{i}].name")
    if count is None:
        problems += _values_problems(sheet.priestess_values, n)
    virtual = [i for i, p in enumerate(sheet.players) if p.virtual]
    if virtual and n != 2:
        # Luna, Solo Game Rules: "The solo game is based on a 2-player game. You play against a
        # virtual opponent" (LU-5)
        problems.append(Problem(
            where=f"players[{virtual[0]}].virtual",
            message=f"the virtual opponent is the solo game's, which is scored with 2 players "
            f"(you and him), not {n}"))
    elif len(virtual) > 1:
        problems.append(Problem(
            where=f"players[{virtual[1]}].virtual",
            message="only one player is the virtual opponent; the other is you"))
    for i, p in enumerate(sheet.players):
        w = f"players[{i}]"
        if p.influence is not None and p.influence < 0:
            problems.append(Problem(
                where=f"{w}.influence",
                message=f"{p.influence}, but influence points cannot be negative"))
        _range(problems, f"{w}.priestess_isle", p.priestess_isle, PRIESTESS_ISLE_MAX,
               f"a player has {NOVICES} Novices and at most 1 Shrine on an isle")
        _range(problems, f"{w}.apostate_isle", p.apostate_isle, NOVICES,
               f"a player has {NOVICES} Novices")
        _range(problems, f"{w}.temple_novices", p.temple_novices, NOVICES,
               f"a player has {NOVICES} Novices")
        if p.temple_books < 0:
            problems.append(Problem(where=f"{w}.temple_books",
                                    message=f"{p.temple_books}, but it cannot be negative"))
        elif p.temple_books > p.temple_novices >= 0:
            # Luna, Book: a book lies under one Novice
            problems.append(Problem(
                where=f"{w}.temple_books",
                message=f"{p.temple_books}, but they have only "
                f"{plural(p.temple_novices, 'Novice')} in the Temple, and a book lies under "
                "one Novice",
            ))
        if 0 <= p.temple_novices <= NOVICES and 0 <= p.apostate_isle <= NOVICES and (
            p.temple_novices + p.apostate_isle > NOVICES
        ):
            # Luna, Components: 13 Novices; those in the Temple are not on or next to an isle
            problems.append(Problem(
                where=f"{w}.apostate_isle",
                message=f"{p.apostate_isle} at the Apostate's isle and {p.temple_novices} in the "
                f"Temple, but a player has only {NOVICES} Novices",
            ))
        if 0 <= p.temple_novices <= NOVICES and 0 <= p.priestess_isle <= PRIESTESS_ISLE_MAX and (
            p.temple_novices + p.priestess_isle > PRIESTESS_ISLE_MAX
        ):
            problems.append(Problem(
                where=f"{w}.priestess_isle",
                message=f"{p.priestess_isle} at the Moon Priestess's isle and {p.temple_novices} "
                f"in the Temple, but a player has only {NOVICES} Novices (and 1 Shrine there)",
            ))
    if count is None:
        in_temple = sum(p.temple_novices for p in sheet.players)
        if in_temple > temple_tiles_in_play(n):
            problems.append(Problem(
                where="players",
                message=f"{in_temple} Novices in the Temple, but with {plural(n, 'player')} it "
                f"has {temple_tiles_in_play(n)} spaces (7 Temple tiles per colour)",
                rulings=["LU-6"],
            ))
        books = sum(p.temple_books for p in sheet.players)
        solo = is_solo(sheet) and n == 2
        in_play = books_in_play(n, solo=solo)
        if books > in_play:
            game = "in the solo game" if solo else f"with {plural(n, 'player')}"
            problems.append(Problem(
                where="players",
                message=f"{books} Novices on a book, but {game} there "
                f"{'is' if in_play == 1 else 'are'} only "
                f"{plural(in_play, 'Book of Wisdom', 'Books of Wisdom')} "
                "in the Temple",
                rulings=["LU-6"],
            ))
    problems += council_order_problems(sheet.council_order, names)
    return problems


def _tie_text(names: list[str], tied: list[int], me: int) -> str:
    others = [names[i] for i in tied if i != me]
    return f"tie with {join_and(others)} decided by the Council"


def score(sheet: Sheet) -> Result:
    """The round's change of influence per player.

    >>> r = score(Sheet(game="luna_round", council_order=["Yellow", "Red", "Blue", "White"],
    ...     players=[Player(name="Yellow", priestess_isle=3, apostate_isle=0,
    ...                     temple_novices=2, temple_books=1),
    ...              Player(name="Red", priestess_isle=2, apostate_isle=2,
    ...                     temple_novices=0, temple_books=0),
    ...              Player(name="Blue", priestess_isle=2, apostate_isle=3,
    ...                     temple_novices=0, temple_books=0),
    ...              Player(name="White", priestess_isle=0, apostate_isle=0,
    ...                     temple_novices=0, temple_books=0)]))
    >>> [(p.name, p.total) for p in r.players]
    [('Yellow', 9), ('Red', 0), ('Blue', -3), ('White', 0)]
    """
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    n = len(sheet.players)
    names = [p.name.strip() for p in sheet.players]
    seat = council_positions(sheet.council_order, names)
    given = sheet.priestess_values is not None
    values = list(sheet.priestess_values) if given else default_priestess_values(n)
    assert values is not None  # check() requires them when there is no default
    places = scoring_places(n)
    notes: list[Note] = []

    # Luna, Moon Priestess: players with at least 1 are placed by count; "Ties are resolved
    # according to the relative position of the players in the Council of Priests".
    on_isle = sorted((i for i, p in enumerate(sheet.players) if p.priestess_isle > 0),
                     key=lambda i: (-sheet.players[i].priestess_isle, seat[i]))
    place_of = {i: k + 1 for k, i in enumerate(on_isle)}
    tie_of: dict[int, list[int]] = {}
    for count in sorted({sheet.players[i].priestess_isle for i in on_isle}, reverse=True):
        tied = [i for i in on_isle if sheet.players[i].priestess_isle == count]
        if len(tied) > 1:
            tie_of.update({i: tied for i in tied})
        if len(tied) == 2:
            a, b = tied
            notes.append(ruled(f"{names[a]} and {names[b]} both have {count} on the Moon "
                               f"Priestess's isle; {names[a]} is further ahead in the Council "
                               f"and takes {ordinal(place_of[a])} place (Luna, Moon Priestess)",
                               "LU-4"))
        elif len(tied) > 2:
            order = ", ".join(f"{names[i]} {ordinal(place_of[i])}" for i in tied)
            notes.append(ruled(f"{join_and([names[i] for i in tied])} all have {count} on the "
                               f"Moon Priestess's isle; the Council breaks the tie: {order} "
                               "(Luna, Moon Priestess)", "LU-4"))
    if n < 4 and len(on_isle) >= 3:
        third = names[on_isle[2]]
        notes.append(ruled(f"{third} is 3rd at the Moon Priestess: third place scores only "
                           "with 4 players (Luna, Moon Priestess)", "LU-3"))
    shown = "/".join(str(v) for v in values)
    if given:
        default = default_priestess_values(n)
        if default is not None and values != default:
            notes.append(ruled(f"Moon Priestess values {shown} as entered (the rulebook's "
                               f"example shows {'/'.join(str(v) for v in default)})", "LU-2"))
        else:
            notes.append(ruled(f"Moon Priestess values {shown} as printed on the figure",
                               "LU-2"))
    else:
        notes.append(ruled(f"Moon Priestess values {shown}: the 4-player figure, from the "
                           "rulebook's example", "LU-2"))

    results = []
    for i, p in enumerate(sheet.players):
        if i in place_of:
            k = place_of[i]
            on = f"{p.priestess_isle} on the isle"
            if i in tie_of:
                on += f"; {_tie_text(names, tie_of[i], i)}"
            if k <= places and k <= len(values):
                pts = values[k - 1]
                label = f"Moon Priestess: {ordinal(k)} place ({on}) → {pts}"
            else:
                pts = 0
                why = ("third place scores only with 4 players" if k == 3
                       else "only three places score")
                label = f"Moon Priestess: {ordinal(k)} place ({on}) → 0 ({why})"
        else:
            pts = 0
            label = "Moon Priestess: none on the isle → 0"
        priestess = Line(label=label, points=pts)
        # Luna, Apostate: "Each player now loses a number of influence points equal to his
        # count plus one"; players without Novices there lose nothing. Solo Game Rules: "Your
        # opponent does not lose influence due to the Apostate." (LU-5)
        if p.virtual:
            apostate = Line(label="Apostate: the virtual opponent does not lose influence → 0",
                            points=0)
        elif p.apostate_isle > 0:
            loss = p.apostate_isle + 1
            label = f"Apostate: {plural(p.apostate_isle, 'Novice')} → −{loss}"
            if p.influence is not None and loss > p.influence + pts:
                # Ruling P-11: paid in coins, in the rulebook's order (Moon Priestess first).
                held = p.influence + pts
                label += f", but {names[i]} holds only {held}: −{held}"
                notes.append(ruled(f"{names[i]} holds {held} influence at the Apostate and "
                                   f"loses only that, not {loss}: influence does not fall "
                                   "below 0", "P-11"))
                loss = held
            apostate = Line(label=label, points=-loss)
        else:
            apostate = Line(label="Apostate: no Novices there → 0", points=0)
        # Luna, Temple: 1 per Novice in the Temple, 1 more per Novice on a "Book of Wisdom"
        if p.temple_novices > 0:
            gain = p.temple_novices + p.temple_books
            temple = Line(label=f"Temple: {plural(p.temple_novices, 'Novice')} + "
                          f"{p.temple_books} on a book → {gain}", points=gain)
        else:
            temple = Line(label="Temple: no Novices → 0", points=0)
        breakdown = [priestess, apostate, temple]
        results.append(RoundPlayerResult(
            name=names[i], total=sum(x.points for x in breakdown), rank=0, breakdown=breakdown,
            parts=Parts(priestess=priestess.points, apostate=apostate.points,
                        temple=temple.points)))
    for i, p in enumerate(sheet.players):
        if p.virtual:
            who = ("The virtual opponent" if names[i].casefold() == "virtual opponent"
                   else f"The virtual opponent ({names[i]})")
            notes.append(ruled(f"{who} does not lose influence due to the Apostate (Luna, "
                               "Solo Game Rules)", "LU-5"))

    # RULING LU-7: a round has no winner; rank by the round's change of influence, ties shared.
    ranks = shared_ranks([-r.total for r in results])
    for r, rank in zip(results, ranks, strict=True):
        r.rank = rank
    notes.append(ruled("Ranks order this round's change of influence; a round has no winner "
                       "of its own, so equal changes share a rank", "LU-7"))
    return Result(game=GAME, players=results, winners=winners_of(results), notes=notes)
