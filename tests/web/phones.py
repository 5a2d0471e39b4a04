"""A phone at the protocol level, for the tests of the access code under load: it opens
the app's WebSocket from a chosen 127.0.0.x address (the server listens on every address,
so each is a different client to it), asks for a session as the Flutter client does, and
answers the server's calls to its storage as a browser would.

What the server sent is kept as text: the prompt's words and its messages (msgpack keeps
strings as they are) tell a refused code from one that had to wait, and the app's own
screen from the prompt.
"""

from __future__ import annotations

import asyncio
import contextlib

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

REGISTER_CLIENT, CONTROL_EVENT, INVOKE_METHOD = 1, 3, 5  # flet.messaging.protocol
PROMPT = "Enter the table's code"  # access.heading
WRONG = "That is not the table's code"  # access.wrong
WAIT = "Too many wrong codes"  # access.wait
CHANGED = "The table's code has changed"  # access.changed
HOME = "Invite a phone"  # invite.button, at the bottom of Home
PASS_KEY = "table_companion.access_code"  # companion/ui/views/access_code.py


class Phone:
    """One session of one phone; ``storage`` is its browser's (shared by its tabs)."""

    def __init__(self, port: int, source: str = "127.0.0.1", route: str = "/",
                 storage: dict | None = None, headers: dict | None = None):
        self.port = port
        self.source = source
        self.route = route
        self.storage = {} if storage is None else storage
        self.headers = headers or {}
        self.text = ""
        self.session_id = ""
        self.refused = False  # the handshake, or the session, was refused
        self.closed = False  # the server closed the socket
        self._ws = None
        self._reader: asyncio.Task | None = None

    async def open(self) -> Phone:
        try:
            self._ws = await connect(
                f"ws://127.0.0.1:{self.port}/ws", origin=f"http://127.0.0.1:{self.port}",
                additional_headers=self.headers, local_addr=(self.source, 0),
                open_timeout=20, max_size=None)
        except (InvalidStatus, OSError, TimeoutError):
            self.refused = self.closed = True
            return self
        page = {"route": self.route, "width": 390, "height": 844}
        await self._ws.send(b"\x00" + msgpack.packb(
            [REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page}]))
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for frame in self._ws:
                if not isinstance(frame, bytes) or frame[:1] != b"\x00":
                    continue
                self.text += frame.decode("utf-8", "replace")
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
                if action == REGISTER_CLIENT:
                    self.session_id = body.get("session_id", "")
                elif action == INVOKE_METHOD:
                    await self._answer(body)
        except ConnectionClosed:
            pass
        self.closed = True
        if not self.session_id or self._ws.close_code == 1013:
            self.refused = True  # closed before Flet made a session: the waiting room

    async def _answer(self, call: dict) -> None:
        """Shared preferences as a browser keeps them."""
        name, args = call["name"], call.get("args") or {}
        result = None
        if name == "get":
            result = self.storage.get(args["key"])
        elif name == "set":
            self.storage[args["key"]] = args["value"]
            result = True
        elif name == "remove":
            self.storage.pop(args["key"], None)
            result = True
        # Anything else (the device's details, the address bar) comes back empty.
        await self._ws.send(b"\x00" + msgpack.packb([INVOKE_METHOD, {
            "control_id": call["control_id"], "call_id": call["call_id"],
            "result": result, "error": None}]))

    async def shows(self, words: str, timeout: float = 15.0) -> bool:
        """Whether ``words`` arrive within ``timeout`` (False at once if closed)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while words not in self.text:
            if self.closed or loop.time() > deadline:
                return words in self.text
            await asyncio.sleep(0.05)
        return True

    async def answer(self, timeout: float = 15.0) -> str:
        """What the prompt said to the code this session came with: WRONG, WAIT, or
        HOME (let in); "" when the session was refused or nothing came."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline and not self.closed:
            for outcome in (WAIT, WRONG, HOME):
                if outcome in self.text:
                    return outcome
            await asyncio.sleep(0.05)
        return next((o for o in (WAIT, WRONG, HOME) if o in self.text), "")

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)


def vm_rss_kib(pid: int) -> int:
    """A process's resident memory, from /proc/<pid>/status."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")
