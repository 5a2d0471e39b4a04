"""How soon the other phones at one table follow a change made on one of them, with 10, 50
and 100 phones on the table's Play screen (the goal: 100 phones within 0.5 s, at most
3 ms of the server's CPU a phone).

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
baseline, and the load average; the last line is the 100 phones' worst and CPU a phone
against the goal. Exits 1 when the goal is missed. Run by hand (a minute or two), not in the tests:

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
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.app_bench import compile_sources  # noqa: E402
from bench.simulated_phones import (  # noqa: E402
    ARRIVAL_TIMEOUT,
    Phone,
    Server,
    free_port,
    luna_table,
    percentile,
    quiet,
)
from companion.storage.store import Store  # noqa: E402

GOAL_S = 0.5  # s: 100 phones follow a change within it
GOAL_CPU_S = 0.003  # s of the server's CPU a phone, at most
GOAL_PHONES = 100
JOINING = 3  # phones opening the table at once


def start(kind: str, folder: Path) -> Server:
    """The app (``companion --web``) with one Luna table, or the shared counter."""
    port = free_port()
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
    env.pop("COMPANION_DATA_DIR", None)
    if kind == "app":
        route = luna_table(Store(folder))
        args = ["-m", "companion", "--web", "--port", str(port), "--data-dir", str(folder)]
    else:
        route = "/"
        args = [str(ROOT / "bench" / "shared_counter_app.py"), str(port)]
    return Server(kind, [sys.executable, *args], port, folder.parent / f"{kind}-console.txt",
                  route=route, env=env)


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


def spy(py_spy: str, pid: int, out: str) -> subprocess.Popen:
    return subprocess.Popen([py_spy, "record", "--pid", str(pid), "--format", "raw",
                             "--rate", "200", "--output", out, "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def run(counts: list[int], changes: int, profile: str | None, py_spy: str) -> dict:
    figures: dict[tuple[str, int], dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        servers = {kind: start(kind, Path(folder) / kind) for kind in ("app", "baseline")}
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
            met = app[2] <= GOAL_S and app[3] / count <= GOAL_CPU_S
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if GOAL_PHONES in counts:
        app = figures[("app", GOAL_PHONES)]
        cpu = sum(app["cpu"]) / len(app["cpu"]) / GOAL_PHONES
        print(f"{GOAL_PHONES} phones: the last followed after {max(app['waits']):.2f} s "
              f"(goal within {GOAL_S} s), {cpu * 1000:.1f} ms of CPU a phone "
              f"(goal {GOAL_CPU_S * 1000:.0f} ms)")
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
