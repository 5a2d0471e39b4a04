"""Big WebSocket frames from sessions that have not given the table's code:
each session on the code's prompt sends one 8 MiB frame and leaves. Before the code a
session may send only small messages (the prompt's are a few hundred bytes): a larger
frame closes its socket before it is read into memory, so the server's memory stays
where it was and the console has no traceback for it.

The server is `companion` itself (tests/web/test_server.py, ``Companion``), with the
random code of the local network or a code given with --access-code; every client takes
a 127.0.0.x source address.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed

from tests.run_async import run
from tests.web.phones import HOME, INVOKE_METHOD, PROMPT, Phone, vm_rss_kib
from tests.web.test_server import Companion

CODE = "246810"
FRAME = 8 * 1024 * 1024
ROUNDS, PER_ROUND = 3, 20
AT_ONCE = 10  # sessions on the prompt at the same moment: within the waiting room's 12
MEMORY_RISE = 0.10


@pytest.fixture(params=["random code", "code given"])
def lan(request, tmp_path):
    given = ("--access-code", CODE) if request.param == "code given" else ()
    c = Companion(tmp_path, "--host", "0.0.0.0", *given)
    yield c
    c.stop()


def big_frame() -> bytes:
    """A page event as the client frames it, followed by 8 MiB more."""
    event = b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": ""}])
    return event + bytes(FRAME - len(event))


async def send_big_frame(port: int, source: str, frame: bytes) -> bool:
    """A session on the prompt that sends ``frame`` and leaves without a word (its
    socket dropped, as a phone's when it goes out of range); whether it saw the
    prompt."""
    phone = await Phone(port, source).open()
    try:
        if not await phone.shows(PROMPT):
            return False
        with contextlib.suppress(ConnectionClosed, OSError):
            await phone._ws.send(frame)  # the server may close the socket meanwhile
        phone._ws.transport.abort()
        return True
    finally:
        await phone.close()


async def steady_rss(pid: int, timeout: float = 15.0) -> int:
    """The server's memory once it has stayed within 1 % for two seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    readings = [vm_rss_kib(pid)]
    while len(readings) < 8 or max(readings[-8:]) > min(readings[-8:]) * 1.01:
        if loop.time() > deadline:
            break
        await asyncio.sleep(0.25)
        readings.append(vm_rss_kib(pid))
    return readings[-1]


def test_big_frames_before_the_code_leave_no_memory_behind(lan):
    frame = big_frame()

    async def scenario():
        async def one_round(frame: bytes) -> int:
            seen = 0
            for start in range(0, PER_ROUND, AT_ONCE):
                sources = [f"127.0.0.{2 + n}" for n in range(start, start + AT_ONCE)]
                seen += sum(await asyncio.gather(
                    *(send_big_frame(lan.port, s, frame) for s in sources)))
            return seen

        # A round with a small frame each first: what sessions on the prompt load and
        # keep (a few MiB, the same with small frames as with big ones) is not the big
        # frames' doing.
        await one_round(b"\x00")
        rss = [await steady_rss(lan.proc.pid)]
        seen = 0
        for _ in range(ROUNDS):
            seen += await one_round(frame)
            rss.append(await steady_rss(lan.proc.pid))
        return rss, seen

    started = time.monotonic()
    rss, seen = run(scenario())
    mib = [round(r / 1024) for r in rss]
    print(f"RSS (MiB) at the start and after each round of {PER_ROUND} frames: {mib}, "
          f"{time.monotonic() - started:.1f} s")
    assert seen == ROUNDS * PER_ROUND  # every session was on the prompt
    assert rss[-1] <= rss[0] * (1 + MEMORY_RISE), mib
    assert "ExtraData" not in lan.output()  # the frames never reached Flet


@pytest.mark.parametrize("served", ["this computer, no code", "the network, code given"])
def test_a_phone_that_is_in_may_send_big_messages(tmp_path, served):
    """A backup restored on a phone comes over its socket, up to uvicorn's 16 MiB."""
    lan = served.startswith("the network")
    c = Companion(tmp_path, *(("--host", "0.0.0.0", "--access-code", CODE) if lan else ()))

    async def scenario():
        phone = await Phone(c.port, route=f"/?code={CODE}" if lan else "/").open()
        try:
            assert await phone.answer() == HOME
            # The answer to a call the server did not make: Flet lets it be.
            await phone._ws.send(b"\x00" + msgpack.packb([INVOKE_METHOD, {
                "control_id": 1, "call_id": "none", "result": "x" * FRAME, "error": None}]))
            pong = await phone._ws.ping()  # answered once the big message was taken
            await asyncio.wait_for(pong, 10)
            return phone._ws.close_code
        finally:
            await phone.close()

    try:
        assert run(scenario()) is None  # still open
    finally:
        c.stop()
