"""Two rounds of a 4-player Latria table with a mutation card; restart; undo."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, count_field, open_app, shot, shows, wait_for_editing
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import stored_table

TALL = {"width": 390, "height": 1800}
TALLER = {"width": 390, "height": 2600}


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
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
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
    page.get_by_text("Players", exact=True).wait_for()  # the table's screen, laid out
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


def current(page, label: str):
    """The chip named ``label``, shown picked."""
    return chip_picked(page, label)


def pick(page, label: str) -> None:
    """Tap a chip and wait until it shows picked (a tap made while a form was still
    opening, on a busy machine, could land beside it: tap again)."""
    for _ in range(3):
        button(page, label).click()
        try:
            current(page, label).wait_for(state="attached", timeout=3000)
            return
        except Exception:  # noqa: BLE001 - not picked yet: tap again
            continue
    current(page, label).wait_for(state="attached")


def test_step4_quick_record_first_and_the_helper_keeps_the_cards(server, page):
    """At step 4 "who took the cards" is first and nothing is answered
    for the table; the card helper is one tap away, its numbers start at 7 (the middle of
    2–13 with 4 players) and can be typed; "Enter the cards again" keeps the cards."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    next_step(page, "Next: Step 2 — Parent plays")
    next_step(page, "Next: Step 3 — Children play")
    next_step(page, "Next: Step 4 — Acquire")
    button(page, "Took the celestial cards: nobody / none").wait_for()
    assert current(page, "Took the celestial cards: nobody / none").count() == 0
    assert page.locator('flt-semantics[aria-current="true"]').count() == 0  # nothing picked
    helper = button(page, "Enter the cards played", exact=True)
    assert button(page, "Ann (parent): suit: Sun").count() == 0  # folded
    shot(page, "play-latria-step4")
    page.set_viewport_size({"width": 360, "height": 740})
    shot(page, "play-latria-step4-360")

    page.set_viewport_size(TALLER)
    helper.click()
    button(page, "Close: Enter the cards played").wait_for()
    for who, suit in (("Ann (parent)", "Sun"), ("Ben", "Sun"), ("Cleo", "Moon"),
                      ("Dan", "Latria")):
        pick(page, f"{who}: suit: {suit}")
    button(page, "Ann (parent): number: one more").click()
    button(page, "Ann (parent): number: one more").click()  # 7 → 9
    field = count_field(page, "Ben: number")
    field.click()
    wait_for_editing(page)
    page.keyboard.press("Control+a")
    page.keyboard.type("12")
    for size, name in (({"width": 390, "height": 844}, "play-latria-step4-helper"),
                       ({"width": 360, "height": 740}, "play-latria-step4-helper-360")):
        page.set_viewport_size(size)
        page.mouse.move(180, 400)
        page.mouse.wheel(0, 650)
        shot(page, name)
        page.mouse.wheel(0, -5000)
    page.set_viewport_size(TALLER)
    button(page, "Enter the cards played", exact=True).click()
    shows(page, "Cards: Ann Sun 9, Ben Sun 12, Cleo Moon 7, Dan Latria 7.").wait_for()
    shows(page, "Ben takes the Sun cards").wait_for()

    # Entered again: the form opens on the cards as entered, to change one.
    button(page, "Enter the cards again", exact=True).click()
    current(page, "Cleo: suit: Moon").wait_for(state="attached")
    current(page, "Dan: suit: Latria").wait_for(state="attached")
    pick(page, "Cleo: suit: Sun")
    button(page, "Enter the cards again", exact=True).click()
    shows(page, "Cards: Ann Sun 9, Ben Sun 12, Cleo Sun 7, Dan Latria 7.").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "play-latria-step4-proposal")
    button(page, "Accept: Ben takes the Sun cards").click()
    shows(page, "Step 5 — Set aside unacquired cards").wait_for()
