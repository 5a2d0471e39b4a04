"""A waiting room full of idle sessions: 12 sessions from 4 addresses (or 100
from 34) sit on the code's prompt, and more keep knocking, yet a phone that joined
before and opens a new session (its browser restarted) comes in on its pass, and a new
phone comes in with the right code in its address. The bound on sessions waiting for the
code holds only the sessions that have neither.

The phone's pass reaches the server with its first request: the page script copies it
from the phone's storage into a cookie (companion/web/web_page.js), as ``pass_cookie``
does here (tests/e2e/test_access_code.py: Chromium does). The server is
`companion` itself on 127.0.0.x addresses.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import quote

import pytest

from companion.web.access import (
    PASS_COOKIE,
    TRIES_PER_MINUTE,
    WAITING_IN_ALL,
    WAITING_PER_CLIENT,
)
from tests.run_async import run
from tests.web.phones import HOME, PASS_KEY, PROMPT, Phone
from tests.web.test_server import Companion

CODE = "246810"
HOST, GUEST, GUESSER = "127.0.0.200", "127.0.0.201", "127.0.0.202"


@pytest.fixture
def lan(tmp_path):
    c = Companion(tmp_path, "--host", "0.0.0.0", "--access-code", CODE)
    yield c
    c.stop()


def pass_cookie(storage: dict) -> dict:
    """The request header a browser sends once the page script has copied the phone's
    pass into its cookie."""
    return {"Cookie": f"{PASS_COOKIE}={quote(storage[PASS_KEY], safe='')}"}


async def knock(port: int, sources: list[str], stop: asyncio.Event) -> int:
    """New idle sessions from ``sources``, one after another until ``stop``: the crowd
    renewing its places. How many were let onto the prompt."""
    let_in = 0
    n = 0
    while not stop.is_set():
        phone = await Phone(port, sources[n % len(sources)]).open()
        n += 1
        if await phone.shows(PROMPT, timeout=2):
            let_in += 1
        await phone.close()
    return let_in


@pytest.mark.parametrize("idle", [12, 100])
def test_a_full_waiting_room_lets_in_a_phone_that_joined_and_the_right_code(lan, idle):
    async def scenario():
        host = await Phone(lan.port, HOST, route=f"/?code={CODE}").open()
        assert await host.answer() == HOME
        await host.close()

        # The idle crowd: at most three from one address.
        sources = [f"127.0.0.{2 + n // WAITING_PER_CLIENT}" for n in range(idle)]
        crowd = [Phone(lan.port, s) for s in sources]
        await asyncio.gather(*(p.open() for p in crowd))
        on_prompt = [await p.shows(PROMPT, timeout=10) for p in crowd]
        assert sum(on_prompt) == WAITING_IN_ALL  # the room is full
        stop = asyncio.Event()
        knocking = asyncio.ensure_future(knock(lan.port, sources[:12], stop))

        back = await Phone(lan.port, HOST, storage=dict(host.storage),
                           headers=pass_cookie(host.storage)).open()
        guest = await Phone(lan.port, GUEST, route=f"/?code={CODE}").open()
        answers = [await back.answer(timeout=10), await guest.answer(timeout=10)]
        # Wrong codes in the address count as wrong tries, as on the prompt: after five
        # from one address even the right one waits (a full room is no way to guess).
        for code in [*(f"00000{n}" for n in range(TRIES_PER_MINUTE)), CODE]:
            guesser = await Phone(lan.port, GUESSER, route=f"/?code={code}").open()
            guessed = await guesser.answer(timeout=10) or "refused"
            await guesser.close()
        stop.set()
        knocked_in = await knocking
        still_waiting = sum(1 for p in crowd if p.session_id and not p.closed)
        for phone in [back, guest, *crowd]:
            with contextlib.suppress(Exception):
                await phone.close()
        return answers, knocked_in, still_waiting, guessed

    answers, knocked_in, still_waiting, guessed = run(scenario())
    print(f"{idle} idle: the phones' answers {answers}, knocking let in {knocked_in}, "
          f"{still_waiting} of the crowd still waiting; the right code after five wrong "
          f"ones: {guessed}")
    assert answers == [HOME, HOME]
    assert guessed == "refused"
    assert knocked_in == 0 and still_waiting == WAITING_IN_ALL  # the bound held


def test_the_page_script_copies_the_pass_from_where_the_app_keeps_it():
    from companion.ui.views.access_code import STORAGE_KEY
    from companion.web.web_page import PASS_STORAGE_KEY

    assert PASS_STORAGE_KEY == STORAGE_KEY == PASS_KEY
