"""The access code that closes a table served on the local network (issue 9, part 5).

Pure parts only, so they are tested without Flet: what a code may look like, how a typed
code is compared, and the per-client limits on wrong codes and on new connections. The
screen that asks for the code is ``companion/ui/views/access_code.py``.
"""

from __future__ import annotations

import hmac
import math
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

CODE_SHAPE = re.compile(r"[0-9A-Za-z]{4,12}")
TRIES_PER_MINUTE = 5  # wrong codes a client may type before it has to wait


def code_problem(code: str) -> str | None:
    """None when ``code`` can be an access code (4 to 12 digits or letters, so it can be
    typed on a phone and printed in a URL); else why not, in one line."""
    if CODE_SHAPE.fullmatch(code):
        return None
    return f"--access-code must be 4 to 12 digits or letters, not {code!r}"


def new_code() -> str:
    """A random 6-digit code: short enough to read out across a table."""
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


@dataclass(frozen=True)
class Verdict:
    """The answer to a code: let in, wrong, or wait ``wait_seconds`` before trying."""

    admitted: bool
    wait_seconds: int = 0


@dataclass
class Gate:
    """The code in force for one server, and the wrong tries of each client.

    ``code`` None means open (serving on loopback, or the desktop window)."""

    code: str | None
    tries: RateLimiter = field(
        default_factory=lambda: RateLimiter(TRIES_PER_MINUTE, 60.0))

    @property
    def open(self) -> bool:
        return self.code is None

    def check(self, client: str, typed: str) -> Verdict:
        """Check a code from ``client``; a wrong one counts against its tries. While a
        client is waiting even the right code is refused, so guessing stays slow."""
        if self.code is None:
            return Verdict(admitted=True)
        wait = self.tries.wait(client)
        if wait > 0:
            return Verdict(admitted=False, wait_seconds=math.ceil(wait))
        if code_matches(self.code, typed):
            return Verdict(admitted=True)
        self.tries.record(client)
        wait = self.tries.wait(client)
        return Verdict(admitted=False, wait_seconds=math.ceil(wait))
