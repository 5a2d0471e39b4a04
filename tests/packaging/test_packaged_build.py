"""Stands in for `flet build apk` / `flet build ipa`, which need the Flutter SDK (not on
these machines; docs/DEVELOPING.md, "Build for phones").

flet-cli's own packaging step is run with only its last command caught: the
``dart run serious_python:main package …`` call that would copy the app and install its
dependencies. What flet-cli hands it (the folder, the entry module, every ``--exclude``
and every ``-r`` requirement) is read from that call, so the excludes and dependencies
are flet-cli's, not a copy of its rules. Then this test does what serious_python would:

- copy the folder, skipping each excluded path (serious_python compares the path
  relative to the app folder with each one, and follows links), and compile it the way
  ``--compile-app`` does (``compileall -b``, then the ``.py`` files are dropped);
- install the requirements as pip sees them for the phone (serious_python's pip reports
  ``platform_system`` as ``Android`` / ``iOS``), into a fresh virtual environment made
  without the project, plus flet-web, which stands in for the phone's Flutter client,
  and the server's own dependencies (brotli), as the stand-in is served by the app's server;
- start the entry module from the packaged folder alone (``python -m main --web``; the
  built app runs ``runpy.run_module("main", run_name="__main__")``), no PYTHONPATH,
  and look at the home screen in Chromium.

It needs PyPI (about 30 s of downloads, nothing cached outside the temporary folder).
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from packaging.requirements import Requirement

from companion.assets_folder import FONT_FILE
from tests.e2e.conftest import CHROMIUM_ARGS, PHONE, chromium_path, free_port
from tests.e2e.flutter import open_app
from tests.e2e.tables import HOME_TILES

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PHONE_TARGETS = {"apk": "Android", "ipa": "iOS"}  # flet build target → platform.system()
DESKTOP_ONLY = {"flet-desktop", "flet-web", "flet-cli"}
SERVER_ONLY = {"brotli"}  # companion/web/compressed.py: no server runs on a phone
CLIENT_STAND_IN = "flet-web==1.0.5"  # the browser plays the phone's Flutter client


def flet_build_package_call(target: str, build_dir: Path) -> tuple[Path, str, list[str]]:
    """Run flet-cli 1.0.5's packaging step for ``target`` on this project, catching the
    serious_python call it ends with: (app folder, entry module, that call's arguments).

    The attributes set here are the ones flet-cli's earlier build steps would set (the
    Flutter project and template are not made); ``build_dir`` is a temporary folder, so
    nothing is written into the project."""
    from flet_cli.commands.build import Command
    from flet_cli.utils.pyproject_toml import load_pyproject_toml

    parser = argparse.ArgumentParser()
    cmd = Command(parser)
    cmd.options = parser.parse_args([target, str(ROOT)])
    cmd.target_platform = target
    cmd.package_platform = cmd.platforms[target]["package_platform"]
    cmd.config_platform = cmd.platforms[target]["config_platform"]
    cmd.python_app_path = ROOT
    cmd.get_pyproject = load_pyproject_toml(ROOT)
    cmd.validate_entry_point()  # tool.flet.app.path and module; fails if main.py is missing
    cmd.build_dir = build_dir
    cmd.flutter_dir = build_dir / "flutter"
    cmd.flutter_packages_dir = build_dir / "flutter-packages"
    cmd.flutter_packages_temp_dir = build_dir / "flutter-packages-temp"
    cmd.template_data = {"options": {"target_arch": None}, "bundle_id": "app.tablecompanion"}
    cmd.dart_exe = "dart"
    cmd.python_release = types.SimpleNamespace(short="3.12")
    cmd.verbose = 0
    cmd.emojis = {"checkmark": ""}
    cmd.update_status = lambda *args, **kwargs: None
    calls: list[list[str]] = []

    def caught(args, cwd, env=None, capture_output=True):
        calls.append([str(a) for a in args])
        # what flet-cli checks for afterwards: the staged app (phones), app.zip (web)
        (build_dir / "python-app").mkdir(parents=True, exist_ok=True)
        (build_dir / "flutter" / "app").mkdir(parents=True, exist_ok=True)
        (build_dir / "flutter" / "app" / "app.zip").touch()
        return types.SimpleNamespace(returncode=0, stdout="", stderr="")

    def refused(exit_code, message=None):
        pytest.fail(f"flet build would stop here ({exit_code}): {message}")

    cmd.run = caught
    cmd.cleanup = refused
    # A static web build with no CDN ([tool.flet.web] cdn = false) copies Pyodide into
    # the client: noted here, not downloaded.
    cmd.python_release.pyodide = "pyodide"
    with mock.patch("flet_cli.utils.pyodide.ensure_pyodide",
                    lambda version, dest: calls.append(["pyodide", str(dest)])):
        cmd.package_python_app()
    pyodide = [c for c in calls if c[0] == "pyodide"]
    assert len(pyodide) == (target == "web"), calls  # bundled: the web build works offline
    calls[:] = [c for c in calls if c[0] != "pyodide"]
    assert len(calls) == 1 and calls[0][3:5] == ["serious_python:main", "package"], calls
    return Path(cmd.package_app_path), cmd.python_module_name, calls[0]


def option_values(args: list[str], option: str) -> list[str]:
    return [args[i + 1] for i, a in enumerate(args[:-1]) if a == option]


def phone_requirements(requirements: list[str], system: str) -> list[Requirement]:
    """The requirements pip installs when it reports ``platform_system`` as ``system``."""
    reqs = [Requirement(r) for r in requirements]
    return [r for r in reqs if r.marker is None or r.marker.evaluate({"platform_system": system})]


def copy_like_serious_python(src_root: Path, dest: Path, excludes: set[str]) -> None:
    """serious_python's copyDirectory: every entry whose path relative to the app folder
    is in ``excludes`` is skipped; links to folders are followed."""

    def copy(src: Path, dst: Path) -> None:
        for entry in os.scandir(src):
            if os.path.relpath(entry.path, src_root) in excludes:
                continue
            if entry.is_dir():
                (dst / entry.name).mkdir()
                copy(Path(entry.path), dst / entry.name)
            elif entry.is_file():
                shutil.copyfile(entry.path, dst / entry.name)

    dest.mkdir()
    copy(src_root, dest)


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "COMPANION_DATA_DIR")}
    env.update(PYTHONNOUSERSITE="1", **extra)
    return env


def run(args: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """The packaged folder and a fresh virtual environment with the phone's dependencies."""
    tmp = tmp_path_factory.mktemp("packaged")
    app_root, module, call = flet_build_package_call("apk", tmp / "flet-build")
    excludes = set(option_values(call, "--exclude"))
    app = tmp / "app"
    copy_like_serious_python(app_root, app, excludes)

    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    assert "--compile-app" in call
    run([python, "-m", "compileall", "-b", "-q", app])
    for source in app.rglob("*.py"):
        source.unlink()

    reqs = phone_requirements(option_values(call, "-r"), PHONE_TARGETS["apk"])
    for r in reqs:
        r.marker = None  # evaluated above, as for the phone
    pins = [str(r) for r in reqs]
    # The stand-in is served by the app's own server: its dependencies, as a computer has them.
    server = [r for r in phone_requirements(option_values(call, "-r"), "Linux")
              if r.name in SERVER_ONLY]
    for r in server:
        r.marker = None
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet",
         "--no-cache-dir", "--disable-pip-version-check", *pins, CLIENT_STAND_IN,
         *map(str, server)],
        env=clean_env(), timeout=600)
    yield types.SimpleNamespace(app=app, module=module, call=call, excludes=excludes,
                                python=python, tmp=tmp)
    shutil.rmtree(venv, ignore_errors=True)


