"""The stored sheet checks (``scorers/sheet_checks``) are the models' own (the
checks and messages stay exactly as pydantic gives them): each stored file is what the game's
pydantic models compile to now, and any sheet gets the same problems, the same checked
values and the same score from the stored checks as from the models."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError, field_validator

from scorers import sheet_checks
from scorers.base import SheetProblems
from scorers.limits import value_problems
from scorers.sheet_checks import Checked, compiled, sheet_json, stored
from scorers.sheet_models import sheet_model
from scorers.sheets import GAME_MODULES, game_module, problems_from_validation
from tests.hostile import EXAMPLES, GAMES, mutated_sheet


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_stored_checks_are_what_the_models_compile_to(game):
    assert stored(game) == compiled(sheet_model(game)), (
        f"scorers/sheet_checks/{game}.json is not what the models compile to now: "
        "run python -m scorers.sheet_checks and commit the files it writes")


def outcome(game: str, data: dict, validate) -> tuple:
    """What a sheet gets: its problems, or its checked values and its score (or the
    game's own problems)."""
    try:
        sheet = validate(data)
    except ValidationError as err:
        return "invalid", err.errors(), problems_from_validation(err)
    values = sheet_json(sheet) if isinstance(sheet, Checked) else sheet.model_dump(
        exclude_none=True)
    try:
        return "scored", values, game_module(game).score(sheet).to_json_dict()
    except SheetProblems as problems:
        return "refused", values, problems.problems


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_sheet_gets_the_same_answer_from_the_stored_checks(game, data):
    text = data.draw(mutated_sheet(game))
    try:
        sheet = json.loads(text)
    except (ValueError, RecursionError):  # past what a sheet can be: refused before
        assume(False)
    assume(isinstance(sheet, dict) and not value_problems(sheet))
    by_model = outcome(game, copy.deepcopy(sheet), sheet_model(game).model_validate)
    stored_checks = outcome(game, copy.deepcopy(sheet),
                            lambda d: sheet_checks.check(game, d))
    assert stored_checks == by_model


@pytest.mark.parametrize("game", GAMES)
def test_each_example_sheet_is_scored_the_same_both_ways(game):
    sheet = EXAMPLES[game]
    by_model = outcome(game, sheet, sheet_model(game).model_validate)
    assert by_model[0] == "scored"
    assert outcome(game, sheet, lambda d: sheet_checks.check(game, d)) == by_model


def test_a_default_is_not_shared_between_two_sheets():
    # Carpe Astra's support defaults to a Support of zeros: each sheet gets its own, as
    # with the models (pydantic copies a default that cannot be hashed).
    sheet = {"game": "carpe_astra", "players": [
        {"name": "Ann", "character": "chun", "credits": 1},
        {"name": "Ben", "character": "tyndar", "credits": 2}]}
    first, second = (sheet_checks.check("carpe_astra", sheet) for _ in range(2))
    first.players[0].support.military = 5
    assert second.players[0].support.military == 0
    assert first.players[1].support.military == 0


def test_a_checked_part_reads_like_the_models():
    card = sheet_checks.check("latria", {"players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 4}]}]}).players[0].cards[0]
    assert type(card).__name__ == "Card"
    assert (card.celestial, card.vp, card.special) == ("sun", 4, None)
    assert repr(card).startswith("Card(celestial='sun', astrology=None, vp=4,")
    assert sheet_json(card) == {"celestial": "sun", "vp": 4}
    again = sheet_checks.check("latria", {"players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 4}]}]}).players[0].cards[0]
    assert card == again and card != sheet_json(card)
    with pytest.raises(TypeError):
        hash(card)


def test_a_check_that_cannot_be_stored_is_named():
    class Shouty(BaseModel):
        name: str

        @field_validator("name")
        @classmethod
        def _upper(cls, value: str) -> str:
            return value.upper()

    with pytest.raises(ValueError, match=r"cannot be stored"):
        compiled(Shouty)


def test_the_writer_stores_each_game_once_and_then_leaves_it(tmp_path, monkeypatch, capsys):
    from scorers.sheet_checks import __main__ as writer

    monkeypatch.setattr(writer, "FOLDER", tmp_path)
    assert writer.main() == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{game}.json" for game in GAME_MODULES)
    for game in GAME_MODULES:
        assert json.loads((tmp_path / f"{game}.json").read_text(encoding="utf-8")) == stored(
            game)
    assert capsys.readouterr().out.count(": written") == len(GAME_MODULES)
    assert writer.main() == 0
    assert capsys.readouterr().out.count(": unchanged") == len(GAME_MODULES)
