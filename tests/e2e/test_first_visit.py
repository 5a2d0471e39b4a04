"""A phone's first visit is at most 6 MB on the wire, a second one almost nothing, and
the client asks for no file the server does not have (issue 14, part 1;
companion/compressed.py). Bytes are Chromium's own count of what came over the network
(CDP ``Network.loadingFinished``: headers and compressed bodies)."""

from __future__ import annotations

import re
import time
import urllib.request

from companion.compressed import FIRST
from tests.e2e.flutter import open_app

FIRST_VISIT_LIMIT = 6_000_000  # bytes; 16.1 MB before the client was compressed
SECOND_VISIT_LIMIT = 50_000  # the page and a few 304s


def wait_until_compressed(base: str, timeout: float = 240) -> str:
    """The page's /v/<digest>/ once the files of a first visit are compressed (a fresh
    machine's first server compresses them in the background, once)."""
    with urllib.request.urlopen(base, timeout=30) as r:
        prefix = re.search(r'flet\.entrypointBaseUrl="(/v/[0-9a-f]+/)"', r.read().decode())[1]
    deadline = time.monotonic() + timeout
    for name in FIRST:
        while True:
            request = urllib.request.Request(f"{base.rstrip('/')}{prefix}{name}", method="HEAD",
                                             headers={"Accept-Encoding": "br"})
            with urllib.request.urlopen(request, timeout=30) as r:
                if r.headers["Content-Encoding"] == "br":
                    break
            assert time.monotonic() < deadline, f"{name} was not compressed in time"
            time.sleep(1)
    return prefix


class Wire:
    """What came over the network for one page, from Chromium's DevTools protocol."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.responses: dict[str, tuple[int, str]] = {}
        self.bytes: dict[str, int] = {}
        self.redirects = 0
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.requestWillBeSent", self._redirect)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _response(self, e) -> None:
        self.responses[e["requestId"]] = (e["response"]["status"], e["response"]["url"])

    def _redirect(self, e) -> None:
        if "redirectResponse" in e:  # its bytes are not in loadingFinished
            self.redirects += e["redirectResponse"].get("encodedDataLength", 0)

    def _finished(self, e) -> None:
        self.bytes[e["requestId"]] = e["encodedDataLength"]

    def clear(self) -> None:
        self.responses.clear()
        self.bytes.clear()
        self.redirects = 0

    @property
    def total(self) -> int:
        return sum(self.bytes.values()) + self.redirects

    def missing(self) -> list[str]:
        return [f"{status} {url}" for status, url in self.responses.values() if status >= 400]


def load_home(page, url: str) -> None:
    open_app(page, url)
    page.get_by_text(re.compile("Latoro")).first.wait_for()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # fonts and fallbacks asked for after the first frame


def test_first_visit_is_under_6_mb_and_a_second_almost_nothing(server, page):
    wait_until_compressed(server.url)
    wire = Wire(page)
    load_home(page, server.url)
    first = wire.total
    print(f"first visit: {first:,} bytes on the wire in {len(wire.bytes)} responses")
    assert wire.missing() == []
    assert first <= FIRST_VISIT_LIMIT

    wire.clear()
    load_home(page, server.url)
    second = wire.total
    print(f"second visit: {second:,} bytes on the wire")
    assert wire.missing() == []
    assert second <= SECOND_VISIT_LIMIT
