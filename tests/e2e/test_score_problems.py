"""The Score screen's problems that no field shows, in a browser at two
phone sizes, in English and Japanese: one short line above Undo and Results (it took about
a third of the screen), a problem about every player's cards labelled as the whole
table's (not with the last player's name), every problem in full one tap away."""

from __future__ import annotations

import re

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, shot, tap_until
from tests.e2e.layout import resize
from tests.e2e.tables import write_table
from tests.e2e.test_japanese import choose_language

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
SUN4, MOON1 = {"celestial": "sun", "vp": 4}, {"celestial": "moon", "vp": 1}
# Cleo's Polaris 2 under the eclipse marker (hers); 5 Sun 4 and 4 Moon 1 over the table
# (the box has 3 of each): three problems, two of them every player's.
PLAYERS = [("Ann", [SUN4, SUN4, MOON1, MOON1], []), ("Ben", [SUN4, SUN4], []),
           ("Cleo", [MOON1, MOON1, SUN4], [{"celestial": "polaris", "vp": 2}])]
WORDS = {
    "en": {"line": "3 problems — Cleo: Cleo's Polaris 2", "details": "Details",
           "everyone": "All players: 5 Sun 4 cards in all (Ann 2, Ben 2, Cleo 1)",
           "close": "Close", "score": "Score"},
    "ja": {"line": "問題3件 — Cleo：Cleoの北極星 2", "details": "詳細",
           "everyone": "全員：太陽 4のカードが合計5枚（Ann 2枚、Ben 2枚、Cleo 1枚）",
           "close": "閉じる", "score": "得点"},
}


def open_score(page, server, language: str) -> None:
    table_id = write_table(server, "latria", [name for name, _, _ in PLAYERS])
    Store(server.data_dir).set_score_sheet(table_id, {
        "game": "latria", "variant": "standard",
        "players": [{"name": name, "cards": cards, "eclipsed": eclipsed}
                    for name, cards, eclipsed in PLAYERS]})
    open_app(page, server.url)
    if language == "ja":
        choose_language(page, "日本語")
    joined = "Ann、Ben、Cleo" if language == "ja" else "Ann, Ben, Cleo"
    tap_until(page, page.get_by_role("button", name=re.compile(re.escape(joined))).first,
              button(page, WORDS[language]["score"]).first)
    button(page, WORDS[language]["score"]).first.click()


def test_the_problems_are_one_short_line_with_the_rest_a_tap_away(server, page):
    for language in ("en", "ja"):
        words = WORDS[language]
        open_score(page, server, language)
        line = page.get_by_text(words["line"]).first
        line.wait_for()
        for size, name in ((PHONE, "390"), (SMALL, "360")):
            resize(page, size)
            box = line.bounding_box()
            assert box["height"] <= 2 * 22, box  # two lines at most
            # the block from its line to the bottom: the line, Undo and Results
            assert size["height"] - box["y"] < size["height"] / 5, box
            details = button(page, words["details"]).first.bounding_box()
            assert details["height"] >= 48, details  # a finger's tap target
            shot(page, f"score-problems-{language}-{name}")
        page.set_viewport_size(PHONE)
        button(page, words["details"]).first.click()
        page.get_by_text(words["everyone"]).first.wait_for()
        shot(page, f"score-problems-details-{language}-390")
        button(page, words["close"]).first.click()
        page.get_by_text(words["everyone"]).first.wait_for(state="hidden")
