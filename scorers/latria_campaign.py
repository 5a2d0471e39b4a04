"""Latria campaign (Extension Rules 3): placement points over a series of games.

Sheet and result: docs/score-sheets.md, section "Latria campaign". Rules: the
rulebook ``seeds/000_fa82990554f63f12.txt``, "3. Campaign" and "Campaign score record
example". Readings of unclear rules: ``docs/RULINGS.md`` (LC-…).
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
    ordinal,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.boxes.latria import PLAYER_COUNTS  # a campaign is Latria's: 3–6 players
from scorers.limits import crop
from scorers.messages import AndList, Msg
from scorers.readings import applied_note, chosen

if TYPE_CHECKING:
    from scorers.sheet_models.latria_campaign import Sheet

GAME = "latria_campaign"


def places(vps: Sequence[int]) -> list[int]:
    """Finishing places by VP alone, ties sharing a place (1, 2, 2, 4); ruling LC-4."""
    return [1 + sum(1 for other in vps if other > vp) for vp in vps]


def placement_points(vps: Sequence[int]) -> list[int]:
    """The campaign score of each player for one game, from the players' VP totals.

    Extension Rules 3: 1st place scores the number of players, each place below one less,
    last place −1, players tied on VP score the same. A place after a tie counts the tied
    players (1, 2, 2, 4: the 4th scores N − 3), ruling LC-1; everyone on the lowest VP is
    last (−1) unless they are also first, ruling LC-2.
    """
    n = len(vps)
    lowest = min(vps, default=0)
    out = []
    for vp, place in zip(vps, places(vps), strict=True):
        if place == 1:
            out.append(
                n
            )  # "the player in 1st place records a score equal to the number of players"
        elif vp == lowest:
            out.append(-1)  # "the player in last place records −1"
        else:
            out.append(n + 1 - place)  # "one point less than the player above" (LC-1)
    return out


def dense_placement_points(vps: Sequence[int]) -> list[int]:
    """The other reading of LC-1 (one less than the *score* above, skipping no places):
    the table's choice (``"readings": {"LC-1": "alternative"}``); otherwise used only to
    say in the notes when the two readings differ."""
    n = len(vps)
    lowest = min(vps, default=0)
    distinct = sorted(set(vps), reverse=True)
    out = []
    for vp in vps:
        step = distinct.index(vp)
        out.append(n if step == 0 else -1 if vp == lowest else n - step)
    return out


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a campaign sheet that one field alone cannot show."""
    problems: list[Problem] = []
    n = len(sheet.players)
    if n not in PLAYER_COUNTS:
        problems.append(Problem(where="players",
                                message=Msg("scorers.latria_campaign.problem.players",
                                            count=n)))
    problems += name_problems(sheet.players, lambda i: f"players[{i}]")
    if len(sheet.games) > n:
        # Extension Rules 3: "a number of games in succession equal to the number of players".
        problems.append(
            Problem(
                where=f"games[{n}]",
                message=Msg("scorers.latria_campaign.problem.games", games=len(sheet.games),
                            players=n),
            )
        )
    names = [p.strip() for p in sheet.players]
    known = set(names)
    for g, game in enumerate(sheet.games):
        for key in game:
            if key.strip() not in known:
                problems.append(
                    Problem(
                        where=f"games[{g}].{crop(key)}",
                        message=Msg("scorers.latria_campaign.problem.unknown_player",
                                    name=crop(key),
                                    players=comma_list([crop(n) for n in names])),
                    )
                )
        given = {key.strip() for key in game}
        missing = [p for p in names if p not in given]
        if missing:
            problems.append(
                Problem(
                    where=f"games[{g}]",
                    message=Msg("scorers.latria_campaign.problem.missing_vp",
                                names=comma_list([crop(m) for m in missing])),
                )
            )
    return problems


