"""The rulebooks in seeds/ split into sections, and the readings of docs/RULINGS.md, as the
Rulebook and Rulings screens show them.

Where the text comes from: the repository's ``seeds/`` and ``docs/RULINGS.md`` when they
are there (a checkout), else the copy under ``assets/rulebooks/`` (an installed or
built app has no ``seeds/``). ``python -m companion.rulebooks`` makes that copy, byte
for byte; tests/rules/test_rulebooks.py checks that it is current.

How a rulebook is split (the files are plain transcriptions, each marks headings its own
way):

- English ``.txt``: the title lines and the printed table of contents come first; a line
  listed in that table of contents is a heading (its depth there is its level); so is any
  other short line that is neither a list item nor ends like a sentence (``.:;!?``);
  Latria's "Step 4: Acquire cards." starts its paragraph as a run-in heading.
- Japanese ``.txt``: a line starting with ・ 〇 ◇ ※, or an unindented line ending in
  「について」, is a heading; lines are indented with full-width spaces.
- Markdown (the Latoro translation): ``##`` headings, lists and pipe tables.

A section's id is its heading made into a slug (NFKC, lower case, runs of other
characters to "-"); a repeated heading gets "-2", "-3". The same text gives the same ids,
so other screens can link to a section:

>>> slug("Step 4: Acquire cards")
'step-4-acquire-cards'
>>> slug("Priest's Favor (gain a Favor token)")
'priests-favor-gain-a-favor-token'
>>> slug("準備フェーズについて")
'準備フェーズについて'
"""

from __future__ import annotations

import re
import shutil
import sys
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from companion.assets_folder import ASSETS
from companion.catalog import GAMES

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ASSETS / "rulebooks"
RULINGS_FILE = "RULINGS.md"
LATORO_EN = "latoro-en.md"


# --- where the files are ---------------------------------------------------------------

def sources(root: Path = ROOT) -> dict[str, Path]:
    """The files the app reads, by name, in the repository (``root``)."""
    found = {g.rulebook: root / "seeds" / g.rulebook for g in GAMES.values()}
    found[LATORO_EN] = root / "seeds" / LATORO_EN
    found[RULINGS_FILE] = root / "docs" / RULINGS_FILE
    return found


def read(name: str, root: Path = ROOT, bundle: Path = BUNDLE) -> str:
    """A rulebook or the rulings: the repository's file, else the bundled copy."""
    path = sources(root)[name]
    if not path.is_file():
        path = bundle / name
    return path.read_text(encoding="utf-8")


def write_bundle(root: Path = ROOT, bundle: Path = BUNDLE) -> list[Path]:
    """Copy the files the app reads into ``bundle`` (byte for byte); returns the copies."""
    bundle.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(path, bundle / name)) for name, path in sources(root).items()]


