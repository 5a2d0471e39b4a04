"""Luna — one round's Scoring Phase (docs/score-sheets.md, "Luna round scoring";
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

from dataclasses import dataclass
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
    ordinal,
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
from scorers.messages import AndList, Msg
from scorers.readings import applied_note, chosen

if TYPE_CHECKING:
    from scorers.sheet_models.luna_round import Sheet

GAME = "luna_round"

# Luna, Components: "13 Novice pieces" per player
NOVICES = 13
# Luna, Moon Priestess: "count the active Novices and Shrines of each player"; Luna, Shrine:
# "You may only have a single Shrine on each Isle" → 13 Novices + 1 Shrine.
PRIESTESS_ISLE_MAX = NOVICES + 1
# Not in the text, derived from the components: 7 Temple tiles per colour (ruling S-7)
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
    # Luna, Setup 4: a book on each of tiles 1–4 in play; derived (S-7): each colour holds exactly
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


@dataclass(kw_only=True)
class Parts:
    """A player's round in the rulebook's three ways, in its order (Scoring Phase)."""

    priestess: int
    apostate: int
    temple: int


@dataclass(kw_only=True)
class RoundPlayerResult(PlayerResult):
    parts: Parts


def is_solo(sheet: Sheet) -> bool:
    """A solo sheet: two players, one of them the virtual opponent."""
    return any(p.virtual for p in sheet.players)


def _range(problems: list[Problem], where: str, value: int, high: int, shrine: bool) -> None:
    if not 0 <= value <= high:
        message = (Msg("scorers.luna_round.problem.range_isle", value=value, novices=NOVICES,
                       high=high) if shrine else
                   Msg("scorers.luna_round.problem.range_novices", value=value,
                       novices=NOVICES, high=high))
        problems.append(Problem(where=where, message=message))


def _with_players(n: int) -> Msg:
    return Msg("scorers.luna_round.with_players", count=n)


def _values_problems(values: list[int] | None, n: int) -> list[Problem]:
    figure = priestess_figure(n)
    if values is None:
        if priestess_values_needed(n):
            # The "5" figure's other value is printed, not in the text (LU-2)
            return [Problem(
                where="priestess_values",
                message=Msg("scorers.luna_round.problem.values_required",
                            players=_with_players(n), figure=figure),
            )]
        return []
    problems = []
    allowed = (3,) if n >= 4 else (2, 3)
    if len(values) not in allowed:
        need = (Msg("scorers.luna_round.need_three") if n >= 4
                else Msg("scorers.luna_round.need_two"))
        problems.append(Problem(
            where="priestess_values",
            message=Msg("scorers.luna_round.problem.values_count", count=len(values),
                        figure=figure, need=need),
        ))
    if values and values[0] != figure:
        # Luna, Components: Moon Priestess "6" (4 players), "5" (2-3 players)
        problems.append(Problem(
            where="priestess_values[0]",
            message=Msg("scorers.luna_round.problem.values_figure", value=values[0],
                        players=_with_players(n), figure=figure),
        ))
    for k, v in enumerate(values):
        if v < 0:
            problems.append(Problem(where=f"priestess_values[{k}]",
                                    message=Msg("scorers.luna_round.problem.value_negative",
                                                value=v)))
        elif k and v > values[k - 1]:
            problems.append(Problem(
                where=f"priestess_values[{k}]",
                message=Msg("scorers.luna_round.problem.value_order", value=v,
                            before=values[k - 1]),
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
            message=Msg("scorers.luna.problem.virtual_players", players=n)))
    elif len(virtual) > 1:
        problems.append(Problem(
            where=f"players[{virtual[1]}].virtual",
            message=Msg("scorers.luna.problem.virtual_twice")))
    for i, p in enumerate(sheet.players):
        w = f"players[{i}]"
        if p.influence is not None and p.influence < 0:
            problems.append(Problem(
                where=f"{w}.influence",
                message=Msg("scorers.luna.problem.influence", value=p.influence)))
        _range(problems, f"{w}.priestess_isle", p.priestess_isle, PRIESTESS_ISLE_MAX, True)
        _range(problems, f"{w}.apostate_isle", p.apostate_isle, NOVICES, False)
        _range(problems, f"{w}.temple_novices", p.temple_novices, NOVICES, False)
        if p.temple_books < 0:
            problems.append(Problem(where=f"{w}.temple_books",
                                    message=Msg("scorers.luna_round.problem.books_negative",
                                                value=p.temple_books)))
        elif p.temple_books > p.temple_novices >= 0:
            # Luna, Book: a book lies under one Novice
            problems.append(Problem(
                where=f"{w}.temple_books",
                message=Msg("scorers.luna_round.problem.books_more", value=p.temple_books,
                            count=p.temple_novices),
            ))
        if 0 <= p.temple_novices <= NOVICES and 0 <= p.apostate_isle <= NOVICES and (
            p.temple_novices + p.apostate_isle > NOVICES
        ):
            # Luna, Components: 13 Novices; those in the Temple are not on or next to an isle
            problems.append(Problem(
                where=f"{w}.apostate_isle",
                message=Msg("scorers.luna_round.problem.apostate_total",
                            apostate=p.apostate_isle, temple=p.temple_novices,
                            novices=NOVICES),
            ))
        if 0 <= p.temple_novices <= NOVICES and 0 <= p.priestess_isle <= PRIESTESS_ISLE_MAX and (
            p.temple_novices + p.priestess_isle > PRIESTESS_ISLE_MAX
        ):
            problems.append(Problem(
                where=f"{w}.priestess_isle",
                message=Msg("scorers.luna_round.problem.priestess_total",
                            priestess=p.priestess_isle, temple=p.temple_novices,
                            novices=NOVICES),
            ))
    if count is None:
        in_temple = sum(p.temple_novices for p in sheet.players)
        if in_temple > temple_tiles_in_play(n):
            problems.append(Problem(
                where="players",
                message=Msg("scorers.luna_round.problem.temple_full", novices=in_temple,
                            players=_with_players(n), spaces=temple_tiles_in_play(n)),
                rulings=["LU-6"],
            ))
        books = sum(p.temple_books for p in sheet.players)
        solo = is_solo(sheet) and n == 2
        in_play = books_in_play(n, solo=solo)
        if books > in_play:
            game = Msg("scorers.luna_round.in_solo") if solo else _with_players(n)
            problems.append(Problem(
                where="players",
                message=Msg("scorers.luna_round.problem.books", books=books, game=game,
                            count=in_play),
                rulings=["LU-6"],
            ))
    problems += council_order_problems(sheet.council_order, names)
    return problems


def _on_isle(count: int, names: list[str], tied: list[int] | None, me: int) -> Msg:
    if not tied:
        return Msg("scorers.luna_round.on_isle", count=count)
    others = AndList([names[i] for i in tied if i != me])
    return Msg("scorers.luna_round.on_isle_tie", count=count, others=others)


def score(sheet: Sheet) -> Result:
    """The round's change of influence per player.

    >>> from scorers.sheet_models.luna_round import Player, Sheet
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
    whole = chosen(sheet.readings, "P-11")  # the table's other reading: no floor mid-round
    if whole:
        notes.append(ruled(applied_note("P-11"), "P-11"))

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
            notes.append(ruled(Msg("scorers.luna_round.tie.two", first=names[a],
                                   second=names[b], count=count, place=ordinal(place_of[a])),
                               "LU-4"))
        elif len(tied) > 2:
            order = comma_list([Msg("scorers.luna_round.tie.name_place", name=names[i],
                                    place=ordinal(place_of[i])) for i in tied])
            notes.append(ruled(Msg("scorers.luna_round.tie.many",
                                   names=AndList([names[i] for i in tied]), count=count,
                                   order=order), "LU-4"))
    if n < 4 and len(on_isle) >= 3:
        third = names[on_isle[2]]
        notes.append(ruled(Msg("scorers.luna_round.note.third", name=third), "LU-3"))
    shown = "/".join(str(v) for v in values)
    if given:
        default = default_priestess_values(n)
        if default is not None and values != default:
            notes.append(ruled(Msg("scorers.luna_round.note.values_entered", values=shown,
                                   default="/".join(str(v) for v in default)), "LU-2"))
        else:
            notes.append(ruled(Msg("scorers.luna_round.note.values_printed", values=shown),
                               "LU-2"))
    else:
        notes.append(ruled(Msg("scorers.luna_round.note.values_default", values=shown),
                           "LU-2"))

    results = []
    for i, p in enumerate(sheet.players):
        if i in place_of:
            k = place_of[i]
            on = _on_isle(p.priestess_isle, names, tie_of.get(i), i)
            if k <= places and k <= len(values):
                pts = values[k - 1]
                label = Msg("scorers.luna_round.line.priestess", place=ordinal(k), on=on,
                            points=pts)
            else:
                pts = 0
                why = (Msg("scorers.luna_round.third_scores_with_four") if k == 3
                       else Msg("scorers.luna_round.three_places"))
                label = Msg("scorers.luna_round.line.priestess_zero", place=ordinal(k), on=on,
                            why=why)
        else:
            pts = 0
            label = Msg("scorers.luna_round.line.priestess_none")
        priestess = Line(label=label, points=pts)
        # Luna, Temple: 1 per Novice in the Temple, 1 more per Novice on a "Book of Wisdom"
        if p.temple_novices > 0:
            gain = p.temple_novices + p.temple_books
            temple = Line(label=Msg("scorers.luna_round.line.temple", count=p.temple_novices,
                                    books=p.temple_books, gain=gain), points=gain)
        else:
            gain = 0
            temple = Line(label=Msg("scorers.luna_round.line.temple_none"), points=0)
        # Luna, Apostate: "Each player now loses a number of influence points equal to his
        # count plus one"; players without Novices there lose nothing. Solo Game Rules: "Your
        # opponent does not lose influence due to the Apostate." (LU-5)
        if p.virtual:
            apostate = Line(label=Msg("scorers.luna_round.line.apostate_virtual"), points=0)
        elif p.apostate_isle > 0:
            loss = p.apostate_isle + 1
            label = Msg("scorers.luna_round.line.apostate", count=p.apostate_isle, loss=loss)
            if p.influence is not None and not whole and loss > p.influence + pts:
                # Ruling P-11: paid in coins, in the rulebook's order (Moon Priestess first).
                held = p.influence + pts
                label = Msg("scorers.luna_round.line.apostate_capped", count=p.apostate_isle,
                            loss=loss, name=names[i], held=held)
                notes.append(ruled(Msg("scorers.luna_round.note.apostate_capped",
                                       name=names[i], held=held, loss=loss), "P-11"))
                loss = held
            elif p.influence is not None and whole and loss > p.influence + pts + gain:
                # The other reading of P-11: the full loss, set against the whole round;
                # only the round's end cannot leave fewer than 0 coins.
                held = p.influence + pts + gain
                label = Msg("scorers.luna_round.line.apostate_capped_round",
                            count=p.apostate_isle, loss=loss, name=names[i], held=held)
                notes.append(ruled(Msg("scorers.luna_round.note.apostate_capped_round",
                                       name=names[i], held=held, loss=loss), "P-11"))
                loss = held
            apostate = Line(label=label, points=-loss)
        else:
            apostate = Line(label=Msg("scorers.luna_round.line.apostate_none"), points=0)
        breakdown = [priestess, apostate, temple]
        results.append(RoundPlayerResult(
            name=names[i], total=sum(x.points for x in breakdown), rank=0, breakdown=breakdown,
            parts=Parts(priestess=priestess.points, apostate=apostate.points,
                        temple=temple.points)))
    for i, p in enumerate(sheet.players):
        if p.virtual:
            if names[i].casefold() == "virtual opponent":
                note = Msg("scorers.luna_round.note.virtual")
            else:
                note = Msg("scorers.luna_round.note.virtual_named", name=names[i])
            notes.append(ruled(note, "LU-5"))

    # RULING LU-7: a round has no winner; rank by the round's change of influence, ties shared.
    ranks = shared_ranks([-r.total for r in results])
    for r, rank in zip(results, ranks, strict=True):
        r.rank = rank
    notes.append(ruled(Msg("scorers.luna_round.note.ranks"), "LU-7"))
    return Result(game=GAME, players=results, winners=winners_of(results), notes=notes)
