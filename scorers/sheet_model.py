"""The base of every game's sheet model (``Sheet`` in ``scorers/<game>.py`` and its parts).

A sheet is what players typed, so pydantic checks it. It lives apart from
``scorers/base.py`` (results, problems, ranking: built by our own code, checked by
nobody), so that the command line reads a sheet and knows its game before pydantic is
imported (issue 14: ``python -m scorers`` imports nothing heavy before it knows the game).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    """Strict base: an unknown key is an error (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid")
