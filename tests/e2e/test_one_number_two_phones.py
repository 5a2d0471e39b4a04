"""Two phones tapping − and + on one number of Score at the same moment:
a tap is a change of the number its phone showed, so exactly one lands, the final number
is what that phone saw plus its step, and the other phone is told, with the number saved
("…it was not applied. Now: Ann · Credits is 6"), as a Play tap on an older log is.

On one server the other phone's screen is drawn again for the first tap (its − and + made
anew: companion/ui/widgets/stepper.py) before or after its own tap reaches the server;
on two server processes sharing the file the store refuses it (``seen``). Both are here.
To make "at the same moment" certain, the phones' pages are held (``Held``): what the
server sends them waits, while their taps go out."""

from __future__ import annotations

import re
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.screens.score import blank_sheet
from companion.storage.store import Store
from companion.ui.score_forms import carpe_astra as form
from tests.e2e.conftest import PHONE, Server
from tests.e2e.flutter import open_app, shot, shows, stepper_button, tap_until
from tests.e2e.tables import write_table
from tests.e2e.test_japanese import choose_language
from tests.e2e.test_one_server_races import Held
from tests.e2e.test_two_phones import (
    MISSED,
    open_table,
    second_page,  # noqa: F401 - a fixture
)

SMALL = {"width": 360, "height": 740}
CREDITS = ("players", 0, "credits")  # Ann's, the first sheet Score shows
MISSED_JA = re.escape("直前に別のスマホで変更されたため、今のタップは反映されませんでした。")


