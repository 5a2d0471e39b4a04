"""A shared text and the CSV file give dates on the clock of the phone that asked
(companion/i18n/local_time.py), in their documented forms (docs/history.md: the CSV's
``YYYY-MM-DD HH:MM``)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from companion.i18n import ENGLISH, local_time, speaking
from companion.table import history, result_text
from companion.table.plays import PlayerOutcome, PlayRecord

FINISHED = datetime(2026, 12, 1, 15, 5, tzinfo=UTC)


def record() -> PlayRecord:
    ann = PlayerOutcome(name="Ann", seat=0, total=31, rank=1, winner=True, categories={})
    return PlayRecord(table_id="t1", game="luna", variant="standard", finished_at=FINISHED,
                      players=(ann,), winners=("Ann",), notes=(), result=None)


def test_a_shared_text_is_dated_on_the_phones_clock():
    with speaking(ENGLISH), local_time.reading_in(ZoneInfo("Asia/Tokyo")):
        assert result_text.day_and_time(FINISHED) == "Wed 2 Dec 2026 at 0:05"
    with speaking(ENGLISH), local_time.reading_in(ZoneInfo("America/Los_Angeles")):
        assert result_text.day_and_time(FINISHED) == "Tue 1 Dec 2026 at 7:05"


def test_the_csv_dates_are_on_the_phones_clock_in_the_same_form():
    with speaking(ENGLISH), local_time.reading_in(ZoneInfo("Asia/Tokyo")):
        tokyo = history.csv_rows([record()])
    with speaking(ENGLISH), local_time.reading_in(ZoneInfo("Europe/Paris")):
        paris = history.csv_rows([record()])
    assert tokyo[1][0] == "2026-12-02 00:05"
    assert paris[1][0] == "2026-12-01 16:05"
    assert tokyo[1][1:] == paris[1][1:]
