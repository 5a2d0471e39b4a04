"""Every screen of one game (Latria) as the phones at a table see it: light and dark, a
390×844 and a 360×740 phone, and twice the text size at 360×740.

The screenshots (tests/e2e/artifacts/screens-*.png) are for a person to look at; the
test checks what a machine can: the theme follows the phone's setting on each screen,
and at twice the text size nothing named reaches past the screen's right edge.
"""

from __future__ import annotations

import pytest

from tests.e2e.flutter import button, open_app, settle, shot, shows, type_into
from tests.e2e.test_accessibility import go
from tests.e2e.test_phone_ready import background, is_dark, right_edges

PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}


def text_size(page, scale: float) -> None:
    page.evaluate(f"document.documentElement.style.fontSize = '{100 * scale:g}%'")


def theme_shown(page, dark: bool) -> None:
    """Wait until the screen has taken the theme: its background on the right side, and
    the same in two reads in a row (the change is a short animation)."""
    last = None
    for _ in range(40):
        now = background(page)
        if now == last and is_dark(now) == dark:
            return
        last = now
        page.wait_for_timeout(100)
    raise AssertionError(f"the screen did not turn {'dark' if dark else 'light'}: {last}")


def every_way(page, name: str) -> None:
    """Screenshots of the screen shown: light and dark on both phones, and 2× text at
    360×740 in the light theme. The theme the screen before ended in comes first, so the
    theme changes once a screen (three times before: each change is an animation waited
    out); the 2× text is taken at 360 px between the two themes.
    (``shot`` itself waits for the fonts and the frames after a change of size.)"""
    first = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") \
        else "light"
    second = "light" if first == "dark" else "dark"
    # The first theme 390 then 360, the second 360 then 390: one resize fewer.
    for scheme, phones in ((first, ["390", "360"]), (second, ["360", "390"])):
        page.emulate_media(color_scheme=scheme)
        theme_shown(page, scheme == "dark")
        for phone in phones:
            page.set_viewport_size(PHONES[phone])
            shot(page, f"screens-{name}-{scheme}-{phone}")
            if phone == "360" and scheme == "light":
                twice_the_text(page, name)
        assert is_dark(background(page)) == (scheme == "dark"), (name, scheme)


def twice_the_text(page, name: str) -> None:
    """At 360×740 in the light theme: 2× text, its screenshot, nothing named past the
    right edge; then the text size back."""
    text_size(page, 2)
    settle(page)
    shot(page, f"screens-{name}-2x-360")
    assert right_edges(page) == [], name
    text_size(page, 1)
    settle(page)


# With its animations: every screen reached as a phone that has not asked for reduced
# motion reaches it.
@pytest.mark.motion
def test_every_latria_screen_light_dark_and_twice_the_text(server, page):
    open_app(page, server.url)
    shows(page, "Latria").wait_for()
    every_way(page, "home-empty")

    page.get_by_role("button", name="Latria 3–6 players").click()
    page.get_by_text("Number of players").wait_for()
    button(page, "3 players").click()
    for i, name in enumerate(["Ann", "Ben", "Cleo"], start=1):
        type_into(page, f"Player {i}", name)
    every_way(page, "new-table")
    button(page, "Create table").click()
    page.get_by_text("Players", exact=True).wait_for()
    every_way(page, "table")

    button(page, "Setup").first.click()
    page.get_by_text("Game Setup").first.wait_for()
    every_way(page, "setup")
    button(page, "Back").first.click()
    # The table's screen first: Setup's own "On to Play" would match the next tap.
    page.get_by_text("Edit names and seats").wait_for()

    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    every_way(page, "play")
    button(page, "Back").first.click()

    button(page, "Score").first.click()
    page.get_by_text("Celestial cards", exact=True).wait_for()
    button(page, "Sun 4 VP: one more for Ann", exact=True).click()
    page.get_by_text("Ann: 4 points").wait_for()
    every_way(page, "score")

    button(page, "See the results").click()
    page.get_by_text("Ann wins").wait_for()
    every_way(page, "results")

    go(page, "/")  # Home as the phone's Back reaches it: no page load
    page.get_by_text("Start a new table").wait_for()
    every_way(page, "home")
    button(page, "Settings").click()
    page.get_by_text("Light or dark").wait_for()
    every_way(page, "settings")