@pytest.mark.parametrize("target", ["apk", "ipa", "web"])
def test_phone_and_pyodide_builds_get_flet_without_its_desktop_parts(tmp_path, target):
    _, _, call = flet_build_package_call(target, tmp_path)
    system = PHONE_TARGETS.get(target, "Emscripten")
    names = {r.name for r in phone_requirements(option_values(call, "-r"), system)}
    assert "flet" in names and not names & (DESKTOP_ONLY | SERVER_ONLY), names
    flet = [r for r in phone_requirements(option_values(call, "-r"), system) if r.name == "flet"]
    assert all(not r.extras for r in flet), flet
    # `pip install -e .` on a computer still gets the window, the server and flet build.
    desktop = phone_requirements(option_values(call, "-r"), "Linux")
    assert any(r.name == "flet" and r.extras == {"all"} for r in desktop), desktop
    assert SERVER_ONLY <= {r.name for r in desktop}, desktop


def test_a_static_web_build_bundles_its_renderer_instead_of_a_cdn():
    from flet_cli.commands.build import Command
    from flet_cli.utils.pyproject_toml import load_pyproject_toml

    parser = argparse.ArgumentParser()
    cmd = Command(parser)
    cmd.options = parser.parse_args(["web", str(ROOT)])
    cmd.get_pyproject = load_pyproject_toml(ROOT)
    assert cmd.resolve_no_cdn()  # [tool.flet.web] cdn = false, without --no-cdn


