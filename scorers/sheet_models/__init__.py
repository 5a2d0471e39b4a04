"""Each game's score sheet as pydantic models: ``scorers/sheet_models/<game>.py``.

Checking a sheet runs their compiled form (``scorers/sheet_checks``); the models are where
the checks are written, and what the app uses for parts of a sheet (one Latria card).
"""

from __future__ import annotations

import importlib

from scorers.boxes import sheets


def sheet_model(game: str) -> type:
    """The pydantic model of the whole sheet whose ``"game"`` is ``game`` (one of
    ``scorers.boxes.sheets()``; KeyError for any other)."""
    if game not in sheets():
        raise KeyError(game)
    return importlib.import_module(f"scorers.sheet_models.{game}").Sheet
