"""A flood of new sessions against the real server behind a code: a thousand from one
address, then a thousand from a hundred: the sessions waiting for the code stay within
their bounds, and once the flood's sockets have timed out the server keeps only the phone
that joined. (The server's memory through the same flood depends on the machine:
bench/session_flood_bench.py measures it.)

The server is `companion` itself, started by tests/web/counting_server.py, which writes
how many sessions Flet keeps; Flet's session timeout (which also ends a wait on the
prompt) is shortened to a few seconds. All clients take 127.0.0.x source addresses.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from companion.web.access import WAITING_IN_ALL, WAITING_PER_CLIENT
from tests.run_async import run
from tests.web.phones import HOME, PROMPT, Phone
from tests.web.test_server import Companion

CODE = "246810"
FLOOD = 1000
# Sockets opened at the same moment. Each socket in flight costs the server its buffers,
# which it keeps for the next ones: its memory rises with the flood's width, once (a
# hundred at once raised it by 12-16 % here, and five floods more by 2 % in all).
AT_ONCE = 50
TIMEOUT = 4  # s: FLET_SESSION_TIMEOUT for this server
HOST = "127.0.0.250"


@pytest.fixture
def counted(tmp_path):
    count_file = tmp_path / "sessions.txt"
    c = Companion(tmp_path, "--host", "0.0.0.0", "--access-code", CODE,
                  program=("-m", "tests.web.counting_server", str(count_file)),
                  env={"FLET_SESSION_TIMEOUT": str(TIMEOUT)})
    c.sessions = lambda: int(count_file.read_text(encoding="ascii") or -1)
    yield c
    c.stop()


async def flood(port: int, sources: list[str]) -> list[Phone]:
    """FLOOD new sessions, spread over ``sources``, held open."""
    phones = [Phone(port, sources[n % len(sources)]) for n in range(FLOOD)]
    for start in range(0, FLOOD, AT_ONCE):
        await asyncio.gather(*(p.open() for p in phones[start:start + AT_ONCE]))
    await asyncio.sleep(2)  # the last ones' answers
    return phones


def waiting(phones: list[Phone]) -> int:
    """Sessions made for the flood and still open on the prompt."""
    return sum(1 for p in phones if p.session_id and not p.closed)


def test_a_flood_of_sessions_stays_bounded_and_leaves_only_the_joined_phone(counted):
    async def scenario():
        host = await Phone(counted.port, HOST, route=f"/?code={CODE}").open()
        assert await host.answer() == HOME
        # One visit to the prompt first: what it loads is not the flood's doing.
        visitor = await Phone(counted.port, "127.0.0.251").open()
        assert await visitor.shows(PROMPT)
        await visitor.close()

        one = await flood(counted.port, ["127.0.0.2"])
        assert waiting(one) <= WAITING_PER_CLIENT
        many = await flood(counted.port, [f"127.0.0.{n}" for n in range(10, 110)])
        assert waiting(many) <= WAITING_IN_ALL

        # The flood's sockets are left open: the server ends their wait itself.
        deadline = time.monotonic() + TIMEOUT + 30
        while counted.sessions() != 1 and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        left = counted.sessions()
        host_open = not host.closed
        await asyncio.gather(*(p.close() for p in one + many))
        await host.close()
        return left, host_open, waiting(one + many)

    left, host_open, still_waiting = run(scenario())
    assert left == 1 and host_open  # the phone that joined, still connected
    assert still_waiting == 0
