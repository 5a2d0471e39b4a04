"""Two server processes on one PostgreSQL database (``companion --web --database
postgresql://…``), a phone on each: each follows the other's taps (the change travels
from one process to the other: companion/web/shared_changes.py), and a tap made on a
screen drawn before the other phone's change is not applied, and told."""

from __future__ import annotations

import re

import pytest

from companion.storage.store import Store
from tests.e2e.conftest import Server
from tests.e2e.flutter import button, open_app, shows
from tests.e2e.held import Held
from tests.e2e.test_two_phones import second_page  # noqa: F401 - a fixture
from tests.postgres import postgres_url  # noqa: F401 - a fixture
from tests.web.test_play_in_place import LOG, MISSED, TOKEN, action_phase_table


@pytest.fixture
def table_on_two_servers(tmp_path, postgres_url):  # noqa: F811
    """A Luna table in its Action Phase on the database, and two processes serving it."""
    store = Store(postgres_url)
    table_id = action_phase_table(store)
    servers = []
    try:
        for n in (1, 2):
            server = Server(tmp_path / f"data-{n}", tmp_path / f"server-{n}.log",
                            extra_args=("--database", postgres_url))
            server.start()
            servers.append(server)
        yield store, table_id, servers
    finally:
        for server in servers:
            server.stop()


def test_phones_on_two_processes_follow_each_other_and_a_stale_tap_is_told(
        table_on_two_servers, page, second_page):  # noqa: F811
    store, table_id, (one, two) = table_on_two_servers
    held = Held(second_page)  # what process two sends its phone can be held
    route = f"table/{table_id}/play"
    open_app(page, one.url + route)
    open_app(second_page, two.url + route)
    for phone in (page, second_page):
        button(phone, TOKEN.format(n=4)).wait_for()

    button(page, TOKEN.format(n=4)).click()
    button(second_page, TOKEN.format(n=3)).wait_for()  # through process two
    button(second_page, TOKEN.format(n=3)).click()
    button(page, TOKEN.format(n=2)).wait_for()  # and back through process one

    # Process two draws its phone's screen again for the next tap on process one, and
    # that screen is on its way (held) when its phone taps the one it still shows.
    held.holding = True
    button(page, TOKEN.format(n=2)).click()
    held.redrawn()
    held.tap(button(second_page, TOKEN.format(n=2)))
    held.release()
    shows(second_page, re.compile("^" + re.escape(MISSED))).wait_for()
    _, seq = store.log(table_id)
    assert seq == len(LOG) + 3  # three taps applied; the stale one not
