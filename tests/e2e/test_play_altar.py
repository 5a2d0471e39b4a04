"""Altar at the table: the Play screen shows one Realm at a time, and
Score opens on what play knew, with no god typed, straight to the results."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, shot, shows
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import stored_table

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
TALL = {"width": 390, "height": 2400}
BOARD = ("Altar discovered", "Altar activated", "Active Altar destroyed",
         "Inactive Altar destroyed", "Shrine placed by a card")


def board_buttons(page, owner: str):
    return [button(page, f"{owner}: {label}", exact=True) for label in BOARD]


def picked(page, label: str) -> None:
    """Wait until the chip named ``label`` is shown picked."""
    chip_picked(page, label).wait_for(state="attached")


def wait_disabled(page, label: str) -> None:
    """Wait until the button named ``label`` is shown disabled."""
    page.locator('flt-semantics[role=button][aria-disabled="true"]',
                 has_text=re.compile(f"^{re.escape(label)}$")).wait_for(state="attached")


def test_altar_play_shows_one_realm_and_score_needs_no_god(server, page):
    names = ["Ann", "Ben", "Cleo", "Dan"]
    stored_table(page, server, "altar", names)
    button(page, "Play").first.click()
    button(page, "First player: Ann").click()
    button(page, "Realm of the Goddess of Love (if played): Ben").click()
    button(page, "Start the first turn").click()
    shows(page, "Ann's turn — Draw a Card").wait_for()

    # Ann's Realm is shown (her turn), with its five buttons; nobody else's.
    shows(page, "Ann: 0 Shrines, 0 active, 1 inactive Altar — needs 1 Shrine and 4 active "
                "Altars").wait_for()
    for b in board_buttons(page, "Ann"):
        b.wait_for()
    assert button(page, "Ben: Altar discovered").count() == 0
    assert page.get_by_role("button", name=re.compile(r"^Realm: ")).count() == len(names)
    picked(page, "Realm: Ann")
    shot(page, "play-altar-realm")
    page.set_viewport_size(SMALL)
    shot(page, "play-altar-realm-360")

    # The whole screen fits in about two phone screens (it was ~3,300 px with four
    # pickers of every Realm).
    page.set_viewport_size(TALL)
    last = button(page, "Deck and face-up cards gone, all passed: game ends")
    last.wait_for()
    box = last.bounding_box()
    assert box["y"] + box["height"] < 1000, box

    # Ben's Realm, one tap away: the Goddess of Love's active Altar (Setup 2). Nothing
    # to activate there, so that button is shown but cannot be tapped.
    button(page, "Realm: Ben").click()
    shows(page, re.compile(r"Ben: 0 Shrines, 1 active, 0 inactive Altars")).wait_for()
    assert button(page, "Ann: Altar discovered").count() == 0
    wait_disabled(page, "Ben: Altar activated")
    button(page, "Ben: Altar discovered", exact=True).click()
    shows(page, re.compile(r"Ben: 0 Shrines, 1 active, 1 inactive Altar ")).wait_for()
    # The pick stays through the redraw after the tap.
    button(page, "Ben: Altar activated", exact=True).click()
    shows(page, re.compile(r"Ben: 0 Shrines, 2 active, 0 inactive Altars")).wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "play-altar-other-realm")

    # Game over without anybody completing; Score opens with no god typed.
    page.set_viewport_size(TALL)
    button(page, "Deck and face-up cards gone, all passed: game ends").click()
    end = button(page, "End the game", exact=True)
    to_score = button(page, "Play is over: enter the final scores")
    end.or_(to_score).first.wait_for()
    if end.count():
        end.click()
    to_score.click()
    page.get_by_text("How the game ended", exact=True).wait_for()
    results = button(page, "See the results")
    results.wait_for()
    assert results.get_attribute("aria-disabled") is None
    assert page.get_by_text(re.compile("required")).count() == 0
    page.set_viewport_size(PHONE)
    shot(page, "score-altar-from-play")
    page.set_viewport_size(SMALL)
    shot(page, "score-altar-from-play-360")
    # Ben's Realm was chosen in Play as the Goddess of Love's: it carries her name.
    button(page, re.compile(r"^Ben, \d+ toward completion$")).click()
    page.get_by_text(re.compile(r"^Ben: 2 toward completion$")).wait_for()
    picked(page, "God (optional): Goddess of Love")
    results.click()
    page.get_by_text(re.compile("No winner|wins")).first.wait_for()
    shot(page, "results-altar-from-play-360")
    page.set_viewport_size(PHONE)
    shot(page, "results-altar-from-play")
