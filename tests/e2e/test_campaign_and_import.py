"""A Latria campaign game scored by importing a sheet; the standings and the next game."""

from __future__ import annotations

import json
import re

from tests.e2e.flutter import button, shot, shows, textbox
from tests.e2e.tables import create_table

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def wait_for_typing(page) -> None:
    """After clicking the sheet's text area, wait until Flutter focused its editing
    element (a textarea): keys typed before that are lost."""
    page.wait_for_function("document.activeElement && "
                           "['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)")
    page.wait_for_timeout(150)


def shots(page, name: str) -> None:
    page.set_viewport_size(PHONE)
    shot(page, name)
    page.set_viewport_size(SMALL)
    shot(page, f"{name}-360")
    page.set_viewport_size(PHONE)


def test_import_a_sheet_then_see_campaign_standings(server, page):
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"], variant="Campaign")
    # Game 1: the table makes Ben the first parent (the most confident astrologer).
    button(page, "Play").first.click()
    button(page, "First parent: Ben").click()
    button(page, "Start round 1").click()
    shows(page, re.compile(r"Parent\s+Ben")).wait_for()
    button(page, "Back").click()
    button(page, "Score").first.click()
    button(page, "Import").click()
    sheet = json.dumps({"game": "latria", "players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 4}]},
        {"name": "Ben", "cards": [{"celestial": "moon", "vp": 2}]},
        {"name": "Cleo", "cards": []}]})
    half = len(sheet) // 2
    textbox(page, "Sheet JSON").click()
    wait_for_typing(page)  # keys typed before the field has focus are lost
    page.keyboard.type(sheet[:half])  # half a sheet: refused, and the text stays
    button(page, "Import").last.click()
    page.get_by_text("This is not valid JSON").wait_for()
    textbox(page, "Sheet JSON").click()
    wait_for_typing(page)
    page.keyboard.press("End")
    page.keyboard.press("Control+End")
    page.keyboard.type(sheet[half:])
    button(page, "Import").last.click()
    button(page, "Ann, 4 points").wait_for()
    button(page, "Ben, 2 points").wait_for()

    button(page, "See the results").click()
    page.get_by_text("Campaign standings after game 1 of 3").wait_for()
    shot(page, "results-latria-campaign")
    # Extension Rules 3: 1st (Ann) 3, 2nd (Ben) 2, last (Cleo) −1.
    page.get_by_text("+3").first.wait_for()
    page.mouse.wheel(0, 800)
    button(page, "Start campaign game 2").click()
    page.get_by_text("Players", exact=True).wait_for()

    # Extension Rules 3: "each player is the starting parent for one game, in turn":
    # game 2's starting parent is the next seat after Ben's, Cleo — in Play and in Setup.
    button(page, "Play").first.click()
    shows(page, re.compile("Campaign game 2: Cleo is the starting parent")).wait_for()
    shots(page, "play-latria-campaign-game-2")
    button(page, "Back").click()
    button(page, "Setup").first.click()
    shows(page, re.compile(r"Game 2 starting parent\s+(Seat 3 · )?Cleo\b")).wait_for()
    assert page.get_by_text("Drawn from the seed").count() == 0
    shots(page, "setup-latria-campaign-game-2")
