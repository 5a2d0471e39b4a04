"""Steps shared by the browser tests: creating a table as a player would, or as New
table would write it, for the tests whose subject comes after New table."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import setup_guides
from companion.catalog import GAMES
from companion.i18n import t
from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, shows, tap_until, type_into

# The five games as Home offers them: each tile's name for screen readers (the game and
# its player range).
HOME_TILES = [
    ("Latria", "3–6 players"),
    ("Carpe Astra", "2–4 players"),
    ("Luna", "1–4 players"),
    ("Altar: Realms of the Gods", "2–5 players"),
    ("Latoro · ラトーロ", "2–4 players"),
]


def create_table(page, url: str, game: str, names: list[str], variant: str | None = None):
    open_app(page, url)
    # The game's tile ("Latria" over "3–6 players"), not a table listed in progress.
    tile = re.compile("^" + re.escape(game) + r".*\s\d+–\d+ players$")
    page.get_by_role("button", name=tile).click()
    page.get_by_text("Number of players").wait_for()
    count = len(names)
    button(page, "1 player" if count == 1 else f"{count} players").click()
    for i, name in enumerate(names, start=1):
        type_into(page, f"Player {i}", name)
    if variant:
        page.get_by_role("radio", name=variant).click()
    button(page, "Create table").click()
    page.get_by_text("Players", exact=True).wait_for()


def write_table(server, game: str, names: list[str], variant: str = "standard",
                drawn: bool = True) -> str:
    """The table New table would make (``game``'s id, a seed drawn), written straight into
    the server's store; its id. ``drawn=False``: a table without the Setup screen's draw
    (made before there was one, or imported without it)."""
    seed = setup_guides.new_seed() if drawn else None
    return Store(server.data_dir).create_table(game, variant, names, seed=seed).id


def stored_table(page, server, game: str, names: list[str], variant: str = "standard",
                 drawn: bool = True) -> None:
    """``write_table``'s table opened from Home as a player opens a table in progress: the
    page is left on the table's screen, as ``create_table`` leaves it. For the tests of
    what comes after New table (typing a table in costs a few seconds a test; New table's
    own tests and the walks type it in)."""
    write_table(server, game, names, variant, drawn)
    open_app(page, server.url)
    opened = page.get_by_text("Players", exact=True)
    # Home lists the tables in play, the last changed first
    tap_until(page, button(page, f"Open {t(GAMES[game].name)} table: {', '.join(names)}").first,
              opened)


def saved_until(check: Callable[[], bool], what: str, timeout: float = 15,
                seen: Callable[[], object] | None = None) -> None:
    """Wait until ``check()`` holds of what the server has saved (read from its store);
    ``seen`` says what was saved instead, if it never does."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() >= deadline:
            instead = f"; saved: {seen()}" if seen else ""
            raise AssertionError(f"not saved within {timeout:g} s: {what}{instead}")
        time.sleep(0.05)


def to_latria_step_4(page) -> None:
    """From a Latria table's screen (Ann first), Play to round 1's step 4, Acquire cards."""
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    button(page, "Next: Step 2 — Parent plays").click()
    button(page, "Next: Step 3 — Children play").click()
    button(page, "Next: Step 4 — Acquire").click()
    shows(page, "Step 4 — Acquire cards").wait_for()


def next_step(page, label: str) -> None:
    button(page, label).click()


def play_round(page, *, parent: str, mutation: bool, body: str, taker: str, next_parent: str):
    if mutation:
        page.get_by_role("checkbox", name="The Sun card shows the mutation symbol").click()
    next_step(page, "Next: Step 2 — Parent plays")
    shows(page, f"{parent} plays one astrology card").wait_for()
    next_step(page, "Next: Step 3 — Children play")
    next_step(page, "Next: Step 4 — Acquire")
    shows(page, "Step 4 — Acquire cards").wait_for()
    button(page, f"Targeted body: {body}").click()
    button(page, f"Took the celestial cards: {taker}").click()
    button(page, "Record who took the cards").click()
    next_step(page, "Next: Step 6 — Next parent")
    next_step(page, f"— {next_parent} is parent")
