"""History's spreadsheet file as the browser downloads it, and New table's recent names
handing the keyboard on, in a browser: what only a browser shows. Which plays History
lists, newest first, its filters, the file's rows, Rematch's seats and the names offered
are tested in-process (tests/screens/test_past_plays.py, tests/screens/test_rematch.py,
tests/screens/test_new_table.py, tests/ui/test_history_screens.py,
tests/ui/test_home_and_results.py)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from playwright.sync_api import expect

from companion.storage.store import Store
from tests.e2e.flutter import (
    button,
    click_into,
    open_app,
    settle,
    tap_until,
    textbox,
    wait_for_editing,
)
from tests.table.test_history import finished_table


def test_history_downloads_its_file_and_a_recent_name_hands_the_keyboard_on(server, page):
    store = Store(server.data_dir)
    finished_table(store, "luna_example")  # Yellow, Red, Blue, White
    finished_table(store, "latria_example3")  # Ann, Ben, Cy, Dee, Eve
    open_app(page, server.url)
    page.get_by_role("button", name=re.compile(r"^History(\sHistory)?$")).click()  # app bar
    expect(page.get_by_role("button", name="Open the results: ")).to_have_count(2)

    # The plays listed as a spreadsheet file: a download in the browser.
    with page.expect_download() as download:
        button(page, "Spreadsheet file (CSV)").click()
    saved = download.value
    assert saved.suggested_filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(
        Path(saved.path()).read_bytes().decode("utf-8-sig"))))
    assert rows[0] == ["date", "game", "variant", "player", "seat", "total", "rank", "winner"]
    assert len(rows) == 1 + 5 + 4  # the Latria players; the four Luna players
    button(page, "Saved", exact=True).wait_for()

    # New table: a name typed, then a recent one tapped, then a letter: the typed name
    # stays and the letter goes on into the next empty field (the tapped chip taken away
    # handed the keyboard back to Player 1 with "Zoe" selected, and the letter replaced it).
    open_app(page, server.url)
    page.get_by_role("button", name="Luna\n").first.click()
    page.get_by_text("Number of players").wait_for()
    textbox(page, "Player 1").click()
    wait_for_editing(page)
    page.keyboard.type("Zoe")
    ben = button(page, "Fill in Ben")
    tap_until(page, ben, ben, state="detached")  # at this table now
    # The keyboard is handed to the next empty field: on a busy machine that comes a moment
    # after the chip goes (keys typed before it would be lost, as a person's would).
    page.wait_for_function(
        "() => (document.activeElement?.getAttribute('aria-label') || '').startsWith('Player 3')")
    wait_for_editing(page)
    page.keyboard.type("Dan")
    settle(page)
    for field, name in (("Player 1", "Zoe"), ("Player 2", "Ben"), ("Player 3", "Dan")):
        click_into(page, textbox(page, field))
        expect(textbox(page, field)).to_have_value(name)
