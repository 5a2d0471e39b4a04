"""A table as it is saved: its game, players, setup, readings and score sheet. The
table's logic reads it with no store behind it; companion/storage/store.py keeps it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel


class TableSession(BaseModel):
    id: str
    game: str
    variant: str
    players: list[str]
    seed: int | None = None
    status: str = "in_progress"
    created_at: datetime
    updated_at: datetime
    setup_ticks: list[int] = []
    setup_choices: dict[str, Any] = {}
    readings: dict[str, str] = {}  # the table's own readings (scorers/readings.py)
    score_sheet: dict[str, Any] | None = None
    sheet_version: int = 0
    score_prefilled: list[Any] = []  # what Play last wrote into the sheet (follow_play)
    campaign_id: str | None = None
    finished_at: datetime | None = None  # first shown its Results (kept when reopened)
    corrected_at: datetime | None = None  # its sheet last changed after that
