"""Altar: Realms of the Gods — who completed a Realm, and who wins (docs/score-sheets.md,
"Altar"; rulebook seeds/003, "End of the Game" and "Winner of the Game").

Altar has no points: ``total`` is the progress, Shrines + active Altars over the player's
Realms. A Realm is complete with at least 1 Shrine and Shrines + active Altars ≥ 5; with
2 players both of a player's Realms must be complete. The complete players win, ranked by
most Shrines, then by who placed the last Shrine (the later ``last_shrine_turn``; within
one turn, the later ``last_shrine_order``, the Shrine's place in that turn). When the
game ended because the Shrine tiles or the deck ran out and nobody completed a Realm, the
same two rules rank everyone (a winner needs a Shrine); a god's or follower's ability can
change the winner, which the table records as ``ability_winner`` (ruling AL-3).

Public data for the score screens: ``PLAYERS_MIN``/``PLAYERS_MAX``, ``SHRINES_MAX``,
``ALTARS_MAX``, ``REALM_TARGET``, ``KNOWN_GODS``, ``ENDS``, ``shrine_tiles_in_play(players)``,
``realms_per_player(players)``, ``realm_complete(shrines, active_altars)``,
``realm_missing(shrines, active_altars)``, ``turns_needed(shrines, complete, end,
overridden)`` (whose ``last_shrine_turn`` decides), ``ability_allowed(shrines, complete,
end)`` and ``ability_can_decide(sheet)`` (whether a god's or follower's ability may name the
winner), and ``check(sheet)``.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.boxes import altar as box
from scorers.boxes import player_range
from scorers.boxes.altar import REALMS_IN_BOX  # noqa: F401 (public data, as the others)
from scorers.limits import crop
from scorers.messages import AndList, Msg, Text

if TYPE_CHECKING:
    from scorers.sheet_models.altar import Player, Realm, Sheet

GAME = "altar"

PLAYERS_MIN, PLAYERS_MAX = player_range(box)  # the box's: scorers/boxes/altar.py
# Altar, Winner of the Game: "Build at least 1 Shrine (max. 3 Shrines)"
SHRINES_MIN = 1
SHRINES_MAX = 3
# Altar, Winner of the Game: "(max 4 Altars)"
ALTARS_MAX = 4
# Altar, Winner of the Game example: 1 Shrine → 4 Altars, 2 → 3, "and so on" (AL-1)
REALM_TARGET = 5
# Altar, Components: "5 god's Realms" (REALMS_IN_BOX); only these two gods are named in
# the text (the gods are missing from it), so the god is free text (AL-6).
KNOWN_GODS = ("Goddess of Love", "Ancient God")
# docs/score-sheets.md, Altar: the three ways the game ends (Altar, End of the Game 1–3)
ENDS = ("realm_completed", "shrines_depleted", "deck_exhausted")
GOD_NAME_MAX = 40


def shrine_tiles_in_play(players: int) -> int:
    """Shrine tiles in play: 2 players 9, 3 → 6, 4 → 9, 5 → 12."""
    # Altar, Setup 6 (3/4/5 players: 6/9/12) and Setup for 2 Players 6 (9)
    return {2: 9, 3: 6, 4: 9, 5: 12}[players]


def realms_per_player(players: int) -> int:
    """Realms each player holds: two with 2 players, else one."""
    # Altar, Setup for 2 Players 2: "Each player chooses TWO gods"
    return 2 if players == 2 else 1


def realm_complete(shrines: int, active_altars: int) -> bool:
    """At least 1 Shrine and Shrines + active Altars ≥ 5 (1 → 4, 2 → 3, 3 → 2; AL-1)."""
    # Altar, Winner of the Game: "it's mandatory to build at least 1 Shrine"; 1 Shrine → 4
    # Altars, 2 Shrines → 3 Altars, "and so on".
    return shrines >= SHRINES_MIN and shrines + active_altars >= REALM_TARGET


def realm_missing(shrines: int, active_altars: int) -> str:
    """What a Realm still needs, e.g. "1 active altar"; "" when it is complete."""
    if realm_complete(shrines, active_altars):
        return ""
    if shrines < SHRINES_MIN:
        rest = max(0, REALM_TARGET - SHRINES_MIN - active_altars)
        if rest == 0:
            return Msg("scorers.altar.missing.shrine")
        return Msg("scorers.altar.missing.shrine_and", count=rest)
    rest = REALM_TARGET - shrines - active_altars
    if shrines >= SHRINES_MAX:
        return Msg("scorers.altar.missing.altars", count=rest)
    return Msg("scorers.altar.missing.altars_or_shrines", count=rest)


def _chain(key: str, items: list) -> object:
    """Items joined two by two with ``key`` ("{first}; {rest}"), nested so each language
    joins with its own words."""
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = Msg(key, first=item, rest=joined)
    return joined


@dataclass(kw_only=True)
class AltarPlayerResult(PlayerResult):
    complete: bool
    missing: Text
    shrines: int  # over the player's Realms: what ranks the complete players (AL-2, AL-3)


def god_name(realm: Realm) -> str:
    """The god's name as entered, or "" when none was (AL-6)."""
    return (realm.god or "").strip()


