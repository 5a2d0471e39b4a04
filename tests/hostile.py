"""Hostile score sheets for the tests: the valid examples of tests/data, and mutations of
them (wrong types, deep nesting, huge and negative numbers, unicode, missing and extra
keys), as JSON text. Used by tests/scorers/test_hostile_cli.py and
tests/storage/test_hostile_import.py.

Numbers past 4,300 digits and nesting 100,000 deep cannot be written by ``json.dumps``
(or would take it down), so they are put in as placeholders and spliced into the text.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

DATA = Path(__file__).parent / "data"
EXAMPLES: dict[str, dict[str, Any]] = {
    json.loads(p.read_text(encoding="utf-8"))["game"]: json.loads(p.read_text(encoding="utf-8"))
    for p in sorted(DATA.glob("*.json"))
}
GAMES = sorted(EXAMPLES)


def paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON value, the value itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))


class Splice:
    """A piece of raw JSON text to put where this placeholder is."""

    def __init__(self, text: str):
        self.text = text


def big_number(digits: int, negative: bool = False) -> Splice:
    return Splice(("-" if negative else "") + "9" * digits)


def nested(depth: int, bracket: str = "[") -> Splice:
    if bracket == "[":
        return Splice("[" * depth + "]" * depth)
    return Splice('{"a":' * depth + "1" + "}" * depth)


def to_text(value: Any) -> str:
    """JSON text of ``value`` with every Splice put in."""
    pieces: list[str] = []

    def default(obj: Any) -> str:
        if isinstance(obj, Splice):
            pieces.append(obj.text)
            return f"\x00splice{len(pieces) - 1}\x00"
        raise TypeError(type(obj).__name__)

    text = json.dumps(value, ensure_ascii=False, default=default)
    for i, piece in enumerate(pieces):
        text = text.replace(json.dumps(f"\x00splice{i}\x00"), piece)
    return text


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**7), 10**7),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=60),
)
wrong_types = st.one_of(
    json_scalars,
    st.lists(json_scalars, max_size=4),
    st.dictionaries(st.text(max_size=8), json_scalars, max_size=3),
)
huge_numbers = st.one_of(
    st.integers(10**6 + 1, 10**30), st.integers(-(10**30), -(10**6 + 1)),
    st.sampled_from([10**100, -(10**100), 2**63, -(2**63) - 1]),
    st.builds(big_number, st.sampled_from([21, 400, 4299, 4300, 4301, 5000, 20000]),
              st.booleans()),
)
negative_numbers = st.integers(-(10**6), -1)
deep = st.builds(nested, st.sampled_from([4, 6, 50, 1000, 100_000]), st.sampled_from("[{"))
unicode_text = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=60),
    st.text(max_size=60),  # lone surrogates too (JSON escapes them)
    st.sampled_from(["あおい", "", " ", "x" * 41, "x" * 5000, "\u202e\u0000", "🂡" * 40,
                     "\ud800", "Ann\nBen"]),
)
MUTATIONS = ("type", "huge", "negative", "deep", "unicode", "missing", "extra", "many")


@st.composite
def mutated_sheet(draw: st.DrawFn, game: str) -> str:
    """The example sheet of ``game`` changed in 1–3 places, as JSON text."""
    sheet: Any = copy.deepcopy(EXAMPLES[game])
    for _ in range(draw(st.integers(1, 3))):
        places = list(paths(sheet))
        path = draw(st.sampled_from(places))
        kind = draw(st.sampled_from(MUTATIONS))
        if kind == "type":
            new: Any = draw(wrong_types)
        elif kind == "huge":
            new = draw(huge_numbers)
        elif kind == "negative":
            new = draw(negative_numbers)
        elif kind == "deep":
            new = draw(deep)
        elif kind == "unicode":
            new = draw(unicode_text)
        elif kind == "many":
            new = [draw(json_scalars)] * draw(st.sampled_from([101, 10_000]))
        else:
            new = None
        if not path:
            if kind in ("missing", "extra"):
                continue
            sheet = new
            continue
        parent: Any = sheet
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, Splice):
            continue
        last = path[-1]
        if kind == "missing":
            if isinstance(parent, dict):
                del parent[last]
            else:
                del parent[last]
        elif kind == "extra":
            target = parent[last] if isinstance(parent[last], dict) else parent
            if isinstance(target, dict):
                target[draw(st.text(min_size=1, max_size=50))] = draw(wrong_types)
            else:
                target.append(draw(wrong_types))
        else:
            parent[last] = new
    return to_text(sheet)


def any_sheet(game: str) -> st.SearchStrategy[str]:
    """The valid example now and then, else a mutation of it."""
    return st.one_of(st.just(to_text(EXAMPLES[game])), mutated_sheet(game))
