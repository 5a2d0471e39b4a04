"""Luna (4 players), Altar (2 players, two Realms each) and Latoro (3 players, one with a
Japanese name) entered through the Score screen; totals and winners read off the screen."""

from __future__ import annotations

import re

from tests.e2e.conftest import PHONE
from tests.e2e.flutter import (
    button,
    count_field,
    shot,
    stepper_button,
    type_into,
    wait_for_editing,
)
from tests.e2e.tables import stored_table
from tests.e2e.test_setup_screen import reveal

# what Score says while a sheet has problems (no total yet)
FIX_LINE = re.compile("fix the (marked entries|problems shown)", re.IGNORECASE)

TALL = {"width": 390, "height": 1400}


def tap(page, label: str, times: int = 1) -> None:
    for _ in range(times):
        button(page, label, exact=True).or_(stepper_button(page, label)).click()


def more(page, label: str, times: int = 1) -> None:
    tap(page, f"{label}: one more", times)


def wait_council_place(page, name: str, place: int) -> None:
    """Wait until ``name``'s row in the Council order is drawn at ``place`` (1 = top)."""
    page.wait_for_function(
        """([name, place]) => {
          const ups = Array.from(document.querySelectorAll('flt-semantics[role=button]'))
            .filter(e => /^Move .* up$/.test(e.textContent));
          const me = ups.find(e => e.textContent === `Move ${name} up`);
          if (!me) return false;
          const y = me.getBoundingClientRect().top;
          return ups.filter(e => e.getBoundingClientRect().top < y - 1).length === place - 1;
        }""",
        arg=[name, place],
    )


def council_place(page, name: str) -> int:
    """``name``'s place in the Council order as drawn (1 = top)."""
    return page.evaluate(
        """(name) => {
          const ups = Array.from(document.querySelectorAll('flt-semantics[role=button]'))
            .filter(e => /^Move .* up$/.test(e.textContent));
          const me = ups.find(e => e.textContent === `Move ${name} up`);
          const y = me.getBoundingClientRect().top;
          return ups.filter(e => e.getBoundingClientRect().top < y - 1).length + 1;
        }""",
        name,
    )


def wait_disabled(page, label: str) -> None:
    """Wait until the labelled button is disabled."""
    button(page, label, exact=True).or_(stepper_button(page, label)).and_(
        page.locator('[aria-disabled="true"]')).wait_for(state="attached")


def type_count(page, label: str, number: int) -> None:
    """Type a number into a stepper's box (for values too large to tap up)."""
    field = count_field(page, label)
    field.click()
    wait_for_editing(page)
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(str(number))


def switch_to(page, name: str, total: int = 0, unit: str = "points") -> None:
    """Show another player's form; wait until their summary is on screen (the
    accessibility tree can lag a re-render)."""
    button(page, f"{name}, {total} {unit}").click()
    page.get_by_text(f"{name}: {total} {unit}").wait_for()


def phone_shot(page, name: str) -> None:
    """A screenshot at phone size, from the top of the screen."""
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, -5000)
    shot(page, name)
    page.set_viewport_size(TALL)


