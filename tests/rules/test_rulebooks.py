"""The rulebooks split into sections (companion/rules/rulebooks.py), the search over
them and the rulings (companion/rules/search.py), the rulings as players read them
(companion/rules/rulings_doc.py), and where Play's "The rulebook's words" lead."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.catalog import GAMES
from companion.rules import rulebooks
from companion.rules.rulebooks import (
    BUNDLE,
    LATORO_EN,
    RULINGS_FILE,
    book_infos,
    books,
    books_for,
    find_passages,
    parse,
    read,
    sources,
    write_bundle,
)
from companion.rules.rulings_doc import PROGRAM_WORDS, RULING_ID, entries, where_label
from companion.rules.search import search, snippet, terms_of

ROOT = Path(__file__).resolve().parents[2]


def squeeze(text: str) -> str:
    return " ".join(text.split())


# --- the files reach the packaged app --------------------------------------------------

def test_the_bundled_copy_is_the_repositorys_files_byte_for_byte():
    """A packaged app holds companion/ only: its copy must be what seeds/ and docs/ hold."""
    for name, path in sources().items():
        copy = BUNDLE / name
        assert copy.is_file() and copy.read_bytes() == path.read_bytes(), (
            f"{copy} is not a copy of {path}: run python -m companion.rulebooks")
    assert {p.name for p in BUNDLE.iterdir()} == set(sources()), "a stale file in the bundle"


def test_without_the_repository_the_app_reads_the_bundled_copy(tmp_path):
    bundle = tmp_path / "bundle"
    written = write_bundle(ROOT, bundle)
    assert {p.name for p in written} == {*(g.rulebook for g in GAMES.values()), LATORO_EN,
                                         RULINGS_FILE}
    for name, path in sources().items():
        assert (bundle / name).read_bytes() == path.read_bytes()
        # No seeds/ or docs/ under this root: the reader falls back to the bundle.
        assert read(name, root=tmp_path / "no-checkout", bundle=bundle) == path.read_text(
            encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        read(RULINGS_FILE, root=tmp_path / "no-checkout", bundle=tmp_path / "nothing")


# --- sections and their ids ------------------------------------------------------------

def test_every_game_has_its_book_in_its_language_and_latoro_both():
    assert {(b.game, b.language, b.translation) for b in books().values()} == {
        ("latria", "en", False), ("carpe_astra", "en", False), ("luna", "en", False),
        ("altar", "en", False), ("latoro", "ja", False), ("latoro", "en", True)}
    assert [b.key for b in books_for("latoro")] == ["latoro", "latoro-en"]


def test_section_ids_come_from_the_headings_and_are_unique_and_stable():
    for key, book in books().items():
        ids = [s.id for s in book.sections]
        assert len(ids) == len(set(ids)), key
        assert all(re.fullmatch(r"[\w-]+", i) for i in ids), key
        info = next(i for i in book_infos() if i.key == key)
        again = parse(info, read(info.file))
        assert [s.id for s in again.sections] == ids  # the same text, the same ids
    latria = books()["latria"]
    for sid in ("game-setup", "step-1-reveal-celestial-cards", "step-4-acquire-cards",
                "scoring", "1-simple", "2-star-eclipse", "3-campaign", "detailed-rules"):
        assert latria.section(sid) is not None, sid
    assert books()["luna"].section("priests-favor-gain-a-favor-token") is not None
    assert books()["latoro"].section("準備フェーズについて") is not None
    assert books()["latoro-en"].section("support-phase") is not None


def test_the_printed_contents_are_not_a_section_but_every_heading_is():
    carpe = books()["carpe_astra"]
    assert carpe.sections[0].title == "Components"
    assert "Table of Contents" not in [s.title for s in carpe.sections]
    luna_titles = [s.title for s in books()["luna"].sections]
    for title in ("Sailboat (move active Novices – they remain active)",
                  "Sanctification (place a Novice in the Temple and gain influence)",
                  "Solo Game Rules", "Level 3"):
        assert title in luna_titles


def test_no_word_of_a_rulebook_is_lost():
    """Every line of every file is in some section (whitespace aside), but the title lines
    and the printed table of contents."""
    for info in book_infos():
        text = squeeze("\n".join(s.text + " " + s.title for s in books()[info.key].sections))
        for line in read(info.file).splitlines()[1:]:
            words = squeeze(re.sub(r"^\s*(?:[0-9０-９]+[.．]|[-•])\s*", "",
                                   line.strip("#|-•・〇◇※ \u3000")))
            if (not words or "Table of Contents" in words or line.startswith(("•", "  •"))
                    or words == "Latria Rulebook"):  # title lines and printed contents
                continue
            if info.file.endswith(".md") and "004_452c00d70235e76d.txt" in words:
                continue  # the translator's note names the original's file: not shown
            for cell in words.split(" | "):
                assert squeeze(cell).strip("|").strip() in text, (info.key, line)


def test_examples_lists_and_tables_are_set_apart():
    latria = books()["latria"]
    step4 = latria.section("step-4-acquire-cards")
    assert [b.kind for b in step4.blocks] == ["para", "item", "item", "item", "item",
                                               "example"]
    assert step4.blocks[0].runin == len("Step 4: Acquire cards.")
    table = latria.section("celestial-cards").blocks[0]
    assert table.kind == "table" and table.rows[1][0] == "The Sun"
    prep = books()["latoro"].section("準備フェーズについて")
    assert "pre" in [b.kind for b in prep.blocks]
    assert rulebooks.columns(next(b for b in prep.blocks if b.kind == "pre").text)[0] == [
        "２人プレイ：", "２ラウンド", "３ラウンド", "４ラウンド"]


# --- finding a quoted passage (the rulings' quotes) ---------------------------------------

def test_a_quote_across_sections_marks_what_the_first_section_holds():
    latria = books()["latria"]
    found = find_passages(latria, "Step 2: Parent plays a card.\n\nTie priority does not "
                                  "change.")
    assert [s.id for s, _ in found] == ["step-2-parent-plays-a-card", "1-simple"]


def test_marks_in_a_route_are_read_safely():
    from companion.ui.views.rulebook import marks_of

    assert marks_of("3-9,20-25") == [(3, 9), (20, 25)]
    assert marks_of("") == marks_of("x") == marks_of("9-3") == marks_of("-") == []


# --- search ----------------------------------------------------------------------------

def ids(hits):
    return [h.section for h in hits]


def test_eclipse_in_latria_finds_step_1_and_scoring():
    found = ids(search("eclipse", game="latria"))
    assert "step-1-reveal-celestial-cards" in found and "scoring" in found
    assert ids(search("Eclipse", game="latria")) == found  # any case
    assert all(h.game == "latria" for h in search("eclipse", game="latria"))


def test_shigen_in_latoro_finds_the_resource_rules():
    """資源 has two characters, too few for the trigram index: the plain look-up finds
    the resource rules (the cap, the conversion, the starting resources)."""
    assert terms_of("資源") == ["資源"]
    found = ids(search("資源", game="latoro"))
    for sid in ("準備フェーズについて", "支援フェイズの注意点について", "プレイヤーの準備"):
        assert sid in found
    assert ids(search("資源コマ", book="latoro"))  # three characters and more: the index
    assert "support-phase" in ids(search("resource", game="latoro"))


def test_an_empty_or_one_character_query_finds_nothing():
    for query in ("", " ", "e", "資", "  a  ", "\u3000"):
        assert search(query) == [] and search(query, kind="ruling") == []
        assert search(query, game="latria") == []
    from companion.ui.views.rulebook import result_rows

    assert result_rows(search("e"), "e", lambda hit: None) == []


def test_search_words_that_mean_something_to_fts5_are_only_words():
    for query in ('"', '" OR "', "AND", "NEAR(eclipse", "ecl*", "a:b", "'; DROP", "(((", "^e"):
        search(query)
        search(query, kind="ruling")
    # A quote is one more character to find: Latria prints "ECLIPSE" in quotes.
    quoted = set(ids(search('"eclipse"', game="latria")))
    assert "step-1-reveal-celestial-cards" in quoted
    assert quoted < set(ids(search("eclipse", game="latria")))


def test_several_words_must_all_be_there():
    both = ids(search("eclipse marker", game="latria"))
    assert both and set(both) <= set(ids(search("eclipse", game="latria")))
    assert set(both) <= set(ids(search("marker", game="latria")))


def test_a_snippet_is_around_the_first_hit_with_the_hit_marked():
    section = books()["latria"].section("scoring")
    line, marks = snippet(section.text, "eclipse")
    assert marks and all(line[a:b].lower() == "eclipse" for a, b in marks)
    assert len(line) < 200


# --- the rulings -----------------------------------------------------------------------

def test_every_ruling_of_the_document_is_on_the_rulings_screen():
    doc = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    expected = re.findall(r"^#### ([A-Z]{1,2}-\d+)\b", doc, re.M)
    assert [e.id for e in entries()] == expected
    for e in entries():
        assert e.title and e.table, e.id
        assert e.where in {"score", "campaign", "setup", "play"}
        assert e.game in GAMES or (e.game == "" and e.where == "setup"), e.id


def test_the_rulings_screen_speaks_the_players_words():
    for e in entries():
        for text in (e.title, e.table, e.rulebook, e.why, where_label(e)):
            assert not RULING_ID.search(text), (e.id, text)
            assert not PROGRAM_WORDS.search(text), (e.id, text)
    by_id = {e.id: e for e in entries()}
    assert by_id["L-5"].why.startswith("Same as “When the holder names no cards")
    assert where_label(by_id["P-4"]) == "Latria · Play"
    assert where_label(by_id["S-1"]) == "Every game · Setup checklist"
    assert by_id["L-1"].why and "RULES-GAPS" not in by_id["L-1"].why


def test_the_rulings_are_searchable_like_the_rulebook():
    found = ids(search("eclipse", kind="ruling"))
    assert "P-4" in found and "L-10" in found
    assert "LU-4" in ids(search("Council", kind="ruling"))
    assert search("e", kind="ruling") == []


def test_a_ruling_that_quotes_the_rulebook_links_to_it():
    from companion.rules.ruling_links import rulebook_link
    from companion.ui.routes import ruling_route

    by_id = {e.id: e for e in entries()}
    link = rulebook_link(by_id["P-4"])
    assert link is not None and (link.book, link.section) == ("latria",
                                                               "step-4-acquire-cards")
    route = ruling_route("/rules/rulings", by_id["P-4"])
    assert route.startswith("/rules/rulings/latria?")
    assert ruling_route("/table/x/rulings", by_id["P-4"]).startswith("/table/x/rulings/rules?")
    linked = sum(rulebook_link(e) is not None for e in entries())
    assert linked >= 30, linked


def test_a_why_on_score_opens_the_rulebook_under_that_screen():
    from companion.ui.routes import why_route

    route = why_route("/table/t1/score", ["X-99", "L-2"])
    assert urlsplit(route).path == "/table/t1/score/rules"
    query = {k: v[0] for k, v in parse_qs(urlsplit(route).query).items()}
    assert (query["book"], query["s"], query["by"]) == ("latria", "scoring", "ruling")
    assert why_route("/table/t1/results", ["X-99"]) is None
