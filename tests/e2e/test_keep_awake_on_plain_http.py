"""Keeping the screen on at a phone on the Wi-Fi (companion/web/web_page.js): the page is
plain http there, where browsers offer no Wake Lock API, so during Play and Score the page
plays NoSleep.js's tiny muted video in a loop; it stops on the other screens, and with
"Keep the screen on" off in Settings it does not start again. On this computer's page
(secure) the screen is held by the lock, or else the video. One walk on one server; when
the app asks and lets go: tests/ui/test_phone_settings.py.

The server listens on every address with a code, as at a table; Chromium opens it as
``http://table.test:PORT``, a name mapped to 127.0.0.1 (so the page is not this
computer's, which browsers treat as secure)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import CHROMIUM_ARGS, LAN_CODE, PHONE, chromium_path
from tests.e2e.flutter import button, open_app, shows, tap_until
from tests.e2e.tables import create_table

PLAYING = ("() => { const v = document.getElementById('keep-awake');"
           " return !!v && !v.paused && v.currentTime > 0; }")
PAUSED = "() => { const v = document.getElementById('keep-awake'); return !v || v.paused; }"
# How often the video has started on this page (a media element's "play" does not bubble:
# caught on its way down).
COUNT_PLAYS = ("window.videoPlays = 0; document.addEventListener("
               "'play', () => { window.videoPlays++; }, true);")
PLAYS = "() => window.videoPlays"
# Whether the page holds the screen (a lock or the video), as ft.Wakelock's plugin asks it:
# polled (wait_for_function takes a promise for a truthy value).
HELD = ("(wanted) => { window.Wakelock.enabled().then(held => { window.heldNow = held; });"
        " return window.heldNow === wanted; }")




@pytest.fixture
def insecure(browser):
    """A Chromium that reaches the server as table.test: an insecure origin."""
    b = browser.browser_type.launch(
        executable_path=chromium_path(),
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP table.test 127.0.0.1"])
    yield b
    b.close()


def phone(insecure, keep_awake: bool | None = None):
    context = insecure.new_context(viewport=PHONE)
    if keep_awake is not None:  # as Settings keeps it (ft.SharedPreferences)
        context.add_init_script(
            f"localStorage.setItem('flutter.companion.keep_awake', '{str(keep_awake).lower()}')")
    context.add_init_script(COUNT_PLAYS)
    page = context.new_page()
    page.set_default_timeout(20000)
    return context, page


def open_play(page, server) -> None:
    create_table(page, f"http://table.test:{server.port}/?code={LAN_CODE}", "Luna", ["Ann", "Ben"])
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'wakeLock' in navigator") is False  # what the page falls back from
    button(page, "Play").first.click()
    button(page, "Start: Preliminary round").wait_for()


def test_the_screen_is_kept_on_by_the_video_on_plain_http_and_by_the_lock_on_a_secure_page(
        lan_server, insecure, page):
    context, phone_page = phone(insecure)
    try:
        video_walk(lan_server, phone_page)
    finally:
        context.close()

    # On this computer's page the browser offers the Wake Lock API; where it refuses the
    # lock (a headless browser may), the video keeps the screen on instead.
    open_app(page, f"{lan_server.url}?code={LAN_CODE}")
    assert page.evaluate("window.isSecureContext") is True
    on_table = page.get_by_text("Edit names and seats")
    tap_until(page, button(page, "Open Luna table"), on_table)
    button(page, "Play").first.click()
    button(page, "Next: Novices").wait_for()
    page.wait_for_function(HELD, arg=True)
    button(page, "Back").first.click()
    on_table.wait_for()
    page.wait_for_function(HELD, arg=False)


def video_walk(server, page) -> None:
    open_play(page, server)
    button(page, "Start: Preliminary round").click()  # a tap, as at the table
    page.wait_for_function(PLAYING)
    assert page.evaluate(PLAYS) == 1
    video = page.evaluate("""() => { const v = document.getElementById('keep-awake');
        return {muted: v.muted, loop: v.loop, inline: v.playsInline,
                source: v.currentSrc.split('/').pop()}; }""")
    assert video == {"muted": True, "loop": True, "inline": True, "source": "no-sleep.webm"}

    button(page, "Back").first.click()  # the table's screen
    shows(page, "Edit names and seats").wait_for()
    button(page, "Back").first.click()  # Home
    shows(page, "Start a new table").wait_for()
    page.wait_for_function(PAUSED)

    # Turned off in Settings: Play no longer plays it.
    button(page, "Settings").click()
    page.get_by_text("Light or dark").wait_for()
    page.get_by_role("switch", name="Keep the screen on during Play and Score").click()
    page.wait_for_function("localStorage.getItem('flutter.companion.keep_awake') === 'false'")
    button(page, "Back").first.click()
    on_table = page.get_by_text("Edit names and seats")
    tap_until(page, button(page, "Open Luna table"), on_table)
    plays = page.evaluate(PLAYS)
    button(page, "Play").first.click()
    shows(page, "Next: Novices").wait_for()
    # Back to the table: once its screen is drawn, whatever the server asked on entering
    # Play has come before it (one socket, in order), and the video never started.
    button(page, "Back").first.click()
    on_table.wait_for()
    assert page.evaluate(PLAYS) == plays
    assert page.evaluate(PAUSED)