def realm_name(realm: Realm, index: int, realms: int) -> str:
    """What a breakdown line calls the Realm: its god, else "Realm 1" (or "Realm")."""
    return god_name(realm) or (Msg("scorers.altar.realm_n", n=index + 1) if realms > 1
                               else Msg("scorers.altar.realm"))


def player_complete(player: Player) -> bool:
    # Altar, End of the Game 1: "In a 2-player game, both Realms must be completed." (AL-4)
    return bool(player.realms) and all(realm_complete(r.shrines, r.active_altars)
                                       for r in player.realms)


def _shrines(player: Player) -> int:
    return sum(r.shrines for r in player.realms)


def turns_needed(shrines: list[int], complete: list[bool], end: str,
                 overridden: bool = False) -> list[list[int]]:
    """The groups of players whose ``last_shrine_turn`` decides, by index: complete players
    tied on Shrines (AL-2); when nobody completed a Realm and the game ended by the Shrine
    tiles or the deck, the players tied for the most Shrines (AL-3). None when a god's or
    follower's ability named the winner (then the tie decides nothing the rulebook names).

    >>> turns_needed([2, 2, 1], [True, True, False], "realm_completed")
    [[0, 1]]
    >>> turns_needed([2, 2, 2, 1], [False] * 4, "shrines_depleted")
    [[0, 1, 2]]
    >>> turns_needed([2, 2], [False, False], "shrines_depleted", overridden=True)
    []
    >>> turns_needed([0, 0], [False, False], "deck_exhausted")
    []
    """
    if overridden:
        return []
    done = [i for i, c in enumerate(complete) if c]
    if done:
        groups = []
        for count in sorted({shrines[i] for i in done}, reverse=True):
            group = [i for i in done if shrines[i] == count]
            if len(group) > 1:
                groups.append(group)
        return groups
    if end == "realm_completed":
        return []
    # Altar, Winner of the Game: "If there is a tie, the player with the most Shrines is the
    # winner. If there is still a tie then the player who placed the last Shrine is the
    # winner." — it decides only between those with the most, and needs a Shrine.
    most = max(shrines, default=0)
    top = [i for i, c in enumerate(shrines) if c == most]
    return [top] if most > 0 and len(top) > 1 else []


def tie_broken(players: Sequence[AltarPlayerResult]) -> set[str]:
    """The players whose place a tie on Shrines left to the last Shrine or to an ability:
    among the players the rulebook ranks (the complete ones; when nobody completed, those
    with a Shrine), each level on Shrines with one placed differently (AL-2, AL-3).

    >>> def p(name, rank, shrines, complete=True):
    ...     return AltarPlayerResult(name=name, total=5, rank=rank, breakdown=[],
    ...                              complete=complete, missing="", shrines=shrines)
    >>> sorted(tie_broken([p("Ann", 2, 2), p("Ben", 1, 2), p("Cy", 3, 2, False)]))
    ['Ann', 'Ben']
    >>> tie_broken([p("Ann", 1, 2), p("Cat", 2, 1)])
    set()
    """
    ranked = [p for p in players if p.complete] or [p for p in players if p.shrines > 0]
    # Altar, Winner of the Game: "If there is a tie, the player with the most Shrines is the
    # winner. If there is still a tie then the player who placed the last Shrine is the
    # winner."
    return {p.name for p in ranked for other in ranked
            if other is not p and other.shrines == p.shrines and other.rank != p.rank}


