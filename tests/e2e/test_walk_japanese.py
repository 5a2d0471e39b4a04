"""Every screen of every game read in 日本語 mode: no English left on screen.

The same walk as test_walk_words.py (the table, Setup, Play before and after the first
tap, Score, Results and a "Why?"), in Japanese: any run of two or more ASCII letters
fails, unless it is a player's name, the English name the box shows beside the Japanese
one, a quote from an English rulebook on a screen that marks it as English, or an entry
of ALLOWED below (each with its reason)."""

from __future__ import annotations

import os
import re
from functools import cache

import pytest

from companion.catalog import GAMES as CATALOG
from companion.i18n import speaking, t
from companion.rules import rulebooks
from tests.e2e.flutter import button, open_app, settle, tap_until
from tests.e2e.tables import write_table
from tests.e2e.test_japanese import both_sizes, choose_language
from tests.e2e.test_walk_words import (  # the walks' tables
    GAMES,
    tap_primary,
    walk_server,  # noqa: F401 (fixture)
)
from tests.e2e.words import SMALL, read_screen

# ASCII words a Japanese screen may show, and why.
ALLOWED = {
    # The box's English names, shown beside the Japanese ones.
    "Latria", "Opus", "Carpe", "Astra", "Luna", "Altar", "Realms", "of", "the", "Gods",
    "Latoro",
    # Latria's boards print ECLIPSE on one side; the setup quotes it: 「ECLIPSE」面.
    "ECLIPSE",
    # The app a play is sent to is called BG Stats in Japanese too (「BG Statsに送る」).
    "BG", "Stats",
}

ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
# Marks that the English text under them is the rulebook's own (why.rulebook, …).
ENGLISH_MARK = "英語"


@cache
def english_rulebooks() -> str:
    """The English rulebooks' words, whitespace squeezed, to recognise a quote. Not
    Latoro's translation: Latoro is quoted in its Japanese original in Japanese."""
    text = " ".join(rulebooks.read(info.file) for info in rulebooks.book_infos()
                    if info.language == "en" and info.game != "latoro")
    return " ".join(text.split())


# Where a quote of Play is from: "Latria rulebook — Game Flow, Step 4" (the rulebook's
# own section titles, in English like its words).
SOURCE = re.compile(r"^(?:Latria|Carpe Astra|Luna|Altar) rulebook — (.+)$")


# A Why?'s quote: the rulebook's words in quotation marks, each piece followed by where it
# is from and parted by a dash ('"…" (Game End) — "…" (Moon Priestess)'), or led by
# where ('Scoring, step 3: "…"'); "…" stands for words left out.
WHY_QUOTE = re.compile(r'^(?:[^"]*:\s*)?"(?P<words>.+)"\s*(?:\((?P<source>[^()]+)\))?$')


def is_why_quote(squeezed: str) -> bool:
    pieces = [WHY_QUOTE.match(piece) for piece in squeezed.split(" — ")]
    return all(pieces) and all(part.strip() in english_rulebooks()
                               for piece in pieces for part in piece["words"].split("…")
                               if part.strip())


def is_quote(line: str) -> bool:
    squeezed = " ".join(line.split())
    if is_why_quote(squeezed):
        return True
    if (source := SOURCE.match(squeezed)) is not None:
        return all(part.strip() in english_rulebooks()
                   for part in re.split(r"[,;]|— |(?:Latria|Carpe Astra|Luna|Altar) rulebook",
                                        source[1]) if part.strip())
    return len(squeezed) >= 12 and all(
        " ".join(para.split()) in english_rulebooks()
        for para in line.split("\n\n") if para.strip())


def english_left(lines: list[str], players: list[str]) -> list[str]:
    marked = any(ENGLISH_MARK in line for line in lines)
    bad = set()
    for line in lines:
        if marked and is_quote(line):
            continue
        words = set(ASCII_WORD.findall(line)) - ALLOWED - set(players)
        if words:
            bad.add(line)
    return sorted(bad)


