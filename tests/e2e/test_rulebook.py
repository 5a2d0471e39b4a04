"""The rulebook scrolled to the words it was opened at, and a search being typed in it,
in a browser: what only a browser shows. Which sections a search finds, the rulings
searched, the captions and the way from a Why? into the rulebook are tested in-process
(tests/ui/test_rules_drawn.py, tests/screens/test_rulings_list.py, tests/rules/)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.flutter import button, click_into, open_app, settle, shows, textbox, type_into
from tests.e2e.tables import stored_table, to_latria_step_4


def in_view(page, locator) -> bool:
    """Whether ``locator`` is on screen below the app bar and the search field."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 120 <= box["y"] < height - 40


def test_play_step4_opens_the_rulebook_scrolled_to_the_quote(server, page):
    """The quoted passage and its caption are scrolled into view (a layout only the
    browser makes), and Back leads to Play where the step is as it was."""
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
    button(page, "Back").click()
    shows(page, "Step 4 — Acquire cards").wait_for()


def test_a_search_hit_is_scrolled_into_view_and_a_search_typed_survives_the_book_switch(
        server, page):
    """One page for two things only a browser shows: the section a hit opens is scrolled
    into view, and the keyboard. The book chips stay as they are on a tap: a chip drawn
    anew gave the search field its focus back with the words selected, and the next
    letter replaced them ("x")."""
    open_app(page, server.url)
    button(page, "Rules", exact=True).click()
    page.get_by_text("Rulebooks", exact=True).wait_for()
    type_into(page, "Search every rulebook", "資源")
    button(page, re.compile(r"^支援フェイズの注意点について — Latoro")).click()
    section = shows(page, re.compile(r"^また支援フェーズでのみ"))
    section.wait_for()
    settle(page)
    assert in_view(page, section), section.bounding_box()

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
