"""P-15 and P-16 quote Latoro's rulebook in its Japanese words, and the app's English as
a translation (as S-2, LT-1, LT-5 and P-18 do)."""

from __future__ import annotations

import re

import pytest

from companion.i18n import catalog
from companion.rules.rulebooks import books_for, passage_pattern
from companion.rules.rulings_doc import entries


@pytest.mark.parametrize("ruling", ["P-15", "P-16", "P-18"])
def test_the_japanese_is_quoted_and_the_english_is_a_translation(ruling):
    entry = next(e for e in entries() if e.id == ruling)
    japanese = re.findall("「(.*?)」", entry.rulebook)
    assert japanese
    blocks = [block.text for book in books_for(entry.game) for section in book.sections
              for block in section.blocks]
    for quote in japanese:  # the rulebook's own words, as printed
        assert any(passage_pattern(quote).search(text) for text in blocks), quote
    # every English quotation stands after "the English translation:"
    for part in re.split(r"(?=\()", entry.rulebook):
        if '"' in part:
            assert "the English translation:" in part, part
    # the Why? shows the same words in both languages
    key = f"ruling.{ruling}.rulebook"
    assert catalog("en")[key] == catalog("ja")[key] == entry.rulebook
