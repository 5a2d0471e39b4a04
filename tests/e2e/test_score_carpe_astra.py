"""A 4-player Carpe Astra sheet entered through the Score screen."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, settle, shot
from tests.e2e.tables import stored_table

# what Score says while a sheet has problems (no total yet)
FIX_LINE = re.compile("fix the (marked entries|problems shown)", re.IGNORECASE)


def more(page, label: str, whom: str, times: int = 1) -> None:
    """Tap the + of ``label`` on ``whom``'s sheet (its name says whom it counts for)."""
    for _ in range(times):
        button(page, f"{label}: one more for {whom}", exact=True).click()


def switch_to(page, name: str) -> None:
    """Show another player's holdings; wait until their form is on screen."""
    button(page, f"{name}, 0 points").click()
    page.get_by_text(f"{name}: 0 points").wait_for()


def test_four_player_carpe_astra_totals_and_winner(server, page):
    stored_table(page, server, "carpe_astra", ["Ann", "Ben", "Cleo", "Dan"])
    button(page, "Score").first.click()
    page.get_by_text("Support tokens", exact=True).wait_for()
    # Ann (seat 1): Military 3 → single most → 4; credits 2.
    more(page, "Military", "Ann", 3)
    more(page, "Credits", "Ann", 2)
    page.get_by_text("Ann: 4 points").wait_for()
    shot(page, "score-carpe-astra")
    # Ben: Military 1 (single second → 2), Priests 2 (alone, so most → 4).
    switch_to(page, "Ben")
    more(page, "Military", "Ben")
    more(page, "Priests", "Ben", 2)
    page.get_by_text("Ben: 6 points").wait_for()
    # Cleo: Priests 2 ties Ben for most → 3 each, and Ben drops to 5; credits 4.
    switch_to(page, "Cleo")
    more(page, "Priests", "Cleo", 2)
    more(page, "Credits", "Cleo", 4)
    page.get_by_text("Cleo: 3 points").wait_for()
    button(page, "Ben, 5 points").wait_for()
    # Dan: Engineers 6 → all 6 in play → 6 points.
    switch_to(page, "Dan")
    more(page, "Engineers", "Dan", 6)
    page.get_by_text("Dan: 6 points").wait_for()
    # The stepper stops at the 6 in play: a 7th would make the sheet invalid (no total).
    seventh = button(page, "Engineers: one more for Dan", exact=True)
    seventh.and_(page.locator('[aria-disabled="true"]')).wait_for(state="attached")
    seventh.click(force=True)  # a tap on the disabled + counts nothing
    settle(page)
    page.get_by_text("Dan: 6 points").wait_for()
    assert page.get_by_text(FIX_LINE).count() == 0
    button(page, "See the results").click()
    page.get_by_text("Dan wins").wait_for()
    shot(page, "results-carpe-astra")
