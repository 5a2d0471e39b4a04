"""The Stats screen's charts drawn by the browser's client at 360×740, over the 30
finished plays of tests/table/test_stats.py (put in the data folder through the Store).
The figures, in English and Japanese, and the empty state are tested in-process
(tests/screens/test_player_stats.py)."""

from __future__ import annotations

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, settle, shows
from tests.table.test_stats import SHEETS


def seed(data_dir) -> None:
    store = Store(data_dir)
    for sheet in SHEETS:
        table = store.create_table(sheet["game"], sheet.get("variant", "standard"),
                                   [p["name"] for p in sheet["players"]])
        store.set_score_sheet(table.id, sheet)
        store.set_status(table.id, "finished")


def scroll(page, dy: int) -> None:
    page.mouse.move(180, 400)
    page.mouse.wheel(0, dy)
    settle(page)


def test_stats_charts_are_drawn_at_360(server, page):
    """flet-charts' controls are in the bundled web client (an unknown control is drawn
    as a grey box saying so), and a chart is reached at the narrower phone's width."""
    seed(server.data_dir)
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, server.url)
    page.get_by_text("Start a new table").wait_for()
    scroll(page, 350)
    button(page, "Stats of finished plays").click()
    shows(page, "Wins per player: Ann 12, Ben 9, Cy 9").wait_for()
    button(page, "Show Latria").click()
    shows(page, "12 plays · Average winning margin: 4.3").wait_for()
    scroll(page, 700)
    button(page, "Show Ben's scores").click()
    shows(page, "Ben's scores, oldest first: 5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1").wait_for()
    scroll(page, 900)
    shows(page, "Ben: Sun 1.3, Moon 2.3, Polaris 1.5, Eclipse 0.0").wait_for()
    assert page.get_by_text("Unknown control", exact=False).count() == 0
