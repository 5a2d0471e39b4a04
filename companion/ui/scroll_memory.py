"""How far this phone had scrolled its screen, so that a restarted server draws it again
there, not at the top.

Out of reach (companion/web/web_page.js), the phone keeps its last screen; when the same
server answers again it goes on with the same session and its screen as it was. A server
that was restarted answers with a new session, whose screen is built anew: it opened at
the top, and the player had to find the round and the step again. So each screen's
scrolling part (``widgets/common.py`` ``screen``) tells where it came to rest, and the
session keeps that in the phone's own storage (``ft.SharedPreferences``, as the
preferences): the route, how far, and which server process wrote it. A session that
opens on that route finds it written by another process (this one restarted) and
scrolls there (``start``). A phone that opens the route anew on the same server starts
at the top, as before. Only where ``companion --web`` serves phones (``app.make_main``):
the desktop window and the static site have no server to lose.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any

import flet as ft

log = logging.getLogger(__name__)

KEY = "companion.scroll"  # [route, pixels, process]
PROCESS = uuid.uuid4().hex[:12]  # this server process
SESSION_KEY = "companion.scroll_memory"  # the session's ``Memory``
EVENT_MS = 250  # at most one scroll event of each kind this often (Flet's scroll_interval)
QUIET_S = 0.4  # written once the screen has been still this long


class Memory:
    """One session's: the last place written, and the one waiting to be."""

    def __init__(self, page: ft.Page, storage: Any):
        self.page = page
        self.storage = storage
        self.written: tuple[str, float] | None = None
        self.pending: tuple[str, float] | None = None
        self.task: asyncio.Future | None = None

    def note(self, route: str, pixels: float) -> None:
        self.pending = (route, round(pixels))
        if self.task is None or self.task.done():
            self.task = self.page.run_task(self.write_when_still)

    async def write_when_still(self) -> None:
        while True:
            waiting = self.pending
            await asyncio.sleep(QUIET_S)
            if self.pending == waiting:
                break
        if waiting is None or waiting == self.written:
            return
        try:
            await self.storage.set(KEY, json.dumps([*waiting, PROCESS]))
        except Exception:  # noqa: BLE001 - no storage: the screen opens at the top
            log.debug("where this phone scrolled could not be kept", exc_info=True)
            return
        self.written = waiting


def of_page(page: ft.Page) -> Memory | None:
    try:
        memory = page.session.store.get(SESSION_KEY)
    except Exception:  # noqa: BLE001 - a page without a session (tests)
        return None
    return memory if isinstance(memory, Memory) else None


def follow(body: ft.Column) -> None:
    """Have ``body`` (a screen's scrolling part) tell where it comes to rest."""
    body.on_scroll = scrolled
    body.scroll_interval = EVENT_MS


def scrolled(e: ft.OnScrollEvent) -> None:
    ft.context.disable_auto_update()  # nothing on screen changes
    memory = of_page(e.page)
    if memory is not None and e.page.route:
        memory.note(e.page.route, e.pixels)


def moved_on(page: ft.Page) -> None:
    """Another screen, drawn at its top: a place kept for the one before is forgotten,
    so that a restart does not scroll the next screen of that route to it."""
    memory = of_page(page)
    if memory is not None and memory.written is not None and memory.written[1]:
        memory.note(page.route or "/", 0)


def body_of(view: ft.View) -> ft.Column | None:
    return next((c for c in view.controls if getattr(c, "on_scroll", None) is scrolled), None)


async def start(page: ft.Page, storage: Any) -> None:
    """At a session's start, once its first screen is sent: keep this session's places
    from now on, and scroll to the one kept for this route by another server process
    (the one this phone was on before it was restarted)."""
    page.session.store.set(SESSION_KEY, Memory(page, storage))
    try:
        kept = json.loads(await storage.get(KEY) or "null")
        route, pixels, process = kept
    except Exception:  # noqa: BLE001 - nothing kept (or not understood): the top
        return
    if process == PROCESS or route != page.route or not pixels or not page.views:
        return
    body = body_of(page.views[-1])
    if body is None:
        return
    try:
        await body.scroll_to(offset=float(pixels))
    except Exception:  # noqa: BLE001 - the screen changed meanwhile: it stays at the top
        log.debug("could not scroll back to where this phone was", exc_info=True)
