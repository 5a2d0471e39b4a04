"""``companion``'s own flags as a package's command has them: ``--version``,
``--log-level`` (the ``companion`` logger on stderr, warnings and errors unless asked), and
the port ``flet run --web --port N main.py`` hands over in ``FLET_SERVER_PORT``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.__main__ import DEFAULT_PORT, parse_args
from companion.app_version import app_version


def python(code: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "FLET_SERVER_PORT"}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, env=env, timeout=60)


def test_version_prints_the_installed_version():
    done = python("import sys\nfrom companion.__main__ import main\nsys.exit(main())",
                  "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"companion {app_version()['version']}\n"


LOGS = ("import logging, sys\nfrom companion.__main__ import parse_args, set_up_logging\n"
        "set_up_logging(parse_args(sys.argv[1:]).log_level)\n"
        "set_up_logging(parse_args(sys.argv[1:]).log_level)  # once, however often\n"
        "log = logging.getLogger('companion.web.server')\n"
        "log.debug('a debug line'); log.info('an info line'); log.warning('a warning')\n")


def test_the_app_log_shows_warnings_by_default():
    done = python(LOGS)
    assert done.stdout == ""
    assert "WARNING companion.web.server: a warning" in done.stderr
    assert "info line" not in done.stderr and "debug line" not in done.stderr
    assert done.stderr.count("a warning") == 1


def test_log_level_shows_more_or_less():
    debug = python(LOGS, "--log-level", "debug").stderr
    assert "DEBUG companion.web.server: a debug line" in debug and "an info line" in debug
    error = python(LOGS, "--log-level", "error").stderr
    assert error == ""


def test_an_unknown_log_level_is_refused():
    with pytest.raises(SystemExit) as refused:
        parse_args(["--log-level", "loud"])
    assert refused.value.code == 2


def test_the_port_flet_run_hands_over_is_the_default(monkeypatch):
    monkeypatch.setenv("FLET_SERVER_PORT", "9123")
    assert parse_args([]).port == 9123
    assert parse_args(["--port", "8600"]).port == 8600  # the flag wins
    monkeypatch.setenv("FLET_SERVER_PORT", "not a port")
    assert parse_args([]).port == DEFAULT_PORT
    monkeypatch.delenv("FLET_SERVER_PORT")
    assert parse_args([]).port == DEFAULT_PORT == 8550
