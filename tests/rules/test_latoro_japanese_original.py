"""Latoro's rulebook is Japanese: in Japanese, Play's "The rulebook's
words" (tests/rules/test_quotes.py) and the "Why?" of Latoro's rulings quote the original,
verbatim; in English, the translation (seeds/latoro-en.md)."""

from __future__ import annotations

import json
import re

from companion.i18n import HERE as I18N
from companion.rules import rulebooks

ORIGINAL = rulebooks.books()["latoro"]
SEED = rulebooks.read(next(i.file for i in rulebooks.book_infos() if i.key == "latoro"))


def squeeze(text: str) -> str:
    return re.sub(r"[\s\u3000]+", "", text)


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
