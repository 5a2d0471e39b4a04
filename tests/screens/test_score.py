"""What Score shows of a sheet (companion/screens/score.py ``header``): each player's
chip and total, the summary of the player shown, and what to fix first."""

from __future__ import annotations

import json
from pathlib import Path

from companion.i18n import speaking
from companion.screens.score import header
from scorers.sheets import score_sheet

DATA = Path(__file__).resolve().parents[1] / "data"


def example(game: str) -> dict:
    return json.loads((DATA / f"{game}_example.json").read_text(encoding="utf-8"))


def test_a_whole_sheet_shows_every_total_and_the_shown_players_points():
    sheet = json.loads((DATA / "latria_example3.json").read_text(encoding="utf-8"))
    with speaking("en"):
        shown = header("latria", sheet, 0)
    ann = sheet["players"][0]["name"]
    assert shown.scored and not shown.fix and shown.problems == ()
    assert [c.text.split(" · ")[0] for c in shown.chips] == [p["name"] for p in
                                                              sheet["players"]]
    assert all(" · " in c.text and not c.troubled for c in shown.chips)
    assert shown.total.startswith(ann)
    assert shown.summary.kind == "total" and shown.summary.breakdown  # every point
    # Each chip's total is the scorer's, and the summary has a line for each of Ann's.
    result = score_sheet(sheet)
    assert [c.text for c in shown.chips] == [f"{p.name} · {p.total}" for p in result.players]
    assert len(shown.summary.breakdown) == len(result.players[0].breakdown)


def test_a_problem_marks_its_players_chip_and_the_total_says_what_to_fix():
    sheet = example("carpe_astra")
    sheet["players"][1]["credits"] = -3  # a value no sheet may hold
    with speaking("en"):
        ben = header("carpe_astra", sheet, 1)
        ann = header("carpe_astra", sheet, 0)
    name = sheet["players"][1]["name"]
    assert ben.fix and not ben.scored and ben.summary.kind == "fix"
    assert ben.total == f"{name}: fix the marked entries"
    assert [c.troubled for c in ben.chips] == [i == 1 for i in range(len(sheet["players"]))]
    assert all(" · " not in c.text for c in ben.chips)  # no totals while a problem stands
    # Seen from another player's sheet, the line points at the problems shown.
    assert ann.total == "Fix the problems shown to see the totals"
    assert ben.problems and all(p.where.startswith("players[1]") for p in ben.problems)


def test_the_words_follow_the_phones_language():
    sheet = example("altar")
    with speaking("ja"):
        shown = header("altar", sheet, 0)
    assert shown.summary.heading and not shown.summary.heading.isascii()
