"""Phones on one table, as a table uses them, in one walk: each sees the others' taps on
Home, Play and Score without reloading; a phone typing in a count keeps typing there while
another phone's entry draws its screen again; each phone reads the table's times on its own clock
(Chromium's ``timezone_id``; companion/web/web_page.js says the phone's zone at connect).

Which tap wins and what a phone is told are the models' (tests/screens/test_play.py,
test_score_entries.py, test_two_phones.py) and the session's
(tests/ui/test_missed_taps.py, tests/web/test_play_in_place.py, tests/web/test_sync.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import (
    button,
    count_field,
    open_app,
    shot,
    shows,
    tap_until,
    wait_for_editing,
)
from tests.e2e.tables import create_table, stored_table

TALL = {"width": 390, "height": 1400}
# The line on a phone whose tap did not land (another phone changed the table first).
MISSED = re.escape("Another phone changed this just before your tap: it was not applied. ")


@pytest.fixture
def second_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture
def third_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    yield context.new_page()
    context.close()


def open_table(page, url: str, game: str, screen: str) -> None:
    """Open the table's Play or Score (both have an Undo) on a phone, tapping again
    where a loaded machine dropped a tap (``tap_until``)."""
    open_app(page, url)
    open_from_home(page, game, screen)


def open_from_home(page, game: str, screen: str) -> None:
    """From Home, the table's Play or Score."""
    on_table = page.get_by_text("Edit names and seats")  # the table's screen, not Play's
    tap_until(page, button(page, f"Open {game} table"), on_table)
    tap_until(page, button(page, screen).first, button(page, "Undo").first, still=on_table)


def both_at_latria_step_one(server, page, second_page) -> None:
    """A 4-player Latria table at round 1's first step, on Play on both phones."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Latria", "Play")
    shows(second_page, "Step 1 — Reveal celestial cards").wait_for()


SMALL = {"width": 360, "height": 740}


def to_score(page) -> None:
    """From Play, back to the table's screen and on to Score."""
    button(page, "Back").first.click()
    on_table = page.get_by_text("Edit names and seats")
    on_table.wait_for()
    tap_until(page, button(page, "Score").first, page.get_by_text("Ann: 0 points"),
              still=on_table)


def type_count(page, number: str) -> None:
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(number)


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


def test_phones_follow_each_other_on_home_play_and_score_at_their_own_hours(server, browser):
    tokyo = browser.new_context(viewport=PHONE, device_scale_factor=1, timezone_id=ZONES[0])
    new_york = browser.new_context(viewport=PHONE, device_scale_factor=1,
                                   timezone_id=ZONES[1])
    try:
        page, second_page = tokyo.new_page(), new_york.new_page()
        for phone in (page, second_page):
            phone.set_default_timeout(20000)
        walk(server, page, second_page)
    finally:
        tokyo.close()
        new_york.close()


def walk(server, page, second_page) -> None:
    # B on Home lists the table A makes, without a reload (how soon another phone
    # follows a change is bench/sync_bench.py's figure, not a test's); each phone says
    # when it last changed on its own clock.
    open_app(second_page, server.url)
    second_page.get_by_text("Start a new table").wait_for()
    before = datetime.now(UTC).replace(second=0, microsecond=0)
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo", "Dan"])  # typed in
    after = datetime.now(UTC)
    button(second_page, "Open Latria table").wait_for()
    shown = {ZONES[1]: last_change(second_page)}
    shot(second_page, "time-zone-new-york-home")
    button(page, "Back").first.click()  # Home
    shown[ZONES[0]] = last_change(page)
    shot(page, "time-zone-tokyo-home")
    for zone, (hour, minute) in shown.items():
        # The change was made between ``before`` and ``after``: on this phone's clock.
        assert minutes(zone, before) <= hour * 60 + minute <= minutes(zone, after), zone
    # One moment, two clocks: 14 hours apart in December, 13 in summer.
    gap = ((shown[ZONES[0]][0] - shown[ZONES[1]][0]) % 24) * 60 + (
        shown[ZONES[0]][1] - shown[ZONES[1]][1])
    offsets = [ZoneInfo(z).utcoffset(before) for z in ZONES]
    assert gap == (offsets[0] - offsets[1]).total_seconds() // 60

    # Both on Play at round 1's first step (tall: the whole step in view).
    for phone in (page, second_page):
        phone.set_viewport_size(TALL)
    on_table = page.get_by_text("Edit names and seats")
    tap_until(page, button(page, "Open Latria table"), on_table)
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    open_from_home(second_page, "Latria", "Play")
    shows(second_page, "Step 1 — Reveal celestial cards").wait_for()

    # Phone A taps Next: phone B shows the new step, with no reload.
    button(page, "Next: Step 2 — Parent plays").click()
    shows(second_page, "Ann plays one astrology card").wait_for()
    # And B's own next tap goes on from there, shown on A.
    button(second_page, "Next: Step 3 — Children play").click()
    # Step 3's own button ("Step 3 — Children play" is also in step 2's Next).
    button(page, "Next: Step 4 — Acquire").wait_for()

    # Both on Score. B is in Ann's Moon 2 VP box when A enters 3 there: B's screen
    # shows A's entry and B's keyboard stays in the box; B then enters 2.
    to_score(page)
    to_score(second_page)
    count_field(second_page, "Moon 2 VP").click()
    wait_for_editing(second_page)
    count_field(page, "Moon 2 VP").click()
    wait_for_editing(page)
    type_count(page, "3")
    page.get_by_text("Ann: 6 points").wait_for()
    second_page.get_by_text("Ann: 6 points").wait_for()
    wait_for_editing(second_page)  # still typing there, drawn again
    type_count(second_page, "2")

    # The later entry is kept and saved, both phones show it, and A is told.
    second_page.get_by_text("Ann: 4 points").wait_for()
    page.get_by_text("Ann: 4 points").wait_for()
    shows(page, "Changed on another phone: Ann · Moon 2 VP is now 2").wait_for()
    sheet = Store(server.data_dir).list_tables()[0].score_sheet
    assert sheet["players"][0]["cards"] == [{"celestial": "moon", "vp": 2}] * 2
    page.set_viewport_size(PHONE)
    shot(page, "one-server-same-count")
    page.set_viewport_size(SMALL)
    shot(page, "one-server-same-count-360")
