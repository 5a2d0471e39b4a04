"""Search the rulebooks' sections and the rulings: an SQLite FTS5 index with the trigram
tokenizer, in memory, built once per process.

The trigram tokenizer finds any run of three or more characters, so Japanese needs no
word splitter ("資源コマ", "eclipse"). It cannot match a term shorter than three
characters: a two-character term (Japanese words are often two: 資源, 支援) is looked up
with ``instr`` on the same table's text instead, and a one-character term is ignored, so
an empty or one-character query finds nothing. Several terms must all be present. Text
and terms are folded alike (NFKC, lower case: "７" finds "7", "Eclipse" finds "eclipse")
without changing their length, so a hit's place in the folded text is its place in the
text shown.

>>> [r.section for r in search("資源", book="latoro")][:2]
['場の準備', 'プレイヤーの準備']
>>> search("e") == search("") == []
True
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache

from companion.rules.rulebooks import Book, books

LIMIT = 40
SNIPPET = 90  # characters of context either side of the first hit


@cache
def _fold_char(ch: str) -> str:
    f = unicodedata.normalize("NFKC", ch).lower()
    return f if len(f) == 1 else ch


def fold(text: str) -> str:
    """NFKC and lower case, one character for one (a character whose folding would change
    the length is kept as it is)."""
    if text.isascii():
        return text.lower()
    return "".join(map(_fold_char, text))


def terms_of(query: str) -> list[str]:
    """The terms searched for: two characters or more, folded."""
    return [t for t in fold(query).split() if len(t) >= 2]


@dataclass(frozen=True)
class Hit:
    kind: str  # "rulebook" or "ruling"
    game: str
    book: str  # the book's key; for a ruling, ""
    section: str  # a section id, or a ruling id
    title: str
    text: str  # the section's (or ruling's) words the hits are in
    folded: str = field(default="", compare=False, repr=False)  # fold(text), made once


class Index:
    """The FTS5 table of every text to search: rulebook sections and rulings."""

    def __init__(self, items: Iterable[Hit]):
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE doc USING fts5(kind UNINDEXED, game UNINDEXED,"
                        " book UNINDEXED, section UNINDEXED, title, body,"
                        " tokenize='trigram')")
        self.items: list[Hit] = []
        rows = []
        for n, item in enumerate(items, start=1):
            item = replace(item, folded=fold(item.text))
            self.items.append(item)
            rows.append((n, item.kind, item.game, item.book, item.section, fold(item.title),
                         item.folded))
        self.db.executemany("INSERT INTO doc(rowid, kind, game, book, section, title, body)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    def search(self, query: str, *, kind: str = "rulebook", game: str | None = None,
               book: str | None = None, limit: int = LIMIT) -> list[Hit]:
        terms = terms_of(query)
        if not terms:
            return []
        long = [t for t in terms if len(t) >= 3]
        where, args = ["kind = ?"], [kind]
        if long:  # the index: each term a phrase ("" doubles a quote inside it)
            where.append("doc MATCH ?")
            args.append(" AND ".join('"' + t.replace('"', '""') + '"' for t in long))
        for t in terms:
            if len(t) < 3:  # too short for a trigram: a plain look for it in the text
                where.append("instr(title || ' ' || body, ?) > 0")
                args.append(t)
        if game:
            where.append("game = ?")
            args.append(game)
        if book:
            where.append("book = ?")
            args.append(book)
        # Best first when the index ranks (a hit in a heading counts ten times); else in
        # the books' order.
        order = "bm25(doc, 10.0, 1.0), rowid" if long else "rowid"
        sql = f"SELECT rowid FROM doc WHERE {' AND '.join(where)} ORDER BY {order} LIMIT ?"
        rows = self.db.execute(sql, [*args, limit]).fetchall()
        return [self.items[r[0] - 1] for r in rows]


def book_items(all_books: Iterable[Book]) -> Iterable[Hit]:
    for book in all_books:
        for s in book.sections:
            yield Hit("rulebook", book.game, book.key, s.id, s.title, s.text)


def ruling_items() -> Iterable[Hit]:
    from companion.i18n import LANGUAGES
    from companion.rules.rulings_doc import entries, said

    for r in entries():
        # Found by its words in every language the app speaks (a Japanese title, reading
        # or reason too).
        translated = [said(r, part, lang) for lang in LANGUAGES if lang != "en"
                      for part in ("title", "table", "why")]
        yield Hit("ruling", r.game, "", r.id, r.title,
                  "\n".join(filter(None, (r.table, r.rulebook, r.why, *translated))))


@cache
def index() -> Index:
    """The one index of this process (built on first use: a few milliseconds)."""
    return Index([*book_items(books().values()), *ruling_items()])


def search(query: str, *, kind: str = "rulebook", game: str | None = None,
           book: str | None = None, limit: int = LIMIT) -> list[Hit]:
    return index().search(query, kind=kind, game=game, book=book, limit=limit)


def spans(text: str, query: str, folded: str = "") -> list[tuple[int, int]]:
    """Where each term of ``query`` occurs in ``text`` (sorted, overlaps merged);
    ``folded`` is ``fold(text)`` when it is at hand."""
    folded = folded or fold(text)
    found = []
    for term in terms_of(query):
        start = folded.find(term)
        while start >= 0:
            found.append((start, start + len(term)))
            start = folded.find(term, start + len(term))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(found):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def snippet(text: str, query: str, width: int = SNIPPET,
            folded: str = "") -> tuple[str, list[tuple[int, int]]]:
    """A line around the first hit, with "…" where it is cut, and the hits in it."""
    hits = spans(text, query, folded)
    first = hits[0][0] if hits else 0
    if sum(ord(ch) > 0x2E80 for ch in text[:200]) > 50:  # Japanese: a character is wider
        width //= 2
    start = max(0, first - width)
    end = min(len(text), first + width)
    if start > 0:  # begin and end at a word (or after a 。) where there is one near
        cut = max(text.rfind(" ", start, min(first, start + 15)),
                  text.rfind("。", start, min(first, start + 15)))
        start = cut + 1 if cut >= 0 else start
    if end < len(text):
        cut = text.rfind(" ", max(first, end - 15), end)
        end = cut if cut > first else end
    piece = text[start:end].replace("\n", " ")
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    inside = [(max(a, start) + shift, min(b, end) + shift) for a, b in hits
              if b > start and a < end]
    return prefix + piece + suffix, inside
