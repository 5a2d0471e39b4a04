"""Sockets that end at once, and sockets whose first message is not a session request
(a malformed or hostile message gets one console line at most, never a
traceback), against a real server process (tests/web/test_server.py, ``Companion``).

- On this computer without a code, sessions whose socket closes as soon as it opened
  (with or without asking for a session) leave no traceback on the console, nothing
  running that the stop would have to cancel, and no session once Flet's session
  timeout is over.
- A first message that is not Flet's session request (not msgpack, another action, a
  request of the wrong shape) closes its socket at once with 1008 and one console line
  at most, with a code and without.

A phone still joins during and after.
"""

from __future__ import annotations

import asyncio
import contextlib

import msgpack
import pytest
from websockets.asyncio.client import connect

from tests.run_async import run
from tests.web.phones import HOME, REGISTER_CLIENT, Phone
from tests.web.test_hostile_messages import CODE, Session, event, frame, register
from tests.web.test_server import Companion

QUICK = 40  # sockets that close at once
AT_ONCE = 10
DEADLINE = 10.0  # s for the server to close a socket, or for a phone to join
TIMEOUT = 3  # s: FLET_SESSION_TIMEOUT for the server of the sockets closed at once
EVICTION = 10  # s: flet_web's app manager drops expired sessions this often
NOISE = ("Traceback", "Exception in ASGI application", "Cancel ")

# First messages that are not a session request.
NOT_A_REQUEST = {
    "not msgpack": b"\x00\xc1",
    "a text frame": "hello",
    "a page event": event("route_change", {"route": "/"}),
    "unknown action": frame([99, {}]),
    "extra data": register() + b"\x01",
    "a data channel frame": b"\x01\x00\x00\x00\x00",
    "page is text": frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                             "page": "x"}]),
    "session id is a number": frame([REGISTER_CLIENT, {"session_id": 5, "page_name": "",
                                                       "page": {}}]),
    "no fields": frame([REGISTER_CLIENT, {}]),
    "a field too many": frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                                 "page": {}, "x": 1}]),
    "a number for a key": b"\x00" + msgpack.packb([REGISTER_CLIENT, {
        "session_id": "", "page_name": "", "page": {1: "/"}}]),
    "a date that is not one": frame([REGISTER_CLIENT, {
        "session_id": "", "page_name": "", "page": {"x": msgpack.ExtType(1, b"x")}}]),
}


def quiet(console: str) -> None:
    for noise in NOISE:
        assert noise not in console, console[-6000:]


async def joined(port: int, source: str = "127.0.0.1", route: str = "/") -> Phone | None:
    """A phone that joined (still open), or None when it did not."""
    phone = await Phone(port, source, route=route).open()
    if await phone.answer(DEADLINE) == HOME:
        return phone
    await phone.close()
    return None


async def joins(port: int, source: str = "127.0.0.1", route: str = "/") -> bool:
    phone = await joined(port, source, route)
    if phone is not None:
        await phone.close()
    return phone is not None


async def quick(port: int, ask: bool) -> None:
    """A socket that asks for a session (or not) and closes at once."""
    async with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                       open_timeout=DEADLINE) as ws:
        if ask:
            await ws.send(register())


def test_sockets_closed_at_once_leave_no_traceback_and_no_session(tmp_path):
    # This computer: no code, no waiting room. Flet drops a closed page's session after
    # TIMEOUT; the server process tells how many sessions it keeps.
    count_file = tmp_path / "sessions.txt"
    c = Companion(tmp_path, program=("-m", "tests.web.counting_server", str(count_file)),
                  env={"FLET_SESSION_TIMEOUT": str(TIMEOUT)})

    def sessions() -> int:
        return int(count_file.read_text(encoding="ascii") or -1)

    try:
        async def scenario() -> tuple[bool, bool, int]:
            host = await joined(c.port)
            assert host is not None
            try:
                during = asyncio.ensure_future(joins(c.port))
                for start in range(0, QUICK, AT_ONCE):
                    await asyncio.gather(*(quick(c.port, ask=n % 4 != 0)
                                           for n in range(start, start + AT_ONCE)))
                came_in = await during and await joins(c.port)
                # Every session but the host's is dropped once its page has been closed
                # for TIMEOUT (a lost socket's as well as a closed one's): first they
                # are counted (the count is written four times a second), then gone.
                loop = asyncio.get_running_loop()
                deadline = loop.time() + DEADLINE
                while sessions() <= 1 and loop.time() < deadline:
                    await asyncio.sleep(0.1)
                made = sessions()
                deadline = loop.time() + TIMEOUT + EVICTION + 5
                while sessions() != 1 and loop.time() < deadline:
                    await asyncio.sleep(0.25)
                return came_in and not host.closed, made > 1, sessions()
            finally:
                await host.close()

        assert run(scenario()) == (True, True, 1)
    finally:
        c.stop()
    quiet(c.output())


@pytest.fixture(params=["this computer, no code", "the network, code given"])
def served(request, tmp_path):
    lan = request.param.startswith("the network")
    c = Companion(tmp_path, *(("--host", "0.0.0.0", "--access-code", CODE) if lan else ()))
    c.route = f"/?code={CODE}" if lan else "/"
    yield c
    c.stop()


async def closed_for(port: int, source: str, first) -> int | None:
    """The close code the server ends a socket with after ``first``; None when it is
    still open after ``DEADLINE``."""
    session = Session(port, source)
    await session.open()
    try:
        await session.ws.send(first)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(session.closed.wait(), DEADLINE)
        return session.ws.close_code
    finally:
        await session.close()


def test_a_socket_that_does_not_ask_for_a_session_is_closed(served):
    before = served.output()

    async def scenario():
        during = asyncio.ensure_future(joins(served.port, route=served.route))
        codes = await asyncio.gather(*(
            closed_for(served.port, f"127.0.1.{2 + n}", first)
            for n, first in enumerate(NOT_A_REQUEST.values())))
        return dict(zip(NOT_A_REQUEST, codes, strict=True)), (
            await during and await joins(served.port, route=served.route))

    codes, came_in = run(scenario())
    assert codes == dict.fromkeys(NOT_A_REQUEST, 1008)
    assert came_in
    served.stop()
    console = served.output()[len(before):]
    quiet(console)
    assert "did not ask for a session" in console  # told, once for the flood
    lines = [line for line in console.splitlines() if line.strip()]
    assert len(lines) <= len(NOT_A_REQUEST) + 1, console  # and the stop's own line
