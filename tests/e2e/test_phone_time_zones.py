"""Each phone reads the table's times on its own clock: two phones in different time
zones (Chromium's ``timezone_id``) show the same table's last change at their own hours,
whatever the server's zone (companion/web/web_page.js says the phone's at connect)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shot, shows
from tests.e2e.tables import create_table

ZONES = ("Asia/Tokyo", "America/New_York")
LAST_CHANGE = re.compile(r"Last change today at (\d{1,2}):(\d\d)")


def last_change(page) -> tuple[int, int]:
    """The hour and minute Home says the table last changed."""
    label = shows(page, LAST_CHANGE)
    label.wait_for()
    text = label.text_content() or ""
    if not LAST_CHANGE.search(text):
        text = label.get_attribute("aria-label") or ""
    hour, minute = LAST_CHANGE.search(text).groups()
    return int(hour), int(minute)


def minutes(zone: str, moment: datetime) -> int:
    local = moment.astimezone(ZoneInfo(zone))
    return local.hour * 60 + local.minute


def test_two_phones_show_the_same_change_at_their_own_hours(server, browser):
    tokyo = browser.new_context(viewport=PHONE, timezone_id=ZONES[0])
    new_york = browser.new_context(viewport=PHONE, timezone_id=ZONES[1])
    try:
        before = datetime.now(UTC).replace(second=0, microsecond=0)
        host = tokyo.new_page()
        host.set_default_timeout(20000)
        create_table(host, server.url, "Luna", ["Ann", "Ben"])
        after = datetime.now(UTC)
        button(host, "Back").first.click()  # Home
        shown = {ZONES[0]: last_change(host)}
        shot(host, "time-zone-tokyo-home")

        guest = new_york.new_page()
        guest.set_default_timeout(20000)
        open_app(guest, server.url)
        shown[ZONES[1]] = last_change(guest)
        shot(guest, "time-zone-new-york-home")

        for zone, (hour, minute) in shown.items():
            # The change was made between ``before`` and ``after``: on this phone's clock.
            assert minutes(zone, before) <= hour * 60 + minute <= minutes(zone, after), zone
        # One moment, two clocks: 14 hours apart in December, 13 in summer.
        gap = ((shown[ZONES[0]][0] - shown[ZONES[1]][0]) % 24) * 60 + (
            shown[ZONES[0]][1] - shown[ZONES[1]][1])
        offsets = [ZoneInfo(z).utcoffset(before) for z in ZONES]
        assert gap == (offsets[0] - offsets[1]).total_seconds() // 60
    finally:
        tokyo.close()
        new_york.close()
