"""Changes shared between server processes on one PostgreSQL database
(``companion --web --database postgresql://…``): several processes, one table, live.

In one process a change reaches the other phones through Flet's pubsub (``sync``). With
several processes, each change this process's phones make is also sent to the others
with PostgreSQL's NOTIFY (what changed, as ``sync.Change`` carries it: never the new
state, which every process reads from the database); each process LISTENs, and hands the
others' changes to its own sessions as if one of its phones had made them. Its own
notifications come back to it too, and are left out (``origin``).

A notification carries at most 8,000 bytes: a change whose values do not fit is sent
without them (the phones redraw from the database all the same; only the line saying
what another phone entered is shorter). While the listening connection is down it is
made again, every few seconds; a change made meanwhile on another process reaches a phone
here at its next redraw or tap (a stale tap is refused by the database, whichever
process it reaches).
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any

from companion.web import sync

log = logging.getLogger(__name__)

CHANNEL = "companion_changes"  # and the schema the tables are in: one channel per store
MOST_BYTES = 7900  # PostgreSQL's limit on a payload is 8,000 bytes
AGAIN_AFTER = 3.0  # s before a lost listening connection is made again


def payload(origin: str, change: sync.Change) -> str:
    """The notification's text: the change, without its values if they do not fit.

    >>> payload("p1", sync.Change("abc", "sheet", (("players", 0, "vp"),), (3,)))
    '{"o":"p1","t":"abc","k":"sheet","p":[["players",0,"vp"]],"v":[3]}'
    """
    def text(values: tuple) -> str:
        return json.dumps({"o": origin, "t": change.table_id, "k": change.kind,
                           "p": [list(p) for p in change.paths], "v": list(values)},
                          ensure_ascii=False, separators=(",", ":"))

    whole = text(change.values)
    if len(whole.encode("utf-8")) <= MOST_BYTES:
        return whole
    return text(())


def change_of(text: str) -> tuple[str, sync.Change] | None:
    """The origin and the change a notification carries; None for anything else.

    >>> change_of('{"o":"p1","t":"abc","k":"play","p":[],"v":[]}')
    ('p1', Change(table_id='abc', kind='play', paths=(), values=()))
    >>> change_of("not ours") is None
    True
    """
    try:
        found = json.loads(text)
        origin, table_id, kind = found["o"], found["t"], found["k"]
        paths = tuple(tuple(p) for p in found["p"])
        values = tuple(found["v"])
    except (ValueError, KeyError, TypeError):
        return None
    if not all(isinstance(v, str) for v in (origin, table_id, kind)):
        return None
    return origin, sync.Change(table_id, kind, paths, values)


SCHEMA = "SELECT current_schema()"


def channel_for(schema: str | None) -> str:
    """The channel of the store whose tables are in ``schema``: two stores on one
    database in two schemas hear nothing of each other.

    >>> channel_for("Test-1")
    'companion_changes_test_1'
    """
    return CHANNEL + "_" + "".join(c if c.isalnum() else "_" for c in (schema or "public").lower())


class ChangeRelay:
    """This process's end of the shared changes, on the database at ``url``."""

    def __init__(self, url: str):
        self.url = url
        self.origin = uuid.uuid4().hex  # this process, told from the others
        self._pubsub: Any = None  # a session's Flet pubsub: its hub reaches every session
        self._sending: Any = None  # the connection NOTIFY goes out on
        self._channel = ""
        self._listening: asyncio.Task | None = None

    def attach(self, pubsub: Any) -> None:
        """A session of this process started: through its pubsub the others' changes
        reach every session here. The first one starts the listening."""
        self._pubsub = pubsub
        if self._listening is None or self._listening.done():
            self._listening = asyncio.get_running_loop().create_task(self.listen())

    def publish(self, change: sync.Change) -> None:
        """Tell the other processes (a failure loses nothing: the change is saved, and
        their phones read it at their next redraw)."""
        import psycopg

        try:
            if self._sending is None or self._sending.closed:
                self._sending = psycopg.connect(self.url, autocommit=True)
                self._channel = channel_for(self._sending.execute(SCHEMA).fetchone()[0])
            self._sending.execute("SELECT pg_notify(%s, %s)",
                                  (self._channel, payload(self.origin, change)))
        except psycopg.Error as err:
            log.warning("could not tell the other server processes of a change: %s", err)
            self._sending = None

    async def listen(self) -> None:
        """Hand the other processes' changes to this process's sessions, for as long as
        the server runs (the connection made again when it is lost)."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True) as conn:
                    schema = await (await conn.execute(SCHEMA)).fetchone()
                    await conn.execute(f"LISTEN {channel_for(schema[0])}")
                    async for note in conn.notifies():
                        self.take(note.payload)
            except psycopg.Error as err:
                log.warning("the other server processes' changes are not heard (%s); "
                            "trying again in %g s", err, AGAIN_AFTER)
            await asyncio.sleep(AGAIN_AFTER)

    def take(self, text: str) -> None:
        """One notification: another process's change, to every session here."""
        found = change_of(text)
        if found is None or found[0] == self.origin or self._pubsub is None:
            return
        sync.announce(self._pubsub, found[1], everyone=True)
