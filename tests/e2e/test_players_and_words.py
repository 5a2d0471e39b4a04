"""Names as a phone's keyboard types them, and a score sheet exported as a file the
browser downloads: what only a browser shows. The name fields start empty with
"Player 1" as a hint and type just the name; a count tapped while typing keeps the name;
a 41st letter goes nowhere and the counter shows near the limit. Names and seats edited
after the table is created, a rename after play began kept in the log, and a tie's Why?
are tested in-process (tests/screens/test_players.py, tests/table/test_renaming.py,
tests/ui/test_new_table_drawn.py, tests/ui/test_results_why_drawn.py)."""

from __future__ import annotations

import json
import re

from tests.e2e.flutter import (
    button,
    open_app,
    settle,
    shot,
    shows,
    tap_until,
    textbox,
    wait_for_editing,
)
from tests.e2e.words import SMALL


def test_names_typed_keep_their_letters_and_export_downloads_the_sheet(server, page):
    page.set_viewport_size(SMALL)
    open_app(page, server.url)
    page.get_by_role("button", name="Latoro · ラトーロ\n2–4 players").click()
    page.get_by_text("Number of players").wait_for()
    # Typing into a fresh field gives just the name (not "Player 1Ann").
    textbox(page, "Player 1").click()
    wait_for_editing(page)
    page.keyboard.type("Ann")
    assert textbox(page, "Player 1").input_value() == "Ann"
    assert page.get_by_text("/40").count() == 0  # no counter far from the limit
    # The count tapped while typing, then a letter: the name stays (a count button drawn
    # anew gave the field its focus back with the name selected: the letter replaced it).
    button(page, "3 players").click()
    textbox(page, "Player 3").wait_for()
    page.keyboard.type("e")
    settle(page)
    assert textbox(page, "Player 1").input_value() == "Ann"
    button(page, "2 players").click()
    textbox(page, "Player 3").wait_for(state="detached")
    textbox(page, "Player 2").click()
    wait_for_editing(page)
    page.keyboard.type("Bartholomew the Younger of Little Hampton")  # 41: cut at 40
    shows(page, "40/40").wait_for()
    assert len(textbox(page, "Player 2").input_value()) == 40
    shot(page, "new-names-360")
    page.keyboard.press("Control+a")
    page.keyboard.type("Ben")
    button(page, "Create table").click()
    page.get_by_text("Players", exact=True).wait_for()
    # The names and seats before play (for a person to look at: the screen is not walked).
    button(page, "Edit names and seats").click()
    shows(page, "Seats go clockwise").wait_for()
    shot(page, "players-seats-360")
    tap_until(page, button(page, "Back"), page.get_by_text("Players", exact=True))

    # Export: the sheet as a file the browser downloads, no raw JSON on the screen.
    button(page, "Score").first.click()
    button(page, "Export").click()
    button(page, "Save as a file").wait_for()
    shot(page, "score-export-360")
    with page.expect_download() as download:
        button(page, "Save as a file").click()
    saved = download.value
    assert saved.suggested_filename.startswith("latoro-") and \
        saved.suggested_filename.endswith("-ann-ben.json")
    sheet = json.loads(open(saved.path(), encoding="utf-8").read())
    assert sheet["game"] == "latoro" and [p["name"] for p in sheet["players"]] == ["Ann", "Ben"]
    assert page.get_by_text('"game"').count() == 0
    # The dialog closed; what the tap did is said above the bottom bar, not over it (a
    # tap on Undo or See the results right after lands on the button).
    said = shows(page, re.compile(r"^Saved$"))
    said.wait_for()
    box = said.bounding_box()
    assert box["y"] + box["height"] <= button(page, "See the results").bounding_box()["y"]
