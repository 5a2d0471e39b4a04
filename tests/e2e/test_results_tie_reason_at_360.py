"""What only a browser shows of Results' ties: the reason a tie went as it did is on the
first screen at 360 px, right under the ranking, without scrolling. (That it leads, and
what it and the tied lines say: tests/ui/test_results_why_drawn.py.) Screens saved at
390×844 and 360×740."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, settle, shot, tap_until

DATA = Path(__file__).resolve().parents[1] / "data"
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def both_sizes(page, name: str) -> None:
    """The screen from its top, at both phone sizes."""
    for size, suffix in ((PHONE, "390"), (SMALL, "360")):
        page.set_viewport_size(size)
        page.mouse.move(180, 300)
        page.mouse.wheel(0, -5000)
        shot(page, f"{name}-{suffix}")
    page.set_viewport_size(PHONE)


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= \
        page.viewport_size["height"]


def test_the_latria_tie_reason_is_on_the_first_screen_at_360(server, page):
    """Latria: Dee and Eve tie on 0 and Dee has fewer eclipse points: the reason is in
    view at 360 px before any scrolling, the first line under the ranking card."""
    sheet = json.loads((DATA / "latria_example3.json").read_text(encoding="utf-8"))
    store = Store(server.data_dir)  # a play finished before, straight into the store
    table = store.create_table("latria", "standard", [p["name"] for p in sheet["players"]])
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)
    open_app(page, server.url)
    page.get_by_role("button", name="History\nFinished plays: 1").click()
    tap_until(page, button(page, "Open the results: Latria"),
              page.get_by_text("Every point").first)
    page.mouse.wheel(0, -5000)
    card = page.get_by_text(re.compile(r"^1\.\s+Ann\s")).first  # the ranking card
    card.wait_for()
    reason = page.get_by_text("Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)")
    page.set_viewport_size(SMALL)
    settle(page)
    assert in_view(page, reason)
    box, under = card.bounding_box(), reason.bounding_box()
    assert box["y"] + box["height"] <= under["y"] < box["y"] + box["height"] + 40
    page.set_viewport_size(PHONE)
    both_sizes(page, "results-latria-tie")
