"""Reading a score sheet: pick the game's module by ``"game"``, validate, score.

Each game module exposes ``Sheet`` (a pydantic model) and ``score(sheet) -> Result``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pydantic import ValidationError

from scorers.base import Problem, Result, SheetProblems

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
    """A pydantic error location as a path: ('players', 1, 'support') → players[1].support."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path


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
    game = data.get("game")
    if game not in GAME_MODULES:
        allowed = ", ".join(GAME_MODULES)
        raise SheetProblems(
            [Problem(where="game", message=f"{game!r} is not a game here; one of: {allowed}")]
        )
    module = game_module(game)
    try:
        return module.Sheet.model_validate(data)
    except ValidationError as err:
        raise SheetProblems(problems_from_validation(err)) from None


def score_sheet(data: Any) -> Result:
    """Validate and score a sheet given as a dict; raise SheetProblems when it is invalid."""
    sheet = parse_sheet(data)
    return game_module(data["game"]).score(sheet)
