"""Every sheet's checks, as pydantic compiled them: run by pydantic-core alone.

Why: pydantic's cost is building a model, not checking with it. The first model of a
process costs more than ``import pydantic`` itself, and ``python -m scorers`` should answer
within 1.5× of that import (bench/scorer_cli_bench.py). pydantic compiles each model into
a *core schema*, plain data that pydantic-core runs. Each game's compiled ``Sheet``
(``scorers/sheet_models/<game>.py``) is stored beside this file as ``<game>.json``, written
by ``python -m scorers.sheet_checks``, and every check of a sheet (the command line's and
the app's) runs from it. The checks and
their messages are pydantic's own, since pydantic-core gives them whichever way the schema
came. tests/scorers/test_sheet_checks.py fails when a stored file is not what the models compile
to now, and checks that any sheet gets the same problems and the same score both ways.

A checked sheet comes back as plain objects named like the models (``Sheet``, ``Player``,
``Card``, …) with the same attributes, which is all a game's scoring reads.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from pydantic_core import SchemaValidator, ValidationError

__all__ = ["Checked", "ValidationError", "check", "compiled", "sheet_json", "stored"]

FOLDER = Path(__file__).resolve().parent

# The parts of a core schema that only serialize or describe (JSON Schema) a model: not
# needed to check a sheet, and not data (they hold functions).
LEFT_OUT = ("serialization", "metadata")
FACTORIES = {"dict": dict, "list": list}  # default_factory values a sheet's model may use


class Checked:
    """A part of a checked sheet: its fields as attributes, as on the model's instance."""

    # pydantic-core sets these four on what it builds, as on a pydantic model's instance.
    __slots__ = ("__dict__", "__pydantic_extra__", "__pydantic_fields_set__",
                 "__pydantic_private__")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as pydantic's models are

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"


def check(game: str, data: Any) -> Any:
    """``data`` (a dict from JSON) checked as ``game``'s sheet; raises ValidationError."""
    return _validator(game).validate_python(data)


def sheet_json(value: Any) -> Any:
    """A checked part (a Latria card a result names) as JSON data, the way a sheet spells
    it: a field not given (None) is left out, as the Latria models' serializers do."""
    if isinstance(value, Checked):
        return {k: sheet_json(v) for k, v in vars(value).items() if v is not None}
    if isinstance(value, list):
        return [sheet_json(v) for v in value]
    return value


def stored(game: str) -> Any:
    """The compiled checks of ``game``'s sheet, as stored (JSON data)."""
    return json.loads((FOLDER / f"{game}.json").read_text(encoding="utf-8"))


@functools.cache
def _validator(game: str) -> SchemaValidator:
    classes: dict[str, type[Checked]] = {}
    return SchemaValidator(_rebuilt(stored(game), classes))


def _rebuilt(value: Any, classes: dict[str, type[Checked]]) -> Any:
    """The stored data back as a core schema: each model's class a ``Checked`` of its name."""
    if isinstance(value, list):
        return [_rebuilt(v, classes) for v in value]
    if not isinstance(value, dict):
        return value
    if "$class" in value:
        name = value["$class"]
        if name not in classes:
            classes[name] = type(name, (Checked,), {"__slots__": ()})
        return classes[name]
    if "$factory" in value:
        return FACTORIES[value["$factory"]]
    if "$object" in value:  # a default that is a model's instance
        made = object.__new__(_rebuilt({"$class": value["$object"]}, classes))
        for key, field in (("__dict__", _rebuilt(value["fields"], classes)),
                           ("__pydantic_fields_set__", set()),
                           ("__pydantic_extra__", None), ("__pydantic_private__", None)):
            object.__setattr__(made, key, field)
        return made
    return {k: _rebuilt(v, classes) for k, v in value.items()}


def compiled(model: type) -> Any:
    """A pydantic model's core schema as data, to store: its classes by name, its
    defaults as data. Raises ValueError for what cannot be stored (a validator function:
    a game's own checks belong in its ``check()``, scorers/base.py)."""
    return _data(model.__pydantic_core_schema__, "")  # type: ignore[attr-defined]


def _data(value: Any, where: str) -> Any:
    from pydantic import BaseModel  # only where the stored files are written or tested

    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in LEFT_OUT:
                continue
            if key == "cls":
                out[key] = {"$class": item.__name__}
            elif key in ("ref", "schema_ref"):
                # "scorers.sheet_models.latria.Card:94121382498976": the number is the
                # class's id() in this process; the name alone is unique in one sheet.
                out[key] = item.partition(":")[0]
            elif key == "default_factory":
                if getattr(item, "__name__", None) not in FACTORIES:
                    raise ValueError(f"{where}.{key}: {item!r} cannot be stored")
                out[key] = {"$factory": item.__name__}
            else:
                out[key] = _data(item, f"{where}.{key}")
        return out
    if isinstance(value, list | tuple):
        return [_data(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, BaseModel):
        return {"$object": type(value).__name__, "fields": _data(vars(value), where)}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise ValueError(f"{where}: {value!r} cannot be stored")
