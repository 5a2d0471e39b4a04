"""What the server imports before its first screen (issue 14, cold start): the screens'
modules wait until a route needs them, and every route still finds its screen."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from companion import app

ROOT = Path(__file__).resolve().parents[1]
LATE = ("companion.views.play", "companion.views.stats", "companion.views.history",
        "companion.views.score", "companion.flows", "flet_charts", "segno")


def test_starting_the_server_imports_no_other_screen():
    code = ("import sys, companion.__main__, companion.app, companion.server, "
            "companion.serving, companion.views.home\n"
            f"print(sorted(m for m in {LATE!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_screen_build_view_names_is_warmed_up():
    source = Path(app.__file__).read_text(encoding="utf-8")
    named = set(re.findall(r'screen_module\("(\w+)"\)', source))
    assert named == set(app.SCREENS)
    for name in app.SCREENS:
        assert (ROOT / "companion" / "views" / f"{name}.py").exists()
        assert hasattr(app.screen_module(name), "build")


def test_the_first_screens_parts_are_built_ahead_and_nothing_else():
    code = ("import sys, threading, companion.app as app\n"
            "before = 'flet.controls.theme' in sys.modules\n"
            "app.warm_up_first_screen()\n"
            "[t.join() for t in threading.enumerate() if t.name == 'warm-up-first-screen']\n"
            f"late = sorted(m for m in {LATE!r} if m in sys.modules)\n"
            "print(before, 'flet.controls.theme' in sys.modules,"
            " 'companion.views.home' in sys.modules, late)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "False True True []"
