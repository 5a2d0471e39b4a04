"""The server's waiting room for sessions before the code (companion/web/server.py,
``WaitingRoom``), served in this process with a small ``main`` standing in for the
guard: a session over the bound is refused before Flet makes it, a phone that got in
comes back to its session whatever the room holds, and a session that waits too long is
ended and dropped."""

from __future__ import annotations

import time

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from companion.web import server
from companion.web.access import Gate, Lobby
from tests.web.test_server import in_process, wait_for


class Guard:
    """A Flet ``main`` that lets in the sessions routed to ``/in`` (as the guard does
    with the right code) and keeps the others waiting."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.started: list[str] = []

    def __call__(self, page) -> None:
        self.started.append(page.session.id)
        if page.route == "/in":
            self.gate.lobby.join(page.session.id)


def ask_for_session(ws, route: str = "/", session_id: str = "") -> str:
    """REGISTER_CLIENT, as the Flutter client sends it first; the session's id, or ""
    when the server closed the socket instead."""
    page = {"route": route, "width": 390, "height": 844}
    ws.send(b"\x00" + msgpack.packb(
        [1, {"session_id": session_id, "page_name": "", "page": page}]))
    try:
        frame = ws.recv(timeout=15)
    except ConnectionClosed:
        return ""
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    assert action == 1
    return body["session_id"]


def sessions_kept() -> set[str]:
    from flet_web.fastapi.flet_app_manager import app_manager

    return {s.id for s in app_manager._FletAppManager__sessions.values()}


@pytest.fixture
def room(monkeypatch):
    monkeypatch.setenv(server.SESSION_TIMEOUT_SETTING, "2")  # the wait on the prompt
    gate = Gate("246810", lobby=Lobby(per_client=2, in_all=2))
    guard = Guard(gate)
    with in_process(server.build_app(guard, gate=gate, open_at_once=10)) as port:
        yield port, guard


def test_over_the_bound_no_session_is_made_but_a_phone_that_got_in_comes_back(room):
    port, guard = room
    url, origin = f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"
    with connect(url, origin=origin) as joined:
        phone = ask_for_session(joined, "/in")
        assert phone
    with connect(url, origin=origin) as a, connect(url, origin=origin) as b:
        assert ask_for_session(a) and ask_for_session(b)  # the room is full
        with connect(url, origin=origin) as third:
            assert ask_for_session(third) == ""
            assert third.close_code == 1013  # try again later
        assert len(guard.started) == 3  # Flet never saw the third
        # The phone that got in comes back to its own session (its Wi-Fi dropped).
        with connect(url, origin=origin) as back:
            assert ask_for_session(back, session_id=phone) == phone
        assert len(guard.started) == 3


def test_a_session_that_waits_too_long_is_ended_and_dropped(room):
    port, guard = room
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:
        waiting = ask_for_session(ws)
        assert waiting in sessions_kept()
        started = time.monotonic()
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=10)
        assert time.monotonic() - started < 8
    wait_for(lambda: waiting not in sessions_kept())


def test_a_session_whose_phone_leaves_before_the_code_is_dropped_at_once(room):
    port, _ = room
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:
        waiting = ask_for_session(ws)
        joined = ""
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:
        joined = ask_for_session(ws, "/in")
    wait_for(lambda: waiting not in sessions_kept(), timeout=1.5)  # before its timeout
    assert joined in sessions_kept()  # kept for its phone to come back
