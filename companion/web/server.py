"""The web server: Flet's ASGI app (``flet_web.fastapi.app``) served by uvicorn, wrapped in
the project's own middleware (docs/DESIGN.md, "A table shared by several phones").

From the outside in:
- ``SecurityHeaders``: pages may not be framed by another site, and the library's
  ``Access-Control-Allow-Origin: *`` never reaches the browser (its cross-origin
  isolation headers, which the Flutter client needs, stay).
- ``CompressedClient`` (companion/web/compressed.py): the web client's files compressed
  once, sent as brotli or gzip as the browser allows, and cached by the phones.
- ``OriginCheck``: a WebSocket handshake is refused unless it comes from a page of this
  server, so a web page on another site cannot read or change tables.
- ``HandshakeLimit``: a bound on new and open WebSockets per client address, so one
  client cannot fill the server with sessions.
- ``Door``: every WebSocket's first message is read before Flet sees the socket; one
  that leaves or stays silent before it, or whose first message is not Flet's session
  request (closed with 1008 and a console line), never reaches Flet, and a session whose
  socket is lost while Flet speaks is dropped after ``session_timeout()``, with no
  traceback. Without a code every session goes on to Flet and may send messages of any
  size at once.
- ``WaitingRoom`` (the ``Door`` behind an access code): a bound on the sessions waiting
  for the code, per address and in all, which a phone with its pass or the right code in
  its address passes; a session that never gets in is dropped when its socket ends, or
  after ``session_timeout()`` on the prompt, and until it gets in it may send only small
  messages.
Refused handshakes never reach Flet, so no session is made for them.

Forwarded headers (``X-Forwarded-For``) are believed only from the addresses given as
``trusted_proxies`` (``--trusted-proxy``): otherwise any client could pick the address it
is limited and logged by.

``serve`` runs it with uvicorn and stops within 3 s of SIGTERM or Ctrl+C, finishing the
tap in progress (``_Server``); uvicorn's own protocols are bounded per address and in all,
a request's head in time and size (companion/web/connections.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import uvicorn
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from companion.assets_folder import ASSETS, FONT_FAMILY, FONT_FILE, LATIN_FONT_FILE
from companion.i18n import t
from companion.web import flet_internals
from companion.web.access import PASS_COOKIE, Gate, Lobby, RateLimiter, Ticket
from companion.web.connections import (
    BACKLOG,
    Connections,
    let_in,
    on_loop_error,
    protocols,
    raise_open_files,
    say_once,
)
from companion.web.serving import is_loopback

SESSION_TIMEOUT = 180  # s: a closed page's session is dropped after this (Flet's default: 1 h)
SESSION_TIMEOUT_SETTING = "FLET_SESSION_TIMEOUT"  # Flet's own setting, which overrides it
HANDSHAKES_PER_MINUTE = 60  # per client address; a phone reconnects a few times an hour
OPEN_SOCKETS_PER_CLIENT = 20  # a phone has one; a host with many tabs a handful
SILENT_SECONDS = 30  # the Flutter client asks for its session as soon as it connects
# Stopping (SIGTERM, Ctrl+C): responses still being sent get GRACE_SECONDS; the process
# is gone STOP_SECONDS after the signal at the latest (``_Server``).
GRACE_SECONDS = 0.5
EXIT_SOON = 2.0
STOP_SECONDS = 2.7

# Another site may not show these pages in a frame (clickjacking): the old header for old
# browsers, the CSP directive for the rest. The address (which may carry the table's code)
# is never sent to another site as a referrer, and a file is only ever taken as the type
# it is served as.
FRAME_HEADERS = {"x-frame-options": "DENY",
                 "content-security-policy": "frame-ancestors 'none'",
                 "referrer-policy": "no-referrer",
                 "x-content-type-options": "nosniff"}
# Cross-origin isolation, which the Flutter client's multi-threaded renderer needs: Flet
# adds it to its own responses, these to the files companion/web/compressed.py serves.
ISOLATION_HEADERS = {"cross-origin-opener-policy": "same-origin",
                     "cross-origin-embedder-policy": "require-corp"}


def session_timeout() -> int:
    """Seconds a closed page's session is kept, and a session may wait for the code:
    ``SESSION_TIMEOUT``, unless Flet's own setting says otherwise (tests shorten it)."""
    try:
        return max(1, int(os.environ.get(SESSION_TIMEOUT_SETTING, "")))
    except ValueError:
        return SESSION_TIMEOUT


