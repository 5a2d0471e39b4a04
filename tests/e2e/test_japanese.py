"""Two phones on one server, each in its own language, live on one table; and the
helpers the Japanese walks share (choose the language on Home, create a table in
Japanese, screenshots at two phone sizes). The Japanese screens themselves are walked in
tests/e2e/test_walk_japanese.py; a phone whose own language is Japanese starting in
Japanese and keeping a choice of English is tests/e2e/test_first_visit.py; the words a
language gives are tested in-process (tests/ui/test_language.py, tests/screens/)."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, open_app, settle, shot, shows, type_into

SMALL = {"width": 360, "height": 740}


def choose_language(page, name: str) -> None:
    """Tap English / 日本語 on Home (a chip named "Language: 日本語" / "言語：日本語")."""
    page.get_by_role("button", name=re.compile(r"(Language: |言語：)" + name + "$")).click()


def create_table_ja(page, game: str, names: list[str]) -> None:
    """From Home in Japanese: the game's tile, the number of players, names, 卓を作る."""
    page.get_by_role("button", name=re.compile("^" + re.escape(game) + r".*\s\d+～\d+人$")).click()
    page.get_by_text("プレイ人数").wait_for()
    button(page, f"{len(names)}人").click()
    for i, name in enumerate(names, start=1):
        type_into(page, f"プレイヤー{i}", name)
    button(page, "卓を作る").click()
    page.get_by_text("プレイヤー", exact=True).wait_for()


def both_sizes(page, name: str) -> None:
    shot(page, f"{name}-390")
    page.set_viewport_size(SMALL)
    settle(page)
    shot(page, f"{name}-360")
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)


def open_section(page, title: str) -> None:
    page.get_by_role("button", name=re.compile("^" + title + r"\s")).first.click()


def test_two_phones_each_read_their_own_language(server, browser):
    """Two phones on one server (two browser contexts: each its own storage), one in
    Japanese, one in English, on the same table; each keeps its words after a reload and
    when the other phone changes the table."""
    phones = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    try:
        ja, en = (context.new_page() for context in phones)
        for pg in (ja, en):
            pg.set_default_timeout(15000)
            open_app(pg, server.url)
            pg.get_by_text("Start a new table").wait_for()
        choose_language(ja, "日本語")
        ja.get_by_text("新しい卓を始める").wait_for()
        en.get_by_text("Start a new table").wait_for()

        create_table_ja(ja, "ラトーロ", ["さくら", "Ben"])
        # The table created on the Japanese phone appears on the English one, in English.
        en.get_by_role("button", name="Open Latoro table: さくら, Ben").click()
        en.get_by_text("Players", exact=True).wait_for()
        button(en, "Play").first.click()
        button(en, "Undo").wait_for()
        open_section(ja, "プレイ")
        button(ja, "取り消し").wait_for()
        # A tap on the English phone redraws the Japanese one in Japanese (the redraw
        # runs for the phone that tapped; it must speak the other phone's language).
        button(en, "Start player: Ben").click()
        button(en, "Start round 1").click()
        shows(en, re.compile(r"Round 1 of 4")).wait_for()
        shows(ja, re.compile(r"ラウンド 1/4")).wait_for()
        button(ja, "取り消し").wait_for()

        # Each phone keeps its own language across a reload.
        for pg in (ja, en):
            pg.reload()
            open_app(pg, server.url)
        ja.get_by_text("進行中の卓").wait_for()
        en.get_by_text("Tables in progress").wait_for()
    finally:
        for context in phones:
            context.close()