def ability_allowed(shrines: list[int], complete: list[bool], end: str) -> bool:
    """Whether a god's or follower's ability can name the winner: the game ended by the
    Shrine tiles or the deck, or complete players tie on Shrines (AL-2, AL-3)."""
    # Altar, Winner of the Game: "If the game ends because of the other two conditions (2 or
    # 3) refer to the gods' and followers' abilities. Some of them, like the Ancient God,
    # have special rules for winning a tie."
    return end != "realm_completed" or bool(turns_needed(shrines, complete, end))


def ability_can_decide(sheet: Sheet) -> bool:
    """``ability_allowed`` for a sheet: whether the table may record an ability's winner."""
    return ability_allowed([_shrines(p) for p in sheet.players],
                           [player_complete(p) for p in sheet.players], sheet.end)


def _names(sheet: Sheet, indices: list[int]) -> AndList:
    return AndList(sorted((sheet.players[i].name.strip() for i in indices), key=str.casefold))


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a (type-valid) Altar sheet."""
    problems: list[Problem] = []
    n = len(sheet.players)
    count_ok = PLAYERS_MIN <= n <= PLAYERS_MAX
    if not count_ok:
        problems.append(Problem(
            where="players",
            message=Msg("scorers.altar.problem.players", count=n, low=PLAYERS_MIN,
                        high=PLAYERS_MAX),
        ))
    problems += name_problems([p.name for p in sheet.players], lambda i: f"players[{i}].name")
    gods: dict[str, str] = {}
    for i, p in enumerate(sheet.players):
        w = f"players[{i}]"
        if count_ok and len(p.realms) != realms_per_player(n):
            want = realms_per_player(n)
            problems.append(Problem(
                where=f"{w}.realms",
                message=Msg("scorers.altar.problem.realms",
                            realms=Msg("scorers.altar.realms_n", count=len(p.realms)),
                            players=n, want=Msg("scorers.altar.realms_n", count=want)),
            ))
        for j, r in enumerate(p.realms):
            rw = f"{w}.realms[{j}]"
            god = god_name(r)  # optional: "" when not named (AL-6)
            if len(god) > GOD_NAME_MAX:
                problems.append(Problem(
                    where=f"{rw}.god",
                    message=Msg("scorers.base.name_too_long", length=len(god),
                                limit=GOD_NAME_MAX)))
            elif god.casefold() in gods:
                # Altar, Components: 5 god's Realms — one board per god (AL-6)
                problems.append(Problem(
                    where=f"{rw}.god",
                    message=Msg("scorers.altar.problem.god_taken", god=god,
                                owner=gods[god.casefold()])))
            elif god:
                gods[god.casefold()] = Msg("scorers.altar.realm_of", who=crop(p.name.strip())
                                           or Msg("scorers.base.player_n", n=i + 1))
            if not 0 <= r.shrines <= SHRINES_MAX:
                problems.append(Problem(
                    where=f"{rw}.shrines",
                    message=Msg("scorers.altar.problem.shrines", value=r.shrines,
                                limit=SHRINES_MAX)))
            if not 0 <= r.active_altars <= ALTARS_MAX:
                problems.append(Problem(
                    where=f"{rw}.active_altars",
                    message=Msg("scorers.altar.problem.altars", value=r.active_altars,
                                limit=ALTARS_MAX)))
        if p.last_shrine_turn is not None:
            if p.last_shrine_turn < 1:
                problems.append(Problem(
                    where=f"{w}.last_shrine_turn",
                    message=Msg("scorers.altar.problem.turn_from_one",
                                value=p.last_shrine_turn)))
            elif _shrines(p) == 0:
                problems.append(Problem(
                    where=f"{w}.last_shrine_turn",
                    message=Msg("scorers.altar.problem.turn_no_shrine",
                                value=p.last_shrine_turn, name=crop(p.name.strip()))))
        if p.last_shrine_order is not None:
            # The place of the player's last Shrine among those of its turn (AL-2, AL-3)
            if p.last_shrine_order < 1:
                problems.append(Problem(
                    where=f"{w}.last_shrine_order",
                    message=Msg("scorers.altar.problem.order_from_one",
                                value=p.last_shrine_order)))
            elif p.last_shrine_turn is None:
                problems.append(Problem(
                    where=f"{w}.last_shrine_order",
                    message=Msg("scorers.altar.problem.order_no_turn",
                                value=p.last_shrine_order, name=crop(p.name.strip()))))
    if count_ok:
        placed = sum(_shrines(p) for p in sheet.players)
        tiles = shrine_tiles_in_play(n)
        if placed > tiles:
            # Altar, Setup 6 / Setup for 2 Players 6
            problems.append(Problem(
                where="players",
                message=Msg("scorers.altar.problem.shrine_tiles", placed=placed, players=n,
                            tiles=tiles)))
    if problems:
        return problems  # the checks below assume sensible counts

    if sheet.end == "realm_completed" and not any(player_complete(p) for p in sheet.players):
        # Altar, End of the Game 1 (AL-5)
        problems.append(Problem(
            where="end",
            message=Msg("scorers.altar.problem.none_complete_two", target=REALM_TARGET)
            if n == 2 else Msg("scorers.altar.problem.none_complete", target=REALM_TARGET)))
    shrine_counts = [_shrines(p) for p in sheet.players]
    complete = [player_complete(p) for p in sheet.players]
    nobody = not any(complete)
    names = [p.name.strip().casefold() for p in sheet.players]
    if sheet.ability_winner is not None:
        winner = sheet.ability_winner.strip()
        if winner.casefold() not in names:
            problems.append(Problem(
                where="ability_winner",
                message=Msg("scorers.altar.problem.ability_unknown", name=winner)))
        elif not ability_allowed(shrine_counts, complete, sheet.end):
            problems.append(Problem(
                where="ability_winner",
                message=Msg("scorers.altar.problem.ability_not_allowed"),
                rulings=["AL-3"]))
    if sheet.ability is not None and len(sheet.ability.strip()) > GOD_NAME_MAX:
        problems.append(Problem(
            where="ability",
            message=Msg("scorers.base.name_too_long", length=len(sheet.ability.strip()),
                        limit=GOD_NAME_MAX)))
    # Altar, Winner of the Game: "If there is still a tie then the player who placed the last
    # Shrine is the winner." — asked for only when a tie needs it (AL-2, AL-3).
    for group in turns_needed(shrine_counts, complete, sheet.end,
                              overridden=sheet.ability_winner is not None):
        shrines = _shrines(sheet.players[group[0]])
        who = _names(sheet, group)
        turns: dict[int, list[int]] = {}
        for i in group:
            turn = sheet.players[i].last_shrine_turn
            w = f"players[{i}].last_shrine_turn"
            if turn is None:
                keys = {(True, True): Msg("scorers.altar.problem.turn_needed_most_both",
                                          names=who, count=shrines),
                        (True, False): Msg("scorers.altar.problem.turn_needed_most_all",
                                           names=who, count=shrines),
                        (False, True): Msg("scorers.altar.problem.turn_needed_complete_both",
                                           names=who, count=shrines),
                        (False, False): Msg("scorers.altar.problem.turn_needed_complete_all",
                                            names=who, count=shrines)}
                problems.append(Problem(where=w, message=keys[(nobody, len(group) == 2)]))
            else:
                turns.setdefault(turn, []).append(i)
        # Two last Shrines in one turn (a card's ability can place one on another player's
        # Realm): the one placed later in the turn is "the last Shrine".
        for turn, same in turns.items():
            if len(same) < 2:
                continue
            orders: dict[int, int] = {}
            for i in same:
                p = sheet.players[i]
                w = f"players[{i}].last_shrine_order"
                if p.last_shrine_order is None:
                    other = next(sheet.players[j].name.strip() for j in same if j != i)
                    problems.append(Problem(
                        where=w, message=Msg("scorers.altar.problem.order_needed",
                                             name=p.name.strip(), turn=turn, other=other)))
                elif p.last_shrine_order in orders:
                    other = sheet.players[orders[p.last_shrine_order]].name.strip()
                    problems.append(Problem(
                        where=w, message=Msg("scorers.altar.problem.same_order",
                                             value=p.last_shrine_order, turn=turn,
                                             other=other)))
                else:
                    orders[p.last_shrine_order] = i
    return problems


def _in_order(group: list[int], turns: list[int | None], orders: list[int | None]) -> bool:
    """Whether the last Shrines of ``group`` can be put in order: each has a turn, and
    those that share a turn each have a different place in it."""
    if any(turns[i] is None for i in group):
        return False
    for i in group:
        same = [j for j in group if turns[j] == turns[i]]
        if len(same) > 1 and (any(orders[j] is None for j in same)
                              or len({orders[j] for j in same}) < len(same)):
            return False
    return True


def _turn_words(name: str, i: int, group: list[int], turns: list[int | None],
                orders: list[int | None]) -> Msg:
    """"Ann turn 14", or with the place in the turn when another of ``group`` shares it."""
    if sum(turns[j] == turns[i] for j in group) > 1 and orders[i] is not None:
        return Msg("scorers.altar.name_turn_order", name=name, turn=turns[i], order=orders[i])
    return Msg("scorers.altar.name_turn", name=name, turn=turns[i])


def score(sheet: Sheet) -> Result:
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    n = len(sheet.players)
    results = []
    complete = []
    for p in sheet.players:
        breakdown = []
        missing = []
        for j, r in enumerate(p.realms):
            god = realm_name(r, j, len(p.realms))
            breakdown.append(Line(
                label=Msg("scorers.altar.line.shrines", realm=god, count=r.shrines),
                points=r.shrines))
            breakdown.append(Line(
                label=Msg("scorers.altar.line.altars", realm=god, count=r.active_altars,
                          target=REALM_TARGET),
                points=r.active_altars))
            need = realm_missing(r.shrines, r.active_altars)
            if need:
                missing.append(Msg("scorers.altar.realm_needs", realm=god, need=need)
                               if len(p.realms) > 1 else need)
        is_complete = player_complete(p)
        complete.append(is_complete)
        results.append(AltarPlayerResult(
            name=p.name.strip(), total=sum(x.points for x in breakdown), rank=0,
            breakdown=breakdown, complete=is_complete,
            missing=_chain("scorers.altar.semicolon", missing), shrines=_shrines(p)))

    shrines = [_shrines(p) for p in sheet.players]
    turns = [p.last_shrine_turn for p in sheet.players]
    orders = [p.last_shrine_order for p in sheet.players]
    nobody = not any(complete)
    # by Shrines: the complete players (AL-1, AL-2); when nobody completed and the game ended
    # by the Shrine tiles or the deck, everyone with a Shrine (AL-3)
    ranked = ([i for i, d in enumerate(complete) if d] if not nobody
              else [i for i in range(n) if shrines[i] > 0] if sheet.end != "realm_completed"
              else [])
    decided = {i for g in turns_needed(shrines, complete, sheet.end,
                                       sheet.ability_winner is not None) for i in g}
    # The later last Shrine orders a group tied on Shrines where it is asked for, or where
    # every one of them has it (then it is the rulebook's own tie-break, AL-2/AL-3): the
    # later turn, and within one turn the Shrine placed later in it.
    by_turn = set(decided)
    for count in {shrines[i] for i in ranked}:
        group = [i for i in ranked if shrines[i] == count]
        if len(group) > 1 and _in_order(group, turns, orders):
            by_turn |= set(group)
    keys = [(0, -shrines[i], -(turns[i] or 0) if i in by_turn else 0,
             -(orders[i] or 0) if i in by_turn else 0) if i in ranked
            else (1, 0, 0, 0) for i in range(n)]
    override = None
    if sheet.ability_winner is not None:
        # RULING AL-3: the table records the winner a god's or follower's ability names.
        override = next(i for i, p in enumerate(sheet.players)
                        if p.name.strip().casefold() == sheet.ability_winner.strip().casefold())
    by_rules = shared_ranks(keys)
    final = [(0 if i == override else 1, *keys[i]) for i in range(n)] if override is not None \
        else keys
    for r, rank in zip(results, shared_ranks(final), strict=True):
        r.rank = rank

    notes: list[Note] = []
    winners = winners_of(results) if ranked or override is not None else []
    if nobody and not ranked:
        # Altar, Winner of the Game: "If the game ends because of the other two conditions
        # (2 or 3) refer to the gods' and followers' abilities." (AL-3)
        if override is None:
            notes.append(ruled(Msg("scorers.altar.note.no_winner_no_shrine")
                               if sheet.end != "realm_completed"
                               else Msg("scorers.altar.note.no_winner_not_ended"), "AL-3"))
    elif nobody:
        order = sorted(ranked, key=lambda i: (by_rules[i], results[i].name.casefold()))
        listing = comma_list([Msg("scorers.altar.name_shrines", name=results[i].name,
                                  shrines=shrines[i]) for i in order])
        notes.append(ruled(Msg("scorers.altar.note.most_shrines_tiles", listing=listing)
                           if sheet.end == "shrines_depleted"
                           else Msg("scorers.altar.note.most_shrines_deck", listing=listing),
                           "AL-3"))
    if ranked:
        by_shrines: dict[int, list[int]] = {}
        for i in ranked:
            by_shrines.setdefault(shrines[i], []).append(i)
        if not nobody and (len(by_shrines) > 1 or any(len(g) > 1 for g in by_shrines.values())):
            if len(by_shrines) > 1:
                order = sorted(ranked, key=lambda i: (by_rules[i], results[i].name.casefold()))
                listing = comma_list([Msg("scorers.altar.name_shrines", name=results[i].name,
                                          shrines=shrines[i]) for i in order])
                notes.append(ruled(Msg("scorers.altar.note.completed_most",
                                       names=_names(sheet, order), listing=listing), "AL-2"))
        for count, group in sorted(by_shrines.items(), reverse=True):
            if len(group) < 2:
                continue
            ordered = sorted(group, key=lambda i: (by_rules[i], results[i].name.casefold()))
            if not set(group) <= by_turn:
                notes.append(ruled(
                    Msg("scorers.altar.note.share_place_have", names=_names(sheet, group),
                        count=count) if nobody else
                    Msg("scorers.altar.note.share_place_completed", names=_names(sheet, group),
                        count=count)))
                continue
            words = [_turn_words(results[i].name, i, group, turns, orders) for i in ordered]
            listing = (comma_list(words) if len({turns[i] for i in group}) == len(group)
                       else _chain("scorers.altar.semicolon", words))
            last = results[ordered[0]].name
            notes.append(ruled(
                Msg("scorers.altar.note.last_shrine_have", names=_names(sheet, group),
                    count=count, last=last, listing=listing) if nobody else
                Msg("scorers.altar.note.last_shrine_completed", names=_names(sheet, group),
                    count=count, last=last, listing=listing), "AL-3" if nobody else "AL-2"))
        if not nobody and decided:
            notes.append(ruled(Msg("scorers.altar.note.gods_own_rules"), "AL-2"))
        if not nobody and sheet.end != "realm_completed":
            done = _names(sheet, [i for i, d in enumerate(complete) if d])
            notes.append(ruled(Msg("scorers.altar.note.complete_win_tiles", names=done)
                               if sheet.end == "shrines_depleted"
                               else Msg("scorers.altar.note.complete_win_deck", names=done),
                               "AL-5"))
    if override is not None:
        ability = sheet.ability.strip() if sheet.ability else ""
        by_shrines_winners = [results[i].name for i in range(n) if by_rules[i] == 1 and
                              (i in ranked)]
        other = (_chain("scorers.altar.and", by_shrines_winners)
                 if by_shrines_winners and by_shrines_winners != [results[override].name]
                 else "")
        winner = results[override].name
        if ability and other:
            note = Msg("scorers.altar.note.ability_win_named_other", name=winner,
                       ability=ability, other=other)
        elif ability:
            note = Msg("scorers.altar.note.ability_win_named", name=winner, ability=ability)
        elif other:
            note = Msg("scorers.altar.note.ability_win_other", name=winner, other=other)
        else:
            note = Msg("scorers.altar.note.ability_win", name=winner)
        notes.append(ruled(note, "AL-3"))
    elif ability_allowed(shrines, complete, sheet.end):
        notes.append(ruled(Msg("scorers.altar.note.ability_can"), "AL-3"))
    if n == 2:
        notes.append(ruled(Msg("scorers.altar.note.two_players"), "AL-4"))
    if sheet.end == "shrines_depleted":
        placed = sum(_shrines(p) for p in sheet.players)
        tiles = shrine_tiles_in_play(n)
        if placed < tiles:
            notes.append(ruled(Msg("scorers.altar.note.tiles_left", placed=placed,
                                   tiles=tiles), "AL-5"))
    behind = [i for i in range(n) if i not in ranked and i != override]
    if behind and ranked:
        # docs/score-sheets.md, Altar winners: the others rank after the ones placed
        rank = results[behind[0]].rank
        notes.append(ruled(
            Msg("scorers.altar.note.behind_incomplete", count=len(behind),
                names=_names(sheet, behind), rank=rank) if not nobody else
            Msg("scorers.altar.note.behind_no_shrine", count=len(behind),
                names=_names(sheet, behind), rank=rank)))
    return Result(game=GAME, players=results, winners=winners, notes=notes)

