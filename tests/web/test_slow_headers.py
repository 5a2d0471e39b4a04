"""Slow request headers at the usual limit on open files: under a limit of
1,024 open files, 1,100 connections from 50 addresses each send half a request head and
wait (and a few send half a head after a first answer, on a connection kept alive; and
one address opens more than it may). The page is still served and a phone joins within
5 s, the connections that never finish their head are closed, and the console says so
in a line or two, not a traceback per socket.

The server is `companion` itself, started with its limit on open files set first (as
``ulimit -n 1024`` would): the soft limit only (the usual case), or the hard limit too.
Every client takes a 127.0.0.x source address.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import resource
import socket
import urllib.request

import pytest

from companion.web.connections import CONNECTIONS_PER_CLIENT, HEAD_SECONDS
from tests.run_async import run
from tests.web.phones import HOME, Phone
from tests.web.test_server import READY, Companion

CODE = "246810"
FILES = 1024
SLOW = 1100
ADDRESSES = [f"127.0.0.{n}" for n in range(10, 60)]  # 50
JOIN_SECONDS = 5.0
ONE_ADDRESS, OVER_ONE_BOUND = "127.0.0.61", CONNECTIONS_PER_CLIENT + 8
LOCAL_PORTS = 12000  # the slow sockets' own ports, from here
KEPT_ALIVE = 5  # and connections that send half a head after a first answer
HALF_A_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"


def limited(soft: int, hard: int | None) -> tuple[str, ...]:
    """`python -m companion` with its limit on open files set first."""
    hard_limit = "resource.getrlimit(resource.RLIMIT_NOFILE)[1]" if hard is None else str(hard)
    return ("-c", "import resource, sys; "
                  f"resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard_limit})); "
                  "from companion.__main__ import main; sys.exit(main(sys.argv[1:]))")


@pytest.fixture(params=["soft limit", "soft and hard limit"])
def lan(request, tmp_path):
    # This process holds the slow sockets: it needs more than 1,100 files itself.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = SLOW + 400
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"this process may open only {hard} files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    program = limited(FILES, FILES if request.param == "soft and hard limit" else None)
    for attempt in range(3):
        try:
            c = Companion(tmp_path, "--host", "0.0.0.0", "--access-code", CODE,
                          program=program)
            break
        except RuntimeError as err:
            # Its free port (free on 127.0.0.1) was still taken on another 127.0.0.x by
            # a socket of the last test's: another port.
            if "already in use" not in str(err) or attempt == 2:
                raise
    yield c
    c.stop()


_local_ports = itertools.count(LOCAL_PORTS)


def bound_socket(source: str) -> socket.socket:
    """A socket from ``source`` on a port below the ephemeral range: the free port
    another test's server is given (tests/web/test_server.py, free_port) is never one of
    these thousand."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((source, next(_local_ports)))
    except OSError:
        sock.bind((source, 0))
    sock.setblocking(False)
    return sock


async def slow_socket(port: int, source: str):
    """A connection that sends half a request head and waits; None if refused."""
    sock = bound_socket(source)
    try:
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(
            sock, ("127.0.0.1", port)), 10)
        reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(HALF_A_HEAD)
        await writer.drain()
    except (OSError, TimeoutError):
        sock.close()
        return None
    return reader, writer


async def kept_alive_then_slow(port: int, source: str):
    """A connection that gets one answer, kept alive, then sends half the next head;
    None if no answer came."""
    async def connection():
        reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                       local_addr=(source, 0))
        writer.write(b"GET /manifest.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        await reader.readexactly(length)
        writer.write(HALF_A_HEAD)
        return reader, writer

    try:
        return await asyncio.wait_for(connection(), 10)
    except (OSError, TimeoutError, asyncio.IncompleteReadError):
        return None


def fetch_page(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=JOIN_SECONDS) as r:
        r.read()
        return r.status


async def closed_by_server(reader: asyncio.StreamReader, timeout: float) -> bool:
    """Whether the server closes the connection within ``timeout``."""
    try:
        await asyncio.wait_for(reader.read(), timeout)  # an answer, or nothing
        return True
    except TimeoutError:  # an OSError too: first
        return False
    except OSError:
        return True  # reset


def test_slow_heads_at_the_usual_file_limit_leave_room_for_a_phone(lan):
    async def scenario():
        # One address over its bound first: those over it are closed at once (with a 503,
        # which a client that had sent its head may see as a reset).
        slow = [await slow_socket(lan.port, ONE_ADDRESS) for _ in range(OVER_ONE_BOUND)]
        over = slow[CONNECTIONS_PER_CLIENT:]
        refused_at_once = sum(await asyncio.gather(
            *(closed_by_server(s[0], timeout=5) for s in over if s is not None)))
        for start in range(0, SLOW, 100):
            slow += await asyncio.gather(*(
                slow_socket(lan.port, ADDRESSES[n % len(ADDRESSES)])
                for n in range(start, start + 100)))
        slow += await asyncio.gather(*(kept_alive_then_slow(lan.port, "127.0.0.60")
                                       for _ in range(KEPT_ALIVE)))
        opened = sum(1 for s in slow if s is not None)
        loop = asyncio.get_running_loop()

        started = loop.time()
        status = None
        try:
            status = await asyncio.wait_for(asyncio.to_thread(fetch_page, lan.port),
                                            JOIN_SECONDS)
        except (OSError, TimeoutError):
            pass
        page_seconds = loop.time() - started
        started = loop.time()
        phone = Phone(lan.port, "127.0.0.200", route=f"/?code={CODE}")
        answer = ""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(phone.open(), JOIN_SECONDS)
            answer = await phone.answer(timeout=started + JOIN_SECONDS - loop.time())
        join_seconds = loop.time() - started
        await phone.close()

        # The heads that never finish are closed by the server, within its time.
        started = loop.time()
        readers = [s[0] for s in slow if s is not None]
        closed = sum(await asyncio.gather(
            *(closed_by_server(r, HEAD_SECONDS + 10) for r in readers)))
        closed_seconds = loop.time() - started
        for s in slow:
            if s is not None:
                s[1].close()
        return (refused_at_once, opened, status, page_seconds, answer, join_seconds,
                closed, closed_seconds)

    (refused_at_once, opened, status, page_seconds, answer, join_seconds, closed,
     closed_seconds) = run(scenario())
    console = lan.output().split(READY, 1)[-1].split("\n", 1)[-1]  # after that line
    lines = [line for line in console.splitlines() if line.strip()]
    print(f"{refused_at_once} of {OVER_ONE_BOUND} from one address refused at once; "
          f"{opened} slow sockets opened; the page: {status} in {page_seconds:.1f} s; "
          f"the phone: {answer!r} in {join_seconds:.1f} s; {closed} closed by the server "
          f"in {closed_seconds:.1f} s; {len(lines)} console lines, "
          f"{console.count('Traceback')} tracebacks: {lines[:3]}")
    assert refused_at_once == OVER_ONE_BOUND - CONNECTIONS_PER_CLIENT
    assert status == 200 and page_seconds < JOIN_SECONDS
    assert answer == HOME and join_seconds < JOIN_SECONDS
    assert closed == opened
    assert "Traceback" not in console and len(lines) <= 3
