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
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from bench.app_bench import (  # noqa: E402
    PHONE,
    Process,
    alternately,
    first_screen,
    print_side_by_side,
    ratios,
)
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
    alternately(args.rounds, lambda browser, kind: one_round(browser, kind, parts))
    in_ms = {(f"{name}, ms", kind): [v * 1000 for v in values]
             for (name, kind), values in parts.items()}
    print_side_by_side(in_ms, lambda v: f"{v:.0f}", width=15)
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("app / hello: " + ", ".join(ratios(in_ms)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
