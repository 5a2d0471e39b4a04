"""Serving the local network, in one walk on one server: the table's code is asked before
anything is shown, a wrong code is refused, the typed code lets a phone in; the invite
link lets a phone in, leaves the address bar (a phone handed round the table, or a
screenshot of it, does not show it) and is remembered (a reload and a new tab are let in);
Invite a phone shows the way in at both sizes; a browser that joined, restarted (its
storage kept, its cookies gone), comes back through a waiting room full of sessions that
have not given the code (the page script puts the phone's pass into the cookie the server
reads at the handshake: companion/web/web_page.js).

The server listens on every address (``--host 0.0.0.0``), so the code is in force; the
browser still opens 127.0.0.1 (test traffic stays on this machine). Counting wrong codes
and the wait after five, the waiting room's bounds, and the words of a wait are tested
without a browser (tests/web/test_access.py, test_code_guessing.py,
test_full_waiting_room.py, test_waiting_room.py; tests/ui/test_access_code_prompt.py);
Invite on this computer alone: tests/e2e/test_small_items.py."""

from __future__ import annotations

import re
from contextlib import ExitStack

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from companion.web.access import PASS_COOKIE, WAITING_IN_ALL, WAITING_PER_CLIENT
from tests.e2e.conftest import LAN_CODE
from tests.e2e.flutter import button, open_app, shot, shows, textbox, type_into
from tests.e2e.tables import write_table
from tests.web.phones import HOME

GAME_NAMES = ["Latria", "Carpe Astra", "Luna", "Altar", "Latoro"]
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
WRONG = "That is not the table's code. Check it and try again."


def shows_nothing_of_the_tables(page) -> None:
    """Neither a game, a table nor a player name is anywhere on the page (not even in
    the accessibility tree that screen readers get)."""
    for name in [*GAME_NAMES, "Ann", "Ben", "Start a new table", "Tables in progress"]:
        assert page.get_by_text(name).count() == 0, name
        assert page.get_by_label(re.compile(re.escape(name))).count() == 0, name


def phone(browser, **options):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, **options)
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page


def test_the_code_is_asked_first_and_the_invite_link_lets_a_phone_in_and_leaves(
        lan_server, browser):
    write_table(lan_server, "luna", ["Ann", "Ben"])  # the host's table
    with ExitStack() as phones:
        # A phone opens the plain address: only the code prompt.
        context, page = phone(browser)
        phones.callback(context.close)
        open_app(page, lan_server.url)
        page.get_by_text("Enter the table's code").wait_for()
        textbox(page, "Table code").wait_for()
        shows_nothing_of_the_tables(page)
        shot(page, "access-code-prompt")
        shot(page, "access-code-prompt-390")
        page.set_viewport_size(SMALL_PHONE)
        shot(page, "access-code-prompt-360")
        page.set_viewport_size(PHONE)

        type_into(page, "Table code", "111111")
        button(page, "Enter", exact=True).click()
        page.get_by_text(WRONG).wait_for()
        shows_nothing_of_the_tables(page)
        shot(page, "access-code-wrong")
        # The code typed lets it in.
        type_into(page, "Table code", LAN_CODE)
        button(page, "Enter", exact=True).click()
        page.get_by_text("Start a new table").wait_for()
        for name in ("Latria", "Carpe Astra", "Luna", "Altar: Realms of the Gods"):
            shows(page, re.compile("^" + re.escape(name))).wait_for()
        context.close()

        # Another phone joins with the invite link: in, and the code leaves the address.
        context, page = phone(browser)
        phones.callback(context.close)
        open_app(page, f"{lan_server.url}?code={LAN_CODE}")
        button(page, "Open Luna table: Ann, Ben").wait_for()
        page.wait_for_function("!location.href.includes('code=')", timeout=10000)
        joined = page.url
        assert joined.rstrip("/") == lan_server.url.rstrip("/"), joined
        shot(page, "joined-address-without-code")
        # nor is it one step back in the history (the entry that held it was replaced)
        page.go_back(wait_until="commit")
        assert "code=" not in page.url, page.url
        # A reload of the plain address: the phone kept the code, nothing is asked.
        open_app(page, joined)
        button(page, "Open Luna table: Ann, Ben").wait_for()
        assert page.get_by_text("Enter the table's code").count() == 0
        # A new tab of the same browser makes a new session: the stored code lets it in.
        second_tab = context.new_page()
        open_app(second_tab, lan_server.url)
        button(second_tab, "Open Luna table: Ann, Ben").wait_for()
        second_tab.close()

        # Invite a phone shows the link as a QR code, and the code, at both sizes.
        button(page, "Invite a phone").click()
        page.get_by_text("Table code", exact=True).wait_for()
        page.get_by_text(LAN_CODE, exact=True).wait_for()
        url = page.get_by_text(re.compile(rf"^http://\S+:{lan_server.port}/\?code={LAN_CODE}$"))
        url.first.wait_for()
        shot(page, "invite-390")
        page.set_viewport_size(SMALL_PHONE)
        url.first.wait_for()
        shot(page, "invite-360")
        state = context.storage_state()
        context.close()
        assert any(c["name"] == PASS_COOKIE for c in state["cookies"])

        # The same browser, restarted (its cookies gone), through a full waiting room.
        full_waiting_room(lan_server, phones)
        context, page = phone(browser, storage_state={**state, "cookies": []})
        phones.callback(context.close)
        open_app(page, lan_server.url)
        button(page, HOME).wait_for()


def full_waiting_room(lan_server, crowd: ExitStack) -> None:
    """4 addresses × 3 sessions asking for the code: the room is full, a new one refused."""
    origin = lan_server.url.rstrip("/")

    def session(source: str):
        ws = crowd.enter_context(connect(f"ws://127.0.0.1:{lan_server.port}/ws",
                                         origin=origin, source_address=(source, 0)))
        ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "",
                                             "page": {"route": "/"}}]))
        return ws

    for n in range(WAITING_IN_ALL):
        assert session(f"127.0.0.{2 + n // WAITING_PER_CLIENT}").recv(timeout=15)  # it waits
    late = session("127.0.0.9")
    with pytest.raises(ConnectionClosed):
        late.recv(timeout=15)
    assert late.close_code == 1013
