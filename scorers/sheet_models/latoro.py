"""What a Latoro score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/latoro.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt

from scorers.sheet_models.base import Model


class Resources(Model):
    # a colour left out is 0
    black: StrictInt = 0
    white: StrictInt = 0
    brown: StrictInt = 0


class Player(Model):
    name: str
    clan_tag_points: StrictInt
    honor_points: list[StrictInt]
    resources: Resources


class Sheet(Model):
    game: Literal["latoro"]
    players: list[Player]
