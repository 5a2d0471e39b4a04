"""One topic per table: a change made on one phone redraws every other phone showing it.

docs/DESIGN.md, "A table shared by several phones": the store is the one source of truth.
A screen that saved a change announces it on the table's topic (Flet's ``page.pubsub``,
which reaches every browser session of this server); each other session showing that
table redraws from the store. The message only says what kind of thing changed (and,
for the score sheet, which fields), never the new state: that is read from the store.

A tap that does not land is told to the phone that made it, in one line near the top,
whichever server process the phones share: on two processes the store refuses a tap
made on a screen drawn from an older log (``store.Conflict``, e.g. Play's ``refused``);
on one, the redraw for the other phone's change has taken the tapped control off the
screen before the tap arrives, and ``companion.ui.app.tell_missed_taps`` notices. A score
entry names the value its phone showed (``Store.change_score_sheet``'s ``seen``): one made
on a value another phone changed first is refused and told, and a stepper showing another
phone's number makes its − and + anew, so a tap on the number before reaches a control
that is gone. Of two numbers typed in one field the later is kept; the phone whose entry
it replaced is told which (``views/score.py``), and a phone typing in a count when its
screen is drawn again keeps its keyboard there (``widgets/stepper.keep_typing``).

Pure apart from the ``page.pubsub`` calls; ``Follower`` keeps one page subscribed to the
topic of the table its route shows.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

TABLES = "tables"  # the list of tables: one created or deleted


def topic(table_id: str) -> str:
    return f"table:{table_id}"


def table_of(route: str) -> str | None:
    """``/table/abc/play`` → ``abc``; None for routes that show no table."""
    parts = [p for p in route.split("?")[0].split("/") if p]
    return parts[1] if parts[:1] == ["table"] and len(parts) > 1 else None


@dataclass(frozen=True)
class Change:
    """What another phone changed. ``kind``: ``play`` (the log), ``sheet`` (score
    fields at ``paths``; ``()`` in paths means the whole sheet), ``setup`` (ticks or a
    new draw), ``table`` (created, deleted, finished)."""

    table_id: str
    kind: str
    paths: tuple[tuple[str | int, ...], ...] = ()
    values: tuple[Any, ...] = ()  # the new values at ``paths``, for the notice


def announce(pubsub: Any, change: Change, everyone: bool = False) -> None:
    """Tell the other sessions (``everyone``: every session, for a change another server
    process made); a failure to tell them never loses the saved change."""
    send = pubsub.send_all_on_topic if everyone else pubsub.send_others_on_topic
    try:
        send(topic(change.table_id), change)
        if change.kind == "table":
            send(TABLES, change)
    except Exception:  # noqa: BLE001 - the change is saved; the others redraw on reload
        log.exception("could not announce %s", change)


@dataclass
class Follower:
    """Keeps one session subscribed to the topic of the table on screen (or, on Home, to
    the list of tables), calling ``on_change`` on the page's event loop. ``sees``: whether
    the session has the table (with private tables, a phone hears nothing of the others:
    not even when they change)."""

    pubsub: Any
    on_change: Callable[[Change], Awaitable[None]]
    topics: set[str] = field(default_factory=set)
    sees: Callable[[str], bool] = lambda table_id: True

    def follow(self, route: str) -> None:
        table_id = table_of(route)
        # Home and History list the tables; other screens without a table (a new table's
        # form) keep what is being typed and follow nothing.
        home = route.split("?")[0] in ("", "/", "/history")
        if table_id:
            wanted = {topic(table_id)} if self.sees(table_id) else set()
        else:
            wanted = {TABLES} if home else set()
        for name in self.topics - wanted:
            self.pubsub.unsubscribe_topic(name)
        for name in wanted - self.topics:
            # An async handler: Flet runs it on the session's event loop, in turn with
            # the taps (a plain function would run on a worker thread beside them).
            self.pubsub.subscribe_topic(name, self._received)
        self.topics = wanted

    async def _received(self, name: str, change: Any) -> None:
        if (name not in self.topics or not isinstance(change, Change)
                or not self.sees(change.table_id)):
            return
        # One change reaches every session at once, all on the server's one event loop.
        # Left to themselves they would all redraw before any phone's screen is sent
        # (a send waits for the loop), so the first phone would wait as long as the last.
        # They take turns instead, each phone's screen leaving before the next redraw.
        async with _turn():
            try:
                await self.on_change(change)
            except Exception:  # noqa: BLE001 - a closed page; the next load reads the store
                log.debug("redraw after %s failed", change, exc_info=True)
            await asyncio.sleep(0)  # the session's send of its screen runs now


def spare_the_transport_log() -> None:
    """Flet's web server formats each message it sends for a debug line of its
    ``flet_transport`` log, written or not (``f"send_message: {message}"`` in
    ``flet_web``): the text of every control of a redrawn screen, field by field, a large
    part of what a change on a table of many phones cost the server. A message reads as
    its action alone there, unless that log is on when the server starts."""
    from companion.web.flet_internals import message_class

    if not logging.getLogger("flet_transport").isEnabledFor(logging.DEBUG):
        message_class().__repr__ = lambda self: f"Message({self.action})"  # type: ignore[method-assign]


_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary())


def _turn() -> asyncio.Lock:
    """The redraws' turn, one for each event loop (the server's; a test's own)."""
    loop = asyncio.get_running_loop()
    if loop not in _turns:
        _turns[loop] = asyncio.Lock()
    return _turns[loop]
