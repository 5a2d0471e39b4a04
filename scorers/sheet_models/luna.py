"""What a Luna score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/luna.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt

from scorers.sheet_models.base import Model


class Player(Model):
    name: str
    influence: StrictInt
    shrines: StrictInt
    unused_favors: StrictInt
    council_points: StrictInt
    # the solo game's virtual opponent (the other player is you; LU-5), as in luna_round
    virtual: StrictBool = False


class Sheet(Model):
    game: Literal["luna"]
    council_order: list[str]
    players: list[Player]
