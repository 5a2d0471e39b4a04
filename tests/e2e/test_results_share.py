"""Results' Copy and Send to BG Stats, as a player taps them in a browser.

Copy: the clipboard (granted to the page, as a phone's browser grants it inside a tap)
holds the summary and a notice says "Copied". Send to BG Stats cannot open BG Stats in a
test browser: the page's ``window.open`` — what Flet's web client calls to open a link
(url_launcher) — is replaced before the app loads by one that only records the address,
so the test reads the very link the tap would open. What the summary and the link hold,
in English and Japanese, is tested in-process (tests/screens/test_results.py,
tests/table/test_result_text.py, tests/scorers/test_bgstats.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shows

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


def test_results_copy_fills_the_clipboard_and_send_opens_the_bg_stats_link(server, browser):
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

        button(page, "Copy", exact=True).click()
        shows(page, "Copied").wait_for()
        lines = page.evaluate("navigator.clipboard.readText()").splitlines()
        assert lines[0].startswith("Latria — ")
        assert lines[1:6] == ["1. Ann: 17", "2. Ben: 9", "3. Cy: 3", "4. Dee: 0", "5. Eve: 0"]

        button(page, "Send to BG Stats").click()
        page.wait_for_function("window.__opened.length > 0")
        (opened,) = page.evaluate("window.__opened")
        prefix = "https://app.bgstatsapp.com/createPlay.html?data="
        assert opened.startswith(prefix)
        play = json.loads(unquote(opened[len(prefix):]))
        assert [p["name"] for p in play["players"] if p["winner"]] == ["Ann"]
        assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Ben"]
    finally:
        context.close()
