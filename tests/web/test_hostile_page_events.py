"""Malformed page events from a phone that has not given the table's code yet: it gets
the one-line notice at most, never Flet's traceback with the server's paths."""

from __future__ import annotations

import time

import msgpack
import pytest
from websockets.sync.client import connect

from tests.web.test_server import ROOT, Companion, register

CONTROL_EVENT = 3  # flet.messaging.protocol.MessageAction
PAGE = 1  # the page's control id

EVENTS = [
    ("route_change", {"route": 5}),
    ("route_change", [1, 2]),
    ("view_pop", {"x": 1}),
    ("view_pop", "not a view"),
    ("keyboard_event", "bad"),
    ("keyboard_event", {"key": 5, "shift": "yes"}),
    ("resize", "bad"),
    ("resize", {"width": "wide"}),
]


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    c = Companion(tmp_path_factory.mktemp("lan"), "--host", "0.0.0.0",
                  "--access-code", "246810")
    yield c
    c.stop()


def answer_to(lan, name: str, data) -> str:
    """Everything the server sends a new session before the code after one event."""
    with connect(f"ws://127.0.0.1:{lan.port}/ws", origin=f"http://127.0.0.1:{lan.port}") as ws:
        register(ws)
        ws.send(b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": PAGE, "name": name,
                                                         "data": data}]))
        got = b""
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                got += ws.recv(timeout=0.5)
            except TimeoutError:
                continue
        return got.decode("utf-8", "replace")


@pytest.mark.parametrize("name, data", EVENTS)
def test_a_malformed_event_before_the_code_shows_no_traceback(lan, name, data):
    sent = answer_to(lan, name, data)
    assert "Traceback" not in sent and str(ROOT) not in sent and ".py" not in sent
    assert "246810" not in sent
