"""The server out of reach (stopped, or the Wi-Fi gone): the last screen stays readable
with the round and the markers, a tap does nothing, a banner says why, in the app's own
font and the phone's language; back, the screen is drawn again from the saved tables
where the phone had scrolled to (companion/web/web_page.js); a reload meanwhile opens the
app from the phone's cache; a phone whose Wi-Fi went while the server ran comes back to
the table as another phone left it. One walk: one server, stopped and started again."""

from __future__ import annotations

import re

from companion.flows import FLOWS, build_event, replay
from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shot, shows, tap_until
from tests.e2e.tables import stored_table
from tests.e2e.test_two_phones import (
    open_table,
    second_page,  # noqa: F401 - a fixture
)

OUT_OF_REACH = "The table's server cannot be reached"
PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
SCROLLED = """(route) => {
    const kept = JSON.parse(JSON.parse(localStorage.getItem("flutter.companion.scroll")
                                       || "null") || "null");
    return kept && kept[0] === route && kept[1] > 300;
}"""
AT_TOP = """([text, top]) => {
    const node = [...document.querySelectorAll("flt-semantics-host *")].find(
        n => !n.childElementCount && (n.getAttribute("aria-label") || n.textContent) === text);
    return node && Math.abs(node.getBoundingClientRect().top - top) < 2;
}"""


# Counts the sockets the page opens to the server, its tries to come back included (the
# page script's probes, companion/web/web_page.js, take the WebSocket found at its start).
COUNT_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.socketsOpened = 0;
  function Counted(url, protocols) {
    if (/\\/ws(\\?|$)/.test(String(url))) window.socketsOpened++;
    return protocols === undefined ? new Native(url) : new Native(url, protocols);
  }
  Counted.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(n => { Counted[n] = Native[n]; });
  window.WebSocket = Counted;
})()"""


def count_sockets(page) -> None:
    """Count the page's sockets from its next load on (``tried``)."""
    page.add_init_script(COUNT_SOCKETS)


def tried(page, more: int, than: int) -> None:
    """Wait until the page has opened ``more`` sockets after the first ``than``."""
    page.wait_for_function(f"window.socketsOpened >= {than + more}", timeout=20_000)


class Wifi:
    """A phone's Wi-Fi, between its page and the server: ``drop`` closes its connection
    and refuses new ones until ``up`` again (set up before the page connects)."""

    def __init__(self, page):
        self.up = True
        self.connected: list = []
        page.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, ws) -> None:
        if not self.up:
            ws.close()
            return
        ws.connect_to_server()
        self.connected.append(ws)

    def drop(self) -> None:
        self.up = False
        for ws in self.connected:
            ws.close()
        self.connected = []


def top_of(page, text: str) -> float | None:
    """Where the text node ``text`` is on screen (its top), from the accessibility tree."""
    return page.evaluate("""(text) => {
        const node = [...document.querySelectorAll("flt-semantics-host *")].find(
            n => !n.childElementCount && (n.getAttribute("aria-label") || n.textContent) === text);
        return node ? node.getBoundingClientRect().top : null;
    }""", text)


def test_out_of_reach_the_screen_stays_taps_wait_and_every_phone_comes_back(
        server, page, second_page, browser):  # noqa: F811
    # A phone speaking Japanese is on Home meanwhile: its banner is in its language.
    japanese = browser.new_context(viewport={"width": 360, "height": 740},
                                   device_scale_factor=1, locale="ja-JP")
    try:
        ja = japanese.new_page()
        ja.set_default_timeout(15000)
        open_app(ja, server.url)  # Home, in the phone's language
        shows(ja, re.compile("ラトーロ")).wait_for()
        walk(server, page, second_page, ja)
    finally:
        japanese.close()


