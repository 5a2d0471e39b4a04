"""The static site (``python -m companion.site``) beside a hello site built the same way:
Flet 1.0.5's counter (bench/hello_app.py) as the site's app, with flet alone as its
dependency, through the same build (client, patches, service worker, archive of wheels).

Both are served by one static server that compresses as a static host does (gzip, level
6, what a host such as GitHub Pages sends), in headless Chromium at 390×844:

- **first visit**: a fresh browser profile, from the address to a usable first screen (the
  app's Home with its games; the counter's button), then the bytes on the wire (headers
  and compressed bodies, Chromium's count, tests/e2e/test_first_visit.py's ``Wire``) and
  the requests, once the network is quiet;
- **repeat visit**: the browser started again on the same profile, as a phone opens the
  app again from its home screen (the service worker serves every file), to a usable
  first screen.

Rounds alternate app, hello, app, hello … (``--rounds``). Prints each figure's median with
min–max for each, any request that left the site, the load average, and on the last line
the ratios app / hello. Run by hand (a few minutes; the first build downloads the wheels):

    .venv/bin/python bench/site_bench.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import os
import re
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.app_bench import PHONE, alternately, print_side_by_side, ratios  # noqa: E402
from companion.tools.static_site import (  # noqa: E402
    SiteApp,
    browser_requirements,
    build,
)
from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.e2e.flutter import button, open_app  # noqa: E402
from tests.e2e.test_first_visit import Wire  # noqa: E402

HELLO_MAIN = b"import flet as ft\n\nfrom hello_app import main\n\nft.run(main)\n"
HELLO = SiteApp(
    members=lambda: [("main.py", HELLO_MAIN),
                     ("hello_app.py", (ROOT / "bench" / "hello_app.py").read_bytes())],
    requirements=lambda runtime: [r for r in browser_requirements(runtime) if r.name == "flet"])
COMPRESSED = {".js", ".mjs", ".wasm", ".json", ".html", ".css", ".otf", ".ttf", ".txt", ".zip",
              ".md", ".bin", ""}


class StaticHost(SimpleHTTPRequestHandler):
    """The standard library's static server, sending gzip to a browser that takes it."""

    cache: dict[str, bytes] = {}

    def send_head(self):
        path = Path(self.translate_path(self.path))
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and path.is_file() and path.suffix in COMPRESSED):
            return super().send_head()
        body = self.cache.get(str(path))
        if body is None:
            body = self.cache[str(path)] = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Body(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base's name
        pass


class _Body:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, *args) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


def serve(folder: Path) -> str:
    handler = functools.partial(StaticHost, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def usable(page, kind: str):
    return (page.get_by_text("Start a new table") if kind == "app"
            else button(page, "one more"))


def one_round(browser, kind: str, url: str, figures: dict, outside: set) -> None:
    with tempfile.TemporaryDirectory() as profile:
        context, page = phone(browser, profile)
        wire = Wire(page)
        started = time.perf_counter()
        open_app(page, url)
        usable(page, kind).wait_for(timeout=180000)
        figures.setdefault(("first visit time, s", kind), []).append(
            time.perf_counter() - started)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1500)
        figures.setdefault(("first visit bytes, MB", kind), []).append(wire.total / 1e6)
        figures.setdefault(("first visit requests, n", kind), []).append(len(wire.bytes))
        outside.update(u for _, u in wire.statuses if not u.startswith(url))
        context.close()

        # Later, as a phone opens it again from its home screen: the browser started
        # anew on the same profile, every file from the service worker.
        context, page = phone(browser, profile)
        started = time.perf_counter()
        open_app(page, url)
        usable(page, kind).wait_for(timeout=180000)
        figures.setdefault(("repeat visit time, s", kind), []).append(
            time.perf_counter() - started)
        context.close()


def phone(browser, profile: str):
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport=PHONE)
    return context, context.pages[0] if context.pages else context.new_page()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        urls = {}
        for kind, app in (("app", None), ("hello", HELLO)):
            site = Path(folder) / kind
            build(site, app=app)
            size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
            print(f"{kind} site: {size / 1e6:.1f} MB on disk")
            urls[kind] = serve(site)
        figures: dict[tuple[str, str], list[float]] = {}
        outside: set[str] = set()
        alternately(args.rounds, lambda browser, kind: one_round(
            browser, kind, urls[kind], figures, outside))
    print_side_by_side(figures, lambda v: f"{v:.2f}", width=24)
    print("requests that left the site: " + (", ".join(sorted(
        re.sub(r"\?.*", "", u) for u in outside)) or "none"))
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("app / hello: " + ", ".join(ratios(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
