"""The language is per phone: each session reads its own, found from the page
Flet binds to the event being handled; Home's dates and the game names follow it."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from types import SimpleNamespace

from flet.controls.context import _context_page

from companion import i18n
from companion.catalog import GAMES
from companion.i18n import current_language, say, speaking, t
from companion.screens import wording
from companion.ui import language
from companion.ui.views.setup import with_seat_names
from scorers.messages import Msg
from tests.run_async import run


class Store(dict):
    def set(self, key, value):
        self[key] = value


def fake_page(lang: str | None = None):
    page = SimpleNamespace(session=SimpleNamespace(store=Store()), locale_configuration=None)
    if lang:
        language.apply(page, lang)
    return page


def test_the_phones_locale_picks_the_language():
    assert language.from_locale("ja-JP") == "ja"
    assert language.from_locale("ja_JP") == "ja" and language.from_locale("JA") == "ja"
    assert language.from_locale("en-GB") == "en"
    assert language.from_locale("de-DE") == "en"  # not spoken: English
    assert language.from_locale(None) == "en"


def test_outside_any_session_it_is_english():
    assert current_language() == "en"
    assert t("play.undo") == "Undo"


def test_each_session_reads_its_own_language():
    i18n.use_session_language(language.session_language)
    english, japanese = fake_page("en"), fake_page("ja")
    token = _context_page.set(japanese)
    try:
        assert current_language() == "ja" and t("play.undo") == "取り消し"
        _context_page.set(english)
        assert current_language() == "en" and t("play.undo") == "Undo"
        # a change broadcast by the other phone is drawn in this phone's words
        with speaking(language.of_page(japanese)):
            assert t("play.undo") == "取り消し"
        assert t("play.undo") == "Undo"
    finally:
        _context_page.reset(token)


def test_sessions_running_at_once_keep_their_own_words():
    i18n.use_session_language(language.session_language)

    async def session(page, seen: list) -> None:
        _context_page.set(page)  # as Flet does at each event it dispatches
        for _ in range(3):
            seen.append(t("play.undo"))
            await asyncio.sleep(0)

    async def both() -> tuple[list, list]:
        a: list = []
        b: list = []
        await asyncio.gather(session(fake_page("ja"), a), session(fake_page("en"), b))
        return a, b

    a, b = run(both())
    assert a == ["取り消し"] * 3 and b == ["Undo"] * 3


def test_a_message_from_the_pure_packages_is_said_in_the_readers_language():
    msg = Msg("list.and", items="Ann", last="Ben")
    assert say(msg) == "Ann and Ben"
    with speaking("ja"):
        assert say(msg) == "Ann、Ben"
        assert say("Ann") == "Ann" and say(None) == ""


def test_times_in_japanese():
    now = datetime(2026, 12, 1, 21, 0).astimezone()
    with speaking("ja"):
        assert wording.when(now.replace(hour=18, minute=5), now) == "今日 18:05"
        assert wording.when(now - timedelta(days=1, hours=12), now) == "昨日 9:00"
        assert wording.when(now - timedelta(days=3), now) == "11月28日（土） 21:00"
        assert wording.when(now - timedelta(days=40), now) == "10月22日 21:00"
        assert wording.when(now - timedelta(days=400), now) == "2025年10月27日 21:00"
        assert t("home.last_change", when=wording.when(now, now)) == "最終変更：今日 21:00"


def test_game_names_in_japanese_keep_the_english_name_beside():
    with speaking("ja"):
        assert wording.game_title(GAMES["latria"]) == "ラトリア・オーパス · Latria"
        assert wording.game_title(GAMES["latoro"]) == "ラトーロ · Latoro"
        assert wording.players_label(GAMES["latoro"]) == "2～4人"
    assert wording.game_title(GAMES["latoro"]) == "Latoro · ラトーロ"
    assert wording.game_title(GAMES["luna"]) == "Luna"


def test_seats_are_named_in_either_language():
    names = ["Ann", "Ben", "さくら"]
    assert with_seat_names("2番席（シードで抽選）", names) == "Ben（シードで抽選）"
    assert with_seat_names("Seat 3", names) == "さくら"
    assert with_seat_names("9番席", names) == "9番席"
