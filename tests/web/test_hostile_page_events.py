"""Malformed page events from a phone that has not given the table's code yet: it gets
the one-line notice at most, never Flet's traceback with the server's paths."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

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


def answer_to(lan, name: str, data, source: str = "127.0.0.1") -> str:
    """Everything the server sends a new session before the code after one event, from a
    phone at the address ``source``."""
    with connect(f"ws://127.0.0.1:{lan.port}/ws", origin=f"http://127.0.0.1:{lan.port}",
                 source_address=(source, 0)) as ws:
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


@pytest.fixture(scope="module")
def answers(lan) -> list[str]:
    """What each event of EVENTS got, each from a session of its own; the sessions listen
    side by side, so their seconds of listening are not added up. Each phone has an
    address of its own: the server lets only a few sessions from one address wait for the
    code."""
    with ThreadPoolExecutor(len(EVENTS)) as pool:
        return list(pool.map(lambda n: answer_to(lan, *EVENTS[n], source=f"127.0.0.{n + 2}"),
                             range(len(EVENTS))))


@pytest.mark.parametrize("number", range(len(EVENTS)),
                         ids=[f"{name}-{data!r}" for name, data in EVENTS])
def test_a_malformed_event_before_the_code_shows_no_traceback(answers, number):
    sent = answers[number]
    assert "Traceback" not in sent and str(ROOT) not in sent and ".py" not in sent
    assert "246810" not in sent
