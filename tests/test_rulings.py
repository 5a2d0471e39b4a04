"""Every ruling the code cites has its entry in docs/RULINGS.md (with the rulebook's words)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULING_ID = re.compile(r"\b(LC|LU|AL|LT|L|C|S|P)-(\d+)\b")


def entries() -> dict[str, str]:
    """ruling id → its entry's text."""
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    found = {}
    for block in re.split(r"^#### ", text, flags=re.M)[1:]:
        match = RULING_ID.match(block)
        if match:
            found[match.group(0)] = block
    return found


def cited() -> set[str]:
    ids = set()
    for package in ("companion", "scorers", "setup_guides"):
        for path in (ROOT / package).rglob("*.py"):
            ids |= {m.group(0) for m in RULING_ID.finditer(path.read_text(encoding="utf-8"))}
    return ids


def test_every_cited_ruling_has_an_entry():
    missing = sorted(cited() - set(entries()))
    assert missing == []


def test_every_entry_quotes_the_rulebook():
    """An entry gives the rulebook's words (a quote) and the choice made."""
    for ruling, text in entries().items():
        assert ">" in text or "“" in text or '"' in text, ruling
