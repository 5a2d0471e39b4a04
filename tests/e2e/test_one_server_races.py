"""Two phones on ONE server process, tapping at the same moment: a tap that did not land
is told on the phone that made it, and of two entries in one field the later is kept
and both phones show it. (test_two_phones.py has phones on two server processes, where
the store refuses a stale tap. On one server, the server has already drawn the phone's
screen again for the other phone's change when its tap comes: the tap reaches a
control that is no longer on it.)

To make "at the same moment" certain, a phone's page is held (``Held``): what the server
sends it waits, as a redraw still on its way over the Wi-Fi, while its taps go out."""

from __future__ import annotations

import re
import time

from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, count_field, shot, shows, wait_for_editing
from tests.e2e.tables import saved_until, stored_table
from tests.e2e.test_two_phones import (
    MISSED,
    TALL,
    both_at_latria_step_one,
    open_table,
    second_page,  # noqa: F401 - a fixture
)

SMALL = {"width": 360, "height": 740}


class Held:
    """Holds what the server sends to ``page`` while ``holding`` (set up before the page
    connects); what the page sends goes on to the server as it is, counted (``sent``: a
    tap has reached the server once the count goes up after it)."""

    def __init__(self, page):
        self.page = page
        self.holding = False
        self.waiting: list = []
        self.sent = 0
        self.to_page = None
        page.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()
        self.to_page = ws

        def from_server(message) -> None:
            if self.holding:
                self.waiting.append(message)
            else:
                ws.send(message)

        def from_page(message) -> None:
            self.sent += 1
            server.send(message)

        server.on_message(from_server)
        ws.on_message(from_page)

    def until(self, done, what: str, timeout: float = 15) -> None:
        """Wait until ``done()``, letting the page's messages through meanwhile."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, f"not seen within {timeout} s: {what}"
            self.page.wait_for_timeout(20)

    def tap(self, locator) -> None:
        """Click ``locator`` and wait until the page has sent the server the tap."""
        before = self.sent
        locator.click()
        self.until(lambda: self.sent > before, "the tap sent to the server")

    def redrawn(self) -> None:
        """Wait until the server has sent the page something while held (its screen
        drawn again, for its own tap or another phone's change)."""
        self.until(lambda: bool(self.waiting), "the server sending the page its screen")

    def release(self) -> None:
        self.holding = False
        waiting, self.waiting = self.waiting, []
        for message in waiting:
            self.to_page.send(message)


def saved_events(server) -> list:
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    return store.events(table.id)


def wait_for_log(server, length: int) -> None:
    saved_until(lambda: len(saved_events(server)) == length, f"a log of {length} events")


def told(page, now: str):
    return shows(page, re.compile(MISSED + r"Now: .*" + re.escape(now)))


def test_a_tap_that_came_just_after_another_phones_is_told_on_one_server(
        server, page, second_page):  # noqa: F811
    held_a, held_b = Held(page), Held(second_page)
    both_at_latria_step_one(server, page, second_page)

    # A quick second tap of a phone's own stays silent: its first tap did what it meant.
    held_a.holding = True
    held_a.tap(button(page, "Next: Step 2 — Parent plays"))
    held_a.tap(button(page, "Next: Step 2 — Parent plays"))  # (on the screen still shown)
    wait_for_log(server, 2)
    held_a.release()
    shows(page, "Ann plays one astrology card").wait_for()
    shows(second_page, "Ann plays one astrology card").wait_for()
    page.wait_for_timeout(500)
    assert not shows(page, re.compile(MISSED)).is_visible()
    assert len(saved_events(server)) == 2

    # Next on A, then on B before B has been sent A's step: B's Next, Undo, and an
    # Undo after A's Undo each did not land, and B says so with where the table is.
    pairs = [("Next: Step 3 — Children play", "Next: Step 3 — Children play", 3, "Step 3"),
             ("Next: Step 4 — Acquire", "Undo", 4, "Step 4"),
             ("Undo", "Undo", 3, "Step 3")]
    for on_a, on_b, length, now in pairs:
        held_b.holding = True
        button(page, on_a).click()
        wait_for_log(server, length)
        held_b.redrawn()  # B's screen is drawn again on the server, on its way
        held_b.tap(button(second_page, on_b))
        held_b.release()
        told(second_page, now).wait_for()
        assert len(saved_events(server)) == length  # B's tap was not applied
        assert not shows(page, re.compile(MISSED)).is_visible()
        if on_b == "Undo" and on_a == "Undo":
            second_page.set_viewport_size(PHONE)
            shot(second_page, "one-server-missed-undo")
            second_page.set_viewport_size(SMALL)
            shot(second_page, "one-server-missed-undo-360")
            second_page.set_viewport_size(TALL)
        notice = second_page.get_by_role("button", name=re.compile(MISSED))
        notice.click()  # read, and tapped away
        notice.wait_for(state="detached")
    shows(second_page, "Step 3 — Children play").wait_for()


def type_count(page, label: str, number: str) -> None:
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(number)


def test_the_same_count_on_two_phones_keeps_the_later_and_tells_the_first(
        server, page, second_page):  # noqa: F811
    stored_table(page, server, "latria", ["Kim", "Lee", "Max"])
    page.set_viewport_size(TALL)
    button(page, "Score").first.click()
    page.get_by_text("Kim: 0 points").wait_for()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Latria", "Score")
    second_page.get_by_text("Kim: 0 points").wait_for()

    # B is in Kim's Moon 2 VP box when A enters 3 there; B then enters 2.
    count_field(second_page, "Moon 2 VP").click()
    wait_for_editing(second_page)
    count_field(page, "Moon 2 VP").click()
    wait_for_editing(page)
    type_count(page, "Moon 2 VP", "3")
    page.get_by_text("Kim: 6 points").wait_for()
    second_page.get_by_text("Kim: 6 points").wait_for(timeout=2000)
    second_page.wait_for_timeout(1500)
    type_count(second_page, "Moon 2 VP", "2")

    # The later entry is kept and saved, both phones show it, and A is told.
    second_page.get_by_text("Kim: 4 points").wait_for()
    page.get_by_text("Kim: 4 points").wait_for(timeout=2000)
    shows(page, "Changed on another phone: Kim · Moon 2 VP is now 2").wait_for()
    sheet = Store(server.data_dir).list_tables()[0].score_sheet
    assert [c for c in sheet["players"][0]["cards"]] == [{"celestial": "moon", "vp": 2}] * 2
    page.set_viewport_size(PHONE)
    shot(page, "one-server-same-count")
    page.set_viewport_size(SMALL)
    shot(page, "one-server-same-count-360")
