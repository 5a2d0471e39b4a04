"""Where a cold start's time goes, for the app and Flet's hello counter, alternately:

- **listen**: from starting the server process to its port accepting connections (the
  imports, the store's opening, the client's catalogue);
- **page**: from there to the page's WebSocket connecting (the browser loading the
  client's files and starting Flutter);
- **first view**: from the client's first WebSocket message to the largest message the
  server sends before the screen is drawn, the first screen (the server's session, the
  first screen's build and its patch);
- **drawn**: from there to the first screen being usable (the app's Home with its games;
  the counter's button).

Prints the median with min–max of each part for each, the load average, and the ratios:

    .venv/bin/python bench/cold_start_parts.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.app_bench import PHONE, Process, first_screen  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.e2e.flutter import open_app  # noqa: E402


def one_round(browser, kind: str, parts: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Process(kind, Path(folder))
        listening = time.perf_counter()
        times: dict[str, float] = {}
        frames: list[tuple[int, float]] = []  # (bytes, when) of each message received
        try:
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()

            def on_socket(ws) -> None:
                times.setdefault("connected", time.perf_counter())

                def sent(_payload) -> None:
                    times.setdefault("asked", time.perf_counter())

                def received(payload) -> None:
                    frames.append((len(payload), time.perf_counter()))

                ws.on("framesent", sent)
                ws.on("framereceived", received)

            page.on("websocket", on_socket)
            open_app(page, server.url)
            first_screen(page, kind).wait_for(timeout=120000)
            drawn = time.perf_counter()
            times["answered"] = max((f for f in frames if f[1] <= drawn),
                                    default=(0, drawn))[1]
            for name, value in (("listen", listening - server.started),
                                ("page", times["connected"] - listening),
                                ("first view", times["answered"] - times["asked"]),
                                ("drawn", drawn - times["answered"]),
                                ("total", drawn - server.started)):
                parts.setdefault((name, kind), []).append(value)
            context.close()
        finally:
            server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    parts: dict[tuple[str, str], list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for _ in range(args.rounds):
            for kind in ("app", "hello"):
                one_round(browser, kind, parts)
        browser.close()
    ratios = []
    for name in dict.fromkeys(n for n, _ in parts):
        line = []
        for kind in ("app", "hello"):
            values = [v * 1000 for v in parts[(name, kind)]]
            line.append(f"{kind} {statistics.median(values):6.0f} "
                        f"({min(values):.0f}–{max(values):.0f})")
        print(f"{name + ', ms':>15}: " + "   ".join(line))
        app, hello = (statistics.median(parts[(name, kind)]) for kind in ("app", "hello"))
        ratios.append(f"{name} {app / hello:.2f}×")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("app / hello: " + ", ".join(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
