"""Luna on the Play screen: Time tokens, then the round scoring worked out and recorded."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, shot, shows
from tests.e2e.tables import create_table

TALL = {"width": 390, "height": 1800}


def test_round_scoring_from_the_table_adds_to_influence(server, page):
    create_table(page, server.url, "Luna", ["Ann", "Ben"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "Start: Preliminary round").click()
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        button(page, label).click()
    # 2 players: 3 Time tokens; whoever turns the last one gains 1 influence.
    for left, label in ((3, "turned a Time token"), (2, "turned a Time token"),
                        (1, "turned the last Time token")):
        shows(page, re.compile(rf"Time tokens left\s+{left} of 3")).wait_for()
        button(page, label).first.click()
    shows(page, "Scoring Phase").wait_for()

    button(page, "Work out the round scoring").click()
    shows(page, "Round scoring").wait_for()
    # 2 players: the "5" figure; its second value is printed, here 2 (remembered).
    button(page, "Moon Priestess: 2nd place value: one more").click()
    button(page, "Moon Priestess: 2nd place value: one more").click()
    # The dialog lists Ann's fields first, then Ben's: the first "Moon Priestess's Isle"
    # is Ann's.
    more = page.get_by_role("button", name="Moon Priestess's Isle: one more")
    more.nth(0).click()
    more.nth(1).click()
    more.nth(1).click()
    shows(page, "Ben: +5").wait_for()
    shows(page, "Ann: +2").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "play-luna-round-scoring")
    button(page, "Use these changes").click()
    page.set_viewport_size(TALL)
    shows(page, "Preparing the Next Round").wait_for()
    # Influence: 5 to start; Ann +2, Ben +5, and +1 for whoever turned the last Time token
    # (the start player is drawn from the table's seed, so either of them).
    shows(page, re.compile(r"Ben\s+influence\s+1[01]")).wait_for()
    ann_last = page.get_by_text(re.compile(r"Ann\s+influence\s+8")).count()
    ben_last = page.get_by_text(re.compile(r"Ben\s+influence\s+11")).count()
    assert ann_last + ben_last == 1
    assert page.get_by_text(re.compile(r"Ann\s+influence\s+[78]\b")).count() == 1
    shot(page, "play-luna-after-scoring")
