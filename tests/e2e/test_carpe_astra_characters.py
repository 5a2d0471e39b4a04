"""Carpe Astra at the table: the characters are chosen once, on the
Setup screen (the draw or the table's choice), Play starts from them without asking, the
end of a turn with a Slander reminds to remove the agent, and after the first tap the
characters stay as they are."""

from __future__ import annotations

import re

from companion.ui.views.setup import with_seat_names
from setup_guides import make_setup
from setup_guides.carpe_astra import CHARACTERS, GUILD_NAMES
from tests.e2e.flutter import button, shot, shows
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import create_table

NAMES = ["Ann", "Ben", "Cleo"]
SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
TALL = {"width": 390, "height": 1600}


def picked(page, label: str) -> None:
    chip_picked(page, label).wait_for(state="attached")


def both_sizes(page, name: str, scroll: int = 0) -> None:
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        page.set_viewport_size(size)
        page.mouse.move(180, 300)
        page.mouse.wheel(0, -5000)
        if scroll:
            page.mouse.wheel(0, scroll)
        shot(page, name + suffix)
    page.set_viewport_size(TALL)
    page.mouse.wheel(0, -5000)


def test_characters_chosen_on_setup_reach_play_once(server, page):
    create_table(page, server.url, "Carpe Astra", NAMES)
    page.set_viewport_size(TALL)
    button(page, "Setup").first.click()
    seed_text = page.get_by_text(re.compile(r"^Share this seed: \d+$"))
    seed_text.wait_for()
    seed = int(seed_text.text_content().rsplit(" ", 1)[1])
    drawn = make_setup("carpe_astra", 3, "standard", seed).characters
    for name, character in zip(NAMES, drawn, strict=True):
        picked(page, f"{CHARACTERS[character].name}: {name}")

    # Ann takes the character the draw left out; the checklist follows.
    unused = next(c for c in CHARACTERS if c not in drawn)
    button(page, f"{CHARACTERS[unused].name}: Ann").click()
    picked(page, f"{CHARACTERS[unused].name}: Ann")
    chosen = [unused, *drawn[1:]]
    setup = make_setup("carpe_astra", 3, "standard", seed, characters=chosen)
    line = with_seat_names(next(s.detail for s in setup.steps if s.title == "Characters"),
                           NAMES)
    assert "(chosen at the table)" in line and "seat" not in line
    shows(page, line).wait_for()
    button(page, "Back to the draw").wait_for()
    both_sizes(page, "setup-carpe-astra-characters", scroll=250)

    # Play reads them: nothing asked, only who starts.
    button(page, "Back").first.click()  # the app bar's, before "Back to the draw"
    page.get_by_text("Players", exact=True).wait_for()
    button(page, "Play").first.click()
    note = "Characters: " + ", ".join(f"{n} {CHARACTERS[c].name}"
                                      for n, c in zip(NAMES, chosen, strict=True)) + "."
    shows(page, note).wait_for()
    assert button(page, re.compile(r"^Ann: character: ")).count() == 0
    both_sizes(page, "play-carpe-astra-start")
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(page, label).click()

    # Ann slanders Ben; at the end of her turn the agent on Ben's tile must go.
    guild = GUILD_NAMES[CHARACTERS[chosen[1]].guild]
    button(page, "Opponent slandered: Ben").click()
    button(page, f"Guild: {guild}").click()
    button(page, "Scored a Slander card", exact=True).click()
    shows(page, "1 card scored this turn.").wait_for()
    button(page, "Next: Draw", exact=True).click()
    shows(page, "Ann: remove your agent from Ben's character tile").wait_for()
    both_sizes(page, "play-carpe-astra-slandered")

    # Chosen once: after the first tap Setup shows them fixed.
    button(page, "Back").first.click()  # the app bar's, before "Back to the draw"
    page.get_by_text("Players", exact=True).wait_for()
    button(page, "Setup").first.click()
    shows(page, "Play has begun: the characters stay as they are.").wait_for()
    assert button(page, "Back to the draw").count() == 0
    # Every chip (3 players × 4 characters) is shown but cannot be tapped.
    assert page.locator('flt-semantics[aria-disabled="true"]').count() >= 12