def proxy_problem(address: str) -> str | None:
    """None when ``address`` names proxies (an IP address or network); else why not.

    >>> proxy_problem("127.0.0.1") is None and proxy_problem("10.0.0.0/8") is None
    True
    """
    try:
        ipaddress.ip_network(address, strict=False)
    except ValueError:
        return (f"--trusted-proxy must be an IP address or network such as 10.0.0.2 or "
                f"10.0.0.0/24, not {address!r}")
    return None


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an --allow-origin URL (lower case, no trailing slash),
    or None when it is not an http(s) origin.

    >>> origin_of("https://Table.example.org/")
    'https://table.example.org'
    >>> origin_of("table.example.org") is None
    True
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


async def refuse_websocket(receive: Receive, send: Send) -> None:
    """Close a WebSocket before accepting it: the server answers the handshake with
    HTTP 403 (ASGI spec), and the app behind never sees it."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": 1008})


class SecurityHeaders:
    """Adds the anti-framing headers to every HTTP response and removes the
    ``Access-Control-Allow-Origin: *`` that flet_web adds (nothing here is meant to be
    read by other sites' scripts)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                del headers["access-control-allow-origin"]
                for name, value in FRAME_HEADERS.items():
                    headers[name] = value
                for name, value in ISOLATION_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class OriginCheck:
    """Lets a WebSocket handshake through only from this server's own pages.

    A browser sends the page's origin in ``Origin`` and the address it connected to in
    ``Host``; they agree for our own pages (``http`` for ``ws``, ``https`` for ``wss``).
    A missing Origin (not a browser) is refused too. ``allowed`` adds origins, for a
    reverse proxy that changes the Host. When serving on loopback the Host must also be
    a loopback name: a foreign site whose name was made to resolve to 127.0.0.1 (DNS
    rebinding) would otherwise send matching headers."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = (), loopback_only: bool = False):
        self.app = app
        self.allowed = {o.lower() for o in allowed}
        self.loopback_only = loopback_only

    def admits(self, scope: Scope) -> bool:
        headers = Headers(scope=scope)
        origin = headers.get("origin", "").lower()
        if not origin:
            return False
        if origin in self.allowed:
            return True
        host = headers.get("host", "").lower()
        scheme = "https" if scope.get("scheme") == "wss" else "http"
        if not host or origin != f"{scheme}://{host}":
            return False
        return not self.loopback_only or is_loopback(urlsplit(origin).hostname or "")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self.admits(scope):
            await refuse_websocket(receive, send)
            return
        await self.app(scope, receive, send)


class HandshakeLimit:
    """At most ``per_minute`` new WebSockets and ``open_at_once`` open ones per client
    address; beyond that the handshake is refused. With Flet's session timeout this
    bounds the sessions one client can keep on the server."""

    def __init__(self, app: ASGIApp, per_minute: int = HANDSHAKES_PER_MINUTE,
                 open_at_once: int = OPEN_SOCKETS_PER_CLIENT,
                 limiter: RateLimiter | None = None):
        self.app = app
        self.limiter = limiter or RateLimiter(per_minute, 60.0)
        self.open_at_once = open_at_once
        self.open: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope["client"][0] if scope.get("client") else ""
        if self.open.get(client, 0) >= self.open_at_once or not self.limiter.allow(client):
            await refuse_websocket(receive, send)
            return
        self.open[client] = self.open.get(client, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[client] -= 1
            if not self.open[client]:
                del self.open[client]


def _asked_session(message) -> str | None:
    """The session id a client's first message asks to come back to ("" for a new
    session), or None when it is not Flet's REGISTER_CLIENT request as flet_web's
    FletApp takes it (its frame: a zero byte and, in msgpack,
    ``[1, {"session_id": ..., "page_name": ..., "page": {...}}]``)."""
    frame = message.get("bytes")
    if not frame or frame[0] != 0:
        return None
    try:
        request = flet_internals.unpack_message(frame[1:])
    except Exception:  # noqa: BLE001 - what Flet's unpacking fails on, it would fail on
        return None
    if not (isinstance(request, list) and len(request) == 2 and request[0] == 1):
        return None
    body = request[1]
    if not isinstance(body, dict) or set(body) != flet_internals.session_request_fields():
        return None
    session_id, page_name = body["session_id"] or "", body["page_name"] or ""
    if not (isinstance(session_id, str) and isinstance(page_name, str)
            and isinstance(body["page"], dict)):
        return None
    return session_id


def _register_body(frame: bytes | None) -> dict | None:
    """The body of Flet's REGISTER_CLIENT message, or None when ``frame`` is not one."""
    import msgpack

    if not frame or frame[0] != 0:
        return None
    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    except (ValueError, TypeError, msgpack.UnpackException):
        return None
    if action != 1 or not isinstance(body, dict):
        return None
    return body


