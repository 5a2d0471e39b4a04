"""Every ruling the code cites has its entry in docs/RULINGS.md (with the rulebook's words)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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


# --- what the app shows behind a "Why?" (companion/rules/rulings.py) ---------------------------

PROGRAM_WORDS = re.compile(r"`|python|seeds/|\bspec\b|scorer|RULES-GAPS|\.md\b|\.py\b|"
                           r"\bsheet's\b|\bfield\b", re.IGNORECASE)


def test_the_apps_copy_of_the_rulings_is_current():
    """The app reads the rulings from its message catalog (a packaged app has no docs/):
    the copy must be what `python -m companion.rules.rulings` makes from docs/RULINGS.md."""
    from companion.rules.rulings import CATALOG, catalog_text

    assert CATALOG.read_text(encoding="utf-8") == catalog_text(), (
        "run: python -m companion.rules.rulings")


def test_the_japanese_rulings_are_in_step_and_translated():
    """ja/rulings.json: the same entries, the rulebook's words as quoted, and every title,
    "At the table" line and reason (**Why.**) in Japanese (a new ruling comes in English
    until translated)."""
    from companion.rules.rulings import CATALOG_JA, SOURCES_JA, ja_catalog_text, sources_text

    assert CATALOG_JA.read_text(encoding="utf-8") == ja_catalog_text(), (
        "run: python -m companion.rules.rulings")
    assert SOURCES_JA.read_text(encoding="utf-8") == sources_text(), (
        "run: python -m companion.rules.rulings")
    from companion.rules.rulings import untranslated_and_stale

    untranslated, stale = untranslated_and_stale()
    assert untranslated == [], "still in English in ja/rulings.json"


def test_no_japanese_ruling_is_older_than_its_english():
    """A title, "At the table" line or reason changed in RULINGS.md after it was translated
    is named: translate it again, then `python -m companion.rules.rulings --translated <id>`."""
    from companion.rules.rulings import untranslated_and_stale

    untranslated, stale = untranslated_and_stale()
    assert stale == [], "changed in RULINGS.md since translated"


def test_every_reason_the_rulings_screen_shows_is_in_the_catalog():
    """The Rulings screen's **Why.** (players' words) is the catalog's ``.why``, in every
    language; Japanese names no ruling id and keeps no English sentence."""
    import json

    from companion.rules.rulings import CATALOG, CATALOG_JA
    from companion.rules.rulings_doc import entries, said

    english = json.loads(CATALOG.read_text(encoding="utf-8"))
    japanese = json.loads(CATALOG_JA.read_text(encoding="utf-8"))
    for entry in entries():
        assert english.get(f"ruling.{entry.id}.why", "") == entry.why, entry.id
        assert said(entry, "why", "en") == entry.why
        if entry.why:
            ja = said(entry, "why", "ja")
            assert ja == japanese[f"ruling.{entry.id}.why"] and not RULING_ID.search(ja)


def test_a_japanese_reason_is_found_by_the_rulings_search():
    from companion.rules.rulings_doc import entries, said
    from companion.rules.search import search

    entry = next(e for e in entries() if e.why)
    ja = said(entry, "why", "ja")
    word = next((w for w in ja.replace("、", "。").split("。") if len(w) >= 4), ja)[:4]
    assert entry.id in {h.section for h in search(word, kind="ruling", limit=100)}, word


def test_every_ruling_speaks_the_players_words_at_the_table():
    """Each entry has an **At the table.** line, and what a "Why?" shows (the title, that
    line and the rulebook's words) names no ruling id, file or program word."""
    from companion.rules.rulings import parse, ruling

    parsed = parse((ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8"))
    assert set(parsed) == set(entries())
    for ruling_id in parsed:
        shown = ruling(ruling_id)
        assert shown is not None and shown.title and shown.table, ruling_id
        for text in (shown.title, shown.table, shown.rulebook):
            assert not RULING_ID.search(text), (ruling_id, text)
            assert not PROGRAM_WORDS.search(text), (ruling_id, text)
    assert ruling("X-99") is None


def test_scorer_notes_keep_the_ruling_apart_from_the_sentence():
    """The notes the screens show (note_details) are sentences without ids, each with the
    rulings it rests on; the JSON's notes keep the ids for the command line."""
    import json

    from scorers.sheets import score_sheet

    for path in sorted((ROOT / "tests" / "data").glob("*.json")):
        result = score_sheet(json.loads(path.read_text(encoding="utf-8")))
        assert len(result.note_details) == len(result.notes)
        for note, text in zip(result.note_details, result.notes, strict=True):
            assert not RULING_ID.search(note.text), (path.name, note.text)
            assert note.rulings or not RULING_ID.search(text), (path.name, text)
            assert set(note.rulings) <= set(entries()), note.rulings
