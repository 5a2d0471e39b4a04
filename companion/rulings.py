"""The readings of docs/RULINGS.md as the app shows them behind a "Why?": each entry's
title, its **At the table.** line and the rulebook's words it quotes.

docs/RULINGS.md is the one source. ``python -m companion.rulings`` copies what the app
shows into the message catalog (``companion/i18n/en/rulings.json``: keys
``ruling.<id>.title``, ``.table``, ``.rulebook``), so a packaged app, which has no
docs/ folder, shows the same words; tests/test_rulings.py checks that the copy is
current. The screens only call ``ruling(id)``.

The Japanese catalog (``ja/rulings.json``) holds the title and the "At the table" line
translated by hand; the rulebook's words stay as RULINGS.md quotes them (English; the
screens say so in Japanese), except Latoro's, quoted in its Japanese original. The same
command brings it in step: the quotes copied, a new ruling added in English until it is
translated (tests/test_rulings.py names it).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import HERE as I18N
from companion.i18n import catalog, t

DOC = Path(__file__).resolve().parents[1] / "docs" / "RULINGS.md"
CATALOG = I18N / "en" / "rulings.json"
CATALOG_JA = I18N / "ja" / "rulings.json"

ENTRY = re.compile(r"^#### ([A-Z]{1,2}-\d+)\s+(?:—\s+)?(.+)$", re.M)
TABLE = "**At the table.**"


@dataclass(frozen=True)
class Ruling:
    id: str
    title: str
    table: str  # what the reading means at the table, in the players' words
    rulebook: str  # the rulebook's words it rests on ("" when it quotes none)


def _paragraphs(block: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", block) if p.strip()]


def _join(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines if line.strip())


def parse(text: str) -> dict[str, Ruling]:
    """Every entry of RULINGS.md: ``#### L-4 Title`` (or ``#### LU-1 — Title``), then its
    **At the table.** paragraph and quote blocks (``> …``, one paragraph each)."""
    found: dict[str, Ruling] = {}
    heads = list(ENTRY.finditer(text))
    for head, nxt in zip(heads, [*heads[1:], None], strict=True):
        end = nxt.start() if nxt else len(text)
        body = text[head.end():end]
        body = body.split("\n## ", 1)[0].split("\n### ", 1)[0]
        table = ""
        quotes: list[str] = []
        for paragraph in _paragraphs(body):
            lines = paragraph.strip().split("\n")
            if lines[0].startswith(TABLE):
                table = _join(lines).removeprefix(TABLE).strip()
            elif all(line.startswith(">") for line in lines):
                quotes.append(_join([line[1:] for line in lines]))
        found[head.group(1)] = Ruling(head.group(1), head.group(2).strip(), table,
                                      "\n\n".join(quotes))
    return found


def messages(rulings: dict[str, Ruling]) -> dict[str, str]:
    """The catalog entries of the rulings, in the document's order."""
    out: dict[str, str] = {}
    for r in rulings.values():
        out[f"ruling.{r.id}.title"] = r.title
        out[f"ruling.{r.id}.table"] = r.table
        out[f"ruling.{r.id}.rulebook"] = r.rulebook
    return out


def catalog_text(doc: Path = DOC) -> str:
    """What ``companion/i18n/en/rulings.json`` holds when it is current."""
    data = messages(parse(doc.read_text(encoding="utf-8")))
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def original(key: str) -> bool:
    """Whether ``key`` quotes Latoro's rulebook, which is Japanese: the Japanese catalog
    keeps its quotes as the rulebook words them (verbatim, without the English glosses
    RULINGS.md adds for English readers; tests/test_rulings.py checks them)."""
    return key.startswith("ruling.LT-") and key.endswith(".rulebook")


def ja_catalog_text(doc: Path = DOC, current: Path = CATALOG_JA) -> str:
    """What ``companion/i18n/ja/rulings.json`` holds when it is in step with the document:
    its translations kept, the rulebook's words as quoted, new entries in English."""
    english = messages(parse(doc.read_text(encoding="utf-8")))
    translated = json.loads(current.read_text(encoding="utf-8")) if current.exists() else {}
    data = {key: text if key.endswith(".rulebook") and not original(key)
            else translated.get(key, text)
            for key, text in english.items()}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def ruling(ruling_id: str) -> Ruling | None:
    """A ruling as the app shows it, from the message catalog; None for an unknown id."""
    key = f"ruling.{ruling_id}.title"
    if key not in catalog("en"):
        return None
    return Ruling(ruling_id, t(key), t(f"ruling.{ruling_id}.table"),
                  t(f"ruling.{ruling_id}.rulebook"))


def main() -> int:
    CATALOG.write_text(catalog_text(), encoding="utf-8")
    CATALOG_JA.write_text(ja_catalog_text(), encoding="utf-8")
    print(f"wrote {CATALOG} and {CATALOG_JA}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
