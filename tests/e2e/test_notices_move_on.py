"""A notice is shown while it is true and goes when the screen moves on (docs/DESIGN.md,
"Notices"): the next tap that lands, or a change from another phone. A tap that saves
nothing (a chip of a form) leaves it. Each notice is waited for, then its going, well
before a time-out would take it (there is none in the screen now: it stayed eight seconds,
through taps that landed).

And when another phone only moves Play on, Score says what Play changed there ("Play
changed on another phone: Ann · Credits is now 7"), never that the sheet was replaced."""

from __future__ import annotations

import re

from companion.storage.store import Store
from tests.e2e.flutter import button, shot, shows, stepper_button
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import stored_table, write_table
from tests.e2e.test_one_number_two_phones import open_score_ja
from tests.e2e.test_one_server_races import Held
from tests.e2e.test_two_phones import (
    MISSED,
    TALL,
    both_at_latria_step_one,
    open_table,
    second_page,  # noqa: F401 - fixtures
    third_page,  # noqa: F401
)

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
GONE_SOON = 4000  # ms: a notice put away goes at once; the old time-out took 8 s


def notice(page, start: str):
    """The notice whose words begin with ``start`` (its name for screen readers)."""
    return page.get_by_role("button", name=re.compile("^" + re.escape(start)))


def both_sizes(page, name: str) -> None:
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        page.set_viewport_size(size)
        shot(page, f"{name}{suffix}")


def test_a_refusal_stays_through_a_choice_and_goes_when_the_card_is_scored(server, page):
    """Carpe Astra: "First choose the guild…" while no guild is chosen; choosing one saves
    nothing (it stays); the card scored with it lands (it goes)."""
    stored_table(page, server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(page, label).click()
    page.set_viewport_size(TALL)
    button(page, "Scored a Network card", exact=True).click()
    refusal = notice(page, "First choose the guild whose support token was taken")
    refusal.wait_for()
    button(page, "Support token taken: Priests").click()
    chip_picked(page, "Support token taken: Priests").wait_for(state="attached")
    assert refusal.is_visible()  # still true: nothing was scored
    page.set_viewport_size(PHONE)
    shot(page, "notice-refusal-kept-through-a-choice")
    page.set_viewport_size(TALL)
    button(page, "Scored a Network card", exact=True).click()
    shows(page, "1 card scored this turn.").wait_for()
    refusal.wait_for(state="detached", timeout=GONE_SOON)
    page.set_viewport_size(PHONE)
    shot(page, "notice-refusal-gone-after-the-card")


def test_altars_love_refusal_goes_when_the_first_turn_starts(server, page):
    stored_table(page, server, "altar", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "First player: Ann").click()
    button(page, "Start the first turn").click()
    refusal = notice(page, "First say whose Realm is the Goddess of Love's")
    refusal.wait_for()
    button(page, "Realm of the Goddess of Love (if played): Ben").click()
    chip_picked(page, "Realm of the Goddess of Love (if played): Ben").wait_for(
        state="attached")
    assert refusal.is_visible()
    button(page, "Start the first turn").click()
    shows(page, "Ann's turn — Draw a Card").wait_for()
    refusal.wait_for(state="detached", timeout=GONE_SOON)


def told(page, now: str):
    return page.get_by_role("button", name=re.compile(MISSED + r"Now: .*" + re.escape(now)))


def test_a_missed_tap_line_goes_with_the_next_change_of_either_phone(
        server, page, second_page):  # noqa: F811
    """One server: B's Next reaches the server after A's (B's screen was drawn again for
    it, on its way): B says so, with where the table is. The line goes when A's next tap
    draws B's screen again, and, told a second time, when B's own next tap lands."""
    held_b = Held(second_page)
    both_at_latria_step_one(server, page, second_page)

    def b_misses(a_taps: str, b_taps: str, now: str) -> None:
        held_b.holding = True
        button(page, a_taps).click()
        held_b.redrawn()  # B's screen drawn again on the server, on its way
        held_b.tap(button(second_page, b_taps))
        held_b.release()
        told(second_page, now).wait_for()

    b_misses("Next: Step 2 — Parent plays", "Next: Step 2 — Parent plays", "Step 2")
    second_page.set_viewport_size(PHONE)
    shot(second_page, "notice-missed-tap-shown")
    second_page.set_viewport_size(TALL)
    button(page, "Next: Step 3 — Children play").click()  # A's tap: B's screen moves on
    shows(second_page, "Step 3 — Children play").wait_for()
    told(second_page, "Step 2").wait_for(state="detached", timeout=GONE_SOON)

    b_misses("Next: Step 4 — Acquire", "Next: Step 4 — Acquire", "Step 4")
    button(second_page, "Undo").click()  # B's own tap lands: back to step 3
    shows(second_page, "Undid").wait_for()  # (what it did: its own notice, shown)
    told(second_page, "Step 4").wait_for(state="detached", timeout=GONE_SOON)
    shows(page, "Step 3 — Children play").wait_for()


def ann_credits(server) -> int:
    (table,) = Store(server.data_dir).list_tables()
    return table.score_sheet["players"][0]["credits"]


def test_play_moving_on_is_said_on_score_as_what_it_changed_and_goes_with_a_tap(
        server, page, second_page, third_page):  # noqa: F811
    """A (English) and C (Japanese) are on Score, B taps Play: Score says what Play changed
    there, not that the sheet was replaced; A's next entry lands and the line goes."""
    write_table(server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    open_table(page, server.url, "Carpe Astra", "Score")
    open_score_ja(third_page, server.url)
    open_table(second_page, server.url, "Carpe Astra", "Play")
    button(second_page, "Start player: Ann").click()
    button(second_page, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(second_page, label).click()
    shows(second_page, re.compile("Nothing scored")).wait_for()
    before = ann_credits(server)
    button(second_page, re.compile("^Nothing scored: \\+2 credits")).click()
    followed = notice(page, f"Play changed on another phone: Ann · Credits is now {before + 2}")
    followed.wait_for()
    assert ann_credits(server) == before + 2
    notice(third_page, f"別のスマホのプレイに合わせました：Ann · クレジットは{before + 2}"
                       "になりました").wait_for()
    for phone in (page, third_page):
        assert phone.get_by_text(re.compile("replaced|置き換え")).count() == 0
    both_sizes(page, "notice-play-followed-on-score")
    both_sizes(third_page, "notice-play-followed-on-score-ja")

    # A's next entry lands: the line goes (on C it goes too: its screen moved on).
    stepper_button(page, "Military: one more").click()
    followed.wait_for(state="detached", timeout=GONE_SOON)
    notice(third_page, "別のスマホのプレイに合わせました").wait_for(state="detached",
                                                                timeout=GONE_SOON)
