"""What a Latria's campaign score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/latria_campaign.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt, StrictStr

from scorers.sheet_models.base import Model, readings_field


class Sheet(Model):
    game: Literal["latria_campaign"] = "latria_campaign"
    players: list[StrictStr]
    games: list[dict[str, StrictInt]] = []  # each game: player name → that game's VP total
    readings: readings_field("LC-1")  # the table's own reading (scorers/readings.py)