def _register_field(frame: bytes | None, name: str) -> str | None:
    body = _register_body(frame)
    if body is None:
        return None
    value = body.get(name) or ""
    return value if isinstance(value, str) else ""


def _linked_code(message) -> str:
    """The code in the address a client's first message opens (``/?code=246810``)."""
    body = _register_body(message.get("bytes")) or {}
    page = body.get("page")
    route = page.get("route") if isinstance(page, dict) else None
    if not isinstance(route, str):
        return ""
    return parse_qs(urlsplit(route).query).get("code", [""])[0]


def _kept_pass(scope: Scope) -> str:
    """The pass the page script copied from the phone's storage into its cookie."""
    cookie = Headers(scope=scope).get("cookie", "")
    return unquote(cookie_parser(cookie).get(PASS_COOKIE, "")) if cookie else ""


def _flet_session_key(scope: Scope, session_id: str) -> str:
    """The key flet_web's app manager keeps this socket's session under."""
    client = scope["client"][0] if scope.get("client") else ""
    return flet_internals.session_key(scope.get("path", ""), client,
                                      Headers(scope=scope).get("user-agent", ""), session_id)


async def _drop_flet_session(scope: Scope, session_id: str) -> None:
    """Drop a session at once (Flet would keep it for ``session_timeout()``)."""
    manager = flet_internals.app_manager()
    key = _flet_session_key(scope, session_id)
    session = await manager.get_session(key)
    if session is not None and session.id == session_id:
        await manager.delete_session(key)


async def _expire_flet_session(scope: Scope, session_id: str, seconds: float) -> None:
    """Let a session whose socket was lost be dropped after ``seconds``, as Flet does
    for one whose page was closed."""
    await flet_internals.app_manager().disconnect_session(
        _flet_session_key(scope, session_id), int(seconds))


