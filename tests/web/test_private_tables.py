"""Private tables (``companion --web --private-tables``) on the real server, at
Flet's protocol level: a phone gets into a table through the table's link and keeps a
pass for it; it sees that table alone, and another table's id, typed, gets the answer a
missing table gets; strangers, forged links and forged passes get the code prompt and
nothing of any table; another table's changes never reach it; the server's code lets a
phone start tables and see none; the admin link, printed on the console, sees them all;
Invite shows the table's link, never its id; a new link ends the old one, and closing a
table to its phones ends their passes.

One server for the module, on a data folder made before it starts: table A (Ann and Ben)
and table B (Zoe and Yan) in Luna's Action Phase, a finished table C of B's group (for
History and Stats to leak), and tables D and E for the tests that end a link and close a
table. The links and passes are made here with the server's key (kept in the data folder
before the server reads it). Each test's phones come from addresses of their own, so the
per-client limits of one test never touch another.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import msgpack
import pytest

from companion.i18n import t
from companion.storage.store import Store
from companion.ui.preferences import LARGER_TEXT_KEY
from companion.web.access import kept_key
from companion.web.table_links import TableLinks
from tests.run_async import run
from tests.web.phones import PROMPT
from tests.web.test_play_in_place import LOG, TOKEN, PlayPhone, keep_patches, until
from tests.web.test_server import Companion

CODE = "246810"
PASSES = "table_companion.table_passes"  # access_code.TABLE_PASSES_KEY, a JSON list
CODE_PASS = "table_companion.access_code"  # access_code.STORAGE_KEY
OURS = ("Ann", "Ben")  # table A's players
THEIRS = ("Zoe", "Yan")  # table B's and C's: never on a phone of table A
NO_SUCH_TABLE = "000000000000"  # an id no table has (twelve hex digits, as a table's)
LAST_TOKEN = "The last Time token was turned"  # Play's big button with 1 token left
FORGED_LINK = "A" * 22  # the shape of a link's token, made by no one with the key
# What the phones are sent that differs between any two sessions of one screen: the
# session's id, its controls' and calls' ids.
SESSION_KEYS = {"session_id", "call_id", "uid", "control_id", "id", "_i"}
LINK = re.compile(r"https?://[^\s\x00-\x1f\x7f-\xff]*\?table=[A-Za-z0-9_-]+")


@dataclass
class Served:
    server: Companion
    store: Store  # the server's data folder, read here
    links: TableLinks  # made with the server's key: the tokens and passes it accepts
    a: str
    b: str
    c: str
    d: str
    e: str

    @property
    def port(self) -> int:
        return self.server.port

    def passes(self, *kept: str) -> dict[str, Any]:
        """A phone's storage holding ``kept`` passes."""
        return {PASSES: json.dumps(list(kept))}

    def pass_for(self, table_id: str) -> dict[str, Any]:
        return self.passes(self.links.phone_pass(table_id))


def luna_in_action_phase(store: Store, players: list[str]) -> str:
    table = store.create_table("luna", "standard", players, seed=7)
    for seq, event in enumerate(LOG):
        store.append_event(table.id, event, seq)
    return table.id


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Served:
    folder = tmp_path_factory.mktemp("private")
    data = folder / "data"  # where Companion points --data-dir
    store = Store(data)
    a = luna_in_action_phase(store, list(OURS))
    b = luna_in_action_phase(store, list(THEIRS))
    c = store.create_table("luna", "standard", list(THEIRS), seed=7).id
    store.finish(c)
    d = luna_in_action_phase(store, ["Dee", "Eli"])
    e = luna_in_action_phase(store, ["Fay", "Gus"])
    links = TableLinks(kept_key(data), data)  # writes the key the server then reads
    server = Companion(folder, "--private-tables", "--host", "0.0.0.0",
                       "--access-code", CODE)
    yield Served(server, store, links, a, b, c, d, e)
    server.stop()


