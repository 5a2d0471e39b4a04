"""Smaller things a table trips over: a notice leaves the round and the step readable;
Setup leads on to Play; Latria's step 4 offers what the rule allows; a deleted table
can be brought back; a campaign's game is named."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, shot, shows
from tests.e2e.tables import create_table

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}


def test_a_notice_leaves_the_round_and_the_step_readable(server, page):
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    for size, larger in ((PHONE, False), (SMALL_PHONE, False), (SMALL_PHONE, True)):
        page.set_viewport_size(size)
        if larger:  # where the browser's text size lands (as Settings' Larger text)
            page.evaluate("document.documentElement.style.fontSize = '130%'")
        button(page, "Next: Step 2 — Parent plays").click()
        shows(page, "Ann plays one astrology card").wait_for()
        button(page, "Undo").click()
        notice = page.get_by_role("button", name=re.compile("^Undid"))
        notice.wait_for()
        shot(page, f"notice-over-play-{size['width']}{'-larger' if larger else ''}")
        box = notice.bounding_box()
        for title in ("Round 1 of 11", "Step 1 — Reveal celestial cards"):
            title_box = shows(page, title).bounding_box()
            assert box["y"] + box["height"] <= title_box["y"], (title, box, title_box)
        assert box["y"] + box["height"] < 160, box  # near the top, where it is looked for
        notice.click()
        notice.wait_for(state="detached")
