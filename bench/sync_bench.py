"""How soon the other phones at one table follow a change made on one of them, with 10, 50
and 100 phones on the table's Play screen (the goal: 50 phones within 1 s).

``companion --web`` serves a Luna table in its Action Phase; simulated phones speak Flet's
WebSocket protocol as the Flutter client does (ask for a session on the table's Play
route, answer the server's method calls as a client without storage would, receive the
screen's patches), each from an address of its own on the loopback network (the server
bounds the sockets of one address). Phone 1 taps the big button and Undo in turn, each tap
a change announced on the table's topic; the figure is, for each other phone, the time
from the tap leaving phone 1 to the first patch of the screen reaching that phone, and the
server's CPU time for the change. Beside it, alternately change by change, the baseline:
Flet's counter shared by every page (``bench/shared_counter_app.py``), a tap on one page
shown on every other, served the plain Flet way: what Flet's own broadcast costs.

Prints, per count of phones, the median, 95th percentile and worst time for the app and
the baseline, the server's CPU milliseconds per change and per phone, the ratios app /
baseline, and the load average; the last line is the 50 phones' worst against the goal
(1 s). Exits 1 when the goal is missed. Run by hand (a minute or two), not in the tests:

    .venv/bin/python bench/sync_bench.py [--phones 10,50,100] [--changes 8]

``--profile FILE`` records the app server with py-spy (``--py-spy`` names the program,
default ``py-spy`` on the PATH) during the changes at the largest count, in py-spy's raw
format (one line per stack, for ``flamegraph.pl`` or a look with ``sort``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402

from bench.app_bench import compile_sources  # noqa: E402
from companion.storage.store import Store  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
# Luna to its Action Phase (companion/flows/luna.py): start, the Preliminary Round's steps.
LOG = [{"type": "start", "player": 1}] + [{"type": "next"}] * 3
# flet.messaging.protocol.MessageAction
REGISTER_CLIENT, PATCH_CONTROL, INVOKE_METHOD = 1, 2, 5
GOAL_S = 1.0  # s: 50 phones follow a change within it
GOAL_PHONES = 50
ARRIVAL_TIMEOUT = 60.0  # s for every phone to get a change; past it the bench gives up
QUIET = 0.3  # s without a patch to any phone before the next change
JOINING = 3  # phones opening the table at once


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
    """The app (``companion --web``) with one Luna table, or the shared counter."""

    def __init__(self, kind: str, folder: Path):
        self.kind, self.port = kind, free_port()
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
        env.pop("COMPANION_DATA_DIR", None)
        if kind == "app":
            store = Store(folder)
            table = store.create_table("luna", "standard", PLAYERS, seed=7)
            for seq, event in enumerate(LOG):
                store.append_event(table.id, event, seq)
            self.route = f"/table/{table.id}/play"
            args = ["-m", "companion", "--web", "--port", str(self.port),
                    "--data-dir", str(folder)]
        else:
            self.route = "/"
            args = [str(ROOT / "bench" / "shared_counter_app.py"), str(self.port)]
        self.console = folder.parent / f"{kind}-console.txt"
        with open(self.console, "wb") as out:
            self.proc = subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT,
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
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Phone:
    """One simulated phone: a Flet session on ``route``, from its own loopback address."""

    def __init__(self, server: Server, number: int):
        self.server, self.number = server, number
        self.source = f"127.0.0.{2 + number}"
        self.buttons: dict[str, int] = {}  # "next" / "undo" → the latest such control's id
        self.patched_at = 0.0  # when the latest patch arrived
        self.first_patch_after: float | None = None
        self.waiting_since = float("inf")
        self.drawn = asyncio.Event()  # the screen with its buttons has arrived
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task | None = None

    async def open(self) -> None:
        port = self.server.port
        self.ws = await connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                                max_size=None, open_timeout=60, ping_interval=None,
                                local_addr=(self.source, 0))
        page = {"route": self.server.route, "width": 390, "height": 844}
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

    async def tap(self, button: str) -> None:
        await self.send([3, {"target": self.buttons[button], "name": "click", "data": None}])

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


class Table:
    """A server and the phones on its screen."""

    def __init__(self, server: Server):
        self.server = server
        self.phones: list[Phone] = []
        self.taps = 0

    async def grow_to(self, count: int) -> None:
        # A few at a time: phones joining a table, not a flood of handshakes.
        while len(self.phones) < count:
            batch = [Phone(self.server, n) for n in
                     range(len(self.phones), min(count, len(self.phones) + JOINING))]
            await asyncio.gather(*(p.open() for p in batch))
            self.phones += batch
        await quiet(self.phones)

    async def change(self) -> tuple[list[float], float]:
        """One tap on phone 1: each other phone's wait for it (s), the server's CPU (s)."""
        tapper, others = self.phones[0], self.phones[1:]
        button = "undo" if self.server.kind == "app" and self.taps % 2 else "next"
        self.taps += 1
        cpu = self.server.cpu_seconds()
        sent = time.perf_counter()
        for phone in self.phones:
            phone.expect_change(sent)
        await tapper.tap(button)
        deadline = time.monotonic() + ARRIVAL_TIMEOUT
        while any(p.first_patch_after is None for p in self.phones):
            if time.monotonic() > deadline:
                missing = sum(p.first_patch_after is None for p in self.phones)
                raise RuntimeError(f"{self.server.kind}: {missing} phones got no change; "
                                   f"the server said: {self.server.said()}")
            await asyncio.sleep(0.005)
        waits = [p.first_patch_after - sent for p in others]  # type: ignore[operator]
        await quiet(self.phones)
        return waits, self.server.cpu_seconds() - cpu


async def quiet(phones: list[Phone]) -> None:
    """Until no phone has had a patch for ``QUIET`` seconds (notices, settings, the
    wake lock: what follows a start or a tap)."""
    while time.perf_counter() - max(p.patched_at for p in phones) < QUIET:
        await asyncio.sleep(0.05)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def spy(py_spy: str, pid: int, out: str) -> subprocess.Popen:
    return subprocess.Popen([py_spy, "record", "--pid", str(pid), "--format", "raw",
                             "--rate", "200", "--output", out, "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def run(counts: list[int], changes: int, profile: str | None, py_spy: str) -> dict:
    figures: dict[tuple[str, int], dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        servers = {kind: Server(kind, Path(folder) / kind) for kind in ("app", "baseline")}
        tables = {kind: Table(server) for kind, server in servers.items()}
        try:
            for count in counts:
                for table in tables.values():
                    await table.grow_to(count)
                recorder = None
                if profile and count == max(counts):
                    recorder = spy(py_spy, servers["app"].proc.pid, profile)
                    await asyncio.sleep(1)  # py-spy attached
                for _ in range(changes):
                    for kind, table in tables.items():  # app, baseline, app, …
                        waits, cpu = await table.change()
                        got = figures.setdefault((kind, count), {"waits": [], "cpu": []})
                        got["waits"] += waits
                        got["cpu"].append(cpu)
                if recorder is not None:
                    recorder.send_signal(2)  # py-spy writes its file on SIGINT
                    recorder.wait(timeout=60)
        finally:
            for table in tables.values():
                await asyncio.gather(*(p.close() for p in table.phones),
                                     return_exceptions=True)
            for server in servers.values():
                server.stop()
    return figures


def report(figures: dict, counts: list[int]) -> bool:
    met = True
    for count in counts:
        line = {}
        for kind in ("app", "baseline"):
            waits, cpu = figures[(kind, count)]["waits"], figures[(kind, count)]["cpu"]
            line[kind] = (statistics.median(waits), percentile(waits, 95), max(waits),
                          sum(cpu) / len(cpu))  # the clock counts in ticks of 10 ms
            print(f"{count:>4} phones, {kind:>8}: median {line[kind][0] * 1000:7.0f} ms, "
                  f"95th {line[kind][1] * 1000:7.0f} ms, worst {line[kind][2] * 1000:7.0f} ms; "
                  f"server CPU {line[kind][3] * 1000:6.0f} ms a change "
                  f"({line[kind][3] * 1000 / count:5.1f} ms a phone)")
        app, base = line["app"], line["baseline"]
        print(f"{count:>4} phones, app / baseline: median {app[0] / base[0]:.2f}×, "
              f"95th {app[1] / base[1]:.2f}×, worst {app[2] / base[2]:.2f}×, "
              f"CPU {app[3] / max(base[3], 1e-3):.2f}×")
        if count == GOAL_PHONES:
            met = app[2] < GOAL_S
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if GOAL_PHONES in counts:
        worst = max(figures[("app", GOAL_PHONES)]["waits"])
        print(f"{GOAL_PHONES} phones: the last followed after {worst:.2f} s "
              f"(goal within {GOAL_S:.0f} s)")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", default="10,50,100",
                        help="counts of phones on the table, in turn (default 10,50,100)")
    parser.add_argument("--changes", type=int, default=8, help="changes at each count")
    parser.add_argument("--profile", metavar="FILE",
                        help="record the app server with py-spy at the largest count")
    parser.add_argument("--py-spy", default="py-spy", help="the py-spy program")
    args = parser.parse_args()
    counts = sorted(int(n) for n in args.phones.split(","))
    if args.profile and shutil.which(args.py_spy) is None:
        print(f"sync_bench: no py-spy at {args.py_spy!r} (pip install py-spy)",
              file=sys.stderr)
        return 2
    compile_sources()
    figures = asyncio.run(run(counts, args.changes, args.profile, args.py_spy))
    return 0 if report(figures, counts) else 1


if __name__ == "__main__":
    sys.exit(main())
