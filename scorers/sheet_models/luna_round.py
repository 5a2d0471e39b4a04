"""What the sheet of one Luna round's scoring may hold, as pydantic checks it (the scoring
and the game's own checks: ``scorers/luna_round.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt

from scorers.sheet_models.base import Model, readings_field


class Player(Model):
    name: str
    priestess_isle: StrictInt
    apostate_isle: StrictInt
    temple_novices: StrictInt
    temple_books: StrictInt
    # the solo game's virtual opponent (at most one, only with 2 players; LU-5)
    virtual: StrictBool = False
    # influence held before the round's scoring (optional; ruling P-11)
    influence: StrictInt | None = None


class Sheet(Model):
    game: Literal["luna_round"]
    council_order: list[str]
    priestess_values: list[StrictInt] | None = None
    players: list[Player]
    # the table's own reading, which Play's round calculator passes on (scorers/readings.py)
    readings: readings_field("P-11")
