"""Two server processes on one PostgreSQL database (``companion --web --database
postgresql://…``), a phone on each, at Flet's protocol level: a tap on one phone reaches
the other's screen through the other process (companion/web/shared_changes.py), both
ways; a phone that comes back through the other process reads the table as saved."""

from __future__ import annotations

import pytest

from companion.storage.store import Store
from tests.postgres import postgres_url  # noqa: F401 (fixture)
from tests.run_async import run
from tests.web.test_play_in_place import TOKEN, action_phase_table, open_phone, until
from tests.web.test_server import Companion


@pytest.fixture
def two_servers(tmp_path, postgres_url):  # noqa: F811
    """A Luna table in its Action Phase on the database, and two processes serving it."""
    table_id = action_phase_table(Store(postgres_url))
    servers = []
    try:
        for name in ("one", "two"):
            (tmp_path / name).mkdir()
            servers.append(Companion(tmp_path / name, "--database", postgres_url))
        yield table_id, servers
    finally:
        for server in servers:
            server.stop()


def test_a_tap_on_one_process_reaches_the_phone_on_the_other_both_ways(two_servers):
    table_id, (one, two) = two_servers
    route = f"/table/{table_id}/play"

    async def walk() -> None:
        here = await open_phone(one.port, "127.0.0.2", route)
        there = await open_phone(two.port, "127.0.0.3", route)
        try:
            await here.tap(here.control("FilledButton", TOKEN.format(n=4)))
            assert await until(lambda: TOKEN.format(n=3) in there.text), there.text[-800:]
            said = len(here.text)
            await there.tap(there.control("FilledButton", TOKEN.format(n=3)))
            assert await until(lambda: TOKEN.format(n=2) in here.text[said:]), \
                here.text[-800:]
        finally:
            for phone in (here, there):
                await phone.close()
        # A phone opening the table through the other process reads it as saved.
        again = await open_phone(one.port, "127.0.0.4", route, TOKEN.format(n=2))
        await again.close()

    run(walk())
