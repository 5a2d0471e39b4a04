"""Phone-ready: the theme follows the phone's light or dark
setting unless Settings chose one; text follows the browser's text size up to 200 %
and the Settings' "Larger text"; a server out of reach says so, and the app comes back
on its own (and opens from the phone's cache meanwhile)."""

from __future__ import annotations

import io
import re
import time

from tests.e2e.flutter import button, open_app, shot, shows

SMALL_PHONE = {"width": 360, "height": 740}
RECONNECTING = "The table's server cannot be reached"


def background(page) -> tuple[int, int, int]:
    """The colour of the screen's background: in the page's left margin, halfway down."""
    from PIL import Image

    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    return picture.getpixel((4, picture.height // 2))


def is_dark(rgb: tuple[int, int, int]) -> bool:
    return sum(rgb) / 3 < 80


def settle(page) -> None:
    page.wait_for_timeout(700)


def turns(page, dark: bool, timeout: float = 15.0) -> bool:
    """Whether the screen's background turns dark (or light) within ``timeout`` seconds:
    the theme changes with an animation, slower on a busy machine."""
    deadline = time.monotonic() + timeout
    while True:
        if is_dark(background(page)) == dark:
            return True
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(250)


def open_settings(page) -> None:
    button(page, "Settings").click()
    page.get_by_text("Light or dark").wait_for()
    settle(page)  # a tap at once on the new screen was seen lost now and then


def test_the_theme_follows_the_phone_until_settings_choose_one(server, browser):
    dark = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    light = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="light")
    try:
        night, day = dark.new_page(), light.new_page()
        for page in (night, day):
            page.set_default_timeout(20000)
            open_app(page, server.url)
            shows(page, "Latria").wait_for()
            settle(page)
        assert turns(night, dark=True), background(night)
        assert turns(day, dark=False), background(day)

        # Light chosen on the dark phone: at once, and still after a reload.
        open_settings(night)
        button(night, "Theme: Light").click()
        assert turns(night, dark=False), background(night)
        open_app(night, server.url)
        shows(night, "Latria").wait_for()
        # the phone's settings are read after the first frame
        assert turns(night, dark=False), background(night)
        # The other phone kept its own.
        assert not is_dark(background(day))
        open_settings(day)
        button(day, "Theme: Dark").click()
        assert turns(day, dark=True), background(day)
    finally:
        dark.close()
        light.close()


def right_edges(page) -> list[tuple[str, float]]:
    """Every labelled node of the accessibility tree that reaches past the screen's
    right edge (Flutter cuts such text off)."""
    return page.evaluate("""() => [...document.querySelectorAll('flt-semantics')]
        .map(n => [n.getAttribute('aria-label') || n.textContent, n.getBoundingClientRect()])
        .filter(([label, r]) => label && r.width > 0 && r.right > window.innerWidth + 1)
        .map(([label, r]) => [label.slice(0, 60), r.right])""")


def test_text_follows_the_browser_text_size_up_to_twice(server, page):
    page.set_viewport_size(SMALL_PHONE)
    open_app(page, server.url)
    heading = page.get_by_text("Start a new table")
    heading.wait_for()
    normal = heading.bounding_box()["height"]
    for scale in (1.5, 2):
        # Where a browser's text size setting lands: the page's root font size
        # (Flutter's web engine takes its text scale from it).
        page.evaluate(f"document.documentElement.style.fontSize = '{100 * scale}%'")
        page.wait_for_timeout(800)
        height = heading.bounding_box()["height"]
        assert height > normal * (scale - 0.2), (scale, normal, height)
        assert right_edges(page) == []
        shot(page, f"text-{scale}x-home-360")
    page.evaluate("document.documentElement.style.fontSize = ''")


def test_larger_text_in_settings_is_kept_by_this_phone(server, page):
    open_app(page, server.url)
    open_settings(page)
    larger = page.get_by_role("switch", name="Larger text")
    assert larger.get_attribute("aria-checked") == "false"
    larger.click()
    page.wait_for_function("document.documentElement.style.fontSize === '130%'")
    shot(page, "settings-larger-text")
    open_app(page, server.url)
    page.wait_for_function("document.documentElement.style.fontSize === '130%'")
    open_settings(page)
    assert page.get_by_role("switch", name="Larger text").get_attribute("aria-checked") == "true"


def test_a_server_out_of_reach_says_so_and_the_app_comes_back(server, page):
    open_app(page, server.url)
    shows(page, "Latria").wait_for()
    # The service worker has kept this version of the client (127.0.0.1 is a page on
    # this computer: browsers allow one there and on https).
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    # It is registered after the first screen, and keeps the files the page fetched
    # before it: after one visit only, the client is there for the reload below.
    page.wait_for_function("caches.open('table-companion').then(c => c.keys())"
                           ".then(kept => kept.some(r => r.url.endsWith('/main.dart.wasm')))")

    server.stop()
    alert = page.get_by_role("alert").filter(has_text=RECONNECTING)
    alert.wait_for()
    shot(page, "offline-reconnecting")
    server.start(server.port)
    shows(page, "Latria").wait_for(timeout=30000)
    alert.wait_for(state="detached")

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
    shows(page, "Latria").wait_for()


# The app's Screen Wake Lock calls, as Flet's Wakelock service makes them. The lock is a
# stand-in that only records them: a headless browser refuses the real one (there is no
# screen to keep on), and what is tested is when the app asks and lets go.
WAKE_LOCK_SPY = """
  window.wakeCalls = [];
  const wakeLock = {
    request: async (type) => {
      window.wakeCalls.push('request');
      const sentinel = new EventTarget();
      sentinel.type = type;
      sentinel.released = false;
      sentinel.onrelease = null;
      sentinel.release = async () => {
        window.wakeCalls.push('release');
        sentinel.released = true;
        const event = new Event('release');
        sentinel.dispatchEvent(event);
        if (sentinel.onrelease) sentinel.onrelease(event);
      };
      return sentinel;
    },
  };
  Object.defineProperty(navigator, 'wakeLock', {value: wakeLock, configurable: true});
"""


def wake_calls(page, expected: list[str]) -> None:
    for _ in range(50):
        if page.evaluate("window.wakeCalls") == expected:
            return
        page.wait_for_timeout(200)
    assert page.evaluate("window.wakeCalls") == expected


def test_the_screen_is_kept_on_during_play_and_score_unless_turned_off(server, browser):
    from tests.e2e.tables import create_table

    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(WAKE_LOCK_SPY)
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"])
        assert page.evaluate("window.wakeCalls") == []
        button(page, "Play").first.click()
        wake_calls(page, ["request"])
        button(page, "Back").first.click()
        wake_calls(page, ["request", "release"])
        button(page, "Score").first.click()
        wake_calls(page, ["request", "release", "request"])
        button(page, "Back").first.click()
        wake_calls(page, ["request", "release", "request", "release"])

        # Turned off in Settings: Play no longer asks for it.
        open_app(page, server.url)
        open_settings(page)
        page.get_by_role("switch", name="Keep the screen on during Play and Score").click()
        page.wait_for_function("localStorage.getItem('flutter.companion.keep_awake') === 'false'")
        button(page, "Back").first.click()
        page.get_by_role("button", name=re.compile("^Open Latria table")).click()
        # The table's screen first: "Play" also names Home's game tiles ("3–6 players"),
        # and on a loaded machine the tap went to Home as it was being replaced.
        page.get_by_text("Players", exact=True).wait_for()
        button(page, "Play").first.click()
        button(page, "First parent: Ann").wait_for()
        page.wait_for_timeout(1000)
        assert page.evaluate("window.wakeCalls") == []
    finally:
        context.close()
