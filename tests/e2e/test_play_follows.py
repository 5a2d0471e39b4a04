"""Play on a phone follows another phone's tap in place (companion/ui/views/play.py,
``Kept``): the new step and markers are shown, and what this phone had picked in a form
but not recorded stays picked and is what its button records."""

from __future__ import annotations

import re
import time

from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, shot, shows
from tests.e2e.tables import stored_table
from tests.e2e.test_two_phones import (
    open_table,
    second_page,  # noqa: F401 - a fixture
)
from tests.e2e.words import SMALL

TALL = {"width": 390, "height": 1800}  # the whole Play screen in view


def shots(page, name: str) -> None:
    """Screenshots at the two phone sizes, then back to the tall page the test drives."""
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        page.set_viewport_size(size)
        shot(page, name + suffix)
    page.set_viewport_size(TALL)


def tokens_left(left: int) -> re.Pattern:
    return re.compile(rf"Time tokens left\s+{left} of 4")


def test_another_phones_tap_is_followed_and_an_unrecorded_pick_stays(
        server, page, second_page):  # noqa: F811
    stored_table(page, server, "luna", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "Start: Preliminary round").click()
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        button(page, label).click()
    shows(page, tokens_left(4)).wait_for()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Luna", "Play")
    shows(second_page, tokens_left(4)).wait_for()

    button(second_page, "Who sanctified: Cleo").click()  # picked, not recorded yet
    button(page, "A Time token was turned (4 left)").click()
    shows(second_page, tokens_left(3)).wait_for()
    button(second_page, "A Time token was turned (3 left)").wait_for()
    shots(second_page, "play-followed-another-phone")

    store = Store(server.data_dir)
    (table,) = store.list_tables()
    saved = len(store.events(table.id))
    button(second_page, "Sanctification (+6)").click()
    deadline = time.monotonic() + 10
    while len(store.events(table.id)) == saved:
        assert time.monotonic() < deadline, "the Sanctification was not saved"
        time.sleep(0.05)
    assert store.events(table.id)[-1] == {"type": "sanctify", "displaced": 0,
                                          "player": 3}  # Cleo's seat
