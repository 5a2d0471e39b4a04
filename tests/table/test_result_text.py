"""The result as text to share, in English and Japanese; who started
and when, from the table's log; and the Results screen's row of actions."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import flet as ft

from companion.i18n import speaking
from companion.screens.results import share as result_share
from companion.storage.store import Store
from companion.table import result_text
from companion.ui.views import results
from companion.ui.views.results_share import share_row
from scorers.sheets import score_sheet
from tests.scorers.test_bgstats import decoded
from tests.ui.test_home_and_results import fake_ctx, view_texts

DATA = Path(__file__).parents[1] / "data"
WHEN = datetime(2026, 3, 4, 20, 15).astimezone()  # a Wednesday, local time


def scored(name: str):
    return score_sheet(json.loads((DATA / name).read_text(encoding="utf-8")))


def test_a_tied_latria_game_in_english_names_the_tie_break():
    with speaking("en"):
        text = result_text.summary("latria", "simple", scored("latria_example3.json"), WHEN)
    assert text.splitlines() == [
        "Latria — Wed 4 Mar 2026 at 20:15",
        "Variant: Simple",
        "1. Ann: 17", "2. Ben: 9", "3. Cy: 3", "4. Dee: 0", "5. Eve: 0",
        "Ann wins",
        "Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)",
    ]


def test_a_tied_latria_game_in_japanese_names_the_tie_break():
    with speaking("ja"):
        text = result_text.summary("latria", "standard", scored("latria_example3.json"), WHEN)
    assert text.splitlines() == [
        "ラトリア・オーパス — 2026年3月4日（水） 20:15",
        "1位 Ann：17", "2位 Ben：9", "3位 Cy：3", "4位 Dee：0", "5位 Eve：0",
        "Annの勝ち",
        "DeeとEveは0点で同点。食の点が少ないDeeが上位です（0 < 1）",
    ]


def test_a_shared_tie_and_a_shared_win_are_said_so():
    with speaking("en"):
        text = result_text.summary("latoro", "standard", scored("latoro_example.json"), WHEN)
    assert "2. けんた: 21" in text and "2. Mia: 21" in text
    assert "Mia and けんた tie on 21 and share rank 2: the rulebook names no tie-breaker" in text
    assert "(LT-5)" not in text  # the players' words, no ruling ids
    sheet = json.loads((DATA / "latoro_example.json").read_text(encoding="utf-8"))
    sheet["players"][1]["clan_tag_points"] += 2  # けんた catches up with あおい on 23
    with speaking("ja"):
        text = result_text.summary("latoro", "standard", score_sheet(sheet), WHEN)
    assert "同点で勝ち：あおい、けんた" in text  # a Japanese list joins with 、
    assert text.splitlines()[-1] == \
        "あおい、けんたは23点で同点で、1位を分け合います（ルールブックにタイブレークはありません）"


def test_altar_reads_as_progress_not_points():
    with speaking("en"):
        text = result_text.summary("altar", "standard", scored("altar_example.json"), WHEN)
    assert "1. Ben: Realm complete" in text and "3. Cat: 4 toward completion" in text
    assert "Ben placed the last Shrine" in text


def test_who_started_and_when_come_from_the_log(tmp_path):
    players = ["Ann", "Ben"]
    assert result_text.start_player([{"type": "start", "player": 2},
                                     {"type": "start", "player": 1}], players, players) == "Ben"
    assert result_text.start_player([], players, players) is None
    assert result_text.start_player([{"type": "start"}], players, players) is None
    assert result_text.start_player([{"type": "start", "player": 3}], players, players) is None
    # a start player the result does not name is not marked
    assert result_text.start_player([{"type": "start", "player": 2}], players, ["Ann"]) is None

    store = Store(tmp_path)
    table = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=1)
    assert store.event_times(table.id) is None
    assert result_text.played_at(table.created_at, None) == table.created_at
    seq = store.append_event(table.id, {"type": "start", "player": 2}, 0)
    store.append_event(table.id, {"type": "next"}, seq)
    first, last = store.event_times(table.id)
    assert table.created_at <= first <= last
    assert result_text.played_at(table.created_at, (first, last)) == first


def test_results_offers_copy_and_bg_stats_but_no_share_sheet_off_a_phone(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy", "Dee", "Eve"], seed=1)
    store.set_score_sheet(table.id, json.loads((DATA / "latria_example3.json").read_text("utf-8")))
    with speaking("ja"):
        shown = view_texts(results.build(fake_ctx(store), table.id))
    assert "コピー" in shown and "BG Statsに送る" in shown and "共有" not in shown


class PhonePage:
    """Just enough of a phone's page for the actions to be made on it (they register
    their service with the page they are made for)."""

    def __init__(self, platform):
        self.platform = platform
        self.registered = []
        self._services = self

    def register_service(self, service) -> None:
        self.registered.append(service)


def test_on_a_phone_share_copy_and_send_carry_the_text_and_the_link(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy", "Dee", "Eve"], seed=1)
    store.append_event(table.id, {"type": "start", "player": 3}, 0)
    store.set_score_sheet(table.id, json.loads((DATA / "latria_example3.json").read_text("utf-8")))
    ctx = fake_ctx(store)
    ctx.page = PhonePage(ft.PagePlatform.ANDROID)
    result = scored("latria_example3.json")
    with speaking("en"):
        row = share_row(ctx, result_share(store, store.get_table(table.id), result))
        expected = result_text.summary("latria", "standard", result,
                                       store.event_times(table.id)[0])
    share, copy, send = row.controls
    assert [b.content for b in row.controls] == ["Share", "Copy", "Send to BG Stats"]
    assert share.action.text == expected and share.action.subject == "Latria: results"
    assert copy.action.data == expected
    assert send.action.url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = decoded(send.action.url)
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Cy"]
    assert play["sourcePlayId"] == f"table-companion:{table.id}"
    # Each action's service is this phone's, made with the screen.
    assert {type(s).__name__ for s in ctx.page.registered} == {"Share", "Clipboard",
                                                               "UrlLauncher"}
