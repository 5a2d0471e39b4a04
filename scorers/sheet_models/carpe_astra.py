"""What a Carpe Astra score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/carpe_astra.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt, StrictStr

from scorers.sheet_models.base import Model, readings_field

Tokens = Annotated[StrictInt, Field(ge=0)]


class Support(Model):
    """Support tokens per guild; a missing guild is 0."""

    military: Tokens = 0
    traders: Tokens = 0
    priests: Tokens = 0
    engineers: Tokens = 0
    settlers: Tokens = 0
    politicians: Tokens = 0


class Player(Model):
    name: StrictStr
    character: Literal["chun", "tyndar", "ichthon", "verron"]
    credits: Annotated[StrictInt, Field(ge=0)]
    support: Support = Support()


class Sheet(Model):
    game: Literal["carpe_astra"] = "carpe_astra"
    players: list[Player]
    readings: readings_field("C-1")  # the table's own reading (scorers/readings.py)
