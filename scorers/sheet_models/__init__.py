"""Each game's score sheet as pydantic models: ``scorers/sheet_models/<game>.py``.

A sheet is checked with its game's ``Sheet`` (``scorers/sheets.py``), and scoring reads
the instance pydantic makes. Each game's module is imported only when a sheet names that
game: building the models is most of what checking costs the command line.
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
