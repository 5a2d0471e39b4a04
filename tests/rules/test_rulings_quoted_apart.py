"""Rulings that quote the rulebook as it is printed: each bullet its own quotation, and
Altar's AL-3 telling the table what the scorer does (most Shrines, then the last Shrine)."""

from __future__ import annotations

import re

import pytest

from companion.i18n import catalog
from companion.rules.rulebooks import books_for, passage_pattern
from companion.rules.ruling_links import QUOTED
from companion.rules.rulings_doc import entries
from scorers.sheets import score_sheet

# Rulings whose quotes once joined separate bullets (or a rule and its example) into one
# quotation; each quoted passage must now be one paragraph or one bullet of the rulebook.
JOINED_ONCE = ("LC-1", "C-3", "AL-1", "AL-2", "AL-3")


def quoted_pieces(rulebook: str) -> list[str]:
    """The pieces of a ruling's quotes the Rulings screen looks up (cut at "…")."""
    pieces = [p.strip(" .,;") for q in QUOTED.findall(rulebook)
              for p in re.split(r"…|\[…\]|\[\.\.\.\]", q)]
    return [p for p in pieces if len(p) >= 20]


@pytest.mark.parametrize("ruling", JOINED_ONCE)
def test_each_quoted_passage_is_one_paragraph_or_bullet_of_the_rulebook(ruling):
    entry = next(e for e in entries() if e.id == ruling)
    pieces = quoted_pieces(entry.rulebook)
    assert pieces
    blocks = [block.text for book in books_for(entry.game) for section in book.sections
              for block in section.blocks]
    for piece in pieces:
        pattern = passage_pattern(piece)
        assert any(pattern.search(text) for text in blocks), piece
    assert "•" not in entry.rulebook  # the bullets are quotations of their own


def test_carpe_astra_majorities_quote_the_four_bullets_apart():
    entry = next(e for e in entries() if e.id == "C-3")
    assert quoted_pieces(entry.rulebook)[:2] == [
        "Whoever has the most support tokens earns 4 points",
        "Whoever has the second most support tokens earns 2 points"]


def test_altar_nobody_complete_says_what_the_scorer_does_in_both_languages():
    # Altar, Winner of the Game: "If there is a tie, the player with the most Shrines is
    # the winner." — "If there is still a tie then the player who placed the last Shrine is
    # the winner."
    english = catalog("en")["ruling.AL-3.table"]
    japanese = catalog("ja")["ruling.AL-3.table"]
    assert "most Shrines wins" in english and "placed the last Shrine" in english
    assert "names no winner" not in english
    assert "祠が一番多い人の勝ち" in japanese and "最後の祠を置いた人の勝ち" in japanese
    assert "勝者を決めません" not in japanese
    # and the scorer does just that when the Shrine tiles ran out and nobody completed
    sheet = {"game": "altar", "end": "shrines_depleted", "players": [
        {"name": "Ann", "realms": [{"god": "Goddess of Love", "shrines": 1,
                                    "active_altars": 3}]},
        {"name": "Ben", "realms": [{"god": "Ancient God", "shrines": 3, "active_altars": 0}]},
        {"name": "Cat", "realms": [{"god": "God of War", "shrines": 2, "active_altars": 2}]}]}
    assert score_sheet(sheet).winners == ["Ben"]
