"""Play's "The rulebook's words": every play step cites its passages by book, section and
the words that begin and end them (companion.flows.base.Citation); companion/rules/quotes.py
finds them in the rulebooks. No rulebook text is copied into the flows."""

from __future__ import annotations

import ast
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.flows import FLOWS, NOT_PICKED, FlowError, build_event
from companion.flows.base import cite
from companion.flows.latoro import CITATIONS as LATORO_EN
from companion.flows.latoro import CITATIONS_JA as LATORO_JA
from companion.flows.latria import CITATIONS as LATRIA
from companion.rules.quotes import CitationError, find, quoted
from companion.rules.rulebooks import books

ROOT = Path(__file__).resolve().parents[2]


def squeeze(text: str) -> str:
    return " ".join(text.split())


def all_citations():
    for game, flow in FLOWS.items():
        for citation in flow.citations:
            yield game, citation


def test_every_flow_cites_its_passages():
    for game, flow in FLOWS.items():
        assert len(flow.citations) >= 8, game


def test_every_cited_passage_is_in_its_section_of_its_games_book():
    count = 0
    for game, citation in all_citations():
        book = books()[citation.book]
        assert book.game == game, (game, citation.book)
        assert citation.where and citation.passages
        for passage in citation.passages:
            found = find(citation, passage)  # CitationError when it is not there
            assert found.section.id == passage.section
            assert found.text.startswith(squeeze(passage.start))
            assert found.text.endswith(squeeze(passage.end or passage.start))
            # within one block (a paragraph, an item): it is marked where it is read
            assert any(found.text in squeeze(block.text) for block in found.section.blocks), (
                game, passage)
            count += 1
    assert count > 140


def test_the_flows_hold_no_rulebook_text():
    """What a step shows is found in the rulebook at run time: no string in the flows'
    code is a rulebook's paragraph: the words that mark where a passage begins and ends
    are a few words each, a short passage's whole at most."""
    text = " ".join(squeeze(s.text) for b in books().values() for s in b.sections)
    for path in sorted((ROOT / "companion" / "flows").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                words = squeeze(node.value)
                long = len(words) > 60 if " " in words else len(words) > 30
                assert not (long and words in text), (path.name, words[:60])


def test_a_citation_that_is_not_in_the_rulebook_is_an_error():
    with pytest.raises(CitationError):
        quoted([cite("latria", "Game Flow",
                     ("step-2-parent-plays-a-card", "words no rulebook has"))], "en")
    with pytest.raises(CitationError):
        quoted([cite("latria", "Game Flow", ("no-such-section", "Step 2"))], "en")
    with pytest.raises(CitationError):  # the end must come after the start
        quoted([cite("latria", "Game Flow",
                     ("step-2-parent-plays-a-card", "Step 2: Parent", "Step 2: Parent"))], "en")
    with pytest.raises(CitationError):
        quoted([cite("no-book", "Game Flow", ("step-2-parent-plays-a-card", "Step 2"))], "en")


def walk(game: str, players: int, variant: str, steps: int = 40):
    """The views a table sees taking the first tap that applies, step after step."""
    flow = FLOWS[game]
    config = {"players": ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players],
              "variant": variant, "setup": None}
    state = flow.initial(config)
    for _ in range(steps):
        view = flow.view(state)
        yield view
        if view.finished:
            return
        for action in sorted((a for a in view.actions if not a.disabled),
                             key=lambda a: not a.primary):
            open_fields = [f for f in action.fields
                           if f.choices and f.default in (None, NOT_PICKED)]
            values = {f.id: f.choices[k % len(f.choices)] for k, f in enumerate(open_fields)}
            try:
                state = flow.apply(state, build_event(action, values))
                break
            except FlowError:
                continue
        else:
            return


WALKS = [("latria", 4, "standard"), ("latria", 3, "simple"), ("latria", 5, "star_eclipse"),
         ("latria", 3, "campaign"), ("carpe_astra", 3, "standard"),
         ("carpe_astra", 2, "advanced"), ("luna", 3, "standard"), ("luna", 1, "solo2"),
         ("altar", 2, "standard"), ("altar", 4, "standard"), ("latoro", 3, "standard")]


@pytest.mark.parametrize(("game", "players", "variant"), WALKS)
def test_every_step_quotes_the_rulebook_and_links_to_the_section_that_holds_it(game, players,
                                                                               variant):
    seen = 0
    for view in walk(game, players, variant):
        for language in ("en", "ja"):
            quote = quoted(view.cites, language)
            assert quote is not None, view.step
            assert quote.original == (game == "latoro" and language == "ja")
            book = books()[quote.link.book]
            section = book.section(quote.link.section)
            assert section is not None and book.game == game
            marked = [squeeze(section.text[a:b]) for a, b in quote.link.spans]
            assert marked[0] == quote.text.split("\n\n")[0], view.step
            assert all(m in quote.text.split("\n\n") for m in marked)
        seen += 1
    assert seen >= 5


def test_latria_step_4_links_to_step_4_with_the_whole_quote_marked():
    from companion.ui.views.rulebook import marks_of, rule_route

    quote = quoted([LATRIA["4"]], "en")
    assert quote.source == "Latria rulebook — Game Flow, Step 4"
    route = rule_route("/table/abc/play", quote.link)
    assert urlsplit(route).path == "/table/abc/play/rules"
    query = {k: v[0] for k, v in parse_qs(urlsplit(route).query).items()}
    assert query["book"] == "latria" and query["s"] == "step-4-acquire-cards"
    section = books()["latria"].section("step-4-acquire-cards")
    marks = marks_of(query["m"])
    assert len(marks) == 5
    assert [squeeze(section.text[a:b]) for a, b in marks] == quote.text.split("\n\n")
    assert quote.text.startswith("Step 4: Acquire cards.")


def test_latoro_cites_the_japanese_original_and_the_translation_for_every_step():
    assert set(LATORO_JA) == set(LATORO_EN)
    assert {c.book for c in LATORO_JA.values()} == {"latoro"}
    assert {c.book for c in LATORO_EN.values()} == {"latoro-en"}
    both = [LATORO_JA["support"], LATORO_EN["support"]]
    japanese, english = quoted(both, "ja"), quoted(both, "en")
    assert japanese.original and japanese.source == "ラトーロ ルール — 支援フェイズについて"
    assert japanese.text.startswith("支援トラックの小さな数から順に")
    assert not english.original
    assert english.source == "Latoro rulebook (English translation) — Support phase"


def test_an_english_rulebook_is_quoted_in_english_to_a_japanese_phone():
    quote = quoted([LATRIA["2"]], "ja")
    assert not quote.original and quote.text.startswith("Step 2: Parent plays a card.")
