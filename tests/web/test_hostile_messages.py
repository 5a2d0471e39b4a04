"""A corpus of malformed Flet protocol messages, driven against a real server process
(`python -m companion --web` on every address, with a code): wrong types for a route or
an event's fields, missing fields, unknown events and actions, garbage for the events
Flet itself handles (view_pop, keyboard, resize, brightness, lifecycle, media, locale),
frames that are not msgpack, and sessions closed while their page starts. Each is sent
before the code (on the prompt) and after it (a phone that came with the code in its
address). The console gets at most one line for each, never a traceback.

Each message goes on a session of its own, from an address of its own (the server lets
a few sessions from one address wait for the code), a few sessions at a time. A session
is done with when the server closed it or answered the message sent after the bad one
(an empty code on the prompt; Settings after the code): by then the bad one was handled.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.run_async import run
from tests.web.test_server import Companion

CODE = "246810"
REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = (
    1, 2, 3, 4, 5)  # flet.messaging.protocol.MessageAction
PAGE = 1  # the page's control id
PROMPT = "Enter the table's code"  # access.heading
EMPTY = "Type the code first."  # access.empty: the prompt's answer to an empty code
SETTINGS = "These settings are kept on this phone only"  # settings.on_this_phone
HOME = "Invite a phone"  # invite.button, at the bottom of Home
IN_PARALLEL = 6  # sessions at a time: under the waiting room's bound (12 in all)
DEADLINE = 20.0  # s for one session: its start, the bad message, the answer after it


def frame(message) -> bytes:
    return b"\x00" + msgpack.packb(message)


def register(route: str = "/", **page) -> bytes:
    return frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                    "page": {"route": route, "width": 390, "height": 844,
                                             **page}}])


def event(name, data, target=PAGE) -> bytes:
    return frame([CONTROL_EVENT, {"target": target, "name": name, "data": data}])


# Page events with garbage in them: sent to a page on the prompt and to one let in.
PAGE_EVENTS = {
    "route is a number": [event("route_change", {"route": 5})],
    "route missing": [event("route_change", {})],
    "route event is a list": [event("route_change", [1, 2])],
    "route event is empty": [event("route_change", None)],
    "route is a map": [event("route_change", {"route": {"a": 1}})],
    "view_pop without route": [event("view_pop", {"x": 1})],
    "view_pop is text": [event("view_pop", "not a view")],
    "view_pop route is a number": [event("view_pop", {"route": 5})],
    "keyboard is text": [event("keyboard_event", "bad")],
    "keyboard wrong types": [event("keyboard_event", {"key": 5, "shift": "yes"})],
    "keyboard all fields wrong": [event("keyboard_event", {
        "key": [], "shift": 1, "ctrl": None, "alt": "x", "meta": {}})],
    "resize is text": [event("resize", "bad")],
    "resize wrong types": [event("resize", {"width": "wide"})],
    "resize both wrong": [event("resize", {"width": "wide", "height": None})],
    "brightness unknown": [event("platform_brightness_change", {"brightness": "purple"})],
    "brightness is text": [event("platform_brightness_change", "dark")],
    "lifecycle unknown": [event("app_lifecycle_state_change", {"state": "nope"})],
    "lifecycle is a number": [event("app_lifecycle_state_change", {"state": 5})],
    "media wrong": [event("media_change", {"padding": "x"})],
    "media is text": [event("media_change", "x")],
    "locale is text": [event("locale_change", {"locales": "x"})],
    "locale list of numbers": [event("locale_change", {"locales": [1, 2]})],
    "views_pop_until garbage": [event("views_pop_until", {"route": None})],
    "unknown event": [event("zzz", {"a": 1})],
    "unknown control": [event("click", {}, target=99_999)],
    "control id is text": [event("click", {}, target="1")],
    "control id is a list": [event("click", {}, target=[1])],
    "event name is a list": [event(["click"], {})],
    "page props garbage": [frame([UPDATE_CONTROL_PROPS, {"id": PAGE, "props": {
        "route": 5, "width": "x"}}]), event("route_change", {"route": "/"})],
}
# Messages that are wrong as messages: each may end its session.
MESSAGES = {
    "map with a number for a key": [event("route_change", {1: "/", "route": "/x"})],
    "event without name": [frame([CONTROL_EVENT, {"target": PAGE}])],
    "event body is text": [frame([CONTROL_EVENT, "x"])],
    "event body is empty": [frame([CONTROL_EVENT, None])],
    "unknown action": [frame([99, {}])],
    "not a list": [frame(5)],
    "empty list": [frame([])],
    "not msgpack": [b"\x00\xc1"],
    "extra data": [frame([CONTROL_EVENT, {"target": PAGE, "name": "x", "data": None}])
                   + b"\x01"],
    "a text frame": ["hello"],
    "short data channel": [b"\x01\x00"],
    "unknown packet type": [b"\x07abc"],
    "answer to no call": [frame([INVOKE_METHOD, {"control_id": "x", "call_id": None,
                                                 "result": 1, "error": None}])],
    "props of no control": [frame([UPDATE_CONTROL_PROPS, {"id": 99_999, "props": "x"}])],
}
# The first message itself is wrong.
FIRST = {
    "event before the session": [event("route_change", {"route": "/"})],
    "page is text": [frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                              "page": "x"}])],
    "route is a number at start": [register(route=5)],
    "session id is a number": [frame([REGISTER_CLIENT, {"session_id": 5, "page_name": "",
                                                        "page": {}}])],
    "register without fields": [frame([REGISTER_CLIENT, {}])],
}


class Session:
    """One session at the protocol level, answering the server's calls to the phone's
    storage with nothing stored."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.text = ""
        self.field: int | None = None  # the code prompt's text field
        self.closed = asyncio.Event()
        self.ws = None

    async def open(self) -> None:
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws",
                                origin=f"http://127.0.0.1:{self.port}",
                                local_addr=(self.source, 0), open_timeout=10, max_size=None)
        self.reader = asyncio.ensure_future(self.read())

    async def read(self, answers: int | None = None) -> None:
        try:
            async for data in self.ws:
                if not isinstance(data, bytes) or data[:1] != b"\x00":
                    continue
                self.text += data.decode("utf-8", "replace")
                with contextlib.suppress(Exception):
                    action, body = msgpack.unpackb(data[1:], strict_map_key=False)
                    self.find_field(body)
                    if action == INVOKE_METHOD:
                        await self.ws.send(frame([INVOKE_METHOD, {
                            "control_id": body["control_id"], "call_id": body["call_id"],
                            "result": None, "error": None}]))
        except ConnectionClosed:
            pass
        self.closed.set()

    def find_field(self, value) -> None:
        if isinstance(value, dict):
            if value.get("_c") == "TextField":
                self.field = value.get("_i")
            for item in value.values():
                self.find_field(item)
        elif isinstance(value, list):
            for item in value:
                self.find_field(item)

    async def until(self, condition, timeout: float = DEADLINE) -> bool:
        """Whether ``condition`` holds within ``timeout`` (or the server closed)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if self.closed.is_set() or loop.time() > deadline:
                return condition()
            await asyncio.sleep(0.02)
        return True

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.reader, 5)


async def send_bad(port: int, source: str, frames: list, phase: str, name: str = "") -> str:
    """One session: started (on the prompt, or let in with the code in its address), the
    bad ``frames``, then a message with a known answer. What became of it."""
    session = Session(port, source)
    await session.open()
    try:
        if phase == "first":  # sent, and the phone leaves: the last session checks
            for f in frames:
                await session.ws.send(f)
            return "sent"
        route = "/" if phase == "prompt" else f"/?code={CODE}"
        await session.ws.send(register(route))
        shown = (lambda: session.field is not None and PROMPT in session.text) \
            if phase == "prompt" else (lambda: HOME in session.text)
        assert await session.until(shown), f"{name}: not shown: {session.text[-300:]}"
        for f in frames:
            await session.ws.send(f)
        if phase == "prompt":
            await session.ws.send(event("submit", None, target=session.field))
            answered = await session.until(lambda: EMPTY in session.text)
        else:
            await session.ws.send(frame([UPDATE_CONTROL_PROPS, {
                "id": PAGE, "props": {"route": "/settings"}}]))
            await session.ws.send(event("route_change", {"route": "/settings"}))
            answered = await session.until(lambda: SETTINGS in session.text)
        assert answered or session.closed.is_set(), f"{name}: no answer, not closed"
        return "answered" if answered else "closed"
    finally:
        await session.close()


async def closed_at_start(port: int, source: str, route: str, answers: int) -> None:
    """A session that asks for its page and leaves after ``answers`` of the server's
    calls to the phone were answered, while its page starts (or once it is shown, when
    the start makes fewer calls)."""
    session = Session(port, source)
    await session.open()
    await session.ws.send(register(route))

    def answered() -> bool:
        return (session.text.count("call_id") >= answers or PROMPT in session.text
                or HOME in session.text)

    await session.until(answered)
    await session.close()


def addresses():
    for a, b in itertools.product(range(2, 250), range(2, 250)):
        yield f"127.46.{a}.{b}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    c = Companion(tmp_path_factory.mktemp("hostile"), "--host", "0.0.0.0",
                  "--access-code", CODE)
    yield c
    c.stop()


async def drive(port: int) -> tuple[int, dict[str, str]]:
    """The whole corpus; the number of bad messages sent and what became of each."""
    source = addresses()
    limit = asyncio.Semaphore(IN_PARALLEL)
    jobs: dict[str, asyncio.Future] = {}

    async def bounded(coro):
        async with limit:
            return await coro

    cases = [(f"{phase}: {name}", frames, phase)
             for phase in ("prompt", "let in")
             for name, frames in {**PAGE_EVENTS, **MESSAGES}.items()]
    cases += [(f"first: {name}", frames, "first") for name, frames in FIRST.items()]
    for name, frames, phase in cases:
        jobs[name] = asyncio.ensure_future(bounded(send_bad(port, next(source), frames,
                                                            phase, name)))
    # Sessions closed while their page starts: on the prompt and let in, at each of the
    # calls a start makes to the phone (its storage, its language, its time zone).
    starts = [asyncio.ensure_future(bounded(closed_at_start(
        port, next(source), route, answers)))
        for route in ("/", f"/?code={CODE}") for answers in range(5) for _ in range(2)]
    outcomes = await asyncio.gather(*jobs.values(), *starts)
    # One more session through to its answer: what the ones before left is handled.
    assert await send_bad(port, next(source), [], "prompt") == "answered"
    bad = sum(len(frames) for _, frames, _ in cases) + len(starts)
    return bad, dict(zip(jobs, outcomes, strict=False))


def test_malformed_messages_put_no_traceback_on_the_console(server):
    before = server.output()
    bad, outcomes = run(asyncio.wait_for(drive(server.port), 240))
    console = server.output()[len(before):]
    assert "Traceback" not in console, console[:6000]
    lines = [line for line in console.splitlines() if line.strip()]
    assert len(lines) <= bad, "\n".join(lines[:80])
    # The page events are not messages the session ends for: each is answered after.
    for name, outcome in outcomes.items():
        if name.split(": ", 1)[1] in PAGE_EVENTS:
            assert outcome == "answered", name
