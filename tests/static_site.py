"""The static site (``python -m companion.site``) built once per test process, and a plain
static web server for it, as any static host would serve it: the browser tests of the
site (Chromium and WebKit) open it from here."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


@functools.cache
def built_site() -> Path:
    """The site, built into a temporary folder (removed when the process ends)."""
    from companion.tools.static_site import build

    folder = Path(tempfile.mkdtemp(prefix="companion-site-test-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    build(folder / "site")
    return folder / "site"


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
