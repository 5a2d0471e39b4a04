"""This phone's own settings (companion/ui/preferences.py) and the screen kept on during
Play and Score (companion/ui/awake.py)."""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft

from companion.ui.awake import KeepAwake, awake_route
from companion.ui.preferences import (
    KEEP_AWAKE_KEY,
    LARGER_TEXT_KEY,
    THEME_KEY,
    Preferences,
    load,
)
from tests.run_async import run


class FakeWakelock:
    """Records the service calls ft.Wakelock would send to the phone."""

    def __init__(self):
        self.calls: list[str] = []

    async def enable(self):
        self.calls.append("enable")

    async def disable(self):
        self.calls.append("disable")


def keep_awake() -> tuple[KeepAwake, FakeWakelock]:
    wakelock = FakeWakelock()
    # page.run_task starts the coroutine function on the page's loop: here, at once.
    return KeepAwake(wakelock, lambda handler: run(handler())), wakelock


def test_requested_on_entering_play_and_released_on_leaving():
    awake, wakelock = keep_awake()
    awake.follow("/table/t1", allowed=True)
    assert wakelock.calls == []
    awake.follow("/table/t1/play", allowed=True)
    assert wakelock.calls == ["enable"]
    awake.follow("/table/t1", allowed=True)  # back to the table's screen
    assert wakelock.calls == ["enable", "disable"]


def test_play_to_score_keeps_it_without_asking_again_and_home_releases_it():
    awake, wakelock = keep_awake()
    awake.follow("/table/t1/play", allowed=True)
    awake.follow("/table/t1/play/rules", allowed=True)  # a rule looked up mid-round
    awake.follow("/table/t1/score", allowed=True)
    assert wakelock.calls == ["enable"]
    awake.follow("/", allowed=True)  # the table closed
    assert wakelock.calls == ["enable", "disable"]


def test_turned_off_in_settings_releases_it_and_is_not_asked_for():
    awake, wakelock = keep_awake()
    awake.follow("/table/t1/score", allowed=True)
    awake.follow("/table/t1/score", allowed=False)
    assert wakelock.calls == ["enable", "disable"]
    awake.follow("/table/t1/play", allowed=False)
    assert wakelock.calls == ["enable", "disable"]


def test_results_and_setup_let_the_screen_sleep():
    assert not awake_route("/table/t1/results")
    assert not awake_route("/table/t1/setup")
    assert not awake_route("/settings")
    assert awake_route("/table/t1/score?x=1")


def test_a_refusing_browser_is_not_an_error():
    class Refusing(FakeWakelock):
        async def enable(self):
            raise RuntimeError("not a secure context")

    awake = KeepAwake(Refusing(), lambda handler: run(handler()))
    awake.follow("/table/t1/play", allowed=True)  # no exception
    assert awake.on


class FakeStorage:
    def __init__(self, values):
        self.values = values

    async def get(self, key):
        return self.values.get(key)


def test_preferences_default_to_the_phone_theme_screen_on_normal_text():
    prefs = run(load(FakeStorage({})))
    assert prefs == Preferences(theme="system", keep_awake=True, larger_text=False)
    assert prefs.theme_mode == ft.ThemeMode.SYSTEM


def test_preferences_read_back_and_nonsense_is_the_default():
    prefs = run(load(FakeStorage({THEME_KEY: "dark", KEEP_AWAKE_KEY: False,
                                          LARGER_TEXT_KEY: True})))
    assert (prefs.theme_mode, prefs.keep_awake, prefs.larger_text) == (
        ft.ThemeMode.DARK, False, True)
    odd = run(load(FakeStorage({THEME_KEY: "purple", KEEP_AWAKE_KEY: "yes"})))
    assert (odd.theme, odd.keep_awake) == ("system", True)


def test_the_doctests_hold():
    import doctest

    import companion.ui.awake

    assert doctest.testmod(companion.ui.awake).failed == 0


SCHEME_ROLE = re.compile(
    r"(ON_)?(PRIMARY|SECONDARY|TERTIARY|ERROR|SURFACE|INVERSE|OUTLINE|SHADOW|SCRIM)[A-Z_]*")


def test_every_colour_on_screen_is_a_role_of_the_theme():
    """Light or dark, a colour from the scheme stays readable; a fixed one (GREEN_800,
    "#333", "black") can vanish on one of them. The theme's seed is
    the one fixed colour, and the QR code stays black on white for cameras."""
    found = []
    for path in sorted((Path(__file__).parents[2] / "companion").rglob("*.py")):
        if path.name == "make_icons.py":  # draws the icon files, not the screens
            continue
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            for name in re.findall(r"ft\.Colors\.([A-Z][A-Z0-9_]*)", line):
                if not SCHEME_ROLE.fullmatch(name) and "color_scheme_seed" not in line:
                    found.append(f"{path.name}:{number}: {name}")
            if "color" in line.lower():  # a colour given as text ("black" is also a resource)
                for literal in re.findall(r"""["'](#[0-9a-fA-F]{3,8}|black|white)["']""", line):
                    found.append(f"{path.name}:{number}: {literal}")
    assert found == []
