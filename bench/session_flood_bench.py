"""The server's memory through a flood of new sessions behind a code: a thousand sessions
from one address, then a thousand from a hundred, against ``companion --web`` with its
code set (tests/web/test_session_flood.py checks that the sessions stay within their
bounds; how much memory that takes depends on the machine, so it is measured here).

The baseline is the same server beside the flood, at rest: its memory once a phone has
joined and the prompt has been visited, before the flood. Prints the memory (MiB) at rest,
at the flood's height and once its sockets have timed out, and the ratios to rest; the
goal is within 15 % of rest at the height and after. Exits 1 when it is missed. Run by
hand (a minute), not in the tests:

    .venv/bin/python bench/session_flood_bench.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ui.app import WARM_UP_DELAY  # noqa: E402
from tests.web.phones import HOME, PROMPT, Phone, vm_rss_kib  # noqa: E402
from tests.web.test_server import Companion  # noqa: E402
from tests.web.test_session_flood import CODE, HOST, TIMEOUT, flood  # noqa: E402

GOAL = 0.15  # the rise over rest the server may take, at the flood's height and after


async def settled_rss(pid: int) -> int:
    """The server's memory once it has stayed put for three seconds: a joined phone's
    screens are imported in the background (companion/ui/app.py, warm_up_screens) after
    a pause, and that is no flood's doing."""
    await asyncio.sleep(WARM_UP_DELAY)
    readings = [vm_rss_kib(pid)]
    while len(readings) < 4 or len(set(readings[-4:])) > 1:
        assert len(readings) < 60, readings  # it settles within a minute
        await asyncio.sleep(1)
        readings.append(vm_rss_kib(pid))
    return readings[-1]


async def measure(server: Companion) -> tuple[int, int, int]:
    host = await Phone(server.port, HOST, route=f"/?code={CODE}").open()
    assert await host.answer() == HOME
    visitor = await Phone(server.port, "127.0.0.251").open()
    assert await visitor.shows(PROMPT)
    await visitor.close()
    rest = await settled_rss(server.proc.pid)
    one = await flood(server.port, ["127.0.0.2"])
    many = await flood(server.port, [f"127.0.0.{n}" for n in range(10, 110)])
    height = vm_rss_kib(server.proc.pid)
    await asyncio.sleep(TIMEOUT + 10)  # the server ends the flood's waits itself
    after = vm_rss_kib(server.proc.pid)
    await asyncio.gather(*(p.close() for p in one + many))
    await host.close()
    return rest, height, after


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        server = Companion(Path(folder), "--host", "0.0.0.0", "--access-code", CODE,
                           env={"FLET_SESSION_TIMEOUT": str(TIMEOUT)})
        started = time.monotonic()
        try:
            rest, height, after = asyncio.run(measure(server))
        finally:
            server.stop()
    mib = 1024
    print(f"at rest (baseline)   {rest / mib:7.1f} MiB")
    print(f"flood's height       {height / mib:7.1f} MiB   {height / rest:.2f}× rest")
    print(f"after its timeouts   {after / mib:7.1f} MiB   {after / rest:.2f}× rest")
    print(f"({time.monotonic() - started:.0f} s; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores)")
    worst = max(height, after) / rest
    print(f"worst {worst:.2f}× rest against the goal of {1 + GOAL:.2f}×")
    return 0 if worst <= 1 + GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
