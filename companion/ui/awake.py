"""Keep the phone's screen on while Play or Score is open: a round
takes longer than a phone's screen timeout, and a locked phone in the middle of a step
is a lost minute at the table.

``KeepAwake`` follows the route shown and the phone's setting, and asks Flet's
``Wakelock`` service for the screen only when that changes: on entering Play or Score
(or a rulebook opened from them: the round is still on), and lets it go on leaving
them, when the table is closed, or when the setting is turned off.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("companion")

AWAKE_SCREENS = ("play", "score")  # /table/<id>/play, /table/<id>/score and below them


def awake_route(route: str) -> bool:
    """Whether ``route`` is Play or Score of a table, or a screen opened from them.

    >>> awake_route("/table/abc/play"), awake_route("/table/abc/score/rules")
    (True, True)
    >>> awake_route("/table/abc"), awake_route("/table/abc/results"), awake_route("/")
    (False, False, False)
    """
    parts = [p for p in route.split("?")[0].split("/") if p]
    return len(parts) >= 3 and parts[0] == "table" and parts[2] in AWAKE_SCREENS


class KeepAwake:
    """``wakelock`` has async ``enable()`` and ``disable()`` (``ft.Wakelock``); ``run``
    starts a coroutine function on the page's loop (``page.run_task``)."""

    def __init__(self, wakelock, run: Callable[[Callable[[], Awaitable]], object]):
        self.wakelock = wakelock
        self.run = run
        self.on = False

    def follow(self, route: str, allowed: bool) -> None:
        """Hold the screen on for ``route`` if the phone allows it, else let it go."""
        wanted = allowed and awake_route(route)
        if wanted == self.on:
            return
        self.on = wanted
        self.run(self._enable if wanted else self._disable)

    def release(self) -> None:
        """The session is ending: let the screen sleep."""
        if self.on:
            self.on = False
            self.run(self._disable)

    async def _enable(self) -> None:
        try:
            await self.wakelock.enable()
        except Exception:  # noqa: BLE001 - a browser may refuse (not a secure page)
            log.debug("the screen could not be kept on", exc_info=True)

    async def _disable(self) -> None:
        try:
            await self.wakelock.disable()
        except Exception:  # noqa: BLE001 - the page is gone: nothing to let go
            log.debug("could not let the screen sleep", exc_info=True)