def test_four_player_luna_totals_and_council_tie(server, page):
    stored_table(page, server, "luna", ["Ann", "Ben", "Cleo", "Dan"])
    button(page, "Score").first.click()
    page.get_by_text("Council of Priests", exact=True).wait_for()
    page.set_viewport_size(TALL)
    # Ann: influence 40 + Shrines 4 × 4 = 16 + 2 unused favors + seat value 3 = 61.
    type_count(page, "Influence", 40)
    page.get_by_text("Ann: 40 points").wait_for()
    more(page, "Shrines", 4)
    more(page, "Unused favors", 2)
    more(page, "Council points", 3)
    page.get_by_text("Ann: 61 points").wait_for()
    # Every point is listed below the entries (nothing above them moves as it grows).
    # (the card's lines are one label for screen readers)
    reveal(page, page.get_by_label("Shrines 4 × 4 = 16"))
    page.mouse.wheel(0, -5000)
    phone_shot(page, "score-luna")
    # Ben: 38 + 3 × 4 = 12 + 1 + 1 = 52.
    switch_to(page, "Ben")
    type_count(page, "Influence", 38)
    more(page, "Shrines", 3)
    more(page, "Unused favors")
    more(page, "Council points")
    page.get_by_text("Ben: 52 points").wait_for()
    # Cleo: 50 + 1 × 4 = 4 + 0 + 0 = 54.
    switch_to(page, "Cleo")
    type_count(page, "Influence", 50)
    more(page, "Shrines")
    page.get_by_text("Cleo: 54 points").wait_for()
    # Dan: 45 + 2 × 4 = 8 + 2 + seat value 6 = 61, the same as Ann.
    switch_to(page, "Dan")
    type_count(page, "Influence", 45)
    more(page, "Shrines", 2)
    more(page, "Unused favors", 2)
    more(page, "Council points", 6)
    page.get_by_text("Dan: 61 points").wait_for()
    # The favors stop at 7 (one of each kind): an 8th tap does nothing.
    more(page, "Unused favors", 5)
    wait_disabled(page, "Unused favors: one more")
    stepper_button(page, "Unused favors: one more").click(force=True)  # disabled: no count
    tap(page, "Unused favors: one fewer", 5)
    page.get_by_text("Dan: 61 points").wait_for()
    # Council of Priests: Dan is furthest ahead (the 6 seat), then Ann, Ben, Cleo. The
    # sheet starts from the setup's stack (its drawn first player at the bottom).
    for goal, name in enumerate(("Dan", "Ann", "Ben"), start=1):
        for place in range(council_place(page, name) - 1, goal - 1, -1):  # a tap at a time
            tap(page, f"Move {name} up")
            wait_council_place(page, name, place)
    wait_disabled(page, "Move Dan up")
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 5000)
    shot(page, "score-luna-council")
    page.set_viewport_size(TALL)
    for name, total in (("Ann", 61), ("Ben", 52), ("Cleo", 54), ("Dan", 61)):
        button(page, f"{name}, {total} points").wait_for()
    assert page.get_by_text(FIX_LINE).count() == 0
    button(page, "See the results").click()
    # Ann and Dan tie on 61; ties go to the player further ahead in the Council: Dan.
    page.get_by_text("Dan wins").wait_for()
    page.get_by_text("Dan and Ann tie on 61", exact=False).wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "results-luna")


def test_two_player_altar_realms_tie_and_last_shrine(server, page):
    stored_table(page, server, "altar", ["Ann", "Ben"])
    button(page, "Score").first.click()
    page.get_by_text("How the game ended", exact=True).wait_for()
    page.set_viewport_size(TALL)
    # Ann, Realm 1: the Goddess of Love, 2 Shrines + 3 active altars = 5 → complete.
    tap(page, "Realm 1 god (optional): Goddess of Love")
    more(page, "Realm 1 · Shrines", 2)
    more(page, "Realm 1 · Active altars", 3)
    # Realm 2: 1 Shrine + 3 active altars = 4 → one short.
    more(page, "Realm 2 · Shrines")
    more(page, "Realm 2 · Active altars", 3)
    page.get_by_text("Ann: 9 toward completion").wait_for()
    page.get_by_text("Still needs 1 active altar or Shrine").wait_for()
    phone_shot(page, "score-altar")
    # Realm 2: a 4th active altar (1 Shrine → 4 altars) completes Ann: 3 Shrines, progress 10.
    more(page, "Realm 2 · Active altars")
    page.get_by_text("Ann: both Realms complete").wait_for()
    assert page.get_by_text("Complete", exact=True).count() == 2
    # Ben names his first god by typing; Realm 1: 3 Shrines + 2 altars = 5 → complete.
    switch_to(page, "Ben", unit="toward completion")
    type_into(page, "Realm 1 god (optional)", "God of War")
    more(page, "Realm 1 · Shrines", 3)
    more(page, "Realm 1 · Active altars", 2)
    # Realm 2: 0 Shrines + 4 altars: a Realm needs at least 1 Shrine.
    more(page, "Realm 2 · Active altars", 4)
    page.get_by_text("Still needs 1 Shrine", exact=True).wait_for()
    page.get_by_text("Ben: 9 toward completion").wait_for()
    # Only Ann is complete: the game ended with a completed Realm (filled in from the
    # Realms), and no turn is asked.
    assert page.get_by_text("Who placed the last Shrine?").count() == 0
    button(page, "How the game ended: A Realm was completed").wait_for()
    button(page, "Ann, both Realms complete").wait_for()
    # With 1 Shrine Ben completes too: 4 Shrines beat Ann's 3 (most Shrines wins a tie).
    more(page, "Realm 2 · Shrines")
    page.get_by_text("Ben: both Realms complete").wait_for()
    assert page.get_by_text("Who placed the last Shrine?").count() == 0
    # Ben's Realm 1 back to 2 Shrines (2 + 2 = 4: one short) and a 3rd active altar
    # (2 + 3 = 5): complete again, now with 3 Shrines like Ann. Both complete with as many
    # Shrines: the player who placed the last Shrine wins, so the turns are asked.
    tap(page, "Realm 1 · Shrines: one fewer")
    more(page, "Realm 1 · Active altars")
    page.get_by_text("Who placed the last Shrine?").wait_for()
    page.get_by_text("Ben: fix the marked entries to see a total.").wait_for()
    type_count(page, "Ann's last Shrine, turn", 14)
    type_count(page, "Ben's last Shrine, turn", 17)
    page.get_by_text("Ben: both Realms complete").wait_for()
    # The end tapped again, then a digit: Ben's turn keeps its 17, so Ben wins below (a
    # chip drawn anew gave the field typed in last the keyboard back with 17 selected:
    # 9 replaced it, and Ann won).
    tap(page, "How the game ended: A Realm was completed")
    page.wait_for_timeout(500)
    page.keyboard.type("9")
    page.wait_for_timeout(500)  # where the 9 went, it has landed
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 5000)
    shot(page, "score-altar-tie")
    page.set_viewport_size(TALL)
    button(page, "See the results").click()
    # Both complete with 3 Shrines; Ben placed the last Shrine (turn 17 > 14) → Ben wins.
    page.get_by_text("Ben wins").wait_for()
    page.get_by_text("Ben placed the last Shrine", exact=False).wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "results-altar")


