"""Phone-ready, in one walk on a dark phone and a light one: the theme follows the phone's
light or dark setting unless Settings chose one; text follows the browser's text size up
to 200 % and the Settings' "Larger text", kept by the phone. (Every screen in both themes
and at twice the text: tests/e2e/test_phone_screens.py.)
(A server out of reach, and the app opening from the phone's cache meanwhile:
tests/e2e/test_out_of_reach.py. When the app asks to keep the screen on:
tests/ui/test_phone_settings.py, and the page holding it: test_keep_awake_on_plain_http.py.)"""

from __future__ import annotations

import io
import time

from tests.e2e.flutter import button, open_app, settle, shot, shows

SMALL_PHONE = {"width": 360, "height": 740}


def background(page) -> tuple[int, int, int]:
    """The colour of the screen's background: in the page's left margin, halfway down."""
    from PIL import Image

    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    return picture.getpixel((4, picture.height // 2))


def is_dark(rgb: tuple[int, int, int]) -> bool:
    return sum(rgb) / 3 < 80


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


def right_edges(page) -> list[tuple[str, float]]:
    """Every labelled node of the accessibility tree that reaches past the screen's
    right edge (Flutter cuts such text off)."""
    return page.evaluate("""() => [...document.querySelectorAll('flt-semantics')]
        .map(n => [n.getAttribute('aria-label') || n.textContent, n.getBoundingClientRect()])
        .filter(([label, r]) => label && r.width > 0 && r.right > window.innerWidth + 1)
        .map(([label, r]) => [label.slice(0, 60), r.right])""")


def grown(page, locator, least: float, timeout: float = 15.0) -> None:
    """Wait until ``locator`` is taller than ``least`` (the text drawn at its new size)."""
    deadline = time.monotonic() + timeout
    while locator.bounding_box()["height"] <= least and time.monotonic() < deadline:
        page.wait_for_timeout(100)


def test_theme_and_text_follow_the_phone_until_settings_choose_and_are_kept(server, browser):
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

        text_follows_the_browser(day)

        # Light chosen on the dark phone: at once, and still after a reload.
        open_settings(night)
        button(night, "Theme: Light").click()
        assert turns(night, dark=False), background(night)
        open_app(night, server.url)
        shows(night, "Latria").wait_for()
        # the phone's settings are read after the first frame
        assert turns(night, dark=False), background(night)
        # The other phone kept its own, and chooses its own.
        assert not is_dark(background(day))
        open_settings(day)
        button(day, "Theme: Dark").click()
        assert turns(day, dark=True), background(day)

        # "Larger text" in Settings: kept in this phone's storage, so a reload keeps it.
        larger = day.get_by_role("switch", name="Larger text")
        assert larger.get_attribute("aria-checked") == "false"
        larger.click()
        day.wait_for_function("document.documentElement.style.fontSize === '130%'")
        shot(day, "settings-larger-text")
        open_app(day, server.url)
        day.wait_for_function("document.documentElement.style.fontSize === '130%'")
        open_settings(day)
        assert day.get_by_role("switch", name="Larger text").get_attribute("aria-checked") \
            == "true"
        assert turns(day, dark=True), background(day)
    finally:
        dark.close()
        light.close()


def text_follows_the_browser(page) -> None:
    """Home's text grows with the browser's text size up to twice, nothing cut off."""
    page.set_viewport_size(SMALL_PHONE)
    heading = page.get_by_text("Start a new table")
    heading.wait_for()
    normal = heading.bounding_box()["height"]
    for scale in (1.5, 2):
        # Where a browser's text size setting lands: the page's root font size
        # (Flutter's web engine takes its text scale from it).
        page.evaluate(f"document.documentElement.style.fontSize = '{100 * scale}%'")
        grown(page, heading, normal * (scale - 0.2))
        height = heading.bounding_box()["height"]
        assert height > normal * (scale - 0.2), (scale, normal, height)
        assert right_edges(page) == []
        shot(page, f"text-{scale}x-home-360")
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.set_viewport_size({"width": 390, "height": 844})
