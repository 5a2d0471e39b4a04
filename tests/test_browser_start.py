"""The app's start in the phone's browser (the static site), run here with stand-ins for
Pyodide: ``sys.platform`` "emscripten", Flet's bridge ``flet_js``, and a thread that
cannot be started, as there."""

from __future__ import annotations

import sys
import threading
from types import SimpleNamespace

import flet as ft
import pytest

import companion.__main__ as entry
from companion.ui import app


@pytest.fixture
def no_threads(monkeypatch):
    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)


def test_the_browser_start_runs_the_app_with_no_server_and_no_thread(monkeypatch, no_threads,
                                                                      tmp_path):
    ran = []

    async def start_connection(send):
        ran.append(("connected", send))

    bridge = SimpleNamespace(start_connection=start_connection)
    monkeypatch.setitem(sys.modules, "flet_js", bridge)
    monkeypatch.setitem(sys.modules, "pyodide_js", SimpleNamespace(FS=object()))
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace(navigator=SimpleNamespace()))
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ft, "run", lambda main, **kw: ran.append(("run", main, kw)))
    monkeypatch.setattr(entry, "serve", lambda *a: pytest.fail("a server in the browser"))
    monkeypatch.setattr(entry, "parse_args", lambda a: pytest.fail("no command line there"))

    assert entry.main() == 0
    assert ran[0][0] == "run" and ran[0][2] == {}  # Flet's Pyodide connection, no port
    assert bridge.start_connection is not start_connection  # screens held while saving


def test_no_screen_is_imported_ahead_on_a_thread_in_the_browser(monkeypatch, no_threads):
    monkeypatch.setattr(app, "IN_BROWSER", True)
    monkeypatch.setattr(app, "_warming", [])
    app.warm_up_screens()  # would raise if it started its thread
    assert app._warming == []


def test_what_the_start_imports_is_prepared_before_flets_bridge_is_there(no_threads):
    """The site's worker runs this once the app's files are unpacked, before Flet's start
    has registered its bridge (``flet_js``), and without threads, as there."""
    assert "flet_js" not in sys.modules
    entry.prepare_in_browser()
    assert "flet_js" not in sys.modules
