"""The base of every game's sheet model (``scorers/sheet_models/<game>.py``).

A sheet is what players typed, so pydantic checks it. The models live apart from the
scoring (``scorers/<game>.py``, which names them only in type hints): building a pydantic
model costs the command line most of its start, so only the game a sheet names has its
models built (``scorers.sheet_models.sheet_model``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from scorers.readings import Choice


class Model(BaseModel):
    """Strict base: an unknown key is an error (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid")


def readings_field(*rulings: str):
    """The sheet's ``readings`` type for a game whose scorer applies ``rulings``
    (scorers/readings.py)."""
    key = Literal[rulings]  # type: ignore[valid-type]
    return Annotated[dict[key, Choice], Field(default_factory=dict)]  # type: ignore[valid-type]
