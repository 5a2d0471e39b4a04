"""A waiting room full of sessions that have not given the code (without a browser:
tests/web/test_full_waiting_room.py): a browser that joined before, restarted (its storage
kept, its cookies gone), comes back in. The page script puts the phone's pass into the
cookie the server reads at the handshake (companion/web/web_page.js)."""

from __future__ import annotations

from contextlib import ExitStack

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from companion.web.access import PASS_COOKIE, WAITING_IN_ALL, WAITING_PER_CLIENT
from tests.e2e.conftest import LAN_CODE
from tests.e2e.flutter import button, open_app
from tests.web.phones import HOME


def test_a_browser_that_joined_comes_back_through_a_full_room(lan_server, browser):
    host = browser.new_context(viewport={"width": 390, "height": 844})
    page = host.new_page()
    page.set_default_timeout(15000)
    open_app(page, f"{lan_server.url}?code={LAN_CODE}")
    button(page, HOME).wait_for()
    state = host.storage_state()
    host.close()
    assert any(c["name"] == PASS_COOKIE for c in state["cookies"])

    origin = lan_server.url.rstrip("/")
    with ExitStack() as crowd:  # a full room: 4 addresses × 3 sessions asking for one
        for n in range(WAITING_IN_ALL):
            ws = crowd.enter_context(connect(
                f"ws://127.0.0.1:{lan_server.port}/ws", origin=origin,
                source_address=(f"127.0.0.{2 + n // WAITING_PER_CLIENT}", 0)))
            ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "",
                                                 "page": {"route": "/"}}]))
            assert ws.recv(timeout=15)  # Flet's answer: the session is made and waits
        with ExitStack() as late:  # and the room is full
            ws = late.enter_context(connect(f"ws://127.0.0.1:{lan_server.port}/ws",
                                            origin=origin, source_address=("127.0.0.9", 0)))
            ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "",
                                                 "page": {"route": "/"}}]))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=15)
            assert ws.close_code == 1013

        back = browser.new_context(viewport={"width": 390, "height": 844},
                                   storage_state={**state, "cookies": []})
        try:
            page = back.new_page()
            page.set_default_timeout(15000)
            open_app(page, lan_server.url)
            button(page, HOME).wait_for()
        finally:
            back.close()
