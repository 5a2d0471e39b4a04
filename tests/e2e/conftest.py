"""Browser tests: start `companion --web` on a free port with a temporary data folder and
drive it in Chromium with Playwright through Flutter's accessibility tree
(docs/DEVELOPING.md, "Browser tests").

With CI=true a missing Chromium fails the tests; elsewhere they are skipped with the reason.
A failing test saves a screenshot in tests/e2e/artifacts/.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """``$CHROMIUM``, else Debian's Chromium. (Debian's chromium-headless-shell started a
    Flutter client in about three quarters of the time, but its page crashed now and then
    with two test processes at once: 1 run in 2 of three test files, Chromium 0 in 1.)"""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PortTaken(RuntimeError):
    """The server's port was taken before it could listen on it."""


class Server:
    """A `companion --web` process; restartable on the same data folder."""

    def __init__(self, data_dir: Path, log_path: Path, extra_args: tuple[str, ...] = ()):
        self.data_dir = data_dir
        self.log_path = log_path
        self.extra_args = extra_args  # more flags, e.g. ("--host", "0.0.0.0")
        self.proc: subprocess.Popen | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, port: int | None = None) -> None:
        """Start serving, on ``port`` (e.g. the one it had: a phone's page comes back) or
        on a free one: another, should the one found free be taken before the server
        binds it (the other test process's browser or server can take it meanwhile)."""
        for attempt in range(3):
            self.launch(port)
            try:
                self.wait_ready()
                return
            except PortTaken:
                self.stop()
                if port is not None or attempt == 2:
                    raise

    def launch(self, port: int | None = None) -> None:
        """Start the process and return at once (``wait_ready`` waits for it to serve)."""
        self.port = port or free_port()
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
        env.pop("COMPANION_DATA_DIR", None)
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--web", "--port", str(self.port),
             "--data-dir", str(self.data_dir), *self.extra_args],
            stdout=self.log, stderr=subprocess.STDOUT, env=env,
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                said = self.log_path.read_text()[-2000:]
                taken = "Address already in use" in said
                raise (PortTaken if taken else RuntimeError)(f"companion exited: {said}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("companion --web did not start within 60 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if getattr(self, "log", None):
            self.log.close()

    def restart(self, same_port: bool = False) -> None:
        port = self.port if same_port else None
        self.stop()
        self.start(port)


class Phones:
    """The browser, its new contexts phones that ask for reduced motion (as a player can
    in the phone's settings): Flutter then skips its page transitions and ripples, which
    this machine's browser draws in software (a sixth of a browser test's CPU, measured
    with and without). A test asks for motion with ``reduced_motion="no-preference"``
    (the ``motion`` mark on a test does so for its ``page``)."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        return self._browser.new_context(**{"reduced_motion": "reduce", **options})

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield Phones(b)
        b.close()


@pytest.fixture(scope="session")
def spare_servers(tmp_path_factory):
    """A server started while the test before runs, so a test does not wait the 2–3 s a
    server takes to import and start (over a hundred tests, minutes of the suite). Each
    is a fresh process on an empty data folder of its own, as a test's own would be."""
    folder = tmp_path_factory.mktemp("servers")
    made = iter(range(1_000_000))

    def launch() -> Server:
        n = next(made)
        s = Server(folder / f"data-{n}", folder / f"server-{n}.log")
        s.launch()
        return s

    spare = [launch()]

    def take() -> Server:
        s = spare.pop()
        spare.append(launch())
        s.wait_ready()
        return s

    yield take
    for s in spare:
        s.stop()


@pytest.fixture
def server(spare_servers, request):
    s = spare_servers()
    yield s
    s.stop()
    if call_failed(request):  # what the server said: in the test's report
        print(f"The server's console ({s.log_path.name}), its end:")
        print(s.log_path.read_text(errors="replace")[-3000:])


# The code a table on the local network gives (``lan_server``), as the tests type it.
LAN_CODE = "246810"


@pytest.fixture
def lan_server(tmp_path):
    """A server of its own on the local network, with the table's code asked for."""
    s = Server(tmp_path / "data", tmp_path / "server.log",
               extra_args=("--host", "0.0.0.0", "--access-code", LAN_CODE))
    s.start()
    yield s
    s.stop()


@pytest.fixture
def page(browser, request):
    marked = request.node.get_closest_marker("motion")
    motion = {"reduced_motion": "no-preference"} if marked else {}  # else Phones' default
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, **motion)
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    if call_failed(request):
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def call_failed(request) -> bool:
    """Whether the test itself failed (for a fixture's teardown: ``rep_call`` is kept by
    ``pytest_runtest_makereport``)."""
    report = getattr(request.node, "rep_call", None)
    return report is not None and report.failed
