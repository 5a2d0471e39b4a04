"""The server's connections before the app sees them: uvicorn's own protocols, bounded
against one hostile device on the network (companion/web/server.py serves with them).

- At most ``CONNECTIONS_PER_CLIENT`` open connections from one address (a trusted proxy
  excepted), and ``Connections.most`` in all, below the limit on open files (raised to
  the system's hard limit at start, ``raise_open_files``): when they are all taken, the
  oldest connection still sending its request head is closed to make room.
- A request head is given ``HEAD_SECONDS`` and ``HEAD_BYTES``; a connection that is
  slower, or sends more, is closed (a browser sends its head in one packet).
- A WebSocket may send messages of only ``FIRST_FRAMES_MAX`` bytes until the app lets it
  in (``LET_IN`` in its scope): the length of a frame is read before its payload, so a
  bigger frame closes the socket (1009) before it is read into memory. Behind a code
  ``WaitingRoom`` lets a session in once it has given the code; without a code the
  server's ``Door`` does at once.
- A flood gets one line on the console (``say_once``), not one per socket; running out of
  open files too.
"""

from __future__ import annotations

import asyncio
import ipaddress
import sys
import time
from collections.abc import Iterable
from typing import Any

from starlette.types import Scope
from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

CONNECTIONS_PER_CLIENT = 32  # a browser opens 6 at once, and a socket per tab
MOST_CONNECTIONS = 1024  # in all: a table has a few phones
# Sockets waiting to be accepted, and the most accepted in one step of the event loop
# (asyncio accepts up to the backlog before any of them is bounded here).
BACKLOG = 128
# Open files left to the server itself (the store, the files it sends: a dozen) and to a
# burst of sockets accepted before they are bounded, and those closed meanwhile.
FILES_KEPT = 2 * BACKLOG + 64
HEAD_SECONDS = 10.0  # a request's head comes in one packet; a slower one is closed
HEAD_BYTES = 64 * 1024  # a browser's request head is a few kB
FIRST_FRAMES_MAX = 64 * 1024  # before the code: the prompt's messages are a few hundred bytes
LET_IN = "companion.let_in"  # in a WebSocket's scope: lets it send messages of any size
FLOOD_QUIET = 60.0  # s without a refusal before a new flood is told again
OPEN_FILES_WANTED = 65536  # when the hard limit is unlimited
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
           b"content-length: 20\r\nconnection: close\r\n\r\nToo many connections")

_said: dict[str, float] = {}


def say_once(kind: str, line: str) -> None:
    """One console line for a flood of ``kind``: told once, and again only after a
    quiet ``FLOOD_QUIET``."""
    now = time.monotonic()
    last = _said.get(kind)
    _said[kind] = now
    if last is None or now - last > FLOOD_QUIET:
        print(f"companion: {line}", file=sys.stderr, flush=True)


