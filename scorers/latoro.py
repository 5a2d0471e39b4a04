"""Latoro (ラトーロ) — final scoring (docs/score-sheets.md, "Latoro"; rulebook seeds/004,
「ゲーム終了について」, English in seeds/latoro-en.md, "End of the game").

Total = clan tag points (氏族タグ, from the player summary) + the points of each face-up
honor card (栄誉カード) + 1 per 3 resource pieces (資源コマ) left, all colours together,
rounded down. The highest total wins; ties are shared (the rulebook names no tie-breaker).

Public data for the score screens: ``PLAYERS_MIN``/``PLAYERS_MAX``, ``RESOURCE_COLOURS``,
``RESOURCE_CAP``, ``RESOURCES_PER_POINT``, ``HONOR_CARDS_MAX``, ``LABELS_JA``,
``COLOUR_LABELS_JA``, ``resource_points(resources)`` and ``check(sheet)``.
"""

from __future__ import annotations

from collections.abc import Mapping
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
from scorers.boxes import latoro as box
from scorers.boxes import player_range
from scorers.boxes.latoro import RESOURCE_CAP
from scorers.messages import AndList, Msg

if TYPE_CHECKING:
    from scorers.sheet_models.latoro import Sheet

GAME = "latoro"

PLAYERS_MIN, PLAYERS_MAX = player_range(box)  # the box's: scorers/boxes/latoro.py
# Latoro, プレイヤーの準備 4: 黒資源, 白資源, 茶資源 — three colours
RESOURCE_COLOURS = ("black", "white", "brown")
# RESOURCE_CAP (scorers/boxes/latoro.py) is checked after every Preparation phase, the last
# one included, so at most 7 each at final scoring (LT-4)
# Latoro, ゲーム終了 3: 「資源コマ３個につき１評価点」
RESOURCES_PER_POINT = 3
# Latoro, プレイヤーの準備 2: 「各栄誉カード１枚ずつ３種類」 — one honor card of each of 3 kinds
HONOR_CARDS_MAX = 3

# Japanese terms as the rulebook writes them (seeds/004; glossary in seeds/latoro-en.md)
LABELS_JA = {
    "clan_tags": "氏族タグ",
    "honor_cards": "栄誉カード",  # the text also says 名誉カード for the same cards (LT-2)
    "resources": "資源",
    "resource_pieces": "資源コマ",
    "evaluation_points": "評価点",
    "player_summary": "プレイヤーサマリ",
    "supply": "サプライ",
    "total": "合計",
}
COLOUR_LABELS_JA = {"black": "黒", "white": "白", "brown": "茶"}
# The colours in the players' words (catalogs: "black" / 黒, …).
COLOUR_NAMES = {"black": Msg("scorers.latoro.colour.black"),
                "white": Msg("scorers.latoro.colour.white"),
                "brown": Msg("scorers.latoro.colour.brown")}


def resource_points(resources: Mapping[str, int]) -> int:
    """1 point per 3 resource pieces, all colours together, rounded down (LT-3)."""
    # Latoro, ゲーム終了 3: 「手元に残った資源コマ３個につき１評価点を得ます」
    return sum(resources.values()) // RESOURCES_PER_POINT


