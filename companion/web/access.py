"""The access code that closes a table served on the local network.

What a code may look like and how a typed one is compared; the pass a phone keeps once it
has joined; the limits on wrong codes (per client, and across every client together) and
on the sessions waiting for the code. No Flet here: the screen that asks for the code is
``companion/ui/views/access_code.py``, the middleware that holds the waiting sessions to
their bound ``companion/web/server.py`` (``WaitingRoom``).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CODE_SHAPE = re.compile(r"[0-9A-Za-z]{4,32}")
TRIES_PER_MINUTE = 5  # wrong codes a client may type before it has to wait
# Wrong codes from every client together: a player mistypes a few, guessing takes
# thousands. Beyond this, each new try waits (``Guessing``).
WRONG_CODES_PER_MINUTE = 20
LONGEST_WAIT = 15 * 60.0  # s: the wait doubles while the guessing goes on, up to this
WAITING_PER_CLIENT = 3  # sessions waiting for the code from one address (a few tabs)
WAITING_IN_ALL = 12  # ... and from every address together: a table has a few phones
KEY_FILE = "access-key"  # in the data folder: the key the phones' passes are made with
PASS_PREFIX = "pass:"  # a kept pass, told from a code kept by an older version
# The cookie the page script copies a phone's pass into (companion/web/web_page.js), so
# the server knows a phone that joined before at its handshake (server.py, WaitingRoom).
PASS_COOKIE = "companion_pass"


def code_problem(code: str) -> str | None:
    """None when ``code`` can be an access code (4 to 32 digits or letters, so it can be
    typed on a phone and printed in a URL); else why not, in one line."""
    if CODE_SHAPE.fullmatch(code):
        return None
    return f"--access-code must be 4 to 32 digits or letters, not {code!r}"


def new_code() -> str:
    """A random 6-digit code: short enough to read out across a table (10^6 codes, about
    20 bits; the cap on wrong codes across every client keeps guessing it slow)."""
    return f"{secrets.randbelow(10**6):06d}"


def normalized(typed: str) -> str:
    """What a player typed, as compared: spaces and dashes dropped ("246 810"), letters
    in one case (phones capitalize the first letter on their own).

    >>> normalized(" 246-810 ")
    '246810'
    >>> normalized("Ab12")
    'AB12'
    """
    return re.sub(r"[\s-]", "", typed).upper()


def code_matches(code: str, typed: str) -> bool:
    """Whether ``typed`` is ``code``, compared in constant time so that how long a wrong
    code takes to refuse tells nothing about how much of it was right."""
    return hmac.compare_digest(normalized(code).encode(), normalized(typed).encode())


def kept_key(folder: Path) -> bytes:
    """The key the phones' passes are made with, kept in the data folder so that a
    restart with the same ``--access-code`` lets the phones that joined in again. A
    folder that cannot keep it: a key for this run only (the phones then type the code
    once more after a restart)."""
    path = folder / KEY_FILE
    try:
        key = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(key) >= 32:
            return key
    except (OSError, ValueError):
        pass
    key = secrets.token_bytes(32)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(key.hex())
    except OSError:
        pass
    return key


class RateLimiter:
    """At most ``limit`` events per ``per_seconds`` for each key (a client's address),
    over a sliding window. ``clock`` is injectable for tests."""

    def __init__(self, limit: int, per_seconds: float,
                 clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.per_seconds = per_seconds
        self.clock = clock
        self._events: dict[str, deque[float]] = {}
        # Sessions' handlers and the server's middleware share one limiter; a lock keeps
        # it right even if a handler runs on a worker thread.
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.per_seconds:
            events.popleft()
        return events

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may have another event (0 when it may now)."""
        with self._lock:
            now = self.clock()
            events = self._recent(key, now)
            if len(events) < self.limit:
                return 0.0
            return events[0] + self.per_seconds - now

    def record(self, key: str) -> None:
        with self._lock:
            now = self.clock()
            self._recent(key, now).append(now)
            self._forget_idle(now)

    def allow(self, key: str) -> bool:
        """Record an event for ``key`` if it is within the limit; else refuse it."""
        if self.wait(key) > 0:
            return False
        self.record(key)
        return True

    def _forget_idle(self, now: float) -> None:
        # Keys with nothing in the window are dropped now and then, so a stream of
        # different addresses does not grow the table for ever.
        if len(self._events) > 1000:
            self._events = {k: v for k, v in self._events.items()
                            if v and v[-1] > now - self.per_seconds}


class Guessing:
    """Wrong codes from every client together, whatever their addresses: at most
    ``limit`` in any ``per_seconds`` reach the check. Once that many came, no try reaches
    it for a wait that doubles each time the cap is reached again (up to ``longest``),
    until the tries stop for a whole ``per_seconds``. ``on_guessing`` is told once when
    such a burst starts."""

    def __init__(self, limit: int = WRONG_CODES_PER_MINUTE, per_seconds: float = 60.0,
                 longest: float = LONGEST_WAIT, clock: Callable[[], float] = time.monotonic,
                 on_guessing: Callable[[], None] = lambda: None):
        self.limit = limit
        self.per_seconds = per_seconds
        self.longest = longest
        self.clock = clock
        self.on_guessing = on_guessing
        self._wrong: deque[float] = deque()
        self._until = -math.inf  # no try reaches the check before this
        self._last = -math.inf  # the last wrong or refused try
        self._strikes = 0  # times the cap was reached in this burst
        self._lock = threading.Lock()

    def _calm(self, now: float) -> None:
        while self._wrong and self._wrong[0] <= now - self.per_seconds:
            self._wrong.popleft()
        if now - max(self._last, self._until) > self.per_seconds:
            self._strikes = 0  # a whole window without a try: the burst is over

    def wait(self) -> float:
        """Seconds until a try may reach the check again (0: it may now)."""
        with self._lock:
            now = self.clock()
            self._calm(now)
            wait = self._until - now
            if len(self._wrong) >= self.limit:
                wait = max(wait, self._wrong[0] + self.per_seconds - now)
            return max(0.0, wait)

    def refused(self) -> None:
        """A try came while waiting: the guessing goes on."""
        with self._lock:
            self._last = self.clock()

    def wrong(self) -> None:
        """A wrong code reached the check."""
        with self._lock:
            now = self.clock()
            self._calm(now)
            self._last = now
            self._wrong.append(now)
            if len(self._wrong) < self.limit:
                return
            self._strikes += 1
            self._until = now + min(self.longest, self.per_seconds * 2 ** (self._strikes - 1))
            first = self._strikes == 1
        if first:
            self.on_guessing()


@dataclass(eq=False)
class Ticket:
    """One session waiting for the code: its client, and the Flet session it became;
    ``on_join`` is called once it gives the code."""

    client: str
    session_id: str = ""
    joined: bool = False
    on_join: Callable[[], None] | None = field(default=None, repr=False)


class Lobby:
    """The sessions waiting for the code: at most ``per_client`` from one address and
    ``in_all`` from every address together; and the sessions let in, whose phones may
    come back to them after a drop in the Wi-Fi without waiting."""

    def __init__(self, per_client: int = WAITING_PER_CLIENT, in_all: int = WAITING_IN_ALL):
        self.per_client = per_client
        self.in_all = in_all
        self._waiting: dict[str, int] = {}
        self._tickets: dict[str, Ticket] = {}  # by session id, once Flet made one
        self._joined: set[str] = set()
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        with self._lock:
            return sum(self._waiting.values())

    def enter(self, client: str) -> Ticket | None:
        """A place for a new session from ``client``, or None when the bound is reached."""
        with self._lock:
            if (self._waiting.get(client, 0) >= self.per_client
                    or sum(self._waiting.values()) >= self.in_all):
                return None
            self._waiting[client] = self._waiting.get(client, 0) + 1
            return Ticket(client)

    def bind(self, ticket: Ticket, session_id: str) -> None:
        """The Flet session ``ticket``'s socket was given (it may have joined already:
        an invite link is checked before Flet's answer is sent)."""
        with self._lock:
            ticket.session_id = session_id
            if session_id not in self._joined:
                self._tickets[session_id] = ticket
                return
            if ticket.joined:
                return
            ticket.joined = True
            self._release(ticket.client)
        if ticket.on_join is not None:
            ticket.on_join()

    def join(self, session_id: str) -> None:
        """The session gave the code: it waits no more, and it may come back."""
        with self._lock:
            self._joined.add(session_id)
            ticket = self._tickets.pop(session_id, None)
            if ticket is None or ticket.joined:
                return
            ticket.joined = True
            self._release(ticket.client)
        if ticket.on_join is not None:
            ticket.on_join()

    def joined(self, session_id: str) -> bool:
        with self._lock:
            return session_id in self._joined

    def leave(self, ticket: Ticket) -> None:
        """The session's socket ended: it no longer waits (it is dropped if it never
        joined)."""
        with self._lock:
            self._tickets.pop(ticket.session_id, None)
            if not ticket.joined:
                ticket.joined = True  # released once
                self._release(ticket.client)

    def _release(self, client: str) -> None:
        left = self._waiting.get(client, 0) - 1
        if left > 0:
            self._waiting[client] = left
        else:
            self._waiting.pop(client, None)


@dataclass(frozen=True)
class Verdict:
    """The answer to a code: let in, wrong, or wait ``wait_seconds`` before trying."""

    admitted: bool
    wait_seconds: int = 0


@dataclass
class Gate:
    """The code in force for one server, the wrong tries of each client and of all of
    them together, and the sessions waiting for the code.

    ``code`` None means open (serving on loopback, or the desktop window). ``key`` makes
    the passes the phones keep (``kept_key``; a key for this run only by default)."""

    code: str | None
    tries: RateLimiter = field(
        default_factory=lambda: RateLimiter(TRIES_PER_MINUTE, 60.0))
    guessing: Guessing = field(default_factory=Guessing)
    lobby: Lobby = field(default_factory=Lobby)
    key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)

    @property
    def open(self) -> bool:
        return self.code is None

    def check(self, client: str, typed: str) -> Verdict:
        """Check a code from ``client``; a wrong one counts against its tries and against
        everyone's. While a client, or everyone, is waiting even the right code is
        refused, so guessing stays slow."""
        if self.code is None:
            return Verdict(admitted=True)
        wait = max(self.tries.wait(client), self.guessing.wait())
        if wait > 0:
            self.guessing.refused()
            return Verdict(admitted=False, wait_seconds=math.ceil(wait))
        if code_matches(self.code, typed):
            return Verdict(admitted=True)
        self.tries.record(client)
        self.guessing.wrong()
        wait = max(self.tries.wait(client), self.guessing.wait())
        return Verdict(admitted=False, wait_seconds=math.ceil(wait))

    def phone_pass(self) -> str:
        """What a phone that gave the code keeps: a keyed hash of the code, so its
        storage never holds the code, and no one without the key can make one."""
        assert self.code is not None
        digest = hmac.new(self.key, normalized(self.code).encode(), hashlib.sha256)
        return PASS_PREFIX + digest.hexdigest()

    def knows(self, kept: object) -> bool:
        """Whether ``kept`` is a pass for the code in force: such a phone joined before,
        and comes in without a try (a pass cannot be guessed, so it is not limited)."""
        if self.code is None or not isinstance(kept, str):
            return False
        return hmac.compare_digest(kept.encode(), self.phone_pass().encode())
