"""Which topic a screen follows, and what reaches it (companion/web/sync.py)."""

from __future__ import annotations

import asyncio

from companion.web import sync
from tests.run_async import run


class FakePubSub:
    """Records subscriptions as Flet's PubSubClient would take them."""

    def __init__(self):
        self.handlers: dict[str, object] = {}
        self.sent: list[tuple[str, object]] = []

    def subscribe_topic(self, topic, handler):
        self.handlers[topic] = handler

    def unsubscribe_topic(self, topic):
        self.handlers.pop(topic, None)

    def send_others_on_topic(self, topic, message):
        self.sent.append((topic, message))


def test_a_table_screen_follows_its_table_and_home_follows_the_list():
    pubsub = FakePubSub()
    follower = sync.Follower(pubsub, on_change=None)
    follower.follow("/table/abc/play")
    assert set(pubsub.handlers) == {"table:abc"}
    follower.follow("/table/abc/score")
    assert set(pubsub.handlers) == {"table:abc"}
    follower.follow("/")
    assert set(pubsub.handlers) == {sync.TABLES}
    follower.follow("/history")  # a table finished, reopened or deleted elsewhere
    assert set(pubsub.handlers) == {sync.TABLES}
    follower.follow("/new/latria")  # a form being filled in: nothing redraws it
    assert pubsub.handlers == {}
    follower.follow("/table/xyz")
    assert set(pubsub.handlers) == {"table:xyz"}


def test_a_change_reaches_the_screen_and_a_table_change_reaches_home_too():
    pubsub = FakePubSub()
    sync.announce(pubsub, sync.Change("abc", "play"))
    sync.announce(pubsub, sync.Change("abc", "table"))
    assert [topic for topic, _ in pubsub.sent] == ["table:abc", "table:abc", sync.TABLES]

    got = []

    async def on_change(change):
        got.append(change)

    follower = sync.Follower(pubsub, on_change)
    follower.follow("/table/abc/play")
    handler = pubsub.handlers["table:abc"]
    run(handler("table:abc", sync.Change("abc", "play")))
    run(handler("table:abc", "not a change"))  # ignored
    follower.follow("/")
    run(handler("table:abc", sync.Change("abc", "play")))  # no longer followed
    assert got == [sync.Change("abc", "play")]


def test_with_private_tables_a_phone_hears_nothing_of_a_table_it_has_not():
    """Neither on the table's own screen (typed in: nothing followed) nor on Home (the
    list's changes of another table are not handed on)."""
    pubsub = FakePubSub()
    got = []

    async def on_change(change):
        got.append(change)

    follower = sync.Follower(pubsub, on_change, sees=lambda table_id: table_id == "ours")
    follower.follow("/table/theirs/play")
    assert pubsub.handlers == {}
    follower.follow("/")
    handler = pubsub.handlers[sync.TABLES]
    run(handler(sync.TABLES, sync.Change("theirs", "table")))
    run(handler(sync.TABLES, sync.Change("ours", "table")))
    assert got == [sync.Change("ours", "table")]


def test_a_failed_announce_loses_nothing():
    class Broken:
        def send_others_on_topic(self, topic, message):
            raise RuntimeError("closed")

    sync.announce(Broken(), sync.Change("abc", "sheet"))  # no exception


def test_table_of_routes():
    assert sync.table_of("/table/abc/play") == "abc"
    assert sync.table_of("/table/abc") == "abc"
    assert sync.table_of("/?code=1") is None
    assert sync.table_of("/new/luna") is None


def test_each_phone_is_sent_its_redraw_before_the_next_phone_redraws():
    """One change reaches every session at once on the server's one event loop; a
    session's screen leaves in a task of its own (Flet's send loop), woken by the redraw.
    Each phone's screen leaves before the next phone redraws, so the first phone does not
    wait for the last one's redraw."""
    happened: list[str] = []

    def phone(number: int):
        async def on_change(change):
            happened.append(f"redraw {number}")
            # what a send to the phone's socket does: its task runs when the loop is free
            asyncio.get_running_loop().call_soon(happened.append, f"sent {number}")
        follower = sync.Follower(FakePubSub(), on_change)
        follower.follow("/table/abc/play")
        return follower.pubsub.handlers["table:abc"]

    handlers = [phone(n) for n in range(3)]

    async def broadcast():
        await asyncio.gather(*(h("table:abc", sync.Change("abc", "play")) for h in handlers))

    run(broadcast())
    assert happened == ["redraw 0", "sent 0", "redraw 1", "sent 1", "redraw 2", "sent 2"]