def test_three_player_latoro_with_japanese_name(server, page):
    stored_table(page, server, "latoro", ["Ann", "さくら", "Ben"])
    button(page, "Score").first.click()
    page.get_by_text("Clan tags · 氏族タグ", exact=True).wait_for()
    page.get_by_text("Honor cards · 栄誉カード", exact=True).wait_for()
    page.get_by_text("Resources · 資源", exact=True).wait_for()
    page.set_viewport_size(TALL)
    # Ann: clan tags 12 + honor cards 3 + 5 = 8 + resources 2 + 7 + 1 = 10 → 3; total 23.
    type_count(page, "Clan tags · 氏族タグ", 12)
    more(page, "Face-up cards · 表向き", 2)
    page.get_by_text("Card 2 · 2枚目", exact=True).wait_for()
    more(page, "Card 1 · 1枚目", 3)
    more(page, "Card 2 · 2枚目", 5)
    more(page, "Black · 黒", 2)
    more(page, "White · 白", 7)
    more(page, "Brown · 茶", 1)
    page.get_by_text("Ann: 23 points").wait_for()
    wait_disabled(page, "White · 白: one more")  # 7 is the cap
    phone_shot(page, "score-latoro")
    # さくら: 15 + one honor card 4 + resources 7 + 7 + 7 = 21 → 7; total 26.
    switch_to(page, "さくら")
    type_count(page, "Clan tags · 氏族タグ", 15)
    more(page, "Face-up cards · 表向き")
    page.get_by_text("Card 1 · 1枚目", exact=True).wait_for()
    more(page, "Card 1 · 1枚目", 4)
    for colour in ("Black · 黒", "White · 白", "Brown · 茶"):
        more(page, colour, 7)
    page.get_by_text("さくら: 26 points").wait_for()
    phone_shot(page, "score-latoro-sakura")
    # Ben: 10 + honor cards 5 + 4 + 3 = 12 + resources 1 + 1 = 2 → 0; total 22.
    switch_to(page, "Ben")
    type_count(page, "Clan tags · 氏族タグ", 10)
    more(page, "Face-up cards · 表向き", 3)
    wait_disabled(page, "Face-up cards · 表向き: one more")
    page.get_by_text("Card 3 · 3枚目", exact=True).wait_for()
    more(page, "Card 1 · 1枚目", 5)
    more(page, "Card 2 · 2枚目", 4)
    more(page, "Card 3 · 3枚目", 3)
    more(page, "Black · 黒")
    more(page, "White · 白")
    page.get_by_text("Ben: 22 points").wait_for()
    for name, total in (("Ann", 23), ("さくら", 26), ("Ben", 22)):
        button(page, f"{name}, {total} points").wait_for()
    button(page, "See the results").click()
    page.get_by_text("さくら wins").wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "results-latoro")
