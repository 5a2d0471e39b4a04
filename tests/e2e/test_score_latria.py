"""A 3-player Latria sheet entered through the Score screen: an eclipse pile and a ×2."""

from __future__ import annotations

from tests.e2e.flutter import button, shot
from tests.e2e.tables import stored_table

TALL = {"width": 390, "height": 2600}  # the whole form on screen: no scrolling needed


def more(page, label: str, whom: str, times: int = 1) -> None:
    """Tap the + of ``label`` on ``whom``'s sheet (its name says whom it counts for)."""
    for _ in range(times):
        button(page, f"{label}: one more for {whom}", exact=True).click()


def switch_to(page, name: str) -> None:
    button(page, f"{name}, 0 points").click()
    page.get_by_text(f"{name}: 0 points").wait_for()


def test_three_player_latria_with_eclipse_and_double(server, page):
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    button(page, "Score").first.click()
    page.set_viewport_size(TALL)
    page.get_by_text("Celestial cards", exact=True).wait_for()

    # Ann: Sun 4 + Sun 3 = 7; Moon (2 + 2) × 2 = 8 → 15; under the eclipse marker Sun 2 → −2.
    more(page, "Sun 4 VP", "Ann")
    more(page, "Sun 3 VP", "Ann")
    more(page, "Moon 2 VP", "Ann", 2)
    more(page, "Moon ×2", "Ann")
    page.get_by_text("Ann: 15 points").wait_for()
    button(page, "Pile: Under the eclipse marker").click()
    page.get_by_text("scored as one group and subtracted").wait_for()
    more(page, "Sun 2 VP", "Ann")
    page.get_by_text("Ann: 13 points").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "score-latria-eclipse")
    page.set_viewport_size(TALL)
    button(page, "Pile: Face-down pile").click()
    page.get_by_text("Astrology cards", exact=True).wait_for()
    # the pile's redraw done (its chips drawn again) before the next tap, as a player sees
    page.get_by_text("scored as one group and subtracted").wait_for(state="hidden")

    # Ben: Polaris 2 + 2, and Polaris astrology 5 printed "×2" → (2 + 2) × 2 = 8;
    # Sun astrology 8 is worth 3 (VP table) → 11.
    switch_to(page, "Ben")
    more(page, "Polaris 2 VP", "Ben", 2)
    button(page, "Polaris astrology 5").click()
    page.get_by_text("What is printed on Polaris 5?").wait_for()
    page.get_by_role("checkbox", name="×2 printed on the card").click()
    button(page, "Save").click()
    page.get_by_text("Ben: 8 points").wait_for()
    button(page, "Sun astrology 8").click()
    page.get_by_text("Ben: 11 points").wait_for()

    # Cleo: Moon 3 + Moon astrology 7 (2 VP) = 5.
    switch_to(page, "Cleo")
    more(page, "Moon 3 VP", "Cleo")
    button(page, "Moon astrology 7").click()
    page.get_by_text("Cleo: 5 points").wait_for()

    page.set_viewport_size({"width": 390, "height": 844})
    button(page, "See the results").click()
    page.get_by_text("Ann wins").wait_for()
    page.get_by_text("Eclipse").first.wait_for()
    shot(page, "results-latria")

    # The next game remembers what is printed on Polaris 5 (the box values): no question.
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    button(page, "Score").first.click()
    page.set_viewport_size(TALL)
    more(page, "Polaris 1 VP", "Ann")
    page.get_by_text("Ann: 1 point", exact=True).wait_for()
    button(page, "Polaris astrology 5").click()
    page.get_by_text("Ann: 2 points").wait_for()  # Polaris 1 × 2
    assert page.get_by_text("What is printed on Polaris 5?").count() == 0


def test_the_polaris_card_holder_picks_the_two_cards_removed(server, page):
    """Polaris card note (L-3, L-4): the app removes the two worth least to the holder (the
    best total) until the players pick."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    button(page, "Score").first.click()
    page.set_viewport_size(TALL)
    # Ann: Sun 4, Sun 1, Moon 3 and the Polaris "two red symbols" card.
    more(page, "Sun 4 VP", "Ann")
    more(page, "Sun 1 VP", "Ann")
    more(page, "Moon 3 VP", "Ann")
    more(page, "Polaris two red symbols", "Ann")
    # The app removes the two that leave the best total: Sun 1 and Moon 3 → 4.
    page.get_by_text("Ann: 4 points").wait_for()
    # The table says Ann removed Sun 4 and Sun 1 instead: Moon 3 is left.
    page.get_by_text("The app removes the two cards worth least to this player").wait_for()
    button(page, "Remove Sun 4").click()
    page.get_by_text("Sun 4 picked: tap one more card").wait_for()
    page.get_by_text("Ann: 4 points").wait_for()  # one picked: still the app's choice
    button(page, "Remove Sun 1").click()
    page.get_by_text("Removed: Sun 4 + Sun 1").wait_for()
    page.get_by_text("Ann: 3 points").wait_for()
    page.set_viewport_size({"width": 390, "height": 844})
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 3000)
    shot(page, "score-latria-polaris-discard")
    page.set_viewport_size(TALL)
    button(page, "Let the app choose").click()
    page.get_by_text("The app removes the two cards worth least to this player").wait_for()
    page.get_by_text("Ann: 4 points").wait_for()