class SeenPhone(PlayPhone):
    """A phone that keeps every message it was sent, decoded, besides the controls."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.messages: list[list] = []

    def note(self, frame: bytes) -> None:
        self.messages.append(msgpack.unpackb(frame[1:], strict_map_key=False))
        super().note(frame)

    async def _read(self) -> None:
        keep_patches(self)
        await super()._read()

    def settled(self) -> bool:
        """The prompt is shown, or the app's first screen was drawn and the phone's
        settings asked for (after the screen, and after a notice about it)."""
        return PROMPT in self.text or LARGER_TEXT_KEY in self.text or self.closed

    def links_shown(self) -> list[str]:
        return LINK.findall(self.text)

    def told(self) -> str:
        """What the server told the phone, decoded, without the random ids of its session
        and its calls (a call's id once held "Zoe" by chance)."""
        return json.dumps(without_session_ids(self.messages), ensure_ascii=False,
                          default=repr)


@asynccontextmanager
async def phone(served: Served, route: str, source: str,
                storage: dict | None = None) -> AsyncIterator[SeenPhone]:
    """A phone's session on ``route`` from ``source``, once it is settled."""
    seen = SeenPhone(served.port, source, route=route, storage=storage)
    await seen.open()
    try:
        assert await until(seen.settled), (route, seen.text[-500:])
        yield seen
    finally:
        await seen.close()


def shows_nothing_of(seen: SeenPhone, *words: str) -> None:
    """None of ``words`` reached the phone (an id in its own route comes back to it with
    the route: not a word the server told it)."""
    told = seen.told()
    leaked = [w for w in words if w in told and w not in seen.route]
    where = [told[max(0, i - 120):i + 80] for w in leaked if (i := told.find(w)) >= 0]
    assert not leaked, (seen.route, leaked, where)


def without_session_ids(value: Any, table_id: str | None = None) -> Any:
    """``value`` (messages, decoded) without what differs between any two sessions (the
    ids of the session, its controls and its calls), ``table_id`` made "<id>"."""
    if isinstance(value, dict):
        return {k: without_session_ids(v, table_id) for k, v in value.items()
                if k not in SESSION_KEYS}
    if isinstance(value, list):
        return [without_session_ids(v, table_id) for v in value]
    if isinstance(value, str) and table_id:
        return value.replace(table_id, "<id>")
    return value


def first_screen(seen: SeenPhone, table_id: str) -> list:
    """What the phone was sent up to the app's first screen (the message that draws the
    route's view), without what differs between sessions, ``table_id`` made "<id>"."""

    route = seen.route
    for count, (action, body) in enumerate(seen.messages, start=1):
        if action == 2 and route in json.dumps(body, default=repr):  # PATCH_CONTROL
            return without_session_ids(seen.messages[:count], table_id)
    raise AssertionError(f"no screen for {route} in {seen.text[-500:]!r}")


# --- getting in -------------------------------------------------------------------------


def test_a_tables_link_lets_a_phone_into_that_table_alone_and_it_keeps_a_pass(served):
    async def scenario() -> None:
        storage: dict = {}  # the phone's browser's, shared by its tabs
        link = f"/?table={served.links.link_token(served.a)}"
        async with phone(served, link, "127.0.0.11", storage) as seen:
            assert PROMPT not in seen.text
            assert all(name in seen.text for name in OURS), seen.text[-500:]
            assert f"/table/{served.a}" in seen.text  # the link opened the table
            shows_nothing_of(seen, *THEIRS, served.b)
        assert json.loads(storage[PASSES]) == [served.links.phone_pass(served.a)]
        assert CODE_PASS not in storage  # the table's link is not the server's code

        async with phone(served, "/", "127.0.0.11", storage) as again:
            assert PROMPT not in again.text
            assert ", ".join(OURS) in again.text, again.text[-500:]  # Home lists table A
            assert t("home.private_no_new") in again.text
            shows_nothing_of(again, "Latria", "Carpe Astra", *THEIRS, served.b, served.c)
        # A new table's form, typed: Home, which says why not.
        async with phone(served, "/new/luna", "127.0.0.11", storage) as typed:
            assert t("home.private_no_new") in typed.text, typed.text[-500:]
            shows_nothing_of(typed, t("new.create"), *THEIRS)

    run(scenario())


def test_another_tables_id_typed_gets_what_a_missing_tables_id_gets(served):
    storage = served.pass_for(served.a)

    async def compare(tail: str, source: str) -> None:
        theirs_route = f"/table/{served.b}{tail}"
        async with phone(served, theirs_route, source, dict(storage)) as theirs:
            shows_nothing_of(theirs, *THEIRS, served.c)
            theirs_screen = first_screen(theirs, served.b)
        async with phone(served, f"/table/{NO_SUCH_TABLE}{tail}", source,
                         dict(storage)) as missing:
            missing_screen = first_screen(missing, NO_SUCH_TABLE)
        assert theirs_screen == missing_screen, tail
        if tail in ("", "/play", "/invite"):
            assert t("table.not_found") in theirs.text, (tail, theirs.text[-500:])

    tails = ["", "/play", "/score", "/results", "/players", "/setup", "/invite"]

    async def scenario() -> None:
        await asyncio.gather(*(compare(tail, f"127.0.0.{21 + n}")
                               for n, tail in enumerate(tails)))
        # History and Stats: table A is not finished, so they have nothing at all.
        async with phone(served, "/history", "127.0.0.29", dict(storage)) as history:
            assert t("history.empty") in history.text, history.text[-500:]
            shows_nothing_of(history, *THEIRS, served.b, served.c)
        async with phone(served, "/stats", "127.0.0.29", dict(storage)) as stats:
            assert t("stats.none") in stats.text, stats.text[-500:]
            shows_nothing_of(stats, *THEIRS, served.b, served.c)

    run(scenario())


def test_strangers_forged_links_and_passes_get_the_prompt_and_nothing_of_a_table(served):
    a_pass = served.links.phone_pass(served.a)
    a_link = served.links.link_token(served.a)
    one_off = a_link[:-1] + ("B" if a_link[-1] != "B" else "C")  # one letter off
    b_forged = f"table:{served.b}:" + "deadbeef" * 8
    a_hash_for_b = a_pass.replace(served.a, served.b)  # A's pass, made B's by hand
    visits = [
        ("/", {}),  # a stranger
        (f"/table/{served.a}", {}),  # a stranger who typed a table's id
        (f"/?table={FORGED_LINK}", {}),
        (f"/?table={one_off}", {}),
        ("/", served.passes(b_forged)),
        (f"/table/{served.b}", served.passes(b_forged)),
        (f"/table/{served.b}", served.passes(a_hash_for_b)),
        ("/", {PASSES: "not a list"}),
    ]

    async def visit(route: str, storage: dict, source: str) -> None:
        async with phone(served, route, source, storage) as seen:
            assert PROMPT in seen.text, (route, storage, seen.text[-500:])
            shows_nothing_of(seen, *OURS, *THEIRS, "Luna", served.a, served.b, served.c)

    async def scenario() -> None:
        await asyncio.gather(*(visit(route, storage, f"127.0.0.{31 + n}")
                               for n, (route, storage) in enumerate(visits)))
        # A phone that joined table A and opens a link that works no more: in, with A,
        # and told the link has ended.
        async with phone(served, f"/?table={FORGED_LINK}", "127.0.0.39",
                         served.passes(a_pass)) as joined:
            assert PROMPT not in joined.text
            assert ", ".join(OURS) in joined.text, joined.text[-500:]
            assert t("invite.link_ended") in joined.text
            shows_nothing_of(joined, *THEIRS, served.b)

    run(scenario())


def test_the_servers_code_lets_a_phone_start_tables_and_see_none(served):
    async def scenario() -> None:
        storage: dict = {}
        async with phone(served, f"/?code={CODE}", "127.0.0.41", storage) as seen:
            assert PROMPT not in seen.text
            assert "Latria" in seen.text, seen.text[-500:]  # the games to start
            assert t("home.none_in_progress") in seen.text
            shows_nothing_of(seen, *OURS, *THEIRS, served.a, served.b, served.c,
                             t("home.private_no_new"))
        assert storage.get(CODE_PASS) and PASSES not in storage
        # ... and with its pass kept, next time too; another table's id is missing.
        async with phone(served, f"/table/{served.a}", "127.0.0.41", storage) as again:
            assert t("table.not_found") in again.text, again.text[-500:]
            shows_nothing_of(again, *OURS, *THEIRS)

    run(scenario())


# --- what is broadcast ------------------------------------------------------------------


def test_another_tables_changes_never_reach_a_phone(served):
    async def scenario() -> None:
        b_storage: dict = {}
        async with phone(served, f"/?table={served.links.link_token(served.b)}",
                         "127.0.0.52", b_storage):
            pass
        play_a, play_b = f"/table/{served.a}/play", f"/table/{served.b}/play"
        async with (phone(served, play_a, "127.0.0.51", served.pass_for(served.a)) as p,
                    phone(served, play_b, "127.0.0.52", b_storage) as q):
            assert TOKEN.format(n=3) in p.text and TOKEN.format(n=3) in q.text
            # Table B's phone turns two tokens: B's screen shows the last one's button.
            await q.tap(q.control("FilledButton", TOKEN.format(n=3)))
            assert await q.shows(TOKEN.format(n=2))
            await q.tap(q.control("FilledButton", TOKEN.format(n=2)))
            assert await q.shows(LAST_TOKEN), q.text[-500:]
            # Then another phone of table A turns one of A's: P hears of that change.
            async with phone(served, play_a, "127.0.0.53",
                             served.pass_for(served.a)) as r:
                await r.tap(r.control("FilledButton", TOKEN.format(n=3)))
                assert await p.shows(TOKEN.format(n=2)), p.text[-500:]
            shows_nothing_of(p, LAST_TOKEN, "(1 left)", *THEIRS, served.b)

    run(scenario())


# --- the admin --------------------------------------------------------------------------


def test_the_admin_link_is_on_the_console_and_sees_every_table(served):
    token = served.links.admin_token()
    lines = [line for line in served.server.output().splitlines()
             if line.endswith(f"/?admin={token}")]
    assert len(lines) == 1 and lines[0].startswith(t("serve.admin", url="")), \
        served.server.output()[-1500:]

    async def scenario() -> None:
        async with phone(served, f"/?admin={token}", "127.0.0.61") as seen:
            assert PROMPT not in seen.text
            assert ", ".join(OURS) in seen.text and ", ".join(THEIRS) in seen.text, \
                seen.text[-500:]
            assert "Latria" in seen.text  # and it may start tables

    run(scenario())


# --- Invite: the table's own link -------------------------------------------------------


def test_invite_to_this_table_shows_its_link_never_its_id(served):
    async def scenario() -> None:
        async with phone(served, f"/table/{served.a}/invite", "127.0.0.71",
                         served.pass_for(served.a)) as seen:
            assert t("invite.table_scan") in seen.text, seen.text[-500:]
            shown = seen.links_shown()
            assert shown and all(url.endswith(f"?table={served.links.link_token(served.a)}")
                                 for url in shown), shown
            assert not any(served.a in url for url in shown), shown
            assert f"?code={CODE}" not in seen.text  # the server's code is another thing

    run(scenario())


def test_a_new_link_ends_the_old_one_and_the_phones_that_joined_stay(served):
    old = served.links.link_token(served.d)

    async def scenario() -> None:
        joined: dict = {}
        async with phone(served, f"/?table={old}", "127.0.0.81", joined) as first:
            assert "Dee" in first.text and "Eli" in first.text, first.text[-500:]
        async with phone(served, f"/table/{served.d}/invite", "127.0.0.81",
                         joined) as invite:
            await invite.tap(invite.control("OutlinedButton", t("invite.table_renew")))
            assert await invite.shows(t("invite.table_renewed")), invite.text[-500:]
            new = {url.rsplit("=", 1)[1] for url in invite.links_shown()} - {old}
            assert len(new) == 1, invite.links_shown()
        async with phone(served, f"/?table={old}", "127.0.0.82") as stale:
            assert PROMPT in stale.text, stale.text[-500:]
            shows_nothing_of(stale, "Dee", "Eli", served.d)
        async with phone(served, f"/?table={new.pop()}", "127.0.0.83") as fresh:
            assert "Dee" in fresh.text and PROMPT not in fresh.text, fresh.text[-500:]
        async with phone(served, "/", "127.0.0.81", joined) as back:
            assert "Dee, Eli" in back.text, back.text[-500:]

    run(scenario())


def test_the_admin_closes_a_table_to_the_phones_that_joined_it(served):
    link = served.links.link_token(served.e)
    admin = {"table_companion.admin": served.links.admin_token()}  # its kept link
    logged = len(served.store.events(served.e))

    async def scenario() -> None:
        joined: dict = {}
        async with phone(served, f"/?table={link}", "127.0.0.92", joined) as first:
            assert "Fay" in first.text, first.text[-500:]
        async with phone(served, f"/table/{served.e}/play", "127.0.0.92", joined) as player:
            assert TOKEN.format(n=3) in player.text, player.text[-500:]
            button = player.control("FilledButton", TOKEN.format(n=3))
            async with phone(served, f"/table/{served.e}/invite", "127.0.0.91",
                             admin) as boss:
                assert t("invite.table_close") in boss.text, boss.text[-500:]
                await boss.tap(boss.control("OutlinedButton", t("invite.table_close")))
                assert await boss.shows(t("invite.table_closed")), boss.text[-500:]
            # The phone on the table at the time is told it is gone (its pass ended).
            gone = await player.shows(t("table.not_found"), timeout=10)
            if not gone:  # still drawn there: a tap on it at least records nothing
                said = len(player.text)
                await player.tap(button)
                assert await until(lambda: t("table.not_found") in player.text[said:])
                assert len(served.store.events(served.e)) == logged
            assert gone, "the table closed to its phones stayed on the screen of one"
        async with phone(served, "/", "127.0.0.92", joined) as later:
            assert PROMPT in later.text, later.text[-500:]
            shows_nothing_of(later, "Fay", "Gus", served.e)
        async with phone(served, f"/?table={link}", "127.0.0.93") as stale:
            assert PROMPT in stale.text, stale.text[-500:]
            shows_nothing_of(stale, "Fay", "Gus", served.e)

    run(scenario())
