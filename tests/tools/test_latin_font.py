"""The Latin subset a web page draws with first (companion/tools/fontsubset.py) has every
character of an English phone's words but the Japanese ones (Latoro's own terms, a
Japanese player name or rulebook: those fetch the Japanese font), and the games' Japanese
names and the languages' own names that Home shows in English; what it has beyond the
Japanese font is the scripts of names it draws in place of Roboto."""

from __future__ import annotations

import json
from pathlib import Path

from fontTools.ttLib import TTFont

from companion.assets_folder import ASSETS, FONT_FILE, LATIN_FONT_FILE
from companion.catalog import GAMES
from companion.i18n import LANGUAGE_NAMES
from companion.tools.fontsubset import latin_code_points

ROOT = Path(__file__).resolve().parents[2]


CJK = 0x2E80  # from the CJK radicals on: Japanese text


def characters(path: Path) -> set[str]:
    return {chr(c) for c in TTFont(path).getBestCmap()}


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def english_words() -> str:
    files = [p for p in ROOT.rglob("i18n/en/*.json") if ".venv" not in p.parts]
    assert len(files) > 10
    return "".join(s for p in files for s in strings(json.loads(p.read_text("utf-8"))))


def test_an_english_phones_own_words_are_all_in_the_latin_subset():
    latin = characters(ASSETS / LATIN_FONT_FILE)
    shown = {c for c in english_words() if ord(c) < CJK}
    shown |= set("".join(g.native_name for g in GAMES.values()))
    shown |= set("".join(LANGUAGE_NAMES.values()))
    assert sorted(shown - latin - {"\n", "\t"}) == []
    assert {"ラ", "ト", "ー", "ロ", "日", "本", "語"} <= latin


def test_the_latin_subset_is_what_the_tool_makes_and_has_no_other_kanji():
    latin = {ord(c) for c in characters(ASSETS / LATIN_FONT_FILE)}
    assert latin <= latin_code_points()
    assert {c for c in latin if 0x4E00 <= c <= 0x9FFF} == {ord(c) for c in "日本語"}
    assert latin - {ord(c) for c in characters(ASSETS / FONT_FILE)} <= set(
        range(0x0370, 0x0500)) | set(range(0x0180, 0x0250)) | set(range(0x1E00, 0x1F00))
