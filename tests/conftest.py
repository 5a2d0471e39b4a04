"""Shared test settings, and the static site built once per run."""

import socket
from pathlib import Path

import pytest
from hypothesis import settings

from tests.static_site import built_once

# A 2-core CI machine is slower than a laptop: no per-example deadline, same example count.
settings.register_profile("default", deadline=None)
settings.load_profile("default")


@pytest.fixture(scope="session")
def static_site(tmp_path_factory, worker_id) -> Path:
    """The site ``python -m companion.site`` writes (tests/static_site.py), in the run's
    temporary folder: the one its processes share under pytest-xdist."""
    run = tmp_path_factory.getbasetemp()
    return built_once(run if worker_id == "master" else run.parent)


@pytest.hookimpl(trylast=True)  # once pytest-rerunfailures has made its socket
def pytest_configure(config):
    rerun_counts_without_delay(config)


def rerun_counts_without_delay(config) -> None:
    """pytest-rerunfailures keeps its counts of reruns in the main process. Before each
    test, each xdist process tells it one count and then asks for another, over a local
    socket, the question waiting for the first message's acknowledgement: Linux delays
    that by 40 ms (Nagle's algorithm meeting a delayed ACK), before every test, most of
    which take a few milliseconds. Its socket sends each message at once instead."""
    sock = getattr(getattr(config, "failures_db", None), "sock", None)
    if isinstance(sock, socket.socket) and sock.type == socket.SOCK_STREAM:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def pytest_terminal_summary(terminalreporter):
    """Why each test run again (.ci/test reruns a browser wait that timed out) failed the
    first time: where in the tests (each test file's line on the way down) and the error's
    first lines (Playwright's say which wait). pytest names a rerun, but no more."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section("why tests ran again")
    for report in reruns:
        failure = report.longrepr
        entries = getattr(getattr(failure, "reprtraceback", None), "reprentries", [])
        where = [f"{e.reprfileloc.path}:{e.reprfileloc.lineno}" for e in entries
                 if getattr(e, "reprfileloc", None) and "tests/" in e.reprfileloc.path]
        crash = getattr(failure, "reprcrash", None)
        terminalreporter.write_line(report.nodeid)
        terminalreporter.write_line("    at " + " > ".join(where))
        for line in (crash.message if crash else str(failure)).splitlines()[:8]:
            terminalreporter.write_line("    " + line)
