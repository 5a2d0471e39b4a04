"""A phone's first visit is at most 4.5 MB on the wire in English and 6 MB in Japanese, a
second one almost nothing, and the client asks for no file the server does not have
(companion/web/compressed.py). A phone reading English fetches the Japanese font only
when Japanese text is drawn (a player's Japanese name), and draws it, never boxes. Bytes
are Chromium's own count of what came over the network for the page and its service
worker (headers and compressed bodies, through Playwright)."""

from __future__ import annotations

import re
import time
import urllib.request

from companion.assets_folder import FONT_FILE, LATIN_FONT_FILE
from companion.web.compressed import FIRST
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import open_app, shot, shows
from tests.e2e.tables import write_table

FIRST_VISIT_LIMIT = 6_000_000  # bytes, in Japanese; 16.1 MB before the client was compressed
ENGLISH_FIRST_VISIT_LIMIT = 4_500_000  # no kana or kanji in its font
JAPANESE_FONT = FONT_FILE.rsplit("/", 1)[-1]
LATIN_FONT = LATIN_FONT_FILE.rsplit("/", 1)[-1]
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
    """What came over the network for one phone: its page and its service worker.

    The app's service worker (assets/flutter_service_worker.js) fetches the
    client's files and hands them to the page, so the page's own count of a file served
    that way is nothing: the bytes are the worker's. Playwright reports both (a response
    ``from_service_worker`` is the hand-over, not counted); a file counts its headers and
    its body as sent, compressed."""

    def __init__(self, page):
        self.context = page.context
        self.bytes: dict[str, int] = {}  # url → bytes (the last fetch of it)
        self.statuses: list[tuple[int, str]] = []
        self.context.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        response = request.response()
        if response is None:
            return
        self.statuses.append((response.status, request.url))
        if response.from_service_worker:
            return
        sizes = request.sizes()
        key = f"{len(self.bytes)} {request.url}"
        self.bytes[key] = (max(0, sizes["responseBodySize"])
                           + max(0, sizes["responseHeadersSize"]))

    def clear(self) -> None:
        self.bytes.clear()
        self.statuses.clear()

    @property
    def total(self) -> int:
        return sum(self.bytes.values())

    def fetched(self, name: str) -> int:
        """Bytes of the fetches whose address ends with ``name``."""
        return sum(n for key, n in self.bytes.items() if key.endswith(name))

    def missing(self) -> list[str]:
        return [f"{status} {url}" for status, url in self.statuses if status >= 400]


def until(page, wire: Wire, check, what: str, timeout: float = 15) -> None:
    """Wait until ``check()`` holds of what came over the wire (Playwright reports each
    response while the page is waited on)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout:g} s: {what}"
        page.wait_for_timeout(100)


def quiet(page, wire: Wire, still: float = 0.5) -> None:
    """Wait until the page's fonts are in and nothing more has come for ``still`` seconds:
    the fonts and fallbacks a frame asks for come after it is drawn, a file at a time."""
    page.evaluate("document.fonts.ready.then(() => true)")
    seen, since = -1, time.monotonic()
    while time.monotonic() - since < still:
        if len(wire.statuses) != seen:
            seen, since = len(wire.statuses), time.monotonic()
        page.wait_for_timeout(100)


def load_home(page, url: str, wire: Wire) -> None:
    open_app(page, url)
    page.get_by_text(re.compile("Latoro")).first.wait_for()
    page.wait_for_load_state("networkidle")
    quiet(page, wire)


def test_first_visits_in_english_and_japanese_and_japanese_names_in_english(server, page,
                                                                          browser):
    """One server for the three visits (each had its own; the first visit's files are
    compressed once a server): each phone a context of its own, so each first visit
    starts with nothing kept."""
    wait_until_compressed(server.url)
    first_visit_in_english_is_under_4_5_mb_and_a_second_almost_nothing(server, page)
    first_visit_in_japanese_is_under_6_mb_with_the_japanese_font_at_once(server, browser)
    japanese_names_are_drawn_on_a_phone_reading_english(server, browser)


def first_visit_in_english_is_under_4_5_mb_and_a_second_almost_nothing(server, page) -> None:
    wire = Wire(page)
    here = server.url.rstrip("/")
    elsewhere: list[str] = []  # Flet's client asked a CDN for Rive's runtime (unused)
    page.context.on("request", lambda r: elsewhere.append(r.url)
                    if r.url.startswith("http") and not r.url.startswith(here) else None)
    open_app(page, server.url)
    page.get_by_text(re.compile("Latoro")).first.wait_for()
    until(page, wire, lambda: wire.fetched(LATIN_FONT) > 0, "the Latin font")
    page.wait_for_load_state("networkidle")
    quiet(page, wire)
    first = wire.total
    print(f"first visit: {first:,} bytes on the wire in {len(wire.bytes)} responses")
    assert wire.missing() == []
    assert elsewhere == []
    assert first <= ENGLISH_FIRST_VISIT_LIMIT
    assert wire.fetched(LATIN_FONT) > 0 and wire.fetched(JAPANESE_FONT) == 0
    shot(page, "first-visit-home-english")
    # Counted, not missed: the client's program itself came over (compressed, a few MB).
    assert wire.fetched("main.dart.wasm") + wire.fetched("main.dart.js") > 1_000_000

    wire.clear()
    load_home(page, server.url, wire)
    second = wire.total
    print(f"second visit: {second:,} bytes on the wire")
    assert wire.missing() == []
    assert second <= SECOND_VISIT_LIMIT


def first_visit_in_japanese_is_under_6_mb_with_the_japanese_font_at_once(server,
                                                                         browser) -> None:
    context = browser.new_context(viewport=PHONE, locale="ja-JP")
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        wire = Wire(page)
        open_app(page, server.url)
        page.get_by_text("新しい卓を始める").wait_for()
        # Its font manifest names the Japanese font for the app's family, from the first
        # frame (the Latin subset still stands in for Roboto).
        until(page, wire, lambda: wire.fetched(JAPANESE_FONT) > 0, "the Japanese font")
        page.wait_for_load_state("networkidle")
        quiet(page, wire)
        first = wire.total
        print(f"first visit in Japanese: {first:,} bytes on the wire")
        assert wire.missing() == []
        assert first <= FIRST_VISIT_LIMIT
        shot(page, "first-visit-home-japanese")
    finally:
        context.close()


def japanese_names_are_drawn_on_a_phone_reading_english(server, browser) -> None:
    """A phone reading English fetches the Japanese font once it draws Japanese names
    (look at the screenshots: no boxes). The table is written into the store as New table
    makes it: how the names were typed is New table's tests' (tests/e2e/test_japanese.py)."""
    # …and Ґанна: a letter of the Latin subset's Roboto had and it has not.
    write_table(server, "latria", ["さくら", "健太", "Ґанна"])
    english = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        page = english.new_page()
        page.set_default_timeout(15000)
        wire = Wire(page)
        open_app(page, server.url)
        shows(page, re.compile("さくら, 健太, Ґанна")).wait_for()
        # Each asked for as the names were drawn.
        until(page, wire, lambda: wire.fetched(JAPANESE_FONT) > 0
              and wire.fetched("roboto.woff2") > 0, "the Japanese font and Roboto")
        page.wait_for_load_state("networkidle")
        quiet(page, wire)
        assert wire.missing() == []
        shot(page, "english-home-japanese-names")
        shows(page, re.compile("さくら, 健太, Ґанна")).click()
        shows(page, "Edit names and seats").wait_for()
        shot(page, "english-table-japanese-names")
    finally:
        english.close()
