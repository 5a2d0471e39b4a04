"""The server out of reach (stopped, or the Wi-Fi gone): the last screen stays readable
with the round and the markers, a tap does nothing, a banner says why; back, the screen
is drawn again from the saved tables (companion/web/web_page.js)."""

from __future__ import annotations

import re

from companion.flows import FLOWS, build_event, replay
from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shot, shows
from tests.e2e.tables import stored_table, write_table
from tests.e2e.test_two_phones import (
    TALL,
    open_table,
    second_page,  # noqa: F401 - a fixture
)

OUT_OF_REACH = "The table's server cannot be reached"


def test_out_of_reach_the_last_screen_stays_readable_and_taps_wait(server, page):
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    store = Store(server.data_dir)
    (table,) = store.list_tables()

    server.stop()
    alert = page.get_by_role("alert").filter(has_text=OUT_OF_REACH)
    alert.wait_for()
    page.wait_for_timeout(1500)  # the client would have blanked its screen by now
    # The screen is as it was: the step, the round and the markers can be read.
    shows(page, "Step 1 — Reveal celestial cards").wait_for(timeout=1000)
    shows(page, "Round 1 of 11").wait_for(timeout=1000)
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
    box = button(page, "Next: Step 2 — Parent plays").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.type("7")
    # Meanwhile another phone played on (its Next, saved by another server process).
    config = {"players": ["Ann", "Ben", "Cleo", "Dan"], "variant": "standard", "setup": None}
    view = FLOWS["latria"].view(replay("latria", config, store.events(table.id)))
    next_step = build_event(next(a for a in view.actions if a.primary))
    store.append_event(table.id, next_step, 1)

    server.start(server.port)
    # Back: drawn again from the saved tables, at the step the other phone left it.
    shows(page, "Ann plays one astrology card").wait_for(timeout=30000)
    alert.wait_for(state="detached")
    assert store.events(table.id) == [{"type": "start", "player": 1}, next_step]
    # And taps land again.
    button(page, "Next: Step 3 — Children play").click()
    shows(page, "Step 3 — Children play a card").wait_for()



def test_out_of_reach_in_japanese(server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  device_scale_factor=1, locale="ja-JP")
    page = context.new_page()
    try:
        open_app(page, server.url)  # Home, in the phone's language
        shows(page, re.compile("ラトーロ")).wait_for()
        server.stop()
        page.get_by_role("alert").filter(has_text="テーブルのサーバーにつながりません").wait_for()
        page.wait_for_timeout(1500)
        shows(page, re.compile("ラトーロ")).wait_for(timeout=1000)  # still there to read
        shot(page, "out-of-reach-ja-360")
        page.set_viewport_size(PHONE)
        shot(page, "out-of-reach-ja-390")
    finally:
        server.start(server.port)
        context.close()


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


def test_a_phone_out_of_reach_of_a_running_server_comes_back_to_the_table_as_it_is(
        server, page, second_page):  # noqa: F811
    wifi = Wifi(second_page)
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    second_page.set_viewport_size(TALL)
    open_table(second_page, server.url, "Latria", "Play")
    shows(second_page, "Step 1 — Reveal celestial cards").wait_for()

    wifi.drop()
    alert = second_page.get_by_role("alert").filter(has_text=OUT_OF_REACH)
    alert.wait_for()
    second_page.wait_for_timeout(3000)  # probes have been refused meanwhile
    shows(second_page, "Step 1 — Reveal celestial cards").wait_for(timeout=1000)
    # The other phone plays on.
    button(page, "Next: Step 2 — Parent plays").click()
    shows(page, "Ann plays one astrology card").wait_for()

    wifi.up = True
    shows(second_page, "Ann plays one astrology card").wait_for()
    alert.wait_for(state="detached")
    button(second_page, "Next: Step 3 — Children play").click()  # and its taps land
    shows(page, "Step 3 — Children play a card").wait_for()


def top_of(page, text: str) -> float | None:
    """Where the text node ``text`` is on screen (its top), from the accessibility tree."""
    return page.evaluate("""(text) => {
        const node = [...document.querySelectorAll("flt-semantics-host *")].find(
            n => !n.childElementCount && (n.getAttribute("aria-label") || n.textContent) === text);
        return node ? node.getBoundingClientRect().top : null;
    }""", text)


def test_a_restarted_server_draws_the_screen_where_the_phone_was(server, page):
    """Out of reach, the banner is in the app's own font (it was another, bold one);
    back from a restart, the screen is drawn again where the phone had scrolled to
    (it jumped to the top): the session keeps that place in the phone's storage."""
    table = write_table(server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    open_app(page, f"{server.url}table/{table}/score")
    label = "Astrology cards"
    page.get_by_text(label, exact=True).wait_for()
    page.mouse.move(195, 500)
    page.mouse.wheel(0, 900)
    # The place is kept once the screen is still.
    page.wait_for_function("""(route) => {
        const kept = JSON.parse(JSON.parse(localStorage.getItem("flutter.companion.scroll")
                                           || "null") || "null");
        return kept && kept[0] === route && kept[1] > 300;
    }""", arg=f"/table/{table}/score")
    before = top_of(page, label)
    assert before is not None and before < 500, before

    server.stop()
    alert = page.get_by_role("alert").filter(has_text=OUT_OF_REACH)
    alert.wait_for()
    style = page.evaluate("""() => {
        const s = getComputedStyle(document.getElementById("connection-lost"));
        return [s.fontFamily, s.fontWeight];
    }""")
    assert style[0].startswith('"Companion Latin"') and style[1] == "400", style
    page.wait_for_function("document.fonts.check('400 15px \"Companion Latin\"', 'Trying')")
    shot(page, "out-of-reach-banner-font")

    server.start(server.port)
    alert.wait_for(state="detached", timeout=30000)
    page.wait_for_function("""([text, top]) => {
        const node = [...document.querySelectorAll("flt-semantics-host *")].find(
            n => !n.childElementCount && (n.getAttribute("aria-label") || n.textContent) === text);
        return node && Math.abs(node.getBoundingClientRect().top - top) < 2;
    }""", arg=[label, before])
    shot(page, "out-of-reach-back-where-it-was")
