"""Two and three phones on one table, as a table uses them: each sees the others' taps
without reloading, a stale tap is refused with a notice, and score entries from two
phones both land."""

from __future__ import annotations

import re

import pytest

from companion.flows import replay
from companion.storage.store import Store
from tests.e2e.conftest import PHONE, Server
from tests.e2e.flutter import button, open_app, shot, shows, tap_until
from tests.e2e.tables import create_table, stored_table

TALL = {"width": 390, "height": 1400}
# The line on a phone whose tap did not land (another phone changed the table first).
MISSED = re.escape("Another phone changed this just before your tap: it was not applied. ")


@pytest.fixture
def second_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture
def third_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    yield context.new_page()
    context.close()


def open_table(page, url: str, game: str, screen: str) -> None:
    """Open the table's Play or Score (both have an Undo) on a phone, tapping again
    where a loaded machine dropped a tap (``tap_until``)."""
    open_app(page, url)
    on_table = page.get_by_text("Edit names and seats")  # the table's screen, not Play's
    tap_until(page, button(page, f"Open {game} table"), on_table)
    tap_until(page, button(page, screen).first, button(page, "Undo").first, still=on_table)


def both_at_latria_step_one(server, page, second_page) -> None:
    """A 4-player Latria table at round 1's first step, on Play on both phones."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Latria", "Play")
    shows(second_page, "Step 1 — Reveal celestial cards").wait_for()


def saved_log(server: Server, players: list[str]):
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    events = store.events(table.id)
    config = {"players": players, "variant": "standard", "setup": None}
    return events, replay("latria", config, events)


def test_a_tap_on_one_phone_shows_on_the_other_and_a_stale_tap_is_refused(
        server, page, second_page, third_page, tmp_path):
    players = ["Ann", "Ben", "Cleo", "Dan"]
    both_at_latria_step_one(server, page, second_page)

    # Phone A taps Next: phone B shows the new step within 2 s, with no reload.
    button(page, "Next: Step 2 — Parent plays").click()
    shows(second_page, "Ann plays one astrology card").wait_for(timeout=2000)
    # And B's own next tap goes on from there.
    button(second_page, "Next: Step 3 — Children play").click()
    # Step 3's own button ("Step 3 — Children play" is also in step 2's Next).
    button(page, "Next: Step 4 — Acquire").wait_for(timeout=2000)

    # Phone C is served by a second server process on the same data folder, so A's
    # broadcast never reaches it: its screen stays on step 3 while A moves on.
    other = Server(server.data_dir, tmp_path / "server2.log")
    other.start()
    try:
        third_page.set_viewport_size(TALL)
        open_table(third_page, other.url, "Latria", "Play")
        shows(third_page, "Step 3 — Children play").wait_for()
        button(page, "Next: Step 4 — Acquire").click()
        shows(second_page, "Step 4 — Acquire cards").wait_for(timeout=2000)
        before, _ = saved_log(server, players)

        # C's stale Next (it would be a second "children play") is refused, C is drawn
        # again at the saved step, and says so in one line.
        button(third_page, "Next: Step 4 — Acquire").click()
        shows(third_page, re.compile(MISSED + r"Now: .*Step 4")).wait_for()
        shows(third_page, "Step 4 — Acquire cards").wait_for()
        third_page.set_viewport_size(PHONE)
        shot(third_page, "two-phones-stale-tap")
        third_page.set_viewport_size({"width": 360, "height": 740})
        shot(third_page, "two-phones-stale-tap-360")
        after, state = saved_log(server, players)
        assert after == before  # nothing saved, and the log replays
        # A stale Undo is refused the same way: A's step 4 stays.
        button(page, "Undo").click()  # A: back to step 3, broadcast to B only
        shows(page, "Step 3 — Children play").wait_for()
        button(third_page, "Undo").click()  # C still shows step 4: stale
        shows(third_page, re.compile(MISSED + r"Now: .*Step 3")).wait_for()
        undone, _ = saved_log(server, players)
        assert undone == before[:-1]  # one undo, not two
    finally:
        other.stop()

    # A reload shows the stored state.
    second_page.reload()
    open_table(second_page, server.url, "Latria", "Play")
    shows(second_page, "Step 3 — Children play").wait_for()


def more(page, label: str, whom: str, times: int) -> None:
    """Tap the + of ``label`` on ``whom``'s sheet (its name says whom it counts for)."""
    for _ in range(times):
        button(page, f"{label}: one more for {whom}", exact=True).click()


def test_two_phones_entering_two_players_scores_both_land(server, page, second_page,
                                                         third_page):
    stored_table(page, server, "latoro", ["Kim", "Lee"])
    page.set_viewport_size(TALL)
    button(page, "Score").first.click()
    page.get_by_text("Kim: 0 points").wait_for()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Latoro", "Score")
    button(second_page, "Lee, 0 points").click()
    second_page.get_by_text("Lee: 0 points").wait_for()

    # Tapped turn about, as two players at the table would: Kim on A, Lee on B (any
    # order of entries on two phones: tests/screens/test_score_entries.py).
    more(page, "Clan tags · 氏族タグ", "Kim", 1)
    more(second_page, "Clan tags · 氏族タグ", "Lee", 1)
    more(page, "Clan tags · 氏族タグ", "Kim", 1)
    page.get_by_text("Kim: 2 points").wait_for()
    second_page.get_by_text("Lee: 1 point").wait_for()
    # Each phone shows the other's total, live.
    button(page, "Lee, 1 point").wait_for(timeout=2000)
    button(second_page, "Kim, 2 points").wait_for(timeout=2000)
    sheet = Store(server.data_dir).list_tables()[0].score_sheet
    assert [p["clan_tag_points"] for p in sheet["players"]] == [2, 1]

    # The same field on both: the later entry is kept, and the other phone is told.
    button(second_page, "Kim, 2 points").click()
    second_page.get_by_text("Kim: 2 points").wait_for()
    more(second_page, "Clan tags · 氏族タグ", "Kim", 1)
    page.get_by_text("Kim: 3 points").wait_for(timeout=2000)
    shows(page, re.compile(r"Changed on another phone: Kim · Clan tags.* is now 3")).wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "two-phones-score-notice")
    page.set_viewport_size({"width": 360, "height": 740})
    shot(page, "two-phones-score-notice-360")

    # A third phone opening the table sees the same.
    open_table(third_page, server.url, "Latoro", "Score")
    button(third_page, "Kim, 3 points").wait_for()
    button(third_page, "Lee, 1 point").wait_for()


def test_home_on_another_phone_lists_a_new_table_at_once(server, page, second_page):
    open_app(second_page, server.url)
    second_page.get_by_text("Start a new table").wait_for()
    create_table(page, server.url, "Luna", ["Ann", "Ben"])  # typed in: New table tells
    button(second_page, "Open Luna table").wait_for(timeout=2000)
