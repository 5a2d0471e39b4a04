"""The app beside Flet's hello-world counter (bench/hello_app.py), in one run, in headless
Chromium at 390×844:

- **first visit**: bytes on the wire for a fresh phone (Chromium's own count, as
  tests/e2e/test_first_visit.py takes it), until the home screen is drawn and the network
  is quiet;
- **cold start**: from starting the server process to a usable first screen in a fresh
  page (the app's Home with its games; the counter's button);
- **tap**: from the pointer going down on a "+" (the app: a Score stepper of a Latria
  table, tapped "+" and "−" in turn, the "+" timed; the counter: its button) to the
  screen's update (the accessibility tree's first change after it: a press itself
  changes nothing there, and everything one update changes lands in the same frame),
  over ``--taps`` taps, and the messages the server sends for a tap (the page's
  WebSocket frames in the 400 ms after it);
- **memory**: the server's resident memory with 1 and with 10 pages open (the server
  bounds the connections of one address: 20 pages of one browser reach it).

Rounds alternate app, hello, app, hello … (``--rounds``). Prints, for each figure, the
median with min–max for each, the load average, and on the last line the ratios
app / hello. Run by hand (it takes a few minutes), not in the test suite:

    .venv/bin/python bench/app_bench.py [--rounds 3] [--taps 30]
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path, free_port  # noqa: E402
from tests.e2e.flutter import button, open_app  # noqa: E402
from tests.e2e.tables import create_table  # noqa: E402
from tests.e2e.test_first_visit import Wire  # noqa: E402

PHONE = {"width": 390, "height": 844}
WATCH = """() => {
  window.__tap = {down: 0, last: 0};
  document.addEventListener('pointerdown', () => {
    window.__tap.down = performance.now(); window.__tap.last = 0; }, true);
  new MutationObserver(() => {
    if (window.__tap.down && !window.__tap.last) window.__tap.last = performance.now(); })
    .observe(document.body, {subtree: true, childList: true, attributes: true,
                             characterData: true});
}"""


class Process:
    """A server process: the app (companion --web) or the hello counter."""

    def __init__(self, kind: str, data_dir: Path):
        self.kind, self.data_dir, self.port = kind, data_dir, free_port()
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
        if kind == "app":
            args = ["-m", "companion", "--web", "--port", str(self.port),
                    "--data-dir", str(data_dir)]
        else:
            args = [str(ROOT / "bench" / "hello_app.py"), str(self.port)]
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{kind} did not start")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def first_screen(page, kind: str):
    return (page.get_by_text(re.compile("Latoro")).first if kind == "app"
            else button(page, "one more"))


def one_round(browser, kind: str, taps: int, figures: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Process(kind, Path(folder))
        try:
            # Cold start and first visit: a fresh page, nothing cached.
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            wire = Wire(page)
            frames: list[int] = []  # the server's messages to this page, as they come
            page.on("websocket", lambda socket: socket.on(
                "framereceived", lambda payload: frames.append(1)))
            open_app(page, server.url)
            first_screen(page, kind).wait_for(timeout=120000)
            figures.setdefault(("cold start, s", kind), []).append(
                time.perf_counter() - server.started)
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1500)
            figures.setdefault(("first visit, MB", kind), []).append(wire.total / 1e6)

            # Taps.
            if kind == "app":
                create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"])
                button(page, "Score").first.click()
                plus = page.get_by_role("button", name=re.compile(r": one more( for .+)?$")).first
                # + and − in turn: a count of cards stays within the box's (its + stops
                # there)
                steps = [plus, page.get_by_role(
                    "button", name=re.compile(r": one fewer( for .+)?$")).first]
            else:
                plus = button(page, "one more")
                steps = [plus]
            plus.wait_for()
            page.evaluate(WATCH)
            for tap in range(taps):
                before = len(frames)
                steps[tap % len(steps)].click()
                page.wait_for_timeout(400)
                figures.setdefault(("messages a tap", kind), []).append(
                    len(frames) - before)
                down, last = page.evaluate("[window.__tap.down, window.__tap.last]")
                # The "+" alone is timed, as hello's: a "−" that reaches 0 draws itself
                # disabled, a change of the tree made before the new total shows.
                if last > down and tap % len(steps) == 0:
                    figures.setdefault(("tap, ms", kind), []).append(last - down)

            # Memory: 1 page, then 20.
            figures.setdefault(("memory 1 page, MiB", kind), []).append(server.rss_mib())
            others = []
            for _ in range(9):
                other = browser.new_context(viewport=PHONE)
                p = other.new_page()
                open_app(p, server.url)
                first_screen(p, kind).wait_for(timeout=120000)
                others.append(other)
            time.sleep(2)
            figures.setdefault(("memory 10 pages, MiB", kind), []).append(server.rss_mib())
            for other in others:
                other.close()
            context.close()
        finally:
            server.stop()


def compile_sources() -> None:
    """The project's modules compiled to bytecode, as an installed app's are (pip compiles
    what it installs; a first run writes the cache of an editable install), also where
    the environment says not to write it (``PYTHONDONTWRITEBYTECODE``). Flet and the other
    libraries come compiled; compiling the app's 22,000 lines from source on every
    start cost it about 2.5 MiB of memory and some of its cold start."""
    for package in ("companion", "scorers", "setup_guides"):
        compileall.compile_dir(ROOT / package, quiet=1)


def alternately(rounds: int, one_round) -> None:
    """A B A B …: ``one_round(browser, kind)`` for the app and hello in turn, ``rounds``
    times, in one headless Chromium (the machine's load falls on both alike)."""
    compile_sources()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for _ in range(rounds):
            for kind in ("app", "hello"):
                one_round(browser, kind)
        browser.close()


def print_side_by_side(figures: dict[tuple[str, str], list[float]], shown, width: int) -> None:
    """One line per figure: the app's and hello's median (min–max), ``shown`` formatting."""
    for name in dict.fromkeys(n for n, _ in figures):
        line = []
        for kind in ("app", "hello"):
            values = figures.get((name, kind), [float("nan")])
            line.append(f"{kind} {shown(statistics.median(values)):>7} "
                        f"({shown(min(values))}–{shown(max(values))})")
        print(f"{name:>{width}}: " + "   ".join(line))


def ratios(figures: dict[tuple[str, str], list[float]]) -> list[str]:
    """ "cold start 1.50×", …: app / hello for each figure, of the medians."""
    median = {key: statistics.median(values) for key, values in figures.items()}
    return [f"{name.split(',')[0]} {median[(name, 'app')] / median[(name, 'hello')]:.2f}×"
            for name in dict.fromkeys(n for n, _ in figures)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--taps", type=int, default=30)
    args = parser.parse_args()
    figures: dict[tuple[str, str], list[float]] = {}
    alternately(args.rounds, lambda browser, kind: one_round(browser, kind, args.taps, figures))
    print_side_by_side(figures, lambda v: f"{v:.2f}", width=22)
    tap = sorted(figures.get(("tap, ms", "app"), [0]))
    print(f"{'app tap p95, ms':>22}: {tap[int(0.95 * (len(tap) - 1))]:.1f}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("app / hello: " + ", ".join(ratios(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
