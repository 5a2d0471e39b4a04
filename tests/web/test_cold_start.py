"""What the server imports before its first screen, so it starts fast: the screens'
modules wait until a route needs them, and every route still finds its screen."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from companion.assets_folder import FONT_FAMILY, FONT_FILE
from companion.ui import app

ROOT = Path(__file__).resolve().parents[2]
LATE = ("companion.ui.views.play", "companion.ui.views.player_stats",
        "companion.ui.views.past_plays", "companion.ui.views.score", "companion.flows",
        "flet_charts", "segno")


def test_starting_the_server_imports_no_other_screen():
    code = ("import sys, companion.__main__, companion.ui.app, companion.web.server, "
            "companion.web.serving, companion.ui.views.home\n"
            f"print(sorted(m for m in {LATE!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_screen_build_view_names_exists_and_a_games_screens_are_warmed_up():
    source = Path(app.__file__).read_text(encoding="utf-8")
    named = set(re.findall(r'screen_module\("(\w+)"\)', source))
    assert named == set(app.SCREENS)
    assert set(app.WARMED_UP) < set(app.SCREENS)
    for name in app.SCREENS:
        assert (ROOT / "companion" / "ui" / "views" / f"{name}.py").exists()
        assert hasattr(app.screen_module(name), "build")


def test_the_first_screens_parts_are_built_ahead_and_nothing_else():
    # Flet imports a control's module when it is first named: Home's cards and buttons.
    controls = ("flet.controls.material.card", "flet.controls.material.icon_button")
    code = ("import sys, threading, companion.ui.app as app\n"
            f"seen = lambda: [m in sys.modules for m in {('flet.controls.theme', *controls)!r}]\n"
            "before = seen()\n"
            "app.warm_up_first_screen()\n"
            "[t.join() for t in threading.enumerate() if t.name == 'warm-up-first-screen']\n"
            f"late = sorted(m for m in {LATE!r} if m in sys.modules)\n"
            "after = seen()\n"
            "print(before, after, 'companion.ui.views.home' in sys.modules, late)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[False, False, False] [True, True, True] True []"


def test_the_app_font_comes_with_the_web_client_and_a_window_loads_it_itself():
    """companion --web puts the font in the client's font manifest (companion/web/compressed.py),
    loaded before the first frame; page.fonts would load it again after the first
    screen and draw that screen twice. Flet's desktop window and `flet build` have no
    such manifest."""
    for in_client, fonts in ((True, None), (False, {FONT_FAMILY: FONT_FILE})):
        page = type("Page", (), {"fonts": None})()
        app.style_page(page, font_in_client=in_client)
        assert page.fonts == fonts
        assert page.theme.font_family == FONT_FAMILY


def test_the_warm_up_imports_a_games_screens_and_not_the_ones_between_games():
    code = ("import json, sys, companion.ui.app as app\n"
            "app.WARM_UP_DELAY = 0\n"
            "app.warm_up_screens()\n"
            "app._warming[0].join()\n"
            "print(json.dumps([sorted(n for n in app.SCREENS"
            " if f'companion.ui.views.{n}' in sys.modules),"
            " [m for m in ('flet_charts', 'segno') if m in sys.modules]]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    imported, libraries = json.loads(out)
    assert set(app.WARMED_UP) <= set(imported)
    assert not {"history", "settings", "stats", "invite"} & set(imported)
    assert libraries == []  # the charts of Stats, the QR codes of Invite


def test_the_phone_turning_dark_or_being_locked_sends_nothing_back():
    """Flet updates the whole page after every event whose handler did not (a full diff
    of every stacked screen); these events change nothing the server draws."""
    import contextvars

    import flet as ft

    page = type("Page", (), {})()
    app.style_page(page)
    for handler in (page.on_platform_brightness_change, page.on_app_lifecycle_state_change):
        # Each event runs in a context of its own, starting with auto-update on (Flet).
        def run(handler=handler) -> bool:
            ft.context.enable_auto_update()
            handler(None)
            return ft.context.auto_update_enabled()
        assert contextvars.copy_context().run(run) is False
