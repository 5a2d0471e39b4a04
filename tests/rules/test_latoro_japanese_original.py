"""Latoro's rulebook is Japanese: in Japanese, Play's "The rulebook's
words" and the "Why?" of Latoro's rulings quote the original, verbatim; in English, Play
quotes the translation (seeds/latoro-en.md, checked by tests/rules/test_rulebooks.py)."""

from __future__ import annotations

import json
import re

import pytest

from companion.flows import latoro
from companion.i18n import HERE as I18N
from companion.rules import rulebooks

ORIGINAL = rulebooks.books()["latoro"]
SEED = rulebooks.read(next(i.file for i in rulebooks.book_infos() if i.key == "latoro"))


def squeeze(text: str) -> str:
    return re.sub(r"[\s\u3000]+", "", text)


@pytest.mark.parametrize("phase", list(latoro.RULES))
def test_every_play_step_has_its_japanese_passages_verbatim_in_their_section(phase):
    section_id, passages = latoro.RULES_JA[phase]
    section = ORIGINAL.section(section_id)
    assert section is not None, (phase, section_id)
    for passage in passages:
        assert passage in SEED, (phase, passage)
        assert squeeze(passage) in squeeze(section.text), (phase, section_id, passage)


def test_play_steps_in_japanese_and_english_are_the_same_steps():
    assert set(latoro.RULES_JA) == set(latoro.RULES)


def test_the_japanese_why_quotes_latoro_verbatim_without_english():
    ja = json.loads((I18N / "ja" / "rulings.json").read_text(encoding="utf-8"))
    quotes = {k: v for k, v in ja.items() if k.startswith("ruling.LT-") and k.endswith(".rulebook")}
    assert quotes
    for key, text in quotes.items():
        assert not re.search(r"[A-Za-z]{2,}", text), key
        found = re.findall(r"「([^」]+)」", text)
        assert found, key
        for quote in found:
            for piece in quote.split("…"):
                assert squeeze(piece) in squeeze(SEED), (key, piece)
