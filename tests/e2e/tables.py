"""Steps shared by the browser tests: creating a table as a player would."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, open_app, type_into


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
