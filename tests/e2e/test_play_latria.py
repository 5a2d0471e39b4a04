"""Two rounds of a 4-player Latria table with a mutation card; restart; undo."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, open_app, shot, shows
from tests.e2e.tables import create_table

TALL = {"width": 390, "height": 1800}


def next_step(page, label: str) -> None:
    button(page, label).click()


def play_round(page, *, parent: str, mutation: bool, body: str, taker: str, next_parent: str):
    if mutation:
        page.get_by_role("checkbox", name="The Sun card shows the mutation symbol").click()
    next_step(page, "Next: Step 2 — Parent plays")
    shows(page, f"{parent} plays one astrology card").wait_for()
    next_step(page, "Next: Step 3 — Children play")
    next_step(page, "Next: Step 4 — Acquire")
    shows(page, "Step 4 — Acquire cards").wait_for()
    button(page, f"Targeted body: {body}").click()
    button(page, f"Took the celestial cards: {taker}").click()
    button(page, "Record who took the cards").click()
    next_step(page, "Next: Step 6 — Next parent")
    next_step(page, f"— {next_parent} is parent")


def test_two_rounds_with_a_mutation_survive_a_restart_and_undo(server, page):
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()

    # Round 1: a Sun mutation card flips the Sun into eclipse; Ben takes the Sun cards.
    play_round(page, parent="Ann", mutation=True, body="Sun", taker="Ben", next_parent="Ben")
    shows(page, "Round 2 of 11").wait_for()
    # Round 2: no mutation; Cleo takes the Moon cards and becomes the parent.
    play_round(page, parent="Ben", mutation=False, body="Moon", taker="Cleo",
               next_parent="Cleo")
    shows(page, "Round 3 of 11").wait_for()
    page.get_by_text("eclipsed (1 of 3 mutations)").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "play-latria-round3")

    server.restart()
    open_app(page, server.url)
    page.set_viewport_size(TALL)
    button(page, "Open Latria table").click()
    button(page, "Play").first.click()
    shows(page, "Round 3 of 11").wait_for()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    page.get_by_text("eclipsed (1 of 3 mutations)").wait_for()
    shows(page, re.compile(r"Parent\s+Cleo")).wait_for()

    # Undo takes back the last tap: round 2, step 6, Ben still the parent.
    button(page, "Undo").click()
    shows(page, "Step 6 — Next parent").wait_for()
    shows(page, "Round 2 of 11").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "play-latria-undone")
