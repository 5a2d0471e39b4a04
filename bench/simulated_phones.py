"""Simulated phones on a Luna table's Play screen, and the server processes they talk to:
what ``sync_bench.py`` and ``processes_bench.py`` share.

A ``Phone`` speaks Flet's WebSocket protocol as the Flutter client does (asks for a session
on a route, answers the server's method calls as a client without storage would, receives
the screen's patches), from an address of its own on the loopback network (the server
bounds the sockets of one address). A ``Server`` is a process started on a free port,
with its console kept and its CPU time read from ``/proc``.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
# Luna to its Action Phase (companion/flows/luna.py): start, the Preliminary Round's steps.
LOG = [{"type": "start", "player": 1}] + [{"type": "next"}] * 3
# flet.messaging.protocol.MessageAction
REGISTER_CLIENT, PATCH_CONTROL, INVOKE_METHOD = 1, 2, 5
ARRIVAL_TIMEOUT = 60.0  # s for every phone to get a change; past it the bench gives up
QUIET = 0.3  # s without a patch to any phone before the next change


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def luna_table(store: Any) -> str:
    """A new Luna table in ``store`` (a ``Store``), in its Action Phase: its Play route."""
    table = store.create_table("luna", "standard", PLAYERS, seed=7)
    for seq, event in enumerate(LOG):
        store.append_event(table.id, event, seq)
    return f"/table/{table.id}/play"


def cpu_seconds(pid: int, children: bool = False) -> float:
    """Process ``pid``'s user and system time so far (with ``children``, also that of its
    children that have ended and been waited for)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def controls_in(value: Any) -> list[dict]:
    """Every control (a dict with a ``_c`` type) in a patch, at any depth."""
    found: list[dict] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_c" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


class Server:
    """``command`` started in the repository, serving on 127.0.0.1 at ``port``: back once
    the port accepts. ``route`` is the page its phones open; ``kind`` names it in
    messages."""

    def __init__(self, kind: str, command: list[str], port: int, console: Path,
                 route: str = "/", env: dict[str, str] | None = None):
        self.kind, self.port, self.route, self.console = kind, port, route, console
        with open(console, "wb") as out:
            self.proc = subprocess.Popen(command, env=env, cwd=ROOT,
                                         stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"{kind} did not start: {self.said()}")

    def said(self) -> str:
        """The end of the server's console (why it stopped, or what it logged)."""
        return self.console.read_text(encoding="utf-8", errors="replace")[-2000:]

    def cpu_seconds(self) -> float:
        """The server process's user and system time so far."""
        return cpu_seconds(self.proc.pid)

    def stop(self) -> None:
        """Asked to end, and killed when it has not within 10 s."""
        self.proc.terminate()
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        self.proc.kill()  # nothing once it has ended
        self.proc.wait()


def address(number: int) -> str:
    """Phone ``number``'s own loopback address: 127.0.0.2, 127.0.0.3, … 127.0.1.0, …"""
    n = 2 + number
    return f"127.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


class Phone:
    """One simulated phone: a Flet session on ``route`` (default: the server's), from its
    own loopback address. ``server`` is what it connects to (its ``port``, and ``said()``
    when something goes wrong): the app's process, or a proxy in front of several."""

    def __init__(self, server: Any, number: int, route: str | None = None):
        self.server, self.number = server, number
        self.route = route or server.route
        self.source = address(number)
        self.buttons: dict[str, int] = {}  # "next" / "undo" → the latest such control's id
        self.patched_at = 0.0  # when the latest patch arrived
        self.first_patch_after: float | None = None
        self.waiting_since = float("inf")
        self.changed = asyncio.Event()  # set with first_patch_after
        self.drawn = asyncio.Event()  # the screen with its buttons has arrived
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task | None = None

    async def open(self) -> None:
        await self.connect()
        await self.join()

    async def connect(self) -> None:
        """The WebSocket's handshake (through a proxy: the process it reaches is chosen)."""
        port = self.server.port
        self.ws = await connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                                max_size=None, open_timeout=60, ping_interval=None,
                                local_addr=(self.source, 0))

    async def join(self) -> None:
        """The session on the route, back once its screen has been drawn."""
        page = {"route": self.route, "width": 390, "height": 844}
        await self.send([REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page}])
        self.reader = asyncio.create_task(self.read())
        try:
            await asyncio.wait_for(self.drawn.wait(), ARRIVAL_TIMEOUT)
        except TimeoutError:
            raise RuntimeError(f"phone {self.number} got no screen from the {self.server.kind}; "
                               f"the server said: {self.server.said()}") from None

    async def send(self, message: list) -> None:
        assert self.ws is not None
        await self.ws.send(b"\x00" + msgpack.packb(message))

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            now = time.perf_counter()
            action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            if action == INVOKE_METHOD:  # a client with no storage, wake lock or info
                await self.send([INVOKE_METHOD, {"control_id": body["control_id"],
                                                 "call_id": body["call_id"], "result": None,
                                                 "error": "not on this client"}])
            elif action == PATCH_CONTROL:
                self.patched_at = now
                if self.first_patch_after is None and now >= self.waiting_since:
                    self.first_patch_after = now
                    self.changed.set()
                self.note_buttons(body)

    def note_buttons(self, patch: Any) -> None:
        for control in controls_in(patch):
            if not control.get("on_click") or control.get("disabled"):
                continue
            if control["_c"] == "FilledButton":  # the big button (the counter's one)
                self.buttons["next"] = control["_i"]
            elif control["_c"] == "OutlinedButton" and control.get("content") == "Undo":
                self.buttons["undo"] = control["_i"]
        if "next" in self.buttons:
            self.drawn.set()

    def expect_change(self, since: float) -> None:
        self.first_patch_after, self.waiting_since = None, since
        self.changed.clear()

    async def tap(self, button: str) -> None:
        await self.send([3, {"target": self.buttons[button], "name": "click", "data": None}])

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


async def quiet(phones: list[Phone]) -> None:
    """Until no phone has had a patch for ``QUIET`` seconds (notices, settings, the
    wake lock: what follows a start or a tap)."""
    while time.perf_counter() - max(p.patched_at for p in phones) < QUIET:
        await asyncio.sleep(0.05)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