# --- what a rulebook is made of --------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """A paragraph (``para``), list item (``item``, ``depth`` for nesting), example set
    apart (``example``), table (``table``: ``rows``, the first is the header) or lines
    kept as laid out (``pre``: Latoro's refill table). ``runin`` is the length of a
    heading that starts the paragraph ("Step 4: Acquire cards.")."""

    kind: str
    text: str
    depth: int = 0
    marker: str = ""
    runin: int = 0
    rows: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Section:
    id: str
    title: str  # "" for the text before the first heading
    level: int  # 1 = a top heading
    blocks: tuple[Block, ...]

    @property
    def text(self) -> str:
        """The section's words, one block a line (what search and quotes are found in)."""
        return "\n".join(b.text for b in self.blocks)


@dataclass(frozen=True)
class Book:
    key: str  # "latria", "latoro" (the Japanese original), "latoro-en"
    game: str
    language: str  # "en" or "ja"
    translation: bool
    sections: tuple[Section, ...]
    name: str = ""  # BookInfo.name
    _by_id: dict[str, Section] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({s.id: s for s in self.sections})

    def section(self, section_id: str) -> Section | None:
        return self._by_id.get(section_id)


def slug(title: str) -> str:
    text = unicodedata.normalize("NFKC", title).lower().replace("'", "").replace("’", "")
    text = re.sub(r"[^\w]+", "-", text).strip("-_")
    return text or "section"


# --- splitting ------------------------------------------------------------------------

BULLET = re.compile(r"^(\s*)([•\-]|\d+\.)\s+(.*)$")
SENTENCE_END = tuple(".:;!?,。")
RUNIN = re.compile(r"^(Step \d+: [^.]{1,40}\.)\s")
EXAMPLE = re.compile(r"^(Example\b|Scoring example\b|例)")
JA_MARKS = "・〇◇※"
JA_NUMBER = re.compile(r"^([０-９0-9]+[．.])\s*(.*)$")
IDEOGRAPHIC_SPACE = "\u3000"


class _Builder:
    """Collects blocks under headings; gives each section its unique id."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.title = ""
        self.level = 1
        self.blocks: list[Block] = []
        self.seen: dict[str, int] = {}

    def heading(self, title: str, level: int) -> None:
        self.flush()
        self.title, self.level = title, level

    def add(self, block: Block) -> None:
        self.blocks.append(block)

    def flush(self) -> None:
        if not self.title and not self.blocks:
            return
        base = slug(self.title) if self.title else "intro"
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        sid = base if n == 1 else f"{base}-{n}"
        self.sections.append(Section(sid, self.title, self.level, tuple(self.blocks)))
        self.title, self.blocks = "", []

    def done(self) -> tuple[Section, ...]:
        self.flush()
        return tuple(self.sections)


def _kind(text: str) -> str:
    return "example" if EXAMPLE.match(text) else "para"


def _table(lines: list[str]) -> Block:
    rows = [tuple(c.strip() for c in line.strip().strip("|").split("|")) for line in lines]
    rows = [r for r in rows if not all(re.fullmatch(r":?-+:?", c) for c in r)]
    return Block("table", "\n".join(" | ".join(r) for r in rows), rows=tuple(rows))


def split_english(text: str) -> tuple[Section, ...]:
    lines = text.splitlines()
    # Title lines, then the printed table of contents (its entries name the headings).
    tocs = [i for i, line in enumerate(lines[:8]) if line.strip() == "Table of Contents"]
    start = (tocs[-1] + 1) if tocs else 1
    toc: dict[str, int] = {}
    while start < len(lines) and (not lines[start].strip() or BULLET.match(lines[start])):
        m = BULLET.match(lines[start])
        if m and m.group(2) == "•":
            toc[m.group(3).strip()] = len(m.group(1)) // 2 + 1
        start += 1
    out = _Builder()
    level = 1
    i = start
    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        i += 1
        if not stripped:
            continue
        if stripped.startswith("|"):
            rows = [stripped]
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i].strip())
                i += 1
            out.add(_table(rows))
            continue
        bullet = BULLET.match(line)
        if stripped in toc:
            level = toc[stripped]
            out.heading(stripped, level)
        elif bullet and not (bullet.group(2)[0].isdigit() and _is_heading(stripped)):
            depth = len(bullet.group(1)) // 2
            marker = "•" if bullet.group(2) in "•-" else bullet.group(2)
            body = bullet.group(3).strip()
            kind = "example" if EXAMPLE.match(body) else "item"
            out.add(Block(kind, body, depth=depth, marker=marker))
        elif runin := RUNIN.match(stripped):
            out.heading(runin.group(1).rstrip("."), 2)
            out.add(Block("para", stripped, runin=len(runin.group(1))))
        elif _is_heading(stripped):
            if not toc:  # Latria prints no contents: numbered rules sit under their part
                level = 2 if re.match(r"^\d+\.\s", stripped) else 1
            out.heading(stripped, level)
        else:
            out.add(Block(_kind(stripped), stripped))
    return out.done()


def _is_heading(line: str) -> bool:
    return len(line) <= 80 and not line.endswith(SENTENCE_END) and not line.startswith("(")


def split_japanese(text: str) -> tuple[Section, ...]:
    lines = text.splitlines()
    out = _Builder()
    pre: list[str] = []

    def flush_pre() -> None:
        if pre:
            out.add(Block("pre", "\n".join(pre)))
            pre.clear()

    for raw in lines[1:]:  # the first line is the title
        line = raw.rstrip()
        indent = len(line) - len(line.lstrip(IDEOGRAPHIC_SPACE + " "))
        body = line.strip(IDEOGRAPHIC_SPACE + " ")
        if not body:
            continue
        if body[0] in JA_MARKS or (indent == 0 and body.endswith("について")):
            flush_pre()
            level = {"・": 1, "※": 1, "〇": 2, "◇": 3}.get(body[0], 2)
            out.heading(body.lstrip(JA_MARKS), level)
        elif IDEOGRAPHIC_SPACE * 2 in body:  # laid out in columns with full-width spaces
            pre.append(line)
        else:
            flush_pre()
            number = JA_NUMBER.match(body)
            if number:
                out.add(Block("item", number.group(2), depth=indent, marker=number.group(1)))
            else:
                out.add(Block(_kind(body), body, depth=indent))
    flush_pre()
    return tuple(_outdented(s) for s in out.done())


def _outdented(section: Section) -> Section:
    """Indents counted from the section's least indented line (a full-width space each)."""
    base = min((b.depth for b in section.blocks if b.kind != "pre"), default=0)
    blocks = tuple(b if b.kind == "pre" else
                   Block(b.kind, b.text, b.depth - base, b.marker, b.runin, b.rows)
                   for b in section.blocks)
    return Section(section.id, section.title, section.level, blocks)


def split_markdown(text: str) -> tuple[Section, ...]:
    lines = text.splitlines()
    out = _Builder()
    para: list[str] = []
    item: tuple[int, str, list[str]] | None = None

    def flush() -> None:
        nonlocal item
        if para:
            joined = " ".join(para)
            out.add(Block(_kind(joined), joined))
            para.clear()
        if item is not None:
            depth, marker, words = item
            out.add(Block("item", " ".join(words), depth=depth, marker=marker))
            item = None

    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        i += 1
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = BULLET.match(line)
        if not stripped:
            flush()
        elif heading:
            flush()
            if len(heading.group(1)) > 1:  # "# …" is the file's title
                out.heading(heading.group(2).strip(), len(heading.group(1)) - 1)
        elif stripped.startswith("|"):
            flush()
            rows = [stripped]
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i].strip())
                i += 1
            out.add(_table(rows))
        elif bullet:
            flush()
            marker = "•" if bullet.group(2) in "•-" else bullet.group(2)
            item = (len(bullet.group(1)) // 2, marker, [bullet.group(3).strip()])
        elif item is not None and line.startswith(" "):
            item[2].append(stripped)
        else:
            if item is not None:
                flush()
            para.append(stripped)
    flush()
    return out.done()


def _without_file_names(sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """The translation's note names the original's file: the screen says "the Japanese
    original" instead (players never see file names)."""
    names = "|".join(re.escape(g.rulebook) for g in GAMES.values())
    pattern = re.compile(rf"`?(?:{names})`?")
    out = []
    for s in sections:
        blocks = tuple(Block(b.kind, pattern.sub("the Japanese original", b.text), b.depth,
                             b.marker, b.runin, b.rows) for b in s.blocks)
        out.append(Section(s.id, s.title, s.level, blocks))
    return tuple(out)


def columns(text: str) -> list[list[str]] | None:
    """Lines laid out in columns with full-width spaces (Latoro's refill table) as rows of
    cells, split where any line starts a cell; None when the first column is empty.

    >>> columns("　２人：２ラウンド　　　３ラウンド\\n　　　　レベル２：３枚　レベル２：１枚")
    [['２人：', '２ラウンド', '３ラウンド'], ['', 'レベル２：３枚', 'レベル２：１枚']]
    """
    lines = text.split("\n")
    cells = [[(m.start(), m.group()) for m in re.finditer(r"[^\u3000 ]+(?: [^\u3000 ]+)*",
                                                          line)] for line in lines]
    starts = sorted({pos for row in cells for pos, _ in row})
    if not starts:
        return None
    grid = []
    for row in cells:
        out = [""] * len(starts)
        for pos, word in row:
            for k, edge in enumerate(starts):  # a cell running past a column's start
                if pos <= edge < pos + len(word):
                    out[k] += word[max(0, edge - pos):(starts[k + 1] - pos) if k + 1 < len(
                        starts) else None]
        grid.append(out)
    return grid if grid[0][0] else None


# --- the books -------------------------------------------------------------------------

@dataclass(frozen=True)
class BookInfo:
    key: str
    game: str
    file: str
    language: str
    name: str  # what a source line calls it: "Latria rulebook", "ラトーロ ルール"
    translation: bool = False


def book_infos() -> tuple[BookInfo, ...]:
    """Every book: one per game in its original language, plus Latoro's translation."""
    infos = [BookInfo(g.id, g.id, g.rulebook, "ja", f"{g.native_name} ルール")
             if g.rulebook_language == "ja" else
             BookInfo(g.id, g.id, g.rulebook, "en", f"{g.source_name} rulebook")
             for g in GAMES.values()]
    infos.append(BookInfo("latoro-en", "latoro", LATORO_EN, "en",
                          "Latoro rulebook (English translation)", translation=True))
    return tuple(infos)


def parse(info: BookInfo, text: str) -> Book:
    if info.file.endswith(".md"):
        sections = _without_file_names(split_markdown(text))
    elif info.language == "ja":
        sections = split_japanese(text)
    else:
        sections = split_english(text)
    return Book(info.key, info.game, info.language, info.translation, sections, info.name)


@cache
def books() -> dict[str, Book]:
    """Every book by key, parsed once per process."""
    return {info.key: parse(info, read(info.file)) for info in book_infos()}


def books_for(game: str) -> list[Book]:
    """A game's books, the original first."""
    return [b for b in books().values() if b.game == game]


# --- finding a quoted passage -----------------------------------------------------------

def passage_pattern(quote: str) -> re.Pattern[str] | None:
    """The quote with any run of whitespace matching any run (line breaks, indents)."""
    words = quote.split()
    if not words:
        return None
    return re.compile(r"\s+".join(re.escape(w) for w in words))


def find_passages(book: Book, quote: str) -> list[tuple[Section, list[tuple[int, int]]]]:
    """The sections holding ``quote`` verbatim (whitespace aside) and where, as
    (start, end) offsets in ``Section.text``; each excerpt of a play step's quote (they
    are separated by blank lines) is found on its own."""
    found: dict[str, tuple[Section, list[tuple[int, int]]]] = {}
    for excerpt in re.split(r"\n\s*\n", quote):
        pattern = passage_pattern(excerpt)
        if pattern is None:
            continue
        for section in book.sections:
            match = pattern.search(section.text)
            if match:
                found.setdefault(section.id, (section, []))[1].append(match.span())
                break
    return list(found.values())


@dataclass(frozen=True)
class Link:
    """Where a quote lives: the book, the section, and the quoted spans in it."""

    book: str
    section: str
    spans: tuple[tuple[int, int], ...]

    def query(self) -> str:
        marks = ",".join(f"{a}-{b}" for a, b in self.spans)
        return f"book={self.book}&s={self.section}&m={marks}"


def link_for(game: str, quote: str) -> Link | None:
    """The first section of the game's books that holds the quote (or its first excerpt),
    with every excerpt that section holds marked; None when no book holds it."""
    for book in books_for(game):
        found = find_passages(book, quote)
        if found:
            section, spans = found[0]
            return Link(book.key, section.id, tuple(spans))
    return None


def main() -> int:
    for path in write_bundle():
        print(f"wrote {path}", file=sys.stderr)
    return 0