def walk(server, page, other, ja) -> None:
    wifi = Wifi(other)
    for phone in (page, other):
        count_sockets(phone)
    stored_table(page, server, "latria", PLAYERS)
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    # The service worker has kept this version of the client (127.0.0.1 is a page on
    # this computer: browsers allow one there and on https). It is registered after the
    # first screen, and keeps the files the page fetched before it: after one visit
    # only, the client is there for the reload at the end.
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    page.wait_for_function("caches.open('table-companion').then(c => c.keys())"
                           ".then(kept => kept.some(r => r.url.endsWith('/main.dart.wasm')))")
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()

    # The other phone's Wi-Fi goes while the server runs: the banner, its screen stays.
    open_table(other, server.url, "Latria", "Play")
    shows(other, "Step 1 — Reveal celestial cards").wait_for()
    opened = other.evaluate("window.socketsOpened")
    wifi.drop()
    other_alert = other.get_by_role("alert").filter(has_text=OUT_OF_REACH)
    other_alert.wait_for()
    tried(other, 2, than=opened)  # the page tried to come back, and was refused, twice
    shows(other, "Step 1 — Reveal celestial cards").wait_for(timeout=1000)
    # This phone plays on; the other, back, shows the table as it is, and its taps land.
    button(page, "Next: Step 2 — Parent plays").click()
    shows(page, "Ann plays one astrology card").wait_for()
    wifi.up = True
    shows(other, "Ann plays one astrology card").wait_for()
    other_alert.wait_for(state="detached")
    button(other, "Next: Step 3 — Children play").click()
    shows(page, "Step 3 — Children play a card").wait_for()

    # The other phone on Score, scrolled down: the place is kept once the screen is still.
    route = f"/table/{table.id}/score"
    open_app(other, f"{server.url}{route.lstrip('/')}")
    label = "Astrology cards"
    other.get_by_text(label, exact=True).wait_for()
    other.mouse.move(195, 500)
    other.mouse.wheel(0, 900)
    other.wait_for_function(SCROLLED, arg=route)
    before = top_of(other, label)
    assert before is not None and before < 500, before

    opened = page.evaluate("window.socketsOpened")
    server.stop()
    alert = page.get_by_role("alert").filter(has_text=OUT_OF_REACH)
    alert.wait_for()
    ja.get_by_role("alert").filter(has_text="テーブルのサーバーにつながりません").wait_for()
    other_alert.wait_for()
    # The banner is in the app's own font (it was another, bold one).
    style = other.evaluate("""() => {
        const s = getComputedStyle(document.getElementById("connection-lost"));
        return [s.fontFamily, s.fontWeight];
    }""")
    assert style[0].startswith('"Companion Latin"') and style[1] == "400", style
    other.wait_for_function("document.fonts.check('400 15px \"Companion Latin\"', 'Trying')")
    shot(other, "out-of-reach-banner-font")
    # Twice the page tried to come back and found no server: its screen would have been
    # blanked by now.
    tried(page, 2, than=opened)
    # The screen is as it was: the step, the round and the markers can be read.
    shows(page, "Step 3 — Children play a card").wait_for(timeout=1000)
    shows(page, "Round 1 of 11").wait_for(timeout=1000)
    shows(ja, re.compile("ラトーロ")).wait_for(timeout=1000)  # still there to read
    shot(ja, "out-of-reach-ja-360")
    ja.set_viewport_size(PHONE)
    shot(ja, "out-of-reach-ja-390")
    shot(page, "out-of-reach-390")
    page.set_viewport_size({"width": 360, "height": 740})
    shot(page, "out-of-reach-360")
    # It scrolls, to read the markers under the banner.
    page.mouse.move(180, 400)
    page.mouse.wheel(0, 400)
    shows(page, re.compile("Eclipse markers left")).wait_for(timeout=1000)
    shot(page, "out-of-reach-360-scrolled")
    page.set_viewport_size(PHONE)
    assert not page.get_by_text("Working").is_visible()

    # A tap does nothing: not even once the server is back.
    box = button(page, "Next: Step 4 — Acquire").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.type("7")
    # Meanwhile another phone played on (its Next, saved by another server process).
    events = store.events(table.id)
    config = {"players": PLAYERS, "variant": "standard", "setup": None}
    view = FLOWS["latria"].view(replay("latria", config, events))
    next_step = build_event(next(a for a in view.actions if a.primary))
    store.append_event(table.id, next_step, len(events))

    server.start(server.port)
    # Back: drawn again from the saved tables, at the step the other phone left it, and
    # the phone on Score where it had scrolled to (it jumped to the top).
    shows(page, "Step 4 — Acquire cards").wait_for(timeout=30000)
    alert.wait_for(state="detached")
    assert store.events(table.id) == [*events, next_step]
    other_alert.wait_for(state="detached", timeout=30000)
    other.wait_for_function(AT_TOP, arg=[label, before])
    shot(other, "out-of-reach-back-where-it-was")
    # And taps land again.
    # (tapped again only while step 4 shows: a tap just as the screen came back to life
    # was seen dropped, as a player's finger would be)
    at_step_4 = shows(page, "Step 4 — Acquire cards")
    tap_until(page, button(page, "Undo").first, at_step_4, state="detached", still=at_step_4)
    shows(page, "Step 3 — Children play a card").wait_for()

    # A reload while the server is out of reach opens the app from the phone's cache.
    server.stop()
    page.reload()
    alert.wait_for(timeout=30000)
    shot(page, "offline-reload-reconnecting")
    server.start(server.port)
    alert.wait_for(state="detached", timeout=30000)
    # The reloaded page's accessibility tree is switched on again (open_app).
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    shows(page, "Step 3 — Children play a card").wait_for()


