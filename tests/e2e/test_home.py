"""The home and new-table screens, clicked through as a player would."""

from __future__ import annotations

from tests.e2e.flutter import button, open_app, shot, textbox, type_into

GAMES = [
    ("Latria", "3–6 players"),
    ("Carpe Astra", "2–4 players"),
    ("Luna", "1–4 players"),
    ("Altar: Realms of the Gods", "2–5 players"),
    ("Latoro · ラトーロ", "2–4 players"),
]


def test_home_lists_the_five_games(server, page):
    open_app(page, server.url)
    page.get_by_text("Start a new table").wait_for()
    for name, players in GAMES:
        # A game's tile is one button whose name holds the game and its player range.
        tile = page.get_by_role("button", name=f"{name}\n{players}")
        tile.wait_for()
        assert tile.count() == 1
    shot(page, "home-empty")


def test_latria_table_with_japanese_name_survives_restart(server, page):
    open_app(page, server.url)
    button(page, "Latria").first.click()
    page.get_by_text("Number of players").wait_for()
    button(page, "4 players").click()
    type_into(page, "Player 2", "さくら")
    type_into(page, "Player 1", "Ann")
    shot(page, "new-latria")
    button(page, "Create table").click()
    page.get_by_text("Players", exact=True).wait_for()
    page.get_by_text("さくら").wait_for()
    shot(page, "table-latria")

    server.restart()
    open_app(page, server.url)
    listed = button(page, "Open Latria table: Ann, さくら, Player 3, Player 4")
    listed.wait_for()
    shot(page, "home-with-table")
    listed.click()
    page.get_by_text("Players", exact=True).wait_for()  # the table's screen
    page.get_by_text("Player 4").first.wait_for()


def test_duplicate_or_empty_name_is_refused_and_kept(server, page):
    open_app(page, server.url)
    button(page, "Carpe Astra").first.click()
    page.get_by_text("Number of players").wait_for()
    button(page, "3 players").click()
    type_into(page, "Player 1", "Ben")
    type_into(page, "Player 2", "ben")
    button(page, "Create table").click()
    page.get_by_text("Player 1 already has this name").wait_for()
    page.get_by_text("Fix the marked names first.").wait_for()
    shot(page, "new-refused")
    # Nothing typed is lost: the names are still in their fields.
    assert textbox(page, "Player 1").input_value() == "Ben"
    assert textbox(page, "Player 2").input_value() == "ben"
    # Fix it and the table is created; the field left empty is named by its hint.
    type_into(page, "Player 2", "Cleo")
    button(page, "Create table").click()
    page.get_by_text("Cleo").wait_for()
    page.get_by_text("Player 3", exact=True).wait_for()


def test_deleting_a_table_asks_first(server, page):
    from tests.e2e.tables import create_table

    create_table(page, server.url, "Luna", ["Ann", "Ben"])
    button(page, "Back").click()
    delete = button(page, "Delete Luna table: Ann, Ben")
    delete.click()
    page.get_by_text("Delete this table?").wait_for()
    button(page, "Cancel").click()
    button(page, "Open Luna table: Ann, Ben").wait_for()  # still there
    delete.click()
    button(page, "Delete", exact=True).click()
    page.get_by_text("No table in progress").wait_for()
    server.restart()
    open_app(page, server.url)
    page.get_by_text("No table in progress").wait_for()