class Walk:
    def __init__(self, page, players):
        self.page = page
        self.players = players
        self.found: dict[str, list[str]] = {}

    def read(self, name: str) -> None:
        bad = english_left(read_screen(self.page, name), self.players)
        if bad:
            self.found[name] = bad


def phone_shots(page, name: str) -> None:
    """Screenshots at 390×844 and 360×740 (NAME-390, NAME-360), to look at for clipping,
    with ``WALK_SHOTS=all`` (docs/DEVELOPING.md, "Screenshots"): the walk reads every
    screen at 360×740 either way."""
    if os.environ.get("WALK_SHOTS") != "all":
        return
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    both_sizes(page, name)


def back_to_table(page) -> None:
    button(page, "戻る").first.click()
    page.get_by_text("プレイヤー", exact=True).wait_for()


@pytest.mark.parametrize("game, name, players, variant", GAMES, ids=[g[1] for g in GAMES])
def test_every_screen_speaks_japanese(walk_server, page, game, name, players,  # noqa: F811
                                      variant):
    walk = Walk(page, players)
    write_table(walk_server, game, players, variant)
    open_app(page, walk_server.url)
    page.get_by_text("Start a new table").or_(page.get_by_text("新しい卓を始める")).wait_for()
    choose_language(page, "日本語")
    page.get_by_text("新しい卓を始める").wait_for()
    with speaking("ja"):  # the table's tile on Home: "ルナの卓を開く： Mika …"
        opening = t("home.open_table_title", game=t(CATALOG[game].name))
    tile = page.get_by_role("button", name=re.compile(
        "^" + re.escape(opening) + r"\s+" + re.escape(players[0]) + "\\b"))
    tap_until(page, tile.first, page.get_by_text("プレイヤー", exact=True))
    walk.read(f"ja-walk-{name}-table")

    button(page, "準備").first.click()
    page.get_by_text("このシードを共有").first.wait_for()
    walk.read(f"ja-walk-{name}-setup")
    back_to_table(page)

    button(page, "プレイ").first.click()
    button(page, "取り消し").first.wait_for()
    walk.read(f"ja-walk-{name}-play")
    # The rulebook's words for this step: Latoro's in Japanese, the others marked English.
    rule = button(page, "ルールブックの記述")
    if rule.count():
        rule.first.click()
        button(page, "閉じる").wait_for()
        walk.read(f"ja-walk-{name}-play-rule")
        phone_shots(page, f"ja-walk-{name}-play-rule")
        button(page, "閉じる").click()
        button(page, "閉じる").wait_for(state="detached")
        settle(page)
    page.set_viewport_size(SMALL)
    if name == "altar":  # the Goddess of Love's Realm is asked, never preselected
        button(page, "愛の女神の領域（使う場合）：誰も・なし").click()
    if tap_primary(page) is not None:
        walk.read(f"ja-walk-{name}-play-1")
    back_to_table(page)

    button(page, "得点").first.click()
    page.get_by_role("button", name="結果を見る").wait_for()
    walk.read(f"ja-walk-{name}-score")
    phone_shots(page, f"ja-walk-{name}-score")
    results = page.get_by_role("button", name="結果を見る")
    if results.locator('[aria-disabled="true"]').count() == 0:
        results.click()
        page.get_by_role("button", name="なぜ？ ").first.wait_for()  # a note's Why?
        walk.read(f"ja-walk-{name}-results")
        page.get_by_role("button", name="なぜ？ ").first.click()
        page.get_by_text(re.compile("ルールブック")).first.wait_for()
        walk.read(f"ja-walk-{name}-why")
        phone_shots(page, f"ja-walk-{name}-why")
        button(page, "閉じる").click()

    assert walk.found == {}, "\n".join(f"{k}: {v}" for k, v in walk.found.items())
