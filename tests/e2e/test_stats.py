"""The Stats screen in a browser, over the 30 finished plays of tests/table/test_stats.py (put in
the data folder through the Store): the figures as text, the charts drawn by flet-charts
(the bundled web client has them), at 360×740."""

from __future__ import annotations

import pytest

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, settle, shot, shows
from tests.e2e.test_japanese import choose_language
from tests.table.test_stats import SHEETS

SIZES = [(360, 740)]  # the narrower phone: what fits there fits at 390


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


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_stats_shows_the_figures_and_the_charts(server, page, width, height):
    seed(server.data_dir)
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, server.url)
    page.get_by_text("Start a new table").wait_for()
    scroll(page, 350)
    shot(page, f"home-stats-button-{width}")
    button(page, "Stats of finished plays").click()
    # every game together: plays, wins and win rate only
    shows(page, "Ann: 30 plays · 12 wins · 40% won").wait_for()
    shows(page, "Ben: 30 plays · 9 wins · 30% won").wait_for()
    shows(page, "Wins per player: Ann 12, Ben 9, Cy 9").wait_for()
    shot(page, f"stats-all-{width}")
    # one player, game by game
    button(page, "Show Ben game by game").click()
    shows(page, "Luna: 12 plays · 4 wins · 33% won. Average 40.7 · best 48 · margin -20.3"
          ).wait_for()
    shows(page, "Altar: Realms of the Gods: 6 plays · 2 wins · 33% won").wait_for()
    scroll(page, 500)
    shot(page, f"stats-by-game-{width}")
    scroll(page, -3000)

    button(page, "Show Latria").click()
    shows(page, "12 plays · Average winning margin: 4.3").wait_for()
    shows(page, "The eclipse pile cost 0.9 points per player and play (33 in all).").wait_for()
    shows(page, "Ann: 12 plays · 6 wins · 50% won. Average 4.5 · best 8 · margin -1.5. "
                "Eclipse: −0.8 a play (9 in all)").wait_for()
    shows(page, "Cy: 12 plays · 3 wins · 25% won. Average 0.5 · best 5 · margin -6.0. "
                "Eclipse: −2.0 a play (24 in all)").wait_for()
    shot(page, f"stats-latria-{width}")
    scroll(page, 700)
    shows(page, "Wins per player: Ann 6, Ben 3, Cy 3").wait_for()
    button(page, "Show Ben's scores").click()
    shows(page, "Ben's scores, oldest first: 5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1").wait_for()
    shot(page, f"stats-latria-charts-{width}")
    scroll(page, 900)
    shows(page, "Ben: Sun 1.3, Moon 2.3, Polaris 1.5, Eclipse 0.0").wait_for()
    shot(page, f"stats-latria-categories-{width}")

    scroll(page, -3000)
    button(page, "Show Altar: Realms of the Gods").click()
    shows(page, "Ann: 6 plays · 2 wins · 33% won").wait_for()
    page.get_by_text("only plays and wins are counted", exact=False).wait_for()
    assert page.get_by_text("Scores over time").count() == 0
    # no chart is an unknown control: the client draws flet-charts' controls
    assert page.get_by_text("Unknown control", exact=False).count() == 0


def test_stats_in_japanese_and_dark(server, page):
    seed(server.data_dir)
    page.emulate_media(color_scheme="dark")  # the theme follows the phone
    open_app(page, server.url)
    choose_language(page, "日本語")
    button(page, "終了したプレイの成績").click()
    button(page, "ラトリア・オーパスを表示").click()
    shows(page, "プレイ12回・平均勝利差：4.3").wait_for()
    shows(page, "Ann：プレイ12回・6勝・勝率50%。平均4.5点・最高8点・差-1.5。"
                "食：1プレイあたり−0.8点（合計9点）").wait_for()
    shot(page, "stats-latria-ja-dark")
    scroll(page, 1600)
    shows(page, "Ben：太陽 1.3、月 2.3、北極星 1.5、食 0.0").wait_for()
    shot(page, "stats-latria-ja-dark-charts")


def test_stats_without_finished_plays_says_so(server, page):
    open_app(page, server.url)
    button(page, "Stats of finished plays").click()
    shows(page, "No finished plays yet.").wait_for()
    shot(page, "stats-empty")
    assert page.get_by_text("Wins", exact=True).count() == 0
