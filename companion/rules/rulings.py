"""The readings of docs/RULINGS.md as the app shows them behind a "Why?": each entry's
title, its **At the table.** line and the rulebook's words it quotes; and its **Why.**
in the players' words (as the Rulings screen shows it: companion/rules/rulings_doc.py).

docs/RULINGS.md is the one source. ``python -m companion.rules.rulings`` copies what the app
shows into the message catalog (``companion/i18n/en/rulings.json``: keys
``ruling.<id>.title``, ``.table``, ``.rulebook`` and, for an entry with a reason,
``.why``), so a packaged app, which has no docs/ folder, shows the same words;
tests/rules/test_rulings.py checks that the copy is current. The screens only call
``ruling(id)`` (a "Why?") and ``rulings_doc.said`` (the Rulings screen).

The Japanese catalog (``ja/rulings.json``) holds the title, the "At the table" line and
the reason translated by hand; the rulebook's words stay as RULINGS.md quotes them
(English; the screens say so in Japanese), except Latoro's, quoted in its Japanese
original. The same command brings it in step: the quotes copied, a new ruling added in
English until it is translated. ``SOURCES_JA`` records the English each translation was
made from, so a text changed in RULINGS.md after it was translated is named too
(tests/rules/test_rulings.py names both). Once the Japanese is redone:
``python -m companion.rules.rulings --translated P-14`` (an id, a key, or ``all``).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import HERE as I18N
from companion.i18n import catalog, t

DOC = Path(__file__).resolve().parents[2] / "docs" / "RULINGS.md"
CATALOG = I18N / "en" / "rulings.json"
CATALOG_JA = I18N / "ja" / "rulings.json"
# key → the English text its Japanese translation was made from (not a catalog: the app
# never reads it).
SOURCES_JA = I18N / "rulings-ja-sources.json"
TRANSLATED = (".title", ".table", ".why")  # the parts translated by hand

@dataclass(frozen=True)
class Ruling:
    id: str
    title: str
    table: str  # what the reading means at the table, in the players' words
    rulebook: str  # the rulebook's words it rests on ("" when it quotes none)


def parse(text: str) -> dict[str, Ruling]:
    """Every entry of RULINGS.md by its id, as the one parser of the document reads it
    (companion/rules/rulings_doc.py): ``#### L-4 Title`` (or ``#### LU-1 — Title``), its
    **At the table.** paragraph and its quote blocks."""
    from companion.rules.rulings_doc import parse as parse_doc  # the rulebooks: when asked

    return {e.id: Ruling(e.id, e.title, e.table, e.rulebook) for e in parse_doc(text)}


def messages(rulings: dict[str, Ruling], whys: dict[str, str] | None = None
             ) -> dict[str, str]:
    """The catalog entries of the rulings, in the document's order (``whys``: id → the
    reason as the Rulings screen shows it; an entry without one has no ``.why``)."""
    out: dict[str, str] = {}
    for r in rulings.values():
        out[f"ruling.{r.id}.title"] = r.title
        out[f"ruling.{r.id}.table"] = r.table
        out[f"ruling.{r.id}.rulebook"] = r.rulebook
        if (whys or {}).get(r.id):
            out[f"ruling.{r.id}.why"] = whys[r.id]
    return out


def english_messages(doc: Path = DOC) -> dict[str, str]:
    from companion.rules.rulings_doc import parse as parse_doc

    text = doc.read_text(encoding="utf-8")
    return messages(parse(text), {e.id: e.why for e in parse_doc(text)})


def _dump(data: dict[str, str]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _load(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def catalog_text(doc: Path = DOC) -> str:
    """What ``companion/i18n/en/rulings.json`` holds when it is current."""
    return _dump(english_messages(doc))


def original(key: str) -> bool:
    """Whether ``key`` quotes Latoro's rulebook, which is Japanese: the Japanese catalog
    keeps its quotes as the rulebook words them (verbatim, without the English glosses
    RULINGS.md adds for English readers; tests/rules/test_rulings.py checks them)."""
    from companion.rules.rulings_doc import quotes_original

    return key.startswith("ruling.") and key.endswith(".rulebook") and quotes_original(
        key.split(".")[1])


def ja_catalog_text(doc: Path = DOC, current: Path = CATALOG_JA) -> str:
    """What ``companion/i18n/ja/rulings.json`` holds when it is in step with the document:
    its translations kept, the rulebook's words as quoted, new entries in English."""
    english = english_messages(doc)
    translated = _load(current)
    data = {key: text if key.endswith(".rulebook") and not original(key)
            else translated.get(key, text)
            for key, text in english.items()}
    return _dump(data)


def sources_text(doc: Path = DOC, current: Path = SOURCES_JA,
                 done: tuple[str, ...] = ()) -> str:
    """What ``SOURCES_JA`` holds: each translated key's English as it was translated (a
    key of ``done``, or of a ruling id in it, or every key for ``all``: as it is now)."""
    english = english_messages(doc)
    sources = _load(current)

    def redone(key: str) -> bool:
        return "all" in done or key in done or key.split(".")[1] in done

    data = {key: text if redone(key) else sources[key] for key, text in english.items()
            if key.endswith(TRANSLATED) and (redone(key) or key in sources)}
    return _dump(data)


def untranslated_and_stale(doc: Path = DOC) -> tuple[list[str], list[str]]:
    """The Japanese keys still in English, and those whose English changed since they
    were translated."""
    english = english_messages(doc)
    japanese, sources = _load(CATALOG_JA), _load(SOURCES_JA)
    keys = [k for k in english if k.endswith(TRANSLATED)]
    untranslated = [k for k in keys if japanese.get(k, english[k]) == english[k]]
    stale = [k for k in keys if k not in untranslated and sources.get(k) != english[k]]
    return untranslated, stale


def ruling(ruling_id: str) -> Ruling | None:
    """A ruling as the app shows it, from the message catalog; None for an unknown id."""
    key = f"ruling.{ruling_id}.title"
    if key not in catalog("en"):
        return None
    return Ruling(ruling_id, t(key), t(f"ruling.{ruling_id}.table"),
                  t(f"ruling.{ruling_id}.rulebook"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    done: tuple[str, ...] = ()
    if args[:1] == ["--translated"]:
        done = tuple(args[1:])
    elif args:
        print("usage: python -m companion.rules.rulings [--translated ID|KEY|all ...]",
              file=sys.stderr)
        return 2
    CATALOG.write_text(catalog_text(), encoding="utf-8")
    CATALOG_JA.write_text(ja_catalog_text(), encoding="utf-8")
    SOURCES_JA.write_text(sources_text(done=done), encoding="utf-8")
    print(f"wrote {CATALOG}, {CATALOG_JA} and {SOURCES_JA}", file=sys.stderr)
    untranslated, stale = untranslated_and_stale()
    for label, keys in (("still in English", untranslated), ("changed since translated",
                                                              stale)):
        if keys:
            print(f"ja {label}: {' '.join(keys)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