def score(sheet: Sheet) -> Result:
    """Campaign standings; raise SheetProblems listing every mistake when it is invalid."""
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    names = [p.strip() for p in sheet.players]
    n = len(names)
    breakdowns: list[list[Line]] = [[] for _ in names]
    notes: list[Note] = []
    other = chosen(sheet.readings, "LC-1")
    for g, game in enumerate(sheet.games):
        by_name = {key.strip(): vp for key, vp in game.items()}
        vps = [by_name[name] for name in names]
        points = dense_placement_points(vps) if other else placement_points(vps)
        where = places(vps)
        lowest = min(vps)
        for k in range(n):
            tied = sum(1 for v in vps if v == vps[k]) > 1
            if where[k] == 1:
                place = Msg("scorers.latria_campaign.place.first")
            elif vps[k] == lowest:
                place = Msg("scorers.latria_campaign.place.last")
            else:
                place = ordinal(where[k])
            if tied:
                place = Msg("scorers.latria_campaign.place.tied", place=place)
            breakdowns[k].append(
                Line(
                    label=Msg("scorers.latria_campaign.line.game", game=g + 1, place=place,
                              vp=_num(vps[k]), points=_num(points[k])),
                    points=points[k],
                )
            )
        dense = dense_placement_points(vps)
        for k, name in enumerate(names):
            if other and dense[k] != placement_points(vps)[k]:
                notes.append(ruled(Msg(
                    "scorers.latria_campaign.note.after_tie_other", game=g + 1, name=name,
                    place=ordinal(where[k]), points=points[k],
                    documented=placement_points(vps)[k]), "LC-1"))
            elif dense[k] != points[k]:
                notes.append(ruled(Msg(
                    "scorers.latria_campaign.note.after_tie", game=g + 1, name=name,
                    place=ordinal(where[k]), points=points[k], players=n, n=where[k],
                    dense=dense[k]), "LC-1"))
        for vp in sorted(set(vps), reverse=True):
            same = sorted((names[k] for k in range(n) if vps[k] == vp), key=str.casefold)
            if len(same) > 1 and vp != lowest and len(set(vps)) > 1:
                notes.append(ruled(Msg("scorers.latria_campaign.note.tie", game=g + 1,
                                       names=AndList(same), vp=_num(vp)), "LC-4"))
        if min(vps) == max(vps):
            notes.append(ruled(Msg("scorers.latria_campaign.note.all_tied", game=g + 1,
                                   vp=_num(vps[0]), points=n), "LC-2"))
        elif sum(1 for v in vps if v == lowest) > 1:
            last = sorted((names[k] for k in range(n) if vps[k] == lowest), key=str.casefold)
            notes.append(ruled(Msg("scorers.latria_campaign.note.tie_last", game=g + 1,
                                   names=AndList(last), vp=_num(lowest)), "LC-2"))
    totals = [sum(line.points for line in lines) for lines in breakdowns]
    # Extension Rules 3: "The player with the highest total score after all games wins";
    # no tie-breaker is given, so ties are shared (LC-3).
    ranks = shared_ranks([-t for t in totals])
    for k in range(n):
        if not breakdowns[k]:
            breakdowns[k].append(Line(label=Msg("scorers.latria_campaign.line.no_games"),
                                      points=0))
    players = [
        PlayerResult(name=name, total=totals[k], rank=ranks[k], breakdown=breakdowns[k])
        for k, name in enumerate(names)
    ]
    if other:
        notes.insert(0, ruled(applied_note("LC-1"), "LC-1"))
    if len(sheet.games) < n:
        notes.insert(0, ruled(Msg("scorers.latria_campaign.note.in_progress",
                                  played=len(sheet.games), games=n), "LC-5"))
    for total in sorted(set(totals), reverse=True):
        tied = sorted(
            (k for k in range(n) if totals[k] == total), key=lambda k: names[k].casefold()
        )
        if len(tied) > 1:
            notes.append(ruled(Msg("scorers.latria_campaign.tie.total",
                                   names=AndList([names[k] for k in tied]), total=total,
                                   rank=ranks[tied[0]]), "LC-3"))
    return Result(game=GAME, players=players, winners=winners_of(players), notes=notes)


def _num(value: int) -> str:
    return str(value).replace("-", "−")