def test_the_package_holds_the_app_and_nothing_else(build):
    assert build.module == "main"
    assert {p.name for p in build.app.iterdir()} == {  # and the app's licence with it
        "main.pyc", "assets", "companion", "scorers", "setup_guides", "LICENSE"}
    names = {p.name for p in build.app.rglob("*")}
    assert not names & {"__pycache__", "tests", "docs", "seeds", ".git", "pyvenv.cfg"}
    assert not list(build.app.rglob("*.py"))  # compiled, as --compile-app leaves it
    assert (build.app / "companion" / "i18n" / "en" / "common.json").is_file()


def test_the_package_has_its_assets_where_flet_build_and_the_phone_look(build):
    # flet-cli takes the icon (and, with no splash image, the splash) from <app>/assets,
    # and the phone's client sets FLET_ASSETS_DIR to that folder: the app reads the same.
    assets = build.app / "assets"
    assert (assets / "icon.png").is_file()
    assert (assets / "manifest.json").is_file()
    assert (assets / FONT_FILE).is_file()  # where the page asks for the Japanese font
    assert not (build.app / "companion" / "assets").exists()  # one copy
    code = "from companion.assets_folder import ASSETS; print(ASSETS)"
    found = run([build.python, "-c", code], cwd=build.app, env=clean_env()).stdout.strip()
    assert Path(found) == assets.resolve()


def test_the_packaged_tree_imports_on_its_own(build):
    code = ("import sys, companion, scorers, setup_guides, companion.ui.app\n"
            "for m in (companion, scorers, setup_guides): print(m.__file__)\n"
            "import importlib.util as u\n"
            "print(*[n for n in ('flet_desktop', 'flet_cli') if u.find_spec(n)])\n")
    done = run([build.python, "-c", code], cwd=build.app, env=clean_env())
    *files, desktop_parts = done.stdout.splitlines()
    assert all(Path(f).is_relative_to(build.app) for f in files), files
    assert desktop_parts == ""  # the phone's environment has neither


def test_the_packaged_app_shows_the_five_games(build):
    command = [build.python, "-m", build.module, "--web"]
    with served(command, build.app, build.tmp) as url:
        assert_home_shows_the_games(url)


@contextmanager
def served(command: list, cwd: Path, tmp: Path) -> Iterator[str]:
    """``command`` (``… --web``) serving a fresh data folder under ``tmp`` on a free
    port, from ``cwd``; yields its address and stops it afterwards."""
    port = free_port()
    log_path = tmp / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(a) for a in command] + ["--port", str(port), "--data-dir", str(tmp / "data")],
            cwd=cwd, env=clean_env(), stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for_port(proc, port, log_path)
            yield f"http://127.0.0.1:{port}/"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def wait_for_port(proc: subprocess.Popen, port: int, log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the packaged app exited: {log_path.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"the packaged app did not listen in 60 s: {log_path.read_text()}")


def assert_home_shows_the_games(url: str) -> None:
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # In a thread of its own: after a browser test, Playwright's sync API keeps a loop
    # running in this thread, and a second sync_playwright() refuses to start beside it.
    errors: list[BaseException] = []

    def look() -> None:
        try:
            look_at_home(path, url)
        except BaseException as err:  # noqa: BLE001 - raised again below
            errors.append(err)

    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def look_at_home(path: str, url: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=PHONE).new_page()
            page.set_default_timeout(15000)
            open_app(page, url)
            page.get_by_text("Start a new table").wait_for()
            for name, players in HOME_TILES:
                tile = page.get_by_role("button", name=f"{name}\n{players}")
                tile.wait_for()
                assert tile.count() == 1
        finally:
            browser.close()
