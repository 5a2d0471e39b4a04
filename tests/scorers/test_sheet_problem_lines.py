"""What a player reads for a sheet the models refuse: one line per problem, each a catalog
sentence (the same words in English and Japanese), whichever pydantic checks it.

``tests/data/sheet_problem_lines.json.gz`` holds, for 75 to 80 sheets per game drawn from
tests/hostile.py (derandomized hypothesis, texts up to 4,000 characters), what
``python -m scorers`` answered (``- --json`` and ``- --lang ja``: exit status, output,
error lines) when the sheets were still checked from stored pydantic-core schemas; the
command line gives those same answers now that the models check them."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from scorers import __main__ as scorers_cli
from scorers.limits import value_problems
from scorers.messages import Msg, catalog
from scorers.sheet_models import sheet_model
from scorers.sheets import problems_from_validation
from tests.hostile import EXAMPLES, GAMES, mutated_sheet
from tests.scorers.test_hostile_cli import run_in_process

DATA = Path(__file__).resolve().parents[1] / "data"
with gzip.open(DATA / "sheet_problem_lines.json.gz", "rt", encoding="utf-8") as recorded:
    CORPUS = json.load(recorded)


@pytest.mark.parametrize("game", GAMES)
def test_each_recorded_sheet_gets_the_same_answer(game):
    cases = [case for case in CORPUS if case["game"] == game]
    assert len(cases) >= 75
    for case in cases:
        raw = case["sheet"].encode("utf-8", "surrogatepass")
        for run in case["runs"]:
            answer = dict(zip(("code", "out", "err"),
                              run_in_process(scorers_cli.main, run["argv"], raw), strict=True))
            assert answer == {k: run[k] for k in ("code", "out", "err")}, (case["sheet"][:300],
                                                                        run["argv"])


def with_change(game: str, change) -> bytes:
    sheet = copy.deepcopy(EXAMPLES[game])
    change(sheet)
    return json.dumps(sheet).encode()


def _set(path: tuple, value):
    def change(sheet):
        *parents, last = path
        for key in parents:
            sheet = sheet[key]
        sheet[last] = value
    return change


def _delete(path: tuple):
    def change(sheet):
        *parents, last = path
        for key in parents:
            sheet = sheet[key]
        del sheet[last]
    return change


def _each(*changes):
    def change(sheet):
        for one in changes:
            one(sheet)
    return change


def _add_card(card: dict):
    return lambda sheet: sheet["players"][0]["cards"].append(card)


# One sheet for each kind of mistake pydantic names: its lines in English and in Japanese.
MISTAKES = {
    "a yes-or-no that is a text": (
        "luna", _set(("players", 0, "virtual"), "yes"),
        ["players[0].virtual: Input should be a valid boolean"],
        ["players[0].virtual: true か false を入れてください"]),
    "a number above its range": (
        "latria", _add_card({"astrology": "moon", "number": 16}),
        ["players[0].cards[11].number: Input should be less than or equal to 15"],
        ["players[0].cards[11].number: 15以下の数を入れてください"]),
    "a choice not offered and a count below zero": (
        "latria", _add_card({"celestial": "comet", "vp": -1}),
        ["players[0].cards[11].celestial: Input should be 'sun', 'moon' or 'polaris'",
         "players[0].cards[11].vp: Input should be greater than or equal to 0"],
        ["players[0].cards[11].celestial: 次のどれかを入れてください：'sun', 'moon' or 'polaris'",
         "players[0].cards[11].vp: 0以上の数を入れてください"]),
    "a group that is a list, a number that is a text, an unknown key": (
        "carpe_astra", _each(_set(("players", 0, "support"), [1]),
                             _set(("players", 1, "credits"), "3"),
                             _set(("players", 1, "colour"), "red")),
        ["players[0].support: Input should be a valid dictionary or instance of Support",
         "players[1].credits: Input should be a valid integer",
         "players[1].colour: unknown key (check the spelling)"],
        ["players[0].support: オブジェクトを入れてください（Support）",
         "players[1].credits: 整数を入れてください",
         "players[1].colour: 不明なキーです（つづりを確認してください）"]),
    "a count left out, a list that is an object": (
        "altar", _each(_delete(("players", 0, "realms", 0, "shrines")),
                       _set(("players", 1, "realms"), {"x": 1})),
        ["players[0].realms[0].shrines: required",
         "players[1].realms: Input should be a valid list"],
        ["players[0].realms[0].shrines: 必須です", "players[1].realms: リストを入れてください"]),
    "a name that is a number, a game that is a text": (
        "latria_campaign", _each(_set(("players", 0), 5), _set(("games",), ["x"])),
        ["players[0]: Input should be a valid string",
         "games[0]: Input should be a valid dictionary"],
        ["players[0]: テキストを入れてください", "games[0]: オブジェクトを入れてください"]),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_kind_of_mistake_reads_the_same_in_english_and_japanese(mistake):
    game, change, english, japanese = MISTAKES[mistake]
    sheet = with_change(game, change)
    assert run_in_process(scorers_cli.main, ["-"], sheet) == (2, "", "\n".join(english) + "\n")
    assert run_in_process(scorers_cli.main, ["-", "--lang", "ja"], sheet) == (
        2, "", "\n".join(japanese) + "\n")


@pytest.mark.parametrize("game", GAMES)
# Most mutations of a sheet are refused before its model sees them (not JSON, or a value
# no sheet may hold): those are left out, and with some seeds that is most of a run.
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(data=st.data())
def test_every_problem_pydantic_finds_is_one_catalog_sentence(game, data):
    text = data.draw(mutated_sheet(game))
    try:
        sheet = json.loads(text)
    except (ValueError, RecursionError):  # past what a sheet can be: refused before
        assume(False)
    assume(isinstance(sheet, dict) and not value_problems(sheet))
    try:
        sheet_model(game).model_validate(sheet)
    except ValidationError as err:
        problems = problems_from_validation(err)
        assert len(problems) == err.error_count()
        for problem in problems:
            assert isinstance(problem.message, Msg), (problem, err.errors())
            assert problem.message.key in catalog("ja")
