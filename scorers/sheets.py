"""Reading a score sheet: pick the game's module by ``"game"``, validate, score.

Each game module exposes ``score(sheet) -> Result``; its sheet is checked with the game's
pydantic models (``scorers/sheet_models/<game>.py``), imported only once the sheet names
that game: a sheet that is not an object or names no game here is answered without
pydantic (the command line's start, bench/scorer_cli_bench.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scorers import boxes
from scorers.base import Problem, Result, SheetProblems
from scorers.limits import MAX_DEPTH, path_text, quote, value_problems
from scorers.messages import Msg
from scorers.sheet_models import sheet_model

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

# a sheet's "game" → its module in this package, game by game of the one list of games
# (scorers/boxes/__init__.py: each game names its sheets)
GAME_MODULES = {sheet: sheet for sheet in boxes.sheets()}


def game_module(game: str) -> ModuleType:
    return importlib.import_module(f"scorers.{GAME_MODULES[game]}")


def location(loc: tuple[Any, ...]) -> str:
    """A pydantic error location as a path: ('players', 1, 'support') → players[1].support.
    A key longer than 40 characters (an unknown one) is cropped with "…"."""
    return path_text(loc)


# pydantic's error types for the usual mistakes, as catalog messages (their English is
# pydantic's own wording): a line reads the same, in English and in Japanese, whichever
# pydantic of the range pyproject allows checks the sheet.
def _pydantic_message(e: Any) -> Any:
    ctx = e.get("ctx") or {}
    kind = e["type"]
    candidates = {
        "int_type": lambda: Msg("scorers.sheets.type.integer"),
        "string_type": lambda: Msg("scorers.sheets.type.text"),
        # a text holding half of a character (a lone "\ud800" in the JSON)
        "string_unicode": lambda: Msg("scorers.sheets.type.unicode"),
        "list_type": lambda: Msg("scorers.sheets.type.list"),
        "bool_type": lambda: Msg("scorers.sheets.type.boolean"),
        "dict_type": lambda: Msg("scorers.sheets.type.object"),
        "model_type": lambda: Msg("scorers.sheets.type.model", name=ctx["class_name"]),
        "greater_than_equal": lambda: Msg("scorers.sheets.type.at_least", limit=ctx["ge"]),
        "less_than_equal": lambda: Msg("scorers.sheets.type.at_most", limit=ctx["le"]),
        "literal_error": lambda: Msg("scorers.sheets.type.one_of", expected=ctx["expected"]),
    }
    if kind in candidates:
        try:
            return candidates[kind]()
        except KeyError:  # a context without the value the sentence names
            return e["msg"]
    return e["msg"]


def problems_from_validation(err: ValidationError) -> list[Problem]:
    problems = []
    for e in err.errors():
        # Drop pydantic's union/tag markers so the path names only the sheet's own keys.
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        message = _pydantic_message(e)
        if e["type"] == "extra_forbidden":
            message = Msg("scorers.sheets.unknown_key")
        elif e["type"] == "missing":
            message = Msg("scorers.sheets.required")
        elif e["type"] == "value_error" and isinstance(
                (e.get("ctx") or {}).get("error"), ValueError) and isinstance(
                e["ctx"]["error"].args[0] if e["ctx"]["error"].args else None, Msg):
            message = e["ctx"]["error"].args[0]  # a game's own check, its message kept
        elif message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        problems.append(Problem(where=location(loc), message=message))
    return problems


def parse_sheet(data: Any):
    """Validate ``data`` (a dict from JSON) as the sheet of its game; raise SheetProblems."""
    if not isinstance(data, dict):
        raise SheetProblems([Problem(where="", message=Msg("scorers.sheets.not_object"))])
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
            message = Msg("scorers.sheets.unknown_game", game=quote(game), allowed=allowed)
        elif game is None:
            message = Msg("scorers.sheets.game_required", allowed=allowed)
        else:
            message = Msg("scorers.sheets.game_type", type=json_type(game), allowed=allowed)
        raise SheetProblems([Problem(where="game", message=message)])
    from pydantic import ValidationError  # with the game's models, not before (the start)

    try:
        return validated(game, data)
    except ValidationError as err:
        raise SheetProblems(problems_from_validation(err)) from None


def validated(game: str, data: Any) -> BaseModel:
    """``data`` checked as ``game``'s ``Sheet`` (pydantic's ``model_validate``): the
    instance scoring reads; raises pydantic's ValidationError. Only that game's models
    are imported."""
    return sheet_model(game).model_validate(data)


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


def written_problems(sheet: Any, paths: Sequence[Sequence[Any]],
                     numbers: bool = True, missing: bool = False) -> list[Problem]:
    """What field changes wrote at ``paths`` into ``sheet`` that no sheet can hold: the
    outer limits of each written value (``scorers/limits.py``) and the types the game's
    sheet has there. The rest of the sheet is not judged: a sheet being entered may
    still lack fields or break a rule, and that is the score screen's to show. ``()``
    among the paths means the whole sheet was written. ``numbers=False`` leaves out
    numbers out of range (a screen can show those at their fields); ``missing=True``
    counts required keys left out."""
    if not isinstance(sheet, dict):
        return [Problem(where="", message=Msg("scorers.sheets.not_object"))]
    problems: list[Problem] = []
    for path in paths:
        if len(path) > MAX_DEPTH or not all(
                isinstance(k, str) or (isinstance(k, int) and not isinstance(k, bool))
                for k in path):
            problems.append(Problem(where=location(tuple(path)),
                                    message=Msg("scorers.sheets.no_such_place")))
            continue
        found, value = True, sheet
        for key in path:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                found = False  # left out (REMOVE): nothing written to judge
                break
        if found:
            problems += [Problem(where=location(loc), message=message)
                         for loc, message in value_problems(value, tuple(path),
                                                            numbers=numbers)]
    if problems:
        return problems
    game = sheet.get("game")
    written = [tuple(p) for p in paths]
    if not isinstance(game, str) or game not in GAME_MODULES:
        if any(not p or p[0] == "game" for p in written):
            return [Problem(where="game",
                            message=Msg("scorers.sheets.not_a_game", game=quote(game)))]
        return []  # an old sheet's own problem, shown on the score screen
    from pydantic import ValidationError  # with the game's models, not before (the start)

    try:
        validated(game, sheet)
    except ValidationError as err:
        for e, problem in zip(err.errors(), problems_from_validation(err), strict=True):
            loc = tuple(p for p in e["loc"]
                        if not (isinstance(p, str) and p.startswith("function-")))
            if (missing or e["type"] != "missing") and any(loc[:len(p)] == p
                                                           for p in written):
                problems.append(problem)
    return problems


def score_sheet(data: Any) -> Result:
    """Validate and score a sheet given as a dict; raise SheetProblems when it is invalid."""
    sheet = parse_sheet(data)
    return game_module(data["game"]).score(sheet)
