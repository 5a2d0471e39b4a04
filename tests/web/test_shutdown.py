"""SIGTERM stops the server within 3 s, always (companion/web/server.py).

Each server here is a separate process, as a service manager would run it: the real
`python -m companion --web`, or our server around a small Flet ``main`` that holds the
stop up in one of the ways a handler could (busy on the event loop, or slow to finish
its own shutdown). A burst of a phone's taps
at the stop: tests/web/test_shutdown_taps.py.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.sync.client import connect

from tests.web.test_server import ROOT, STOPPED_WITHIN, Companion, free_port, register

# Our server (companion.web.server) around a Flet main named on the command line.
HOLDING_SERVER = """
import asyncio, sqlite3, sys, time
from companion.web import server

def locked(page):  # a write waiting for another program's lock: 30 s inside SQLite's C code
    path = sys.argv[3] + "/held.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE IF NOT EXISTS t (x)")
    holder.execute("BEGIN IMMEDIATE")
    sqlite3.connect(path, timeout=30).execute("INSERT INTO t VALUES (1)")

def busy(page):  # a handler that keeps the event loop busy for 30 s
    time.sleep(30)

def idle(page):
    pass


class SlowToStop:  # an app whose own shutdown (ASGI lifespan) takes 30 s
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def slow_receive():
            message = await receive()
            if message["type"] == "lifespan.shutdown":
                await asyncio.sleep(30)
            return message
        await self.app(scope, slow_receive if scope["type"] == "lifespan" else receive, send)

main = {"busy": busy, "locked": locked, "slow-to-stop": idle}[sys.argv[1]]
app = server.build_app(main)
if sys.argv[1] == "slow-to-stop":
    app = SlowToStop(app)
server.serve(app, "127.0.0.1", int(sys.argv[2]),
             on_ready=lambda port: print("ready", flush=True))
"""


def settle(ws, quiet: float = 0.5) -> None:
    """Wait until Flet has drawn the session's first page (no message for ``quiet`` s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            ws.recv(timeout=quiet)
        except TimeoutError:
            return
    raise AssertionError("the page never settled")


def stop_time(proc: subprocess.Popen) -> float:
    started = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return time.monotonic() - started


def test_a_page_still_downloading_the_client_does_not_hold_the_stop(tmp_path):
    """Three clients stall in the middle of the 8 MB client (a phone on weak Wi-Fi):
    uvicorn alone would wait for them for its whole graceful timeout."""
    c = Companion(tmp_path)
    stalled = []
    try:
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", c.port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(b"GET /main.dart.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Accept-Encoding: identity\r\n\r\n")
            stalled.append(s)
        s.recv(100)  # the response has started
        with connect(f"ws://127.0.0.1:{c.port}/ws", origin=f"http://127.0.0.1:{c.port}") as ws:
            register(ws)  # and an open session, its page drawn
            settle(ws)
            took = c.stop()
    finally:
        for s in stalled:
            s.close()
    assert took < STOPPED_WITHIN, f"{took:.2f} s: {c.output()}"


def run_holding_server(tmp_path: Path, kind: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    err = open(tmp_path / "stderr.txt", "wb")  # noqa: SIM115 - closed by the test
    proc = subprocess.Popen([sys.executable, "-c", HOLDING_SERVER, kind, str(port),
                             str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=err, cwd=ROOT)
    assert proc.stdout.readline().strip() == b"ready"
    err.close()
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                 close_timeout=0.1) as ws:  # the server may be too busy to answer a close
        register(ws)  # Flet now runs main for this session
    time.sleep(0.3)
    return proc, port


def test_a_handler_busy_on_the_event_loop_does_not_hold_the_stop(tmp_path):
    proc, _ = run_holding_server(tmp_path, "busy")
    assert stop_time(proc) < STOPPED_WITHIN
    assert proc.returncode == 128 + signal.SIGTERM
    assert "a handler held the server" in (tmp_path / "stderr.txt").read_text()


def test_a_write_waiting_for_another_programs_lock_does_not_hold_the_stop(tmp_path):
    """The signal arrives while the main thread is inside SQLite's busy wait, where
    Python cannot run its signal handler: the watchdog hears of it all the same."""
    proc, _ = run_holding_server(tmp_path, "locked")
    assert stop_time(proc) < STOPPED_WITHIN
    assert proc.returncode == 128 + signal.SIGTERM
    assert "a handler held the server" in (tmp_path / "stderr.txt").read_text()


def test_an_app_slow_to_stop_does_not_hold_the_stop(tmp_path):
    """Nothing holds the loop, but the app's own shutdown step takes 30 s: the process
    ends between two steps of the loop."""
    proc, _ = run_holding_server(tmp_path, "slow-to-stop")
    took = stop_time(proc)
    assert took < STOPPED_WITHIN
    assert proc.returncode == 128 + signal.SIGTERM
    assert "still stopping after 2 s" in (tmp_path / "stderr.txt").read_text()
