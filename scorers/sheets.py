"""Reading a score sheet: pick the game's module by ``"game"``, validate, score.

Each game module exposes ``Sheet`` (a pydantic model) and ``score(sheet) -> Result``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pydantic import ValidationError

from scorers.base import Problem, Result, SheetProblems
from scorers.limits import path_text, quote, value_problems

# game id (the sheet's "game") → module in this package
GAME_MODULES = {
    "latria": "latria",
    "latria_campaign": "latria_campaign",
    "carpe_astra": "carpe_astra",
    "luna": "luna",
    "luna_round": "luna_round",
    "altar": "altar",
    "latoro": "latoro",
}


def game_module(game: str) -> ModuleType:
    return importlib.import_module(f"scorers.{GAME_MODULES[game]}")


def location(loc: tuple[Any, ...]) -> str:
    """A pydantic error location as a path: ('players', 1, 'support') → players[1].support.
    A key longer than 40 characters (an unknown one) is cropped with "…"."""
    return path_text(loc)


def problems_from_validation(err: ValidationError) -> list[Problem]:
    problems = []
    for e in err.errors():
        # Drop pydantic's union/tag markers so the path names only the sheet's own keys.
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        message = e["msg"]
        if e["type"] == "extra_forbidden":
            message = "unknown key (check the spelling)"
        elif e["type"] == "missing":
            message = "required"
        elif message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        problems.append(Problem(where=location(loc), message=message))
    return problems


def parse_sheet(data: Any):
    """Validate ``data`` (a dict from JSON) as the sheet of its game; raise SheetProblems."""
    if not isinstance(data, dict):
        raise SheetProblems([Problem(where="", message="a sheet is a JSON object")])
    # The outer limits first (scorers/limits.py): the game's checks may then count,
    # add and print every value without meeting a 4,300-digit number or a deep nest.
    outer = value_problems(data)
    if outer:
        raise SheetProblems([Problem(where=location(loc), message=message)
                             for loc, message in outer])
    game = data.get("game")
    if not isinstance(game, str) or game not in GAME_MODULES:
        allowed = ", ".join(GAME_MODULES)
        if isinstance(game, str):
            message = f"{quote(game)} is not a game here; one of: {allowed}"
        elif game is None:
            message = f"required: one of {allowed}"
        else:
            message = f"a {json_type(game)} is not a game name; one of: {allowed}"
        raise SheetProblems([Problem(where="game", message=message)])
    module = game_module(game)
    try:
        return module.Sheet.model_validate(data)
    except ValidationError as err:
        raise SheetProblems(problems_from_validation(err)) from None


def json_type(value: Any) -> str:
    """What a JSON value is, in words: "list", "object", "number", "text", …"""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "text"
    if value is None:
        return "null"
    return "number"


def score_sheet(data: Any) -> Result:
    """Validate and score a sheet given as a dict; raise SheetProblems when it is invalid."""
    sheet = parse_sheet(data)
    return game_module(data["game"]).score(sheet)
