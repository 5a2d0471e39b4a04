"""Each phone's own clock on its screens (companion/ui/phone_time.py): the session takes
the time zone its page wrote to the phone's storage, Home's "today at" follows it, and a
screen drawn for another phone's change is on that phone's clock."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import flet as ft

from companion.i18n import local_time
from companion.screens import wording
from companion.ui import phone_time
from tests.run_async import run

# 23:30 UTC on 4 March: 5 March in Tokyo, still 4 March in New York.
PLAYED = datetime(2026, 3, 4, 23, 30, tzinfo=UTC)
NEXT_MORNING = datetime(2026, 3, 5, 1, 0, tzinfo=UTC)


class Page:
    def __init__(self):
        values: dict = {}
        self.session = SimpleNamespace(store=SimpleNamespace(get=values.get,
                                                             set=values.__setitem__))


class Storage:
    """ft.SharedPreferences on a phone whose page wrote ``told``."""

    def __init__(self, told):
        self.told = told

    async def get(self, key):
        assert key == local_time.ZONE_KEY
        return self.told


def started(monkeypatch, told) -> Page:
    monkeypatch.setattr(ft, "SharedPreferences", lambda: Storage(told))
    page = Page()
    run(phone_time.start(page))
    return page


def test_the_session_takes_the_zone_the_page_told(monkeypatch):
    assert phone_time.of_page(started(monkeypatch, "Asia/Tokyo +09:00")) == ZoneInfo("Asia/Tokyo")
    # Nothing, or nothing readable: this computer's zone.
    assert phone_time.of_page(started(monkeypatch, None)) is None
    assert phone_time.of_page(started(monkeypatch, "no such zone")) is None


def test_home_says_today_on_each_phones_own_clock():
    with local_time.reading_in(ZoneInfo("Asia/Tokyo")):
        assert wording.when(PLAYED, NEXT_MORNING) == "today at 8:30"
    with local_time.reading_in(ZoneInfo("America/New_York")):
        assert wording.when(PLAYED, NEXT_MORNING) == "today at 18:30"
    with local_time.reading_in(ZoneInfo("Pacific/Kiritimati")):  # UTC+14
        assert wording.when(PLAYED, NEXT_MORNING) == "today at 13:30"
    with local_time.reading_in(ZoneInfo("Europe/London")):
        assert wording.when(PLAYED, NEXT_MORNING) == "yesterday at 23:30"
