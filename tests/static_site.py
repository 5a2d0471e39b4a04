"""The static site (``python -m companion.site``) built once per test run, and a plain
static web server for it, as any static host would serve it: the tests of the site (its
files, and the site in Chromium and WebKit) open it from here."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from filelock import FileLock


def built_once(folder: Path) -> Path:
    """The site, built into ``folder`` by the first of the run's test processes to ask: the
    others wait for it (a lock beside it, as pytest-xdist's documentation shares a session
    fixture's work) and take it. A build that did not finish is made again."""
    from companion.tools.static_site import build

    site, done = folder / "static-site", folder / "static-site.built"
    with FileLock(folder / "static-site.lock"):
        if not done.exists():
            build(site)
            done.touch()
    return site


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base's name
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 by the standard library's static server; its URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
