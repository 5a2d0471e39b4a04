"""Changes shared between server processes on one PostgreSQL database
(companion/web/shared_changes.py): what a notification carries, and two relays on one
database, each handing the other's changes to its own sessions and never its own, the
listening made again after its connection is lost; another store's schema hears
nothing."""

from __future__ import annotations

import asyncio

import pytest

from companion.web import shared_changes, sync
from companion.web.shared_changes import ChangeRelay, change_of, channel_for, payload
from tests.postgres import postgres_url  # noqa: F401 (fixture)
from tests.run_async import run

CHANGE = sync.Change("abc123", "sheet", (("players", 0, "vp"), ("round",)), (3, None))


class Sessions:
    """A process's Flet pubsub, as the relay uses it: every session's changes heard."""

    def __init__(self):
        self.heard: list[tuple[str, sync.Change]] = []

    def send_all_on_topic(self, topic, change):
        self.heard.append((topic, change))

    def send_others_on_topic(self, topic, change):
        raise AssertionError("another process's change goes to every session here")


def test_a_change_travels_whole_and_comes_back_the_same():
    assert change_of(payload("p1", CHANGE)) == ("p1", CHANGE)
    assert change_of(payload("p1", sync.Change("t", "table"))) == ("p1", sync.Change("t", "table"))


def test_values_too_big_for_a_notification_are_left_out():
    big = sync.Change("abc123", "sheet", (("notes",),), ("x" * 9000,))
    text = payload("p1", big)
    assert len(text.encode("utf-8")) <= shared_changes.MOST_BYTES
    assert change_of(text) == ("p1", sync.Change("abc123", "sheet", (("notes",),), ()))


@pytest.mark.parametrize("text", ["", "null", "[]", '{"o": 1, "t": "a", "k": "b", "p": [],'
                                  ' "v": []}', '{"o": "p", "t": "a"}', "{bad"])
def test_anything_else_is_no_change(text):
    assert change_of(text) is None


def test_each_schema_has_its_own_channel():
    assert channel_for("test_ab12") != channel_for("test_cd34")
    assert channel_for(None) == channel_for("public") == "companion_changes_public"
    assert channel_for('x"; DROP') == "companion_changes_x___drop"


async def heard_within(sessions: Sessions, wanted, seconds: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while wanted not in sessions.heard:
        assert loop.time() < deadline, sessions.heard
        await asyncio.sleep(0.02)


def test_two_processes_hear_each_others_changes_and_not_their_own(postgres_url, monkeypatch):  # noqa: F811
    monkeypatch.setattr(shared_changes, "AGAIN_AFTER", 0.1)

    async def walk() -> None:
        one, two = ChangeRelay(postgres_url), ChangeRelay(postgres_url)
        here, there = Sessions(), Sessions()
        one.attach(here)
        two.attach(there)
        try:
            await ready(one, two)
            one.publish(CHANGE)
            await heard_within(there, (sync.topic("abc123"), CHANGE))
            table = sync.Change("abc123", "table")
            two.publish(table)
            await heard_within(here, (sync.TABLES, table))  # Home lists the tables again
            assert (sync.topic("abc123"), table) in here.heard
            assert all(change != CHANGE for _, change in here.heard)  # never its own
            # The listening connection lost: it is made again, and hears the next one.
            await drop_listeners(postgres_url)
            later = sync.Change("abc123", "play")
            deadline = asyncio.get_running_loop().time() + 10
            while (sync.topic("abc123"), later) not in there.heard:
                assert asyncio.get_running_loop().time() < deadline
                one.publish(later)
                await asyncio.sleep(0.2)
        finally:
            for relay in (one, two):
                relay._listening.cancel()

    run(walk())


async def ready(*relays: ChangeRelay) -> None:
    """Until each relay listens (a notification sent before would not reach it)."""
    import psycopg

    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    url = relays[0].url
    with psycopg.connect(url, autocommit=True) as conn:
        channel = channel_for(conn.execute(shared_changes.SCHEMA).fetchone()[0])
        while conn.execute("SELECT count(*) FROM pg_stat_activity WHERE query = %s",
                           (f"LISTEN {channel}",)).fetchone()[0] < len(relays):
            assert loop.time() < deadline
            await asyncio.sleep(0.05)


async def drop_listeners(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                     " WHERE query LIKE 'LISTEN %%' AND pid <> pg_backend_pid()")


def test_a_store_in_another_schema_hears_nothing(postgres_url):  # noqa: F811
    """Two servers' stores in two schemas of one database: a change of one never reaches
    the other's sessions (checked once a later change of the other's own has reached
    them: PostgreSQL hands a listener its notifications in the order they were made)."""
    import psycopg

    base, schema = postgres_url.split("search_path%3D")
    other = f"{base}search_path%3D{schema}_other"
    with psycopg.connect(base.split("?")[0], autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}_other")

    async def walk() -> None:
        ours, theirs, their_other = (ChangeRelay(postgres_url), ChangeRelay(other),
                                     ChangeRelay(other))
        heard = Sessions()
        theirs.attach(heard)
        try:
            await ready(theirs)
            ours.publish(CHANGE)
            own = sync.Change("theirs1", "play")
            their_other.publish(own)
            await heard_within(heard, (sync.topic("theirs1"), own))
            assert all(change != CHANGE for _, change in heard.heard)
        finally:
            theirs._listening.cancel()

    try:
        run(walk())
    finally:
        with psycopg.connect(base.split("?")[0], autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema}_other CASCADE")