def raise_open_files() -> int:
    """Raise this process's limit on open files to what the system allows (the usual
    soft limit of 1,024 is below what a flood of sockets takes); the limit now in force
    (the most a platform without limits is given)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return MOST_CONNECTIONS + FILES_KEPT
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else hard
    for target in (wanted, min(wanted, 10240)):  # macOS caps it below the hard limit
        if target <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            break
        except (ValueError, OSError):
            continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Connections:
    """The open connections of one server, by client address, and those still sending
    their request head, oldest first."""

    def __init__(self, open_files: int, trusted_proxies: Iterable[str] = (),
                 per_client: int = CONNECTIONS_PER_CLIENT):
        self.per_client = per_client
        self.most = max(16, min(MOST_CONNECTIONS, open_files - FILES_KEPT))
        self.proxies = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]
        self.client: dict[Any, str] = {}  # transport: its client's address
        self.count: dict[str, int] = {}
        self.heads: dict[Any, None] = {}  # transports waiting for a head, oldest first

    def _proxy(self, client: str) -> bool:
        try:
            address = ipaddress.ip_address(client)
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def admit(self, transport, client: str) -> bool:
        """Take a new connection, or refuse it (False)."""
        if self.count.get(client, 0) >= self.per_client and not self._proxy(client):
            say_once("client", f"too many connections from {client}: those over "
                               f"{self.per_client} are refused")
            return False
        if len(self.client) >= self.most:
            if not self.heads:
                say_once("all", f"{self.most} connections open: new ones are refused")
                return False
            oldest = next(iter(self.heads))
            self.lost(oldest)
            oldest.abort()
            say_once("heads", f"{self.most} connections open: the oldest that have not "
                              "sent their request are closed")
        self.client[transport] = client
        self.count[client] = self.count.get(client, 0) + 1
        return True

    def waiting(self, transport) -> None:
        """The connection waits for a request head."""
        if transport in self.client:
            self.heads.pop(transport, None)
            self.heads[transport] = None

    def heard(self, transport) -> None:
        self.heads.pop(transport, None)

    def lost(self, transport) -> None:
        self.heads.pop(transport, None)
        client = self.client.pop(transport, None)
        if client is not None:
            left = self.count[client] - 1
            if left:
                self.count[client] = left
            else:
                del self.count[client]


class _BoundedHTTP(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol within ``bounds``, a head's time and size
    bounded."""

    bounds: Connections  # not uvicorn's own `connections`

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        client = self.client[0] if self.client else ""
        if not self.bounds.admit(transport, client):
            transport.write(REFUSAL)
            transport.close()
            return
        self._await_head()

    def _await_head(self) -> None:
        self._head_cycle = self.cycle
        self._head_bytes = 0
        self.bounds.waiting(self.transport)
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _head_heard(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self.bounds.heard(self.transport)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        say_once("slow", f"requests that never finish their head: closed after "
                         f"{HEAD_SECONDS:g} s")
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return  # refused, or closed as too slow
        super().data_received(data)
        if self._head_timer is None:
            return
        if self.cycle is not self._head_cycle or self.transport.get_protocol() is not self:
            self._head_heard()  # a request began, or the socket became a WebSocket
            return
        self._head_bytes += len(data)
        if self._head_bytes > HEAD_BYTES:
            self._head_heard()
            say_once("long", f"request heads over {HEAD_BYTES // 1024} kB: closed")
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Kept alive, with no request under way (none pipelined): the next head's time.
        if (not self.transport.is_closing() and self._head_timer is None
                and self.cycle.response_complete and not getattr(self, "pipeline", ())):
            self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        if getattr(self, "_head_timer", None) is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self.bounds.lost(self.transport)
        super().connection_lost(exc)


class _BoundedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol taking only small messages until the app lets the
    socket in (``LET_IN``)."""

    bounds: Connections  # not uvicorn's own `connections`

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.conn.max_message_size = FIRST_FRAMES_MAX

    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the app runs with it from the next step of the loop
            scope[LET_IN] = self._let_in  # type: ignore[literal-required]

    def _let_in(self) -> None:
        self.conn.max_message_size = self.config.ws_max_size

    def handle_parser_exception(self) -> None:
        if self.conn.close_sent is None:
            # A bad or too big frame before the handshake was answered: no close frame
            # can be sent yet (uvicorn would fail an assertion).
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
            self.close_sent = True
            self.transport.close()
            return
        super().handle_parser_exception()

    def connection_lost(self, exc: Exception | None) -> None:
        self.bounds.lost(self.transport)
        super().connection_lost(exc)


def protocols(connections: Connections) -> tuple[type, type]:
    """uvicorn's HTTP and WebSocket protocols for one server, bounded by ``connections``
    (``uvicorn.Config``'s ``http`` and ``ws``)."""
    http = type("BoundedHTTP", (_BoundedHTTP,), {"bounds": connections})
    ws = type("BoundedWebSocket", (_BoundedWebSocket,), {"bounds": connections})
    return http, ws


def let_in(scope: Scope) -> None:
    """Let a WebSocket send messages of any size (its session is in)."""
    if (allow := scope.get(LET_IN)) is not None:
        allow()


def on_loop_error(limit: int):
    """An event loop's exception handler that tells running out of open files in one
    line (asyncio logs a traceback for every socket it could not accept)."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            say_once("files", f"out of open files (the limit is {limit}): new "
                              "connections wait")
            return
        loop.default_exception_handler(context)

    return handle
