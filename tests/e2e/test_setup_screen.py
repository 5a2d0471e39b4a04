"""The table's Setup screen: the checklist with tick boxes, the draws from the seed, a
shared seed and "draw again", clicked through as a player would.
"""

from __future__ import annotations

import re

from companion.ui.views.setup import with_seat_names
from setup_guides import make_setup
from setup_guides.carpe_astra import CHARACTERS, GUILD_NAMES
from tests.e2e.flutter import button, open_app, settle, shot, tap_until, textbox, type_into
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import create_table

NAMES = ["Ann", "Ben", "さくら"]


def reveal(page, locator, tries: int = 25):
    """Scroll the screen down until ``locator`` is on screen (Flutter gives controls off
    screen no accessibility node) and return it."""
    height = page.viewport_size["height"]
    page.mouse.move(195, height // 2)
    for _ in range(tries):
        if locator.count():
            box = locator.first.bounding_box()
            if box and box["y"] >= 60 and box["y"] + box["height"] <= height - 10:
                return locator.first
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(150)
    locator.first.wait_for(timeout=2000)
    return locator.first


def seed_card(page) -> str:
    """The text of the card at the top: the first player and the other draws."""
    card = page.get_by_label(re.compile(r"^Another phone .*\nStart player\n"))
    card.wait_for()
    return card.get_attribute("aria-label")


def shown_seed(page) -> int:
    seed = page.get_by_text(re.compile(r"^Share this seed: \d+$"))
    seed.wait_for()
    return int(seed.text_content().rsplit(" ", 1)[1])


def box(page, number: int, title: str):
    return page.get_by_role("checkbox", name=f"{number}. {title}", exact=True)


def wait_checked(page, number: int, title: str, checked: bool) -> None:
    state = "true" if checked else "false"
    page.wait_for_function(
        "([name, state]) => [...document.querySelectorAll('flt-semantics[role=checkbox]')]"
        ".some(e => e.getAttribute('aria-label') === name"
        " && e.getAttribute('aria-checked') === state)",
        arg=[f"{number}. {title}", state],
    )


def open_setup(page) -> None:
    button(page, "Setup").first.click()
    box(page, 1, "Event timeline").wait_for()


def check_draws(page, setup, names: list[str]) -> None:
    """The card names the start player drawn from the seed (not "seat 2"), and the
    characters card shows who plays which character."""
    card = seed_card(page)
    first = setup.first_player
    assert f"Start player\n{names[first - 1]}\n" in card, card
    assert "Seat" not in card, card
    for seat, character in enumerate(setup.characters, start=1):
        picked(page, f"{CHARACTERS[character].name}: {names[seat - 1]}")


def picked(page, label: str) -> None:
    """Wait until the chip named ``label`` is shown picked (and says so to screen readers)."""
    chip_picked(page, label).wait_for(state="attached")


def on_screen(text: str) -> str:
    """A checklist line as the screen shows it: players named, not seats."""
    return with_seat_names(text, NAMES)


def test_three_player_carpe_astra_every_step_ticked_and_kept(server, page):
    create_table(page, server.url, "Carpe Astra", NAMES)
    open_setup(page)
    seed = shown_seed(page)
    setup = make_setup("carpe_astra", 3, "standard", seed)
    check_draws(page, setup, NAMES)
    assert page.get_by_text(f"0 of {len(setup.steps)} done").count() == 1
    shot(page, "setup-carpe-astra")

    # Every step the guide has is on screen, in order, each with its own box.
    for number, step in enumerate(setup.steps, start=1):
        reveal(page, box(page, number, step.title))
        # The support tokens: 5 of each guild in play (the drawn characters'), 4 of the rest.
        if step.title == "Support tokens":
            shown = page.get_by_label(on_screen(step.detail), exact=True)
            assert shown.count() == 1
            text = shown.get_attribute("aria-label")
            five = re.search(r"put 5 support tokens each of (.+?) \(the guilds", text)
            four = re.search(r"and 4 each of (.+?) in a supply pile", text)
            in_play = {GUILD_NAMES[CHARACTERS[c].guild] for c in setup.characters}
            assert set(re.split(r", | and ", five.group(1))) == in_play
            assert set(re.split(r", | and ", four.group(1))) == set(GUILD_NAMES.values()) - in_play
            assert {GUILD_NAMES[g] for g, n in setup.support_tokens.items() if n == 5} == in_play
            assert "27 tokens; the other 9 go back in the box" in text
            for seat, character in enumerate(setup.characters, start=1):
                guild = GUILD_NAMES[CHARACTERS[character].guild]
                assert f"{NAMES[seat - 1]}: two {guild}" in text
            shot(page, "setup-carpe-astra-tokens")

    # Tick every step: odd ones on the box, even ones anywhere on the row (its detail).
    page.mouse.wheel(0, -5000)
    settle(page)
    for number, step in enumerate(setup.steps, start=1):
        target = (box(page, number, step.title) if number % 2
                  else page.get_by_label(on_screen(step.detail), exact=True))
        reveal(page, target).click()
        wait_checked(page, number, step.title, True)
    page.get_by_text(f"All {len(setup.steps)} steps done: ready to play.").wait_for()
    shot(page, "setup-carpe-astra-all-ticked")

    # Kept with the table (tests/screens/test_setup_checklist.py: saved at every tap, read
    # back as saved): the screen opened again shows every tick.
    tap_until(page, button(page, "Back"), button(page, "Setup").first)
    open_setup(page)
    assert shown_seed(page) == seed
    page.get_by_text(f"All {len(setup.steps)} steps done: ready to play.").wait_for()

    # Unticking is saved too.
    box(page, len(setup.steps), setup.steps[-1].title).click()
    wait_checked(page, len(setup.steps), setup.steps[-1].title, False)
    page.get_by_text(f"{len(setup.steps) - 1} of {len(setup.steps)} done").wait_for()


def test_shared_seed_gives_the_same_setup_and_a_bad_seed_is_refused(server, page):
    open_app(page, server.url)
    button(page, "Carpe Astra").first.click()
    page.get_by_text("Number of players").wait_for()
    button(page, "3 players").click()
    for i, name in enumerate(NAMES, start=1):
        type_into(page, f"Player {i}", name)
    page.get_by_role("radio", name="Advanced").click()
    reveal(page, textbox(page, "Shared seed (optional)"))
    type_into(page, "Shared seed (optional)", "12a")
    button(page, "Create table").click()
    page.get_by_text("A seed is a whole number, like 123456").wait_for()
    page.get_by_text("Fix the shared seed first, or leave it empty.").wait_for()
    shot(page, "new-table-bad-seed")
    # Nothing typed is lost.
    assert textbox(page, "Shared seed (optional)").input_value() == "12a"
    page.mouse.wheel(0, -5000)
    settle(page)
    for i, name in enumerate(NAMES, start=1):
        assert reveal(page, textbox(page, f"Player {i}")).input_value() == name

    # The seed another phone shows: this table gets the same draws.
    reveal(page, textbox(page, "Shared seed (optional)"))
    type_into(page, "Shared seed (optional)", "4242")
    button(page, "Create table").click()
    page.get_by_text("Players", exact=True).wait_for()
    open_setup(page)
    setup = make_setup("carpe_astra", 3, "advanced", 4242)
    assert shown_seed(page) == 4242
    check_draws(page, setup, NAMES)
    assert page.get_by_text(f"0 of {len(setup.steps)} done").count() == 1
    last = setup.steps[-1]
    reveal(page, box(page, len(setup.steps), last.title))
    assert page.get_by_label(on_screen(last.detail), exact=True).count() == 1

    # Draw again asks first; Cancel keeps the setup and its ticks.
    page.mouse.wheel(0, -5000)
    settle(page)
    box(page, 1, "Event timeline").click()
    wait_checked(page, 1, "Event timeline", True)
    button(page, "Draw again").click()
    page.get_by_text("Draw again?").wait_for()
    shot(page, "setup-draw-again-dialog")
    button(page, "Cancel").click()
    page.get_by_text("Draw again?").wait_for(state="detached")
    assert shown_seed(page) == 4242
    wait_checked(page, 1, "Event timeline", True)
    # Confirmed: a new seed, new draws, and the ticks are cleared.
    button(page, "Draw again").click()
    button(page, "Draw a new setup").click()
    page.get_by_text(f"0 of {len(setup.steps)} done").wait_for()
    wait_checked(page, 1, "Event timeline", False)
    seed = shown_seed(page)
    assert seed != 4242
    check_draws(page, make_setup("carpe_astra", 3, "advanced", seed), NAMES)