class Door:
    """The way in for every WebSocket: it takes the socket itself and reads the client's
    first message, which asks Flet for a session, before Flet is given the socket.

    A socket that leaves before it, or stays silent for ``silent_seconds``, never
    reaches Flet (its handler would wait for ever). A first message that is not Flet's
    session request (not msgpack, another action, a request of another shape: Flet's
    handler would fail on it and then wait until the server stops) closes the socket
    with 1008 and one console line for a flood of them. ``admit`` says whether the
    session goes on to Flet: here, every one does, and may send messages of any size
    at once (a server without a code). A session whose socket is lost while Flet speaks
    is dropped after ``wait_seconds`` as Flet drops one whose page was closed, with no
    traceback: the client's leaving is no error."""

    lobby: Lobby  # the waiting room's: every ``Ticket`` is one of its places

    def __init__(self, app: ASGIApp, wait_seconds: float,
                 silent_seconds: float = SILENT_SECONDS):
        self.app = app
        self.wait_seconds = wait_seconds
        self.silent_seconds = silent_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        connect = await receive()
        if connect["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        try:
            first = await asyncio.wait_for(receive(), self.silent_seconds)
        except TimeoutError:
            await _close(send, 1008)
            return
        if first["type"] != "websocket.receive":
            return  # the client left without a word
        client = scope["client"][0] if scope.get("client") else ""
        asked = _asked_session(first)
        if asked is None:
            say_once("first message", f"a WebSocket from {client or 'a client'} did not "
                                      "ask for a session first: closed")
            await _close(send, 1008)  # policy violation
            return
        admitted, ticket = self.admit(scope, client, first, asked)
        if not admitted:
            await _close(send, 1013)  # try again later: the room is full
            return
        await self._hand_to_flet(scope, receive, send, [connect, first], ticket, asked)

    def admit(self, scope: Scope, client: str, first, asked: str) -> tuple[bool, Ticket | None]:
        """Whether the session asked for goes on to Flet, and the lobby's ticket it
        waits for the code with (None: it is in)."""
        let_in(scope)
        return True, None

    async def _hand_to_flet(self, scope: Scope, receive: Receive, send: Send,
                            read: list, ticket: Ticket | None, asked: str) -> None:
        """Flet's app on the socket, as if it had accepted it and read the first message
        itself; while ``ticket`` waits, a socket whose wait is over ends."""
        over = asyncio.Event()
        state: dict = {"timed_out": False, "lost": False, "sid": ""}

        async def replayed_receive():
            if read:
                return read.pop(0)
            if ticket is None or ticket.joined:
                return await receive()
            got = asyncio.ensure_future(receive())
            ended = asyncio.ensure_future(over.wait())
            try:
                await asyncio.wait({got, ended}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                ended.cancel()
            if got.done():
                return got.result()
            got.cancel()
            state["timed_out"] = True
            return {"type": "websocket.disconnect", "code": 1000}

        async def watched_send(message) -> None:
            if message["type"] == "websocket.accept":
                return  # accepted already
            if not state["sid"] and message["type"] == "websocket.send":
                if sid := _register_field(message.get("bytes"), "session_id"):
                    state["sid"] = sid  # Flet's answer to the request
                    if ticket is not None:
                        self.lobby.bind(ticket, sid)
            await send(message)

        timer = asyncio.get_running_loop().call_later(self.wait_seconds, over.set)
        try:
            await self.app(scope, replayed_receive, watched_send)
        except WebSocketDisconnect:
            # Flet's send loop met the closed socket (the phone left as the server
            # spoke): its handler ends without telling its app manager, which would then
            # keep the session for ever; and the client's leaving is no error.
            state["lost"] = True
        finally:
            timer.cancel()
            if ticket is not None and not ticket.joined:
                self.lobby.leave(ticket)
                if ticket.session_id:
                    await _drop_flet_session(scope, ticket.session_id)
            elif state["lost"] and (sid := state["sid"] or asked):
                await _expire_flet_session(scope, sid, self.wait_seconds)
        if state["timed_out"]:
            await _close(send, 1000)


class WaitingRoom(Door):
    """The ``Door`` behind a code: holds the sessions waiting for it to the bounds of
    ``gate``'s lobby.

    Coming back to a session that gave the code (a phone whose Wi-Fi dropped) always
    goes through, and so does a phone with its pass (in its cookie: ``PASS_COOKIE``). A
    new session takes a place in the lobby; when there is none, one with the right code
    in its address goes through (the code checked, and counted, as the prompt checks
    it), any other's socket is closed there and then: Flet never sees it, so nothing is
    made for it. The guard (companion/ui/views/access_code.py) tells the lobby when the
    session gets in; until then its socket takes only small messages
    (companion/web/connections.py). One that does not get in is dropped as soon as its
    socket ends, and its socket is ended after ``wait_seconds`` on the prompt: a flood
    of sessions leaves nothing behind."""

    def __init__(self, app: ASGIApp, gate: Gate, wait_seconds: float,
                 silent_seconds: float = SILENT_SECONDS):
        super().__init__(app, wait_seconds, silent_seconds)
        self.gate = gate
        self.lobby = gate.lobby

    def admit(self, scope: Scope, client: str, first, asked: str) -> tuple[bool, Ticket | None]:
        if (asked and self.lobby.joined(asked)) or self.gate.knows(_kept_pass(scope)):
            return super().admit(scope, client, first, asked)
        ticket = self.lobby.enter(client)
        if ticket is None:
            if not self._right_code(client, first):
                return False, None
            return super().admit(scope, client, first, asked)
        ticket.on_join = lambda: let_in(scope)
        return True, ticket

    def _right_code(self, client: str, first) -> bool:
        """Whether the address a session opens carries the right code. A wrong one
        counts as a wrong try at the prompt would, so a full room tells no more about
        the code than the prompt."""
        code = _linked_code(first)
        return bool(code) and self.gate.check(client, code).admitted


async def _close(send: Send, code: int) -> None:
    with contextlib.suppress(OSError, RuntimeError):
        await send({"type": "websocket.close", "code": code})


def build_app(main: Callable, allowed_origins: Iterable[str] = (),
              loopback_only: bool = False, silent_seconds: float = SILENT_SECONDS,
              cache_dir: Path | None = None, gate: Gate | None = None,
              **limits) -> ASGIApp:
    """The whole ASGI app for a Flet ``main``: Flet's own app inside our middleware.
    ``cache_dir`` keeps the compressed client (default: data_folder.cache_dir());
    ``gate`` is the access code's, shared with ``main``'s guard (its lobby bounds the
    sessions waiting for the code); ``limits`` are HandshakeLimit's (tests make them
    small)."""
    import flet_web  # imported here: --help and the start-up checks stay fast
    import flet_web.fastapi
    from flet_web.version import version as flet_web_version

    from companion.web.compressed import CompressedClient
    from companion.web.web_page import page_script

    flet_app = flet_web.fastapi.app(
        main,
        assets_dir=str(ASSETS),
        no_cdn=True,  # the web client works offline: nothing fetched from a CDN
        app_name=t("app.title"),
        app_short_name=t("app.title"),
        app_description=t("app.tagline"),
        session_timeout_seconds=session_timeout(),
    )
    if gate is not None and not gate.open:
        flet_app = WaitingRoom(flet_app, gate, session_timeout(), silent_seconds)
    else:
        flet_app = Door(flet_app, session_timeout(), silent_seconds)
    checked = OriginCheck(HandshakeLimit(flet_app, **limits), allowed=allowed_origins,
                          loopback_only=loopback_only)
    web_dir = Path(flet_web.get_package_web_dir())
    client = CompressedClient(checked, roots=[ASSETS, web_dir],
                              version=flet_web_version, cache=cache_dir,
                              cjk_font=FONT_FILE, cjk_family=FONT_FAMILY,
                              first_font=LATIN_FONT_FILE,
                              page_script=page_script(web_dir))
    return SecurityHeaders(client)


class _Server(uvicorn.Server):
    """uvicorn's server, telling ``on_ready`` the port once it is listening, and never
    taking more than ``STOP_SECONDS`` to stop after SIGTERM or SIGINT.

    uvicorn stops gracefully: it closes the WebSockets at once, then waits for the
    responses in progress (a phone on weak Wi-Fi may still be downloading the client)
    up to ``GRACE_SECONDS``, cancels what is left, runs the app's shutdown and ends the
    process with the signal (tasks still pending are not run). Flet runs every tap on the
    event loop, and each of the store's transactions is synchronous within one step of
    the loop, so a transaction in progress always finishes before the loop can stop:
    a signal only sets a flag. Should something still hold the stop up, a watchdog ends
    the process at ``EXIT_SOON`` between two steps of the loop (so never inside a
    transaction), and at ``STOP_SECONDS`` whatever the loop is doing (it has then been
    stuck for longer than any transaction takes; SQLite rolls an unfinished one back)."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[int], None],
                 open_files: int = 0):
        super().__init__(config)
        self.on_ready = on_ready
        self.open_files = open_files

    async def startup(self, sockets=None) -> None:
        loop = asyncio.get_running_loop()
        if self.open_files:
            loop.set_exception_handler(on_loop_error(self.open_files))
        self._arm_watchdog(loop)
        await super().startup(sockets)
        if self.started:
            port = self.servers[0].sockets[0].getsockname()[1]
            self.on_ready(port)

    def _arm_watchdog(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the watchdog's thread, woken by the signal itself: Python runs a signal
        handler only once the main thread is back in Python code (a SQLite write waiting
        for another program's lock is not), but the interpreter writes the signal's
        number to the wakeup fd at once."""
        if threading.current_thread() is not threading.main_thread():
            return  # signals are the main thread's (tests serve from a thread)
        woken, wakeup = socket.socketpair()
        wakeup.setblocking(False)
        signal.set_wakeup_fd(wakeup.fileno(), warn_on_full_buffer=False)
        threading.Thread(target=self._stop_by_deadline, args=(loop, woken, wakeup),
                         name="stop-deadline", daemon=True).start()

    @staticmethod
    def _stop_by_deadline(loop: asyncio.AbstractEventLoop, woken: socket.socket,
                          wakeup: socket.socket) -> None:
        stopping = {int(s) for s in uvicorn.server.HANDLED_SIGNALS}
        sig = 0
        while sig not in stopping:
            sig = woken.recv(1)[0]
        time.sleep(EXIT_SOON)
        with contextlib.suppress(RuntimeError):  # the loop has closed: exiting anyway
            loop.call_soon_threadsafe(
                _exit_now, sig, f"still stopping after {EXIT_SOON:g} s: ended")
        time.sleep(STOP_SECONDS - EXIT_SOON)
        _exit_now(sig, f"a handler held the server for {STOP_SECONDS:g} s: ended")


def _exit_now(sig: int, message: str) -> None:
    """End the process at once, as the signal would have (status 128 + its number)."""
    print(f"companion: {message}", file=sys.stderr)
    with contextlib.suppress(Exception):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(128 + sig)


def serve(app: ASGIApp, host: str, port: int, on_ready: Callable[[int], None],
          trusted_proxies: Iterable[str] = ()) -> None:
    """Serve until SIGINT or SIGTERM; stops within ``STOP_SECONDS`` (see ``_Server``).
    ``X-Forwarded-For`` counts only from ``trusted_proxies`` (uvicorn would believe it
    from 127.0.0.1 by default)."""
    trusted = list(trusted_proxies)
    open_files = raise_open_files()
    http, ws = protocols(Connections(open_files, trusted))
    config = uvicorn.Config(
        app, host=host, port=port, backlog=BACKLOG,
        proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None,
        # No compression of WebSocket frames: a screen is a few kB on a local network,
        # and each socket's zlib state (made at every handshake, even one refused after)
        # raised the server's memory for good under a flood of connections.
        ws_per_message_deflate=False,
        # uvicorn's own (httptools or h11; websockets-sansio, the WebSocket
        # implementation flet_web itself uses) within bounds (web/connections.py).
        http=http, ws=ws,
        # Python's own event loop, which Flet's own web server runs on: uvicorn would
        # pick uvloop (installed with uvicorn[standard]), made for thousands of
        # connections, where a table has a few phones; it cost the server memory.
        loop="asyncio",
        log_level="warning", access_log=False,
        # WebSockets are closed at once; a response still being sent gets this long.
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    _Server(config, on_ready, open_files).run()
    sys.stdout.flush()
