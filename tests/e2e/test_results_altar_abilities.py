"""Altar when nobody completed a Realm: the most Shrines wins, the last Shrine placed breaks
the tie (asked only then), and Results lets the table record a winner by a god's or
follower's ability (ruling AL-3)."""

from __future__ import annotations

from tests.e2e.flutter import button, shot, type_into
from tests.e2e.tables import stored_table
from tests.e2e.test_score_luna_altar_latoro import TALL, more, switch_to, type_count

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def shots(page, name: str, scroll: int = 0) -> None:
    """Screenshots at both phone sizes, from the top or ``scroll`` pixels down."""
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        page.set_viewport_size(size)
        page.mouse.move(180, 400)
        page.mouse.wheel(0, -5000)
        if scroll:
            page.wait_for_timeout(200)
            page.mouse.wheel(0, scroll)
        shot(page, name + suffix)
    page.set_viewport_size(TALL)


def test_nobody_complete_shrines_decide_and_an_ability_can_override(server, page):
    """Altar, Winner of the Game: "If the game ends because of the other two conditions (2
    or 3) refer to the gods' and followers' abilities. Some of them, like the Ancient God,
    have special rules for winning a tie." — "If there is a tie, the player with the most
    Shrines is the winner. If there is still a tie then the player who placed the last
    Shrine is the winner. And this breaks all ties!" """
    stored_table(page, server, "altar", ["Ann", "Ben", "Cat"])
    button(page, "Score").first.click()
    page.get_by_text("How the game ended", exact=True).wait_for()
    page.set_viewport_size(TALL)
    # Nobody completes: Ann 2 Shrines + 1 altar, Ben 2 Shrines, Cat 1.
    more(page, "Shrines", 2)
    more(page, "Active altars")
    page.get_by_text("Ann: 3 toward completion").wait_for()
    switch_to(page, "Ben", unit="toward completion")
    more(page, "Shrines", 2)
    # Ann and Ben tie for the most Shrines: who placed the last Shrine is asked now, and
    # nothing is worked out until it is entered.
    page.get_by_text("Who placed the last Shrine?").wait_for()
    page.get_by_text("Ben: fix the marked entries to see a total.").wait_for()
    button(page, "Cat").click()
    # Cat has no entry marked: the problem is Ann's and Ben's turns
    page.get_by_text("Fix the problems shown to see the totals.").wait_for()
    more(page, "Shrines")
    button(page, "How the game ended: The draw deck ran out").wait_for()
    # Only Ann's and Ben's turns are asked (Cat has fewer Shrines).
    assert page.get_by_role("textbox", name="Cat's last Shrine, turn").count() == 0
    type_count(page, "Ann's last Shrine, turn", 12)
    type_count(page, "Ben's last Shrine, turn", 15)
    page.get_by_text("Cat: 1 toward completion").wait_for()
    button(page, "See the results").click()

    page.get_by_text("Ben wins", exact=True).wait_for()
    page.get_by_text("the player with the most Shrines wins", exact=False).wait_for()
    page.get_by_text("Ben placed the last Shrine", exact=False).wait_for()
    shots(page, "results-altar-shrines")
    shots(page, "results-altar-ability-card", scroll=450)

    # The Ancient God's rule made Cat the winner: the table records it.
    type_into(page, "Which god or follower (optional)", "Ancient God")
    button(page, "Won by an ability: Cat").click()
    page.get_by_text("Cat wins", exact=True).wait_for()
    page.get_by_text("Cat wins by a god's or follower's ability (“Ancient God”)",
                     exact=False).wait_for()
    page.get_by_text("by the rules above it would be Ben", exact=False).wait_for()
    shots(page, "results-altar-ability")
    shots(page, "results-altar-ability-chosen", scroll=450)

    # The Score screen says so and can take it back.
    button(page, "Back").click()
    page.get_by_text("Recorded on Results: Cat won by an ability (Ancient God).").wait_for()
    button(page, "Take it back").click()
    page.get_by_text("Recorded on Results", exact=False).wait_for(state="detached")
    button(page, "See the results").click()
    page.get_by_text("Ben wins", exact=True).wait_for()
