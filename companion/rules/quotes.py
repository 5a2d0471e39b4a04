"""The rulebook's words a play step cites: a flow names passages by book, section and the
words that begin and end them (``companion.flows.base.Citation``); this finds them in the
books of ``rulebooks`` and gives the text Play shows, its source line and the link into
the Rulebook screen with the passages marked. No rulebook text is kept anywhere else.

>>> from companion.flows.base import cite
>>> step_2 = cite("latria", "Game Flow, Step 2",
...               ("step-2-parent-plays-a-card", "The parent chooses", "face up."))
>>> quote = quoted([step_2], "en")
>>> quote.source
'Latria rulebook — Game Flow, Step 2'
>>> quote.text
'The parent chooses one astrology card from their hand and places it face up.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.flows.base import Citation, Passage
from companion.rules.rulebooks import Book, Link, Section, books, passage_pattern


class CitationError(LookupError):
    """A citation that names no book, no section, or words its section does not hold."""


@dataclass(frozen=True)
class Found:
    """A passage found: its section and where it is in ``Section.text``."""

    section: Section
    start: int
    end: int

    @property
    def text(self) -> str:
        """The passage's words, each run of whitespace one space (as a source line reads)."""
        return " ".join(self.section.text[self.start:self.end].split())


def book(citation: Citation) -> Book:
    found = books().get(citation.book)
    if found is None:
        raise CitationError(f"no rulebook {citation.book!r}")
    return found


def find(citation: Citation, passage: Passage) -> Found:
    """Where ``passage`` of ``citation`` is; ``CitationError`` when it is not there."""
    section = book(citation).section(passage.section)
    if section is None:
        raise CitationError(f"{citation.book}: no section {passage.section!r}")
    start = passage_pattern(passage.start)
    begun = start.search(section.text) if start else None
    if begun is None:
        raise CitationError(f"{citation.book} § {passage.section}: no {passage.start!r}")
    if not passage.end:
        return Found(section, *begun.span())
    end = passage_pattern(passage.end)
    ended = end.search(section.text, begun.end()) if end else None
    if ended is None:
        raise CitationError(f"{citation.book} § {passage.section}: no {passage.end!r} "
                            f"after {passage.start!r}")
    return Found(section, begun.start(), ended.end())


@dataclass(frozen=True)
class Quote:
    """What Play shows for a step: the source line, the words (passages a blank line
    apart), the link into the rulebook (the first passage's section, every cited passage
    of that section marked), and whether the words are the rulebook's original language
    (Latoro's Japanese) rather than English."""

    source: str
    text: str
    link: Link
    original: bool


def quoted(citations: Sequence[Citation], language: str) -> Quote | None:
    """The quote of ``citations`` for a reader of ``language``: the books in that language
    when the step cites one (Latoro's Japanese original for a Japanese phone), else the
    English ones. None when the step cites nothing."""
    mine = [c for c in citations if book(c).language == language]
    original = bool(mine) and language != "en"
    chosen = mine if original else [c for c in citations if book(c).language == "en"]
    if not chosen:
        return None
    sources: list[str] = []
    texts: list[str] = []
    first: Found | None = None
    spans: list[tuple[int, int]] = []
    for citation in chosen:
        line = f"{book(citation).name} — {citation.where}"
        if line not in sources:
            sources.append(line)
        for passage in citation.passages:
            found = find(citation, passage)
            texts.append(found.text)
            if first is None:
                first = found
                link_book = citation.book
            if citation.book == link_book and found.section.id == first.section.id:
                spans.append((found.start, found.end))
    assert first is not None  # a citation holds at least one passage
    return Quote("; ".join(sources), "\n\n".join(texts),
                 Link(link_book, first.section.id, tuple(spans)), original)
