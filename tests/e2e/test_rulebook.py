"""The rulebook from Play's "The rulebook's words", and a search from Home."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.flutter import button, click_into, open_app, settle, shot, shows, textbox, type_into
from tests.e2e.tables import stored_table, to_latria_step_4

SMALL = {"width": 360, "height": 740}


def in_view(page, locator) -> bool:
    """Whether ``locator`` is on screen below the app bar and the search field."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 120 <= box["y"] < height - 40


def test_play_step4_opens_the_rulebook_at_step4_with_the_quote_marked(server, page):
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    to_latria_step_4(page)

    button(page, "The rulebook's words").click()
    button(page, "Open in the rulebook").click()
    caption = page.get_by_text("The words quoted on Play")
    caption.wait_for()
    step4 = shows(page, re.compile(r"^Step 4: Acquire cards\. The player whose"))
    settle(page)  # the scroll to the section
    assert in_view(page, step4), step4.bounding_box()
    assert in_view(page, caption), caption.bounding_box()
    # The passage quoted on Play runs from the step's first words to its last bullet.
    shows(page, re.compile(r"^Acquired cards are placed face down")).wait_for()
    shot(page, "rulebook-latria-step4-from-play")
    page.set_viewport_size(SMALL)
    shot(page, "rulebook-latria-step4-from-play-360")
    page.set_viewport_size({"width": 390, "height": 844})

    # Back goes to Play, where the step is as it was.
    button(page, "Back").click()
    shows(page, "Step 4 — Acquire cards").wait_for()

    # The Table page has the rulebook and this game's rulings.
    button(page, "Back").click()
    button(page, re.compile(r"^Rulings\s+How the app reads")).click()
    shows(page, re.compile("^Eclipse markers: every acquirer")).wait_for()
    assert shows(page, re.compile("^Seats are numbered clockwise")).count() == 1
    assert page.get_by_text("Carpe Astra", exact=True).count() == 0  # this game's only
    shot(page, "rulings-latria-table")
    button(page, "Back").click()
    button(page, re.compile(r"^Rulebook\s+The whole rulebook")).click()
    page.get_by_text("Contents").wait_for()


def test_search_every_rulebook_from_home(server, page):
    open_app(page, server.url)
    button(page, "Rules", exact=True).click()
    page.get_by_text("Rulebooks", exact=True).wait_for()
    shot(page, "rules-hub")

    type_into(page, "Search every rulebook", "eclipse")
    step1 = button(page, re.compile(r"^Step 1: Reveal celestial cards — Latria"))
    step1.wait_for()
    button(page, re.compile(r"^Scoring — Latria")).wait_for()
    shot(page, "rules-hub-search-eclipse")

    type_into(page, "Search every rulebook", "資源")
    hit = button(page, re.compile(r"^支援フェイズの注意点について — Latoro"))
    hit.wait_for()
    shot(page, "rules-hub-search-shigen")
    page.set_viewport_size(SMALL)
    shot(page, "rules-hub-search-shigen-360")
    page.set_viewport_size({"width": 390, "height": 844})
    hit.click()
    section = shows(page, re.compile(r"^また支援フェーズでのみ"))
    section.wait_for()
    settle(page)
    assert in_view(page, section), section.bounding_box()
    shot(page, "rulebook-latoro-shigen")
    page.set_viewport_size(SMALL)
    shot(page, "rulebook-latoro-shigen-360")
    page.set_viewport_size({"width": 390, "height": 844})

    # The switch to the translation, then back to Rules and on to the rulings.
    button(page, "English · translation", exact=True).click()
    shows(page, "Preparing the play area").wait_for()
    shot(page, "rulebook-latoro-en")
    button(page, "Back").click()
    # Rules keeps what was searched for the way back; with it cleared, the lists are back.
    shows(page, re.compile(r"^支援フェイズの注意点について — Latoro")).wait_for()
    # Known fault of the way back (also in earlier versions): the first tap in the search
    # field after Back is given the focus and loses it within 300 ms, so keys typed then
    # are lost; a second tap holds. Tapped once and left first, so the test clears the
    # field with the second, as a player would.
    click_into(page, textbox(page, "Search every rulebook"))
    settle(page)
    type_into(page, "Search every rulebook", "")
    page.get_by_text("Rulebooks", exact=True).wait_for()
    button(page, re.compile(r"^Rulings\s+Where a rulebook is unclear")).click()
    type_into(page, "Search the rulings", "eclipse")
    shows(page, re.compile("^Eclipse markers: every acquirer")).wait_for()
    page.get_by_text("Seats are numbered clockwise").wait_for(state="detached")
    shot(page, "rulings-search-eclipse")
    page.set_viewport_size(SMALL)
    shot(page, "rulings-search-eclipse-360")


def test_a_why_on_setup_opens_the_rulebook_at_the_words_the_reading_rests_on(server, page):
    """A Why? (a reading in the players' words) leads on into the rulebook."""
    stored_table(page, server, "luna", ["Ann", "Ben", "Cleo"])
    page.set_viewport_size({"width": 390, "height": 1600})
    button(page, "Setup").first.click()
    button(page, "Why? Temple boards named by their tile 1–4; the path by rank").first.click()
    opener = button(page, "Open in the rulebook")
    opener.wait_for()
    page.set_viewport_size(SMALL)
    shot(page, "why-with-rulebook-link-360")
    opener.click()
    page.get_by_text("The words the app's reading rests on").wait_for()
    settle(page)
    shot(page, "rulebook-luna-setup-from-why-360")
    button(page, "Back").click()
    button(page, "Why? Temple boards named by their tile 1–4; the path by rank").first.wait_for()


def test_a_search_being_typed_survives_a_switch_to_the_translation(server, page):
    """The book chips stay as they are on a tap: a chip drawn anew gave the search field
    its focus back with the words selected, and the next letter replaced them ("x")."""
    open_app(page, server.url)
    button(page, "Rules", exact=True).click()
    page.get_by_text("Rulebooks", exact=True).wait_for()
    button(page, re.compile(r"^Latoro: rulebook")).first.click()
    # The rulebook's own search, once its screen is there (Rules has a search field too:
    # on a loaded machine the letters went into that one).
    search = textbox(page, "Search the rulebook")
    button(page, "English · translation", exact=True).wait_for()
    click_into(page, search)
    page.keyboard.type("resou")
    button(page, "English · translation", exact=True).click()
    settle(page)
    page.keyboard.type("x")  # the tap took the keyboard away: this letter goes nowhere
    settle(page)
    click_into(page, search)
    expect(search).to_have_value("resou")
    shot(page, "rulebook-latoro-en-search")
    page.set_viewport_size(SMALL)
    shot(page, "rulebook-latoro-en-search-360")

