"""Results' Copy and Send to BG Stats, as a player taps them.

Copy: the clipboard (granted to the page, as a phone's browser grants it inside a tap)
holds the summary and a notice says "Copied". Send to BG Stats cannot open BG Stats in a
test browser: the page's ``window.open`` — what Flet's web client calls to open a link
(url_launcher) — is replaced before the app loads by one that only records the address,
so the test reads the very link the tap would open and decodes it. The Share button is
offered only on a phone (a computer's browser has no share sheet), so it is not here.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shot, shows
from tests.e2e.test_phone_screens import PHONES

SHEET = Path(__file__).parents[1] / "data" / "latria_example3.json"
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
RECORD_OPENED = """
window.__opened = [];
window.open = function (url, target) { window.__opened.push(String(url)); return null; };
"""


def scored_latria(server) -> str:
    """A Latria table whose play began (Ben started) and whose sheet is Example 3."""
    store = Store(server.data_dir)
    table = store.create_table("latria", "standard", NAMES, seed=7)
    store.append_event(table.id, {"type": "start", "player": 2}, 0)
    store.set_score_sheet(table.id, json.loads(SHEET.read_text(encoding="utf-8")))
    return table.id


def test_results_copy_shows_copied_and_send_opens_the_bg_stats_link(server, browser):
    scored_latria(server)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1,
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(15000)
    page.add_init_script(RECORD_OPENED)
    try:
        open_app(page, server.url)
        button(page, "Open Latria table: Ann, Ben, Cy, Dee, Eve").click()
        button(page, "Score").first.click()
        button(page, "See the results").click()
        shows(page, "Ann wins").wait_for()
        for phone, size in PHONES.items():
            page.set_viewport_size(size)
            page.wait_for_timeout(500)
            shot(page, f"results-share-{phone}")
        page.set_viewport_size(PHONES["390"])

        button(page, "Copy", exact=True).click()
        shows(page, "Copied").wait_for()
        page.wait_for_timeout(1500)
        shot(page, "results-copied-390")
        copied = page.evaluate("navigator.clipboard.readText()")
        lines = copied.splitlines()
        assert lines[0].startswith("Latria — ")
        assert lines[1:6] == ["1. Ann: 17", "2. Ben: 9", "3. Cy: 3", "4. Dee: 0", "5. Eve: 0"]
        assert "Ann wins" in lines
        assert "Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)" in lines

        button(page, "Send to BG Stats").click()
        page.wait_for_function("window.__opened.length > 0")
        (opened,) = page.evaluate("window.__opened")
        prefix = "https://app.bgstatsapp.com/createPlay.html?data="
        assert opened.startswith(prefix)
        play = json.loads(unquote(opened[len(prefix):]))
        assert play["game"] == {"name": "Latria", "highestWins": True, "noPoints": False,
                                "sourceGameId": "table-companion:latria"}
        by_name = {p["name"]: p for p in play["players"]}
        assert [by_name[n]["rank"] for n in NAMES] == [1, 2, 3, 4, 5]
        assert [by_name[n]["score"] for n in NAMES] == [17, 9, 3, 0, 0]
        assert [n for n in NAMES if by_name[n]["winner"]] == ["Ann"]
        assert [n for n in NAMES if by_name[n]["startPlayer"]] == ["Ben"]
        assert "durationMin" not in play  # one tap of Play: no length to tell
        assert "Dee has fewer eclipse points" in play["comments"]
    finally:
        context.close()


def test_results_in_japanese_copy_the_japanese_summary(server, browser):
    scored_latria(server)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="ja-JP",
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        open_app(page, server.url)  # a first visit follows the browser's language
        button(page, "ラトリア・オーパスの卓を開く： Ann、Ben、Cy、Dee、Eve").click()
        button(page, "得点").first.click()
        button(page, "結果を見る").click()
        shows(page, "Annの勝ち").wait_for()
        button(page, "BG Statsに送る").wait_for()
        for phone, size in PHONES.items():
            page.set_viewport_size(size)
            page.wait_for_timeout(500)
            shot(page, f"results-share-ja-{phone}")
        button(page, "コピー", exact=True).click()
        shows(page, "コピーしました").wait_for()
        lines = page.evaluate("navigator.clipboard.readText()").splitlines()
        assert lines[0].startswith("ラトリア・オーパス — ")
        assert "1位 Ann：17" in lines and "Annの勝ち" in lines
        assert "DeeとEveは0点で同点。食の点が少ないDeeが上位です（0 < 1）" in lines
    finally:
        context.close()
