"""Serving the local network: the table's code is asked before anything is shown, the
invite link lets a phone in and the phone remembers it; Invite a phone shows the way in.

The server listens on every address (``--host 0.0.0.0``), so the code is in force; the
browser still opens 127.0.0.1 (test traffic stays on this machine)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import LAN_CODE
from tests.e2e.flutter import button, open_app, shot, shows, textbox, type_into
from tests.e2e.tables import create_table

GAME_NAMES = ["Latria", "Carpe Astra", "Luna", "Altar", "Latoro"]
SMALL_PHONE = {"width": 360, "height": 740}




def shows_nothing_of_the_tables(page) -> None:
    """Neither a game, a table nor a player name is anywhere on the page (not even in
    the accessibility tree that screen readers get)."""
    for name in [*GAME_NAMES, "Ann", "Ben", "Start a new table", "Tables in progress"]:
        assert page.get_by_text(name).count() == 0, name
        assert page.get_by_label(re.compile(re.escape(name))).count() == 0, name


def test_the_code_is_asked_first_and_the_invite_link_is_remembered(lan_server, browser):
    # The host's own phone joins with the invite link and starts a table.
    host = browser.new_context(viewport={"width": 390, "height": 844})
    host_page = host.new_page()
    host_page.set_default_timeout(15000)
    create_table(host_page, f"{lan_server.url}?code={LAN_CODE}", "Luna", ["Ann", "Ben"])
    host.close()

    # Another phone opens the plain address: only the code prompt.
    guest = browser.new_context(viewport={"width": 390, "height": 844})
    page = guest.new_page()
    page.set_default_timeout(15000)
    try:
        open_app(page, lan_server.url)
        page.get_by_text("Enter the table's code").wait_for()
        textbox(page, "Table code").wait_for()
        shows_nothing_of_the_tables(page)
        shot(page, "access-code-prompt")

        type_into(page, "Table code", "111111")
        button(page, "Enter", exact=True).click()
        page.get_by_text("That is not the table's code. Check it and try again.").wait_for()
        shows_nothing_of_the_tables(page)
        shot(page, "access-code-wrong")

        # The invite link lets the phone in, and it is kept in the phone's storage.
        open_app(page, f"{lan_server.url}?code={LAN_CODE}")
        button(page, "Open Luna table: Ann, Ben").wait_for()
        page.reload()
        open_app(page, lan_server.url)
        button(page, "Open Luna table: Ann, Ben").wait_for()
        # A new tab of the same browser makes a new session: the stored code lets it in.
        second_tab = guest.new_page()
        open_app(second_tab, lan_server.url)
        button(second_tab, "Open Luna table: Ann, Ben").wait_for()
    finally:
        guest.close()


def test_the_typed_code_lets_a_phone_in(lan_server, page):
    open_app(page, lan_server.url)
    type_into(page, "Table code", LAN_CODE)
    button(page, "Enter", exact=True).click()
    page.get_by_text("Start a new table").wait_for()
    for name in ("Latria", "Carpe Astra", "Luna", "Altar: Realms of the Gods"):
        shows(page, re.compile("^" + re.escape(name))).wait_for()


def test_five_wrong_codes_then_the_phone_has_to_wait(lan_server, page):
    open_app(page, lan_server.url)
    for wrong in ("111111", "222222", "333333", "444444"):
        type_into(page, "Table code", wrong)
        button(page, "Enter", exact=True).click()
        page.get_by_text("That is not the table's code. Check it and try again.").wait_for()
    type_into(page, "Table code", "555555")
    button(page, "Enter", exact=True).click()
    page.get_by_text(re.compile(r"Too many wrong codes\. Wait \d+ seconds")).wait_for()
    shot(page, "access-code-wait")
    # Even the right code waits now: guessing stays slow.
    type_into(page, "Table code", LAN_CODE)
    button(page, "Enter", exact=True).click()
    page.get_by_text(re.compile(r"Too many wrong codes")).wait_for()
    shows_nothing_of_the_tables(page)


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, SMALL_PHONE],
                         ids=["390x844", "360x740"])
def test_invite_a_phone_shows_the_link_as_qr_code_and_the_code(lan_server, browser, size):
    context = browser.new_context(viewport=size, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        open_app(page, lan_server.url)
        page.get_by_text("Enter the table's code").wait_for()
        shot(page, f"access-code-prompt-{size['width']}")
        open_app(page, f"{lan_server.url}?code={LAN_CODE}")
        button(page, "Invite a phone").click()
        page.get_by_text("Table code", exact=True).wait_for()
        page.get_by_text(LAN_CODE, exact=True).wait_for()
        url = page.get_by_text(re.compile(rf"^http://\S+:{lan_server.port}/\?code={LAN_CODE}$"))
        url.first.wait_for()
        shot(page, f"invite-{size['width']}")
    finally:
        context.close()


def test_invite_on_loopback_says_how_to_serve_phones(server, page):
    open_app(page, server.url)  # 127.0.0.1: open, no code
    button(page, "Invite a phone").click()
    page.get_by_text("Phones cannot join yet").wait_for()
    page.get_by_text("companion --web --host 0.0.0.0").wait_for()
    shot(page, "invite-loopback")
