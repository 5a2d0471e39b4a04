"""The Japanese edition: 日本語 chosen on Home, a Latoro and a Latria table
created, their Setup, Play and Score screens and Latria's Rulings (searched for a word
of a reason) in Japanese at two phone sizes; back to
English, the tables are still there; two phones on one server, each in its own
language; a phone whose own language is Japanese starts in Japanese and keeps its choice.
"""

from __future__ import annotations

import re

from tests.e2e.flutter import button, open_app, settle, shot, shows, tap_until, type_into

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


def on_table(page):
    """The table's screen (its rulings' entry, under the sections)."""
    return button(page, re.compile(r"^裁定\s+ルールブックがあいまいな所"))


def back_until(page, shown) -> None:
    """Back until ``shown`` is on screen: a Back tapped just as the screen it leaves was
    drawn is now and then dropped on a loaded machine (its tooltip shown, nothing else)."""
    tap_until(page, button(page, "戻る").first, shown)


def test_a_table_plays_in_japanese_and_stays_when_english_is_chosen_again(server, page):
    open_app(page, server.url)
    page.get_by_text("Start a new table").wait_for()
    choose_language(page, "日本語")
    page.get_by_text("新しい卓を始める").wait_for()
    page.get_by_text("ラトリア・オーパス · Latria").wait_for()
    both_sizes(page, "ja-home-empty")

    create_table_ja(page, "ラトーロ", ["さくら", "Ben"])
    page.get_by_text("ラトーロ · Latoro").first.wait_for()
    both_sizes(page, "ja-latoro-table")
    open_section(page, "準備")
    page.get_by_text("このシードを共有").wait_for()
    page.get_by_text(re.compile(r"個中\d+個完了")).wait_for()
    both_sizes(page, "ja-latoro-setup")
    back_until(page, on_table(page))
    open_section(page, "プレイ")
    button(page, "取り消し").wait_for()
    page.get_by_text(re.compile("^ラウンド|ボードの横")).first.wait_for()
    both_sizes(page, "ja-latoro-play")
    back_until(page, on_table(page))
    open_section(page, "得点")
    button(page, "結果を見る").wait_for()
    both_sizes(page, "ja-latoro-score")
    back_until(page, on_table(page))
    back_until(page, page.get_by_text("進行中の卓"))  # Home
    create_table_ja(page, "ラトリア・オーパス", ["Ann", "さくら", "Cleo"])
    open_section(page, "準備")
    page.get_by_text("このシードを共有").wait_for()
    both_sizes(page, "ja-latria-setup")
    back_until(page, on_table(page))
    open_section(page, "プレイ")
    button(page, "取り消し").wait_for()
    both_sizes(page, "ja-latria-play")
    back_until(page, on_table(page))
    open_section(page, "得点")
    button(page, "結果を見る").wait_for()
    both_sizes(page, "ja-latria-score")
    back_until(page, on_table(page))
    # The table's rulings, every part in Japanese; a word of a reason finds its ruling,
    # opened at the reason.
    button(page, re.compile(r"^裁定\s+ルールブックがあいまいな所")).click()
    shows(page, re.compile("^北極星とラトリアの占星カードは")).wait_for()
    both_sizes(page, "ja-latria-rulings")
    type_into(page, "裁定を検索", "崩れた行")
    shows(page, re.compile("ルールブックの値の表の崩れた行")).wait_for()
    assert page.get_by_text(re.compile("garbled")).count() == 0  # the reason in English
    both_sizes(page, "ja-latria-rulings-search")
    type_into(page, "裁定を検索", "")
    back_until(page, on_table(page))
    back_until(page, button(page, "ラトリア・オーパスの卓を開く： Ann、さくら、Cleo"))  # Home

    # Home lists both tables with Japanese times; back to English, they are all there.
    button(page, "ラトリア・オーパスの卓を開く： Ann、さくら、Cleo").wait_for()
    shows(page, re.compile("最終変更：今日 \\d+:\\d\\d")).wait_for()
    both_sizes(page, "ja-home-tables")
    choose_language(page, "English")
    page.get_by_text("Tables in progress").wait_for()
    button(page, "Open Latria table: Ann, さくら, Cleo").wait_for()
    button(page, "Open Latoro table: さくら, Ben").click()
    page.get_by_text("Players", exact=True).wait_for()


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
        shot(ja, "ja-two-phones-ja")
        shot(en, "ja-two-phones-en")

        # Each phone keeps its own language across a reload.
        for pg in (ja, en):
            pg.reload()
            open_app(pg, server.url)
        ja.get_by_text("進行中の卓").wait_for()
        en.get_by_text("Tables in progress").wait_for()
    finally:
        for context in phones:
            context.close()


def test_a_japanese_phone_starts_in_japanese(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        pg = context.new_page()
        pg.set_default_timeout(15000)
        open_app(pg, server.url)
        pg.get_by_text("新しい卓を始める").wait_for()
        choose_language(pg, "English")  # chosen on Home: kept over the phone's own
        pg.get_by_text("Start a new table").wait_for()
        pg.reload()
        open_app(pg, server.url)
        pg.get_by_text("Start a new table").wait_for()
    finally:
        context.close()
