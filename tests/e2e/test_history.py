"""A Latria table finished by showing its Results, found in History, filtered by
game and by player, and played again with Rematch (seats moved one on); the players'
names offered on the New table screen."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from playwright.sync_api import expect

from companion.storage.store import Store
from tests.e2e.flutter import (
    button,
    click_into,
    open_app,
    settle,
    shot,
    tap_until,
    textbox,
    wait_for_editing,
)
from tests.e2e.tables import create_table

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
DATA = Path(__file__).parent.parent / "data"


def shots(page, name: str) -> None:
    shot(page, f"{name}-390")
    page.set_viewport_size(SMALL)
    shot(page, f"{name}-360")
    page.set_viewport_size(PHONE)


def an_earlier_play(data_dir: Path) -> None:
    """A Luna play finished before (Yellow, Red, Blue, White), straight into the store."""
    sheet = json.loads((DATA / "luna_example.json").read_text(encoding="utf-8"))
    store = Store(data_dir)
    table = store.create_table("luna", "standard", [p["name"] for p in sheet["players"]])
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)


def test_finish_a_latria_table_find_it_in_history_filter_and_rematch(server, page):
    an_earlier_play(server.data_dir)
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"])
    button(page, "Score").first.click()
    page.set_viewport_size({"width": 390, "height": 2000})
    button(page, "Sun 4 VP: one more for Ann", exact=True).click()
    page.get_by_text("Ann: 4 points").wait_for()
    page.set_viewport_size(PHONE)
    button(page, "See the results").click()
    page.get_by_text("Ann wins").wait_for()
    button(page, "Rematch, everyone moves one seat on").wait_for()
    button(page, "Rematch with the seats as they were").wait_for()
    shots(page, "results-finished")

    # Home: the table is no longer in progress; History is after the games.
    open_app(page, server.url)
    page.get_by_text("No table in progress").wait_for()
    button(page, "History\nFinished plays: 2").wait_for()  # the tile after the games
    shots(page, "home-history-entry")
    page.get_by_role("button", name=re.compile(r"^History(\sHistory)?$")).click()  # app bar
    page.get_by_text("Ann wins").wait_for()
    opened = page.get_by_role("button", name="Open the results: ")
    assert opened.count() == 2
    # newest first: the Latria play, then the Luna play
    latria = button(page, "Open the results: Latria").bounding_box()
    luna = button(page, "Open the results: Luna").bounding_box()
    assert latria["y"] < luna["y"]
    shots(page, "history")

    button(page, "Show only plays with Ann").click()
    expect(page.get_by_role("button", name="Open the results: ")).to_have_count(1)
    button(page, "Show every game").wait_for()
    button(page, "Show only Luna").click()
    page.get_by_text("No finished play matches these filters.").wait_for()
    shots(page, "history-no-match")
    button(page, "Show everyone's plays").click()
    expect(page.get_by_role("button", name="Open the results: ")).to_have_count(1)
    button(page, "Open the results: Luna").wait_for()
    button(page, "Show every game").click()
    settle(page)

    # The plays listed as a spreadsheet file: a download in the browser.
    with page.expect_download() as download:
        button(page, "Spreadsheet file (CSV)").click()
    saved = download.value
    assert saved.suggested_filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(
        Path(saved.path()).read_bytes().decode("utf-8-sig"))))
    assert rows[0] == ["date", "game", "variant", "player", "seat", "total", "rank", "winner"]
    assert len(rows) == 1 + 3 + 4  # Ann, Ben, Cleo; the four Luna players
    assert ["Ann", "1", "4", "1", "1"] in [r[3:] for r in rows]
    saved_notice = button(page, "Saved", exact=True)
    saved_notice.wait_for()

    # Rematch from the Latria entry: a new table, seats moved one on, in progress.
    button(page, "Rematch, everyone moves one seat on").first.click()
    page.get_by_text("Players", exact=True).wait_for()
    # "Saved" was about History: it does not follow onto the new table's screen (it stayed
    # for 8 s and covered the top of the screens after it).
    assert saved_notice.count() == 0
    rows = page.get_by_text("Ben", exact=True)
    rows.wait_for()
    store = Store(server.data_dir)
    newest = store.list_tables()[0]
    assert newest.game == "latria" and newest.players == ["Ben", "Cleo", "Ann"]
    assert newest.status == "in_progress"

    # New table: the names of recent tables, a tap fills the next empty field.
    open_app(page, server.url)
    page.get_by_role("button", name="Luna\n").first.click()
    page.get_by_text("Number of players").wait_for()
    # A name typed, then a recent one tapped, then a letter: the typed name stays and the
    # letter goes on into the next empty field (the tapped chip taken away handed the
    # keyboard back to Player 1 with "Zoe" selected, and the letter replaced it).
    textbox(page, "Player 1").click()
    wait_for_editing(page)
    page.keyboard.type("Zoe")
    ben = button(page, "Fill in Ben")
    tap_until(page, ben, ben, state="detached")  # at this table now
    button(page, "Fill in Ann").wait_for()
    # The keyboard is handed to the next empty field: on a busy machine that comes a moment
    # after the chip goes (keys typed before it would be lost, as a person's would).
    page.wait_for_function(
        "() => (document.activeElement?.getAttribute('aria-label') || '').startsWith('Player 3')")
    wait_for_editing(page)
    page.keyboard.type("Dan")
    settle(page)
    shots(page, "new-table-recent")
    for field, name in (("Player 1", "Zoe"), ("Player 2", "Ben"), ("Player 3", "Dan")):
        click_into(page, textbox(page, field))
        expect(textbox(page, field)).to_have_value(name)


def test_history_in_japanese(server, page):
    """History with a Latoro play (Japanese names) and an Altar play, read in Japanese."""
    from tests.e2e.test_japanese import choose_language

    store = Store(server.data_dir)
    for name in ("latoro_example", "altar_example"):
        sheet = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        table = store.create_table(sheet["game"], "standard",
                                   [p["name"] for p in sheet["players"]])
        store.set_score_sheet(table.id, sheet)
        store.finish(table.id)
    open_app(page, server.url)
    choose_language(page, "日本語")
    page.get_by_role("button", name=re.compile(r"^履歴(\s履歴)?$")).click()
    button(page, "すべてのゲームを表示").wait_for()
    button(page, "あおいのいるプレイだけを表示").wait_for()
    shots(page, "history-ja")
    button(page, "あおいのいるプレイだけを表示").click()
    expect(page.get_by_role("button", name="結果を開く：")).to_have_count(1)
