"""Guessing the table's code from many addresses at once, and with forged forwarded
headers, against the real server (`companion --web --host 0.0.0.0`): the wrong codes that
reach the check are capped across every client, a phone that joined before still comes
in, and X-Forwarded-For counts only from a proxy named with --trusted-proxy.

Each try is a new session carrying its code in the invite link (``/?code=…``), as a
guesser rotating addresses would. The server listens on every address; the clients take
127.0.0.x source addresses, so all traffic stays on this machine.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Iterator

import pytest

from companion.web.access import TRIES_PER_MINUTE, WRONG_CODES_PER_MINUTE
from tests.run_async import run
from tests.web.phones import CHANGED, HOME, PASS_KEY, WAIT, WRONG, Phone
from tests.web.test_server import Companion

CODE = "246810"
FLOOD_SECONDS = 50  # at most: within one minute the cap holds the whole flood to its count
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 42)]  # 40 guessers
AT_ONCE = 6  # guessers trying at the same moment


@pytest.fixture
def lan(tmp_path):
    c = Companion(tmp_path, "--host", "0.0.0.0", "--access-code", CODE)
    yield c
    c.stop()


async def one_try(port: int, source: str, code: str, headers: dict | None = None) -> str:
    phone = await Phone(port, source, route=f"/?code={code}", headers=headers).open()
    try:
        return await phone.answer()
    finally:
        await phone.close()


def wrong_codes() -> Iterator[str]:
    rng = random.Random(35)
    return (f"{rng.randrange(10**6):06d}" for _ in itertools.count())


def test_wrong_codes_from_many_addresses_are_capped_and_a_joined_phone_still_comes_in(lan):
    async def scenario():
        host = await Phone(lan.port, route=f"/?code={CODE}").open()
        assert await host.answer() == HOME
        assert host.storage[PASS_KEY] != CODE  # the phone keeps a pass, not the code
        answers: list[str] = []
        codes = (c for c in wrong_codes() if c != CODE)
        addresses = itertools.cycle(ADDRESSES)
        loop = asyncio.get_running_loop()
        stop = loop.time() + FLOOD_SECONDS
        capped, tab_in = asyncio.Event(), asyncio.Event()

        async def guesser():
            # On until the tab is in and the flood has gone well past the cap.
            while loop.time() < stop and not (
                    tab_in.is_set() and answers.count(WAIT) > 3 * WRONG_CODES_PER_MINUTE):
                answers.append(await one_try(lan.port, next(addresses), next(codes)))
                if answers[-1] == WAIT:
                    capped.set()

        flood = [asyncio.ensure_future(guesser()) for _ in range(AT_ONCE)]
        try:
            await asyncio.wait_for(capped.wait(), FLOOD_SECONDS)
        except TimeoutError:
            pytest.fail(f"no try was told to wait in {FLOOD_SECONDS} s: {len(answers)} tries")
        # Mid-flood, with every new try waiting: the host's second tab (same storage,
        # another address) comes in on its pass.
        tab = await Phone(lan.port, "127.0.0.200", storage=host.storage).open()
        tab_answer = await tab.answer()
        tab_in.set()
        await asyncio.gather(*flood)
        await tab.close()
        await host.close()
        return answers, tab_answer

    answers, tab_answer = run(scenario())
    assert tab_answer == HOME
    # A wrong code that reached the check is told so, but the one that fills the cap is
    # told to wait: fewer than the cap are told "wrong". Without the cap each address
    # would be told so four times a minute (160 in all here).
    assert answers.count(WRONG) < WRONG_CODES_PER_MINUTE
    assert answers.count(WAIT) > 3 * WRONG_CODES_PER_MINUTE  # the flood went on past it
    assert HOME not in answers
    # The console says so, once for the whole burst.
    assert lan.output().count("Someone is guessing the table's code") == 1


def test_the_wait_across_every_client_refuses_even_the_right_code_typed_anew(lan):
    async def scenario():
        codes = (c for c in wrong_codes() if c != CODE)
        for address in ADDRESSES[:WRONG_CODES_PER_MINUTE]:  # one wrong code each
            assert await one_try(lan.port, address, next(codes)) in (WRONG, WAIT)
        return await one_try(lan.port, "127.0.0.100", CODE)

    assert run(scenario()) == WAIT


def test_a_phone_that_joined_comes_back_after_a_restart_with_the_same_code(tmp_path):
    """Its pass is made with a key kept in the data folder; a new code needs it again."""
    storage: dict = {}

    def visit(*args: str, route: str = "/", words: str = HOME) -> bool:
        c = Companion(tmp_path, "--host", "0.0.0.0", *args)

        async def scenario():
            phone = await Phone(c.port, route=route, storage=storage).open()
            try:
                return await phone.shows(words)
            finally:
                await phone.close()

        try:
            return run(scenario())
        finally:
            c.stop()

    assert visit("--access-code", CODE, route=f"/?code={CODE}")
    assert visit("--access-code", CODE)
    assert visit(words=CHANGED)  # a random code: asked, and told why
    assert PASS_KEY not in storage  # the stale pass is forgotten


# --- forwarded headers ------------------------------------------------------------------


def tries_with_forged_addresses(port: int, source: str = "127.0.0.1") -> list[str]:
    """Wrong codes from ``source``, each claiming another client in X-Forwarded-For."""
    async def scenario():
        codes = (c for c in wrong_codes() if c != CODE)
        return [await one_try(port, source, next(codes),
                              headers={"X-Forwarded-For": f"10.9.0.{n}"})
                for n in range(TRIES_PER_MINUTE + 2)]

    return run(scenario())


def test_a_forged_forwarded_for_changes_nothing_by_default(lan):
    answers = tries_with_forged_addresses(lan.port)
    # One client to the server: its own tries, then the wait.
    assert answers == [WRONG] * (TRIES_PER_MINUTE - 1) + [WAIT] * 3


def test_forwarded_for_counts_from_a_trusted_proxy_only(tmp_path):
    c = Companion(tmp_path, "--host", "0.0.0.0", "--access-code", CODE,
                  "--trusted-proxy", "127.0.0.1")
    try:
        # From the proxy: each forwarded address is a client of its own.
        assert tries_with_forged_addresses(c.port) == [WRONG] * (TRIES_PER_MINUTE + 2)
        # From any other address the header is ignored.
        answers = tries_with_forged_addresses(c.port, source="127.0.0.7")
        assert answers == [WRONG] * (TRIES_PER_MINUTE - 1) + [WAIT] * 3
    finally:
        c.stop()
