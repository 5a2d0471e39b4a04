"""What a Latria score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/latria.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, StrictStr, model_serializer

from scorers.boxes.latria import ASTROLOGY_NUMBERS, BODIES, SHEET_VARIANTS, SUITS
from scorers.sheet_models.base import Model, readings_field

Count = Annotated[StrictInt, Field(ge=0)]
Number = Annotated[StrictInt, Field(ge=ASTROLOGY_NUMBERS[0], le=ASTROLOGY_NUMBERS[-1])]  # 1–15


class Card(Model):
    """A celestial card ``{"celestial": "sun", "vp": 3}`` / ``{"celestial": "sun",
    "special": "x0"}`` or an astrology card ``{"astrology": "moon", "number": 8}``
    (Polaris and Latria ones with their printed ``vp`` and/or ``multiplier``)."""

    celestial: Literal[BODIES] | None = None
    astrology: Literal[SUITS] | None = None
    vp: Count | None = None
    special: Literal["x0", "x2", "discard_two"] | None = None
    number: Number | None = None
    multiplier: StrictInt | None = None  # 2 or 0 (ASTROLOGY_MULTIPLIERS), checked in check()

    @model_serializer(mode="wrap")
    def _without_absent(self, handler: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        # Export the card as the sheet spells it: keys that were not given are left out.
        return {k: v for k, v in handler(self).items() if v is not None}


class Player(Model):
    name: StrictStr
    cards: list[Card] = []
    eclipsed: list[Card] = []
    discarded: list[Card] | None = None

    @model_serializer(mode="wrap")
    def _without_absent(self, handler: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if v is not None}


class Sheet(Model):
    game: Literal["latria"] = "latria"
    variant: Literal[SHEET_VARIANTS] = "standard"
    players: list[Player]
    readings: readings_field("L-3")  # the table's own reading (scorers/readings.py)