def carpe_astra_table(server, credits: int = 5) -> str:
    """A Carpe Astra table whose sheet has Ann's credits at ``credits``."""
    table_id = write_table(server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    store = Store(server.data_dir)
    sheet = blank_sheet(form.empty_sheet, store.get_table(table_id), {})
    sheet["players"][0]["credits"] = credits
    store.set_score_sheet(table_id, sheet)
    return table_id


def saved_credits(server, table_id: str) -> int:
    return Store(server.data_dir).get_table(table_id).score_sheet["players"][0]["credits"]


def shows_credits(page, n: int, whom: str = "Ann"):
    """The credits box showing ``n`` (its name for screen readers says the number)."""
    return page.locator(f'input[aria-label="Credits, {whom}, now {n}"]').or_(
        page.locator(f'input[aria-label="{whom}のクレジット、現在{n}"]'))


def open_score_ja(page, url: str) -> None:
    """Score of the Carpe Astra table, in Japanese."""
    open_app(page, url)
    choose_language(page, "日本語")
    on_table = page.get_by_text("名前と席を編集")
    tap_until(page, page.get_by_role("button", name=re.compile("^カルペ・アストラの卓を開く")),
              on_table)
    tap_until(page, page.get_by_role("button", name="得点").first,
              page.get_by_role("button", name="取り消し").first, still=on_table)


def told(page):
    """The line saying this phone's tap was not applied, with what is saved now."""
    return page.get_by_role("button", name=re.compile(
        "(" + MISSED + r"Now: Ann · Credits is \d+" + ")|(" + MISSED_JA
        + r"現在：Ann · クレジットは\d+" + ")"))


def told_one_of(phones, timeout: float = 15) -> int:
    """Wait until one of the phones says its tap was not applied; which one."""
    deadline = time.monotonic() + timeout
    while True:
        for i, phone in enumerate(phones):
            try:
                told(phone).first.wait_for(state="attached", timeout=100)
                return i
            except PlaywrightTimeout:
                pass
        assert time.monotonic() < deadline, "neither phone was told"


def test_plus_and_minus_at_once_on_one_number_land_once_and_tell_the_other(
        server, page, second_page):  # noqa: F811
    table_id = carpe_astra_table(server)
    held = [Held(page), Held(second_page)]
    phones = [page, second_page]
    for phone in phones:
        open_table(phone, server.url, "Carpe Astra", "Score")
        shows_credits(phone, 5).wait_for(state="attached")

    # Both show 5; A taps +, B taps −, and neither is sent anything meanwhile.
    for h in held:
        h.holding = True
    held[0].tap(stepper_button(page, "Credits: one more"))
    held[1].tap(stepper_button(second_page, "Credits: one fewer"))
    for h in held:
        h.release()

    # One of the two is told; the saved number is the other's 5 plus its step.
    loser = told_one_of(phones)
    winner, step = 1 - loser, (+1, -1)[1 - loser]
    assert told(phones[winner]).count() == 0
    assert saved_credits(server, table_id) == 5 + step
    for phone in phones:  # both show what is saved, and it stays so
        shows_credits(phone, 5 + step).wait_for(state="attached")
    shows(phones[loser], re.compile(
        MISSED + re.escape(f"Now: Ann · Credits is {5 + step}"))).wait_for()
    # The phone whose number was kept is told nothing, least of all another number.
    assert not shows(phones[winner], re.compile("Changed on another phone")).is_visible()
    assert saved_credits(server, table_id) == 5 + step


def test_a_tap_on_the_number_before_another_phones_is_told_with_the_saved_number(
        server, page, second_page):  # noqa: F811
    """B's screen has been drawn again for A's + (its redraw is on its way) when B taps −
    on the 5 it still shows: nothing of B's lands, and B says what is saved. B speaks
    Japanese: the line in Japanese too."""
    table_id = carpe_astra_table(server)
    held_b = Held(second_page)
    open_table(page, server.url, "Carpe Astra", "Score")
    open_score_ja(second_page, server.url)
    for phone in (page, second_page):
        shows_credits(phone, 5).wait_for(state="attached")

    held_b.holding = True
    stepper_button(page, "Credits: one more").click()
    shows_credits(page, 6).wait_for(state="attached")
    held_b.redrawn()  # B's screen drawn again on the server, on its way
    held_b.tap(second_page.get_by_role("button", name="Annのクレジット：1減らす"))
    held_b.release()
    told(second_page).wait_for()
    shows(second_page, re.compile(MISSED_JA + "現在：Ann · クレジットは6")).wait_for()
    shows_credits(second_page, 6).wait_for(state="attached")
    assert saved_credits(server, table_id) == 6
    assert told(page).count() == 0
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        second_page.set_viewport_size(size)
        shot(second_page, f"score-number-missed-ja{suffix}")
    second_page.set_viewport_size(PHONE)

    # B's next tap is a change of the 6 it shows now: it lands, and the line goes.
    second_page.get_by_role("button", name="Annのクレジット：1減らす").click()
    shows_credits(second_page, 5).wait_for(state="attached")
    told(second_page).wait_for(state="detached")
    assert saved_credits(server, table_id) == 5


def test_on_two_server_processes_a_tap_on_an_older_number_is_refused_and_told(
        server, page, second_page, tmp_path):  # noqa: F811
    """B is served by another process: it never hears A's +. Its − on the 5 it shows is
    refused by the store, its screen drawn again with what is saved, and it says so."""
    table_id = carpe_astra_table(server)
    # A's server has the file open before the other starts (as at a table: the other
    # joins later). Else the other, opening and closing the file as it starts, removes
    # its -wal as the last one to have it open, and this test process, which read the
    # file before, would go on reading the removed one's index (A's entry unseen here).
    open_table(page, server.url, "Carpe Astra", "Score")
    other = Server(server.data_dir, tmp_path / "server2.log")
    other.start()
    try:
        open_table(second_page, other.url, "Carpe Astra", "Score")
        for phone in (page, second_page):
            shows_credits(phone, 5).wait_for(state="attached")
        stepper_button(page, "Credits: one more").click()
        shows_credits(page, 6).wait_for(state="attached")
        assert saved_credits(server, table_id) == 6
        shows_credits(second_page, 5).wait_for(state="attached")  # not told of it
        stepper_button(second_page, "Credits: one fewer").click()
        shows(second_page, re.compile(MISSED + re.escape("Now: Ann · Credits is 6"))).wait_for()
        shows_credits(second_page, 6).wait_for(state="attached")
        assert saved_credits(server, table_id) == 6
        for size, suffix in ((PHONE, ""), (SMALL, "-360")):
            second_page.set_viewport_size(size)
            shot(second_page, f"score-number-missed{suffix}")
        second_page.set_viewport_size(PHONE)
    finally:
        other.stop()
