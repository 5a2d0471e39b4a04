"""The table chooses the other reading on its Rulings screen; the
Results screen names the reading applied."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, settle, shot, shows
from tests.e2e.tables import stored_table
from tests.e2e.words import RULING_ID, program_words, texts

SMALL = {"width": 360, "height": 740}


def test_the_other_reading_of_the_three_player_tokens_reaches_the_results(server, page):
    stored_table(page, server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    button(page, re.compile(r"^Rulings\s+How the app reads")).click()
    shows(page, "Your table's readings").wait_for()
    shot(page, "table-readings-carpe-astra")
    other = button(page, re.compile(r"the other reading"))
    other.wait_for()
    page.set_viewport_size(SMALL)
    shot(page, "table-readings-carpe-astra-360")
    assert not [line for line in texts(page) if RULING_ID.search(line)]
    assert program_words(texts(page)) == []
    page.set_viewport_size({"width": 390, "height": 844})
    other.click()
    settle(page)
    shot(page, "table-readings-carpe-astra-chosen")
    button(page, re.compile(r"^Back")).click()
    button(page, "Score").first.click()
    page.get_by_text("Support tokens", exact=True).wait_for()
    button(page, "See the results").click()
    shows(page, re.compile(r"The table's reading: with 3 players, every guild")).wait_for()
    shot(page, "results-carpe-astra-table-reading")
    assert not [line for line in texts(page) if RULING_ID.search(line)]
