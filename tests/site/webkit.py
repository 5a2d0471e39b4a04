"""WebKit for the site's browser tests: every browser on an iPhone runs WebKit, so the static
site is tried in WebKitGTK too (Debian's ``webkit2gtk-driver``, driven by Selenium).

WebKitWebDriver starts a browser binary given ``--automation``. Debian's MiniBrowser keeps no
data in that mode (each start is a new private profile), so the browser here is this file,
run by the system Python with PyGObject (``python3-gi``, ``gir1.2-webkit2-4.1``): a window
whose website data (IndexedDB, service workers, Cache Storage) lives in a folder of our
choosing, so that it survives a browser restart. It also turns on ``navigator.storage``
(persist, estimate), as in Safari 17 and later, and writes the pages' console messages to a
file: WebKitWebDriver has no log endpoint (``console_lines``).

WebKitGTK needs an X display: without one, an Xvfb of our own is started and stopped.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

SYSTEM_PYTHON = "/usr/bin/python3"  # the one with python3-gi, not the project's venv
FEATURES = ("StorageAPI", "StorageAPIEstimate")  # off in WebKitGTK, on in Safari 17+
_consoles: dict[str, Path] = {}  # session id -> its console file


@cache
def webkit_available() -> str | None:
    """Why WebKit can't run here (what to install), or None when it can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if not shutil.which("WebKitWebDriver"):
        return "WebKitWebDriver is missing (apt-get install webkit2gtk-driver)"
    if not (os.environ.get("DISPLAY") or shutil.which("Xvfb")):
        return "no DISPLAY and no Xvfb (apt-get install xvfb)"
    check = "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')"
    if subprocess.run([SYSTEM_PYTHON, "-c", check], capture_output=True).returncode:
        return f"{SYSTEM_PYTHON} lacks WebKit2 4.1 (apt-get install python3-gi gir1.2-webkit2-4.1)"
    return None


@contextmanager
def _xvfb() -> Iterator[str]:
    """An Xvfb on a free display (it writes the number once it accepts clients); its name."""
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
    server = subprocess.Popen(command, pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip() if select.select([pipe], [], [], 30)[0] else ""
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit status {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def webkit_driver(profile_dir: Path | None = None, language: str = "en-US") -> Iterator[WebDriver]:
    """A Selenium driver of a WebKitGTK browser, its data kept in ``profile_dir`` (a new one,
    removed afterwards, when None), ``navigator.language`` being ``language`` (else WebKitGTK
    takes it from the locale: "C" here, which Flutter refuses); the browser, its driver and any
    Xvfb stop on exit."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service

    if reason := webkit_available():
        raise RuntimeError(reason)
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="webkit-")))
        env = dict(os.environ)
        if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
            env["DISPLAY"] = stack.enter_context(_xvfb())
        options = webdriver.WebKitGTKOptions()
        options.binary_location = SYSTEM_PYTHON
        console = scratch / "console.log"
        profile = profile_dir or scratch / "profile"
        for argument in (__file__, "--automation", profile, console, language):
            options.add_argument(str(argument))
        service = Service(
            shutil.which("WebKitWebDriver"), env=env, log_output=str(scratch / "driver.log")
        )
        driver = webdriver.WebKitGTK(options=options, service=service)
        stack.callback(driver.quit)
        _consoles[driver.session_id] = console
        stack.callback(_consoles.pop, driver.session_id)
        yield driver


def console_lines(driver: WebDriver) -> list[str]:
    """The pages' console messages so far, a line each: ``URL:LINE:COLUMN: CONSOLE ERROR text``
    (``CONSOLE LOG``, ``CONSOLE WARN``, ``CONSOLE JS ERROR`` for an uncaught one…)."""
    console = _consoles[driver.session_id]
    lines = console.read_text(errors="replace").splitlines() if console.exists() else []
    return [line for line in lines if "CONSOLE " in line]


def _browser(profile: str, console: str, language: str) -> None:
    """The browser WebKitWebDriver starts (``webkit.py --automation PROFILE LOG LANGUAGE``)."""
    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    from gi.repository import GLib, Gtk, WebKit2

    with open(console, "ab", buffering=0) as log:  # WebKit writes them on stderr, inherited
        os.dup2(log.fileno(), sys.stderr.fileno())
    GLib.set_prgname("MiniBrowser")  # the name Selenium asks for
    data = WebKit2.WebsiteDataManager(
        base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache"
    )
    context = WebKit2.WebContext(website_data_manager=data)
    context.set_automation_allowed(True)
    context.set_preferred_languages([language])
    settings = WebKit2.Settings(enable_write_console_messages_to_stdout=True)
    features = WebKit2.Settings.get_all_features()
    for index in range(features.get_length()):
        if features.get(index).get_identifier() in FEATURES:
            settings.set_feature_enabled(features.get(index), True)

    def new_view(session: WebKit2.AutomationSession) -> WebKit2.WebView:
        view = WebKit2.WebView(
            web_context=context, settings=settings, is_controlled_by_automation=True
        )
        window = Gtk.Window(default_width=1024, default_height=768)
        window.add(view)
        view.connect("close", lambda _view: window.destroy())
        window.show_all()
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo()
        info.set_name("MiniBrowser")
        info.set_version(
            WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
        )
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    _browser(*sys.argv[-3:])
