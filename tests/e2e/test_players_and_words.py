"""Names as a table types them: the fields start empty with "Player 1"
as a hint, the 40-character counter shows only near the limit, and names and seats can be
edited after the table is created — a rename after play began keeps the log. Also the
players' words: a Why? opens the ruling, and Export offers a file."""

from __future__ import annotations

import json
import re

from tests.e2e.flutter import button, open_app, settle, shot, shows, textbox, wait_for_editing
from tests.e2e.words import SMALL


def at_the_top(notice):
    """What a tap did is said near the top, clear of the bottom bar's buttons."""
    notice.wait_for()
    box = notice.bounding_box()
    assert box["y"] + box["height"] < 120, box
    return notice


def test_new_names_start_empty_and_can_be_edited_after_play_began(server, page):
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

    # Before play: seats can move.
    button(page, "Edit names and seats").click()
    shows(page, "Seats go clockwise").wait_for()
    button(page, "Move Ben up a seat").click()
    shot(page, "players-seats-360")
    button(page, "Save players").click()
    page.get_by_text("Players", exact=True).wait_for()
    # Said over the table the tap went back to; a tap on it puts it away.
    saved = at_the_top(button(page, "Players saved", exact=True))
    saved.click()
    saved.wait_for(state="detached", timeout=4000)  # before it would go by itself (8 s)
    names = page.locator("flt-semantics").filter(has_text="Ann").or_(
        page.locator("flt-semantics").filter(has_text="Ben"))
    assert names.count() >= 2
    first_ben = page.get_by_text("Ben", exact=True).bounding_box()["y"]
    first_ann = page.get_by_text("Ann", exact=True).bounding_box()["y"]
    assert first_ben < first_ann  # Ben sits in seat 1 now

    # Play begins: the start player is recorded by name.
    button(page, "Play").first.click()
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Placement").first.wait_for()
    button(page, "Back").click()
    page.get_by_text("Players", exact=True).wait_for()

    # After play began: a rename is allowed and kept in the log; seats are not.
    button(page, "Edit names and seats").click()
    shows(page, "Play has begun").wait_for()
    assert button(page, "Move Ben up a seat").count() == 0
    textbox(page, "Seat 2").click()
    wait_for_editing(page)
    page.keyboard.press("Control+a")
    page.keyboard.type("Annie")
    shot(page, "players-rename-360")
    button(page, "Save players").click()
    page.get_by_text("Annie", exact=True).wait_for()
    button(page, "Play").first.click()
    shows(page, "Annie").first.wait_for()  # the start player, from the renamed log
    assert page.get_by_text("Ann", exact=True).count() == 0


def test_why_opens_the_ruling_and_export_offers_a_file(server, page):
    from tests.e2e.tables import create_table

    page.set_viewport_size(SMALL)
    create_table(page, server.url, "Latoro", ["Ann", "Ben"])
    button(page, "Score").first.click()
    button(page, "Export").click()
    shot(page, "score-export-360")
    with page.expect_download() as download:
        button(page, "Save as a file").click()
    saved = download.value
    assert saved.suggested_filename.startswith("latoro-") and \
        saved.suggested_filename.endswith("-ann-ben.json")
    sheet = json.loads(open(saved.path(), encoding="utf-8").read())
    assert sheet["game"] == "latoro" and [p["name"] for p in sheet["players"]] == ["Ann", "Ben"]
    assert page.get_by_text('"game"').count() == 0  # no raw JSON on the screen
    # The dialog closed; what the tap did is said above the bottom bar, not over it (a
    # tap on Undo or See the results right after lands on the button).
    said = shows(page, re.compile(r"^Saved$"))
    said.wait_for()
    box = said.bounding_box()
    assert box["y"] + box["height"] <= button(page, "See the results").bounding_box()["y"]
    button(page, "See the results").click()
    # Ann and Ben tie on 0: the note says so, and its Why? gives the reading.
    shows(page, "tie on 0").first.wait_for()
    page.get_by_role("button", name="Why? Ties are shared").click()
    shows(page, "equal totals share the place").wait_for()
    shows(page, "The rulebook says").wait_for()
    shot(page, "results-why-360")