def _join(names: list[str]) -> AndList:
    return AndList(sorted(names, key=str.casefold))  # independent of the sheet's order


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a (type-valid) Latoro sheet."""
    problems: list[Problem] = []
    n = len(sheet.players)
    if not PLAYERS_MIN <= n <= PLAYERS_MAX:
        problems.append(Problem(
            where="players",
            message=Msg("scorers.latoro.problem.players", count=n, low=PLAYERS_MIN,
                        high=PLAYERS_MAX)))
    problems += name_problems([p.name for p in sheet.players], lambda i: f"players[{i}].name")
    for i, p in enumerate(sheet.players):
        w = f"players[{i}]"
        if p.clan_tag_points < 0:  # clan tags: entered from the player summary
            problems.append(Problem(
                where=f"{w}.clan_tag_points",
                message=Msg("scorers.latoro.problem.clan_tags", value=p.clan_tag_points)))
        if len(p.honor_points) > HONOR_CARDS_MAX:
            problems.append(Problem(
                where=f"{w}.honor_points",
                message=Msg("scorers.latoro.problem.honor_cards", count=len(p.honor_points),
                            limit=HONOR_CARDS_MAX)))
        for j, points in enumerate(p.honor_points):
            if points < 0:
                problems.append(Problem(
                    where=f"{w}.honor_points[{j}]",
                    message=Msg("scorers.latoro.problem.honor_points", value=points)))
        for colour in RESOURCE_COLOURS:
            held = getattr(p.resources, colour)
            if held < 0:
                problems.append(Problem(
                    where=f"{w}.resources.{colour}",
                    message=Msg("scorers.latoro.problem.resource_negative", value=held)))
            elif held > RESOURCE_CAP:
                problems.append(Problem(
                    where=f"{w}.resources.{colour}",
                    message=Msg("scorers.latoro.problem.resource_cap", value=held,
                                limit=RESOURCE_CAP)))
    return problems


def score(sheet: Sheet) -> Result:
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    results = []
    reading_matters = []
    for p in sheet.players:
        name = p.name.strip()
        held = {c: getattr(p.resources, c) for c in RESOURCE_COLOURS}
        pieces = sum(held.values())
        res_points = resource_points(held)
        if sum(v // RESOURCES_PER_POINT for v in held.values()) != res_points:
            reading_matters.append(name)
        if p.honor_points:
            honor = sum(p.honor_points)
            parts = " + ".join(str(x) for x in p.honor_points)
            honor_label = (Msg("scorers.latoro.line.honor_cards", parts=parts, points=honor)
                           if len(p.honor_points) > 1
                           else Msg("scorers.latoro.line.honor_card", points=honor))
        else:
            honor = 0
            honor_label = Msg("scorers.latoro.line.honor_none")
        detail = comma_list([Msg("scorers.latoro.resource_count", count=held[c],
                                 colour=COLOUR_NAMES[c]) for c in RESOURCE_COLOURS])
        breakdown = [
            # Latoro, ゲーム終了 1: 氏族タグによる評価点 (the table is on the player summary; LT-1)
            Line(label=Msg("scorers.latoro.line.clan_tags", points=p.clan_tag_points),
                 points=p.clan_tag_points, category="scorers.latoro.category.clan_tags"),
            # Latoro, ゲーム終了 2: each face-up honor card's points (LT-2)
            Line(label=honor_label, points=honor, category="scorers.latoro.category.honor_cards"),
            # Latoro, ゲーム終了 3: 1 per 3 resource pieces, all colours together (LT-3)
            Line(label=Msg("scorers.latoro.line.resources", pieces=pieces,
                           per=RESOURCES_PER_POINT, points=res_points, detail=detail),
                 points=res_points, category="scorers.latoro.category.resources"),
        ]
        results.append(PlayerResult(name=name, total=sum(x.points for x in breakdown), rank=0,
                                    breakdown=breakdown))

    # Latoro, ゲーム終了: 「３つを合計して一番高い人の勝利です」; no tie-breaker given (LT-5)
    ranks = shared_ranks([-r.total for r in results])
    for r, rank in zip(results, ranks, strict=True):
        r.rank = rank

    notes: list[Note] = []
    for total in sorted({r.total for r in results}, reverse=True):
        tied = [r.name for r in results if r.total == total]
        if len(tied) > 1:
            rank = next(r.rank for r in results if r.total == total)
            notes.append(ruled(Msg("scorers.latoro.tie.shared", names=_join(tied),
                                   total=total, rank=rank), "LT-5"))
    if reading_matters:
        notes.append(ruled(Msg("scorers.latoro.note.resources_together",
                               names=_join(reading_matters)), "LT-3"))
    notes.append(ruled(Msg("scorers.latoro.note.entered"), "LT-1", "LT-2"))
    return Result(game=GAME, players=results, winners=winners_of(results), notes=notes)
