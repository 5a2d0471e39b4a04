"""The outer limits of a score sheet: size, nesting, numbers, texts and lists.

Every sheet passes these checks before its game's own (``scorers.sheets.parse_sheet``),
and so does everything the app saves (``companion/storage/store.py``): a hostile or damaged
sheet gets one readable problem per mistake, never a crash, and nothing out of range is
ever written. The limits are the largest any real sheet needs:

- a sheet's text is at most 5 MB (a full Latria sheet is a few kB);
- nesting is at most 5 levels: sheet → players → player → pile → card (Latria, Altar);
- a number is at most 10^6 either way, where the box gives no smaller limit (the game
  modules check the box's own limits, e.g. Luna's 6 Shrines);
- a list has at most 100 items (the largest pile is Latria's whole box, 99 cards), an
  object at most 20 keys, a text at most 200 characters (names are at most 40).

``load_sheet_text(text)`` reads JSON safely: the depth is measured on the text before
the json module sees it (100,000 nested ``[`` would crash it with RecursionError), and
integers too long to convert (over 4,300 digits, CPython ≥ 3.11) become ``LongNumber``
so the problem is reported at its field. ``value_problems(data)`` walks a parsed value
without recursion. Pure: no flet, no I/O.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from scorers.messages import Msg

MAX_SHEET_MB = 5
MAX_SHEET_BYTES = MAX_SHEET_MB * 1024 * 1024
# sheet → players → player → cards/eclipsed/realms → card/realm: the deepest sheets
# (Latria, Altar); the Latria campaign and the others are shallower.
MAX_DEPTH = 5
# No count, point or turn in any of the five boxes comes near this; the game modules
# check the box's real limits where it has one.
MAX_NUMBER = 10**6
# Latria's box, the largest: 39 celestial cards (13 per body) + 60 astrology cards
# (4 suits × 15) = 99 cards, so no pile and no list of a sheet can hold more.
MAX_ITEMS = 100
MAX_KEYS = 20  # the widest object of a sheet (a Latria card) has 6 keys
MAX_TEXT = 200  # names and gods are at most 40 characters (checked with their own message)
MAX_PROBLEMS = 20  # a thoroughly broken sheet is reported by its first 20 problems
QUOTE_MAX = 40  # values quoted in a message: at most 40 characters, then "…"
# A number that long cannot be a count; longer ones cannot even be converted (4,300).
LONGEST_NUMBER = 20


def crop(text: object, limit: int = QUOTE_MAX) -> str:
    """A value as quoted in a message: at most ``limit`` characters, then "…".

    >>> crop("Ann")
    'Ann'
    >>> crop("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    >>> print(crop("Ann\\nBen"))
    Ann\\nBen
    """
    text = text if isinstance(text, str) else repr(text)
    if not text.isprintable():  # a line break or a control character would break the line
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                       for ch in text)
    return text if len(text) <= limit else text[:limit] + "…"


def quote(value: object) -> str:
    """``repr(value)`` for a message, a text cropped to 40 characters first.

    >>> quote("Ann"), quote(7), quote("y" * 41)[-3:]
    ("'Ann'", '7', "y…'")
    """
    return repr(crop(value)) if isinstance(value, str) else crop(repr(value))


class LongNumber:
    """An integer in the JSON text with more digits than any sheet can need."""

    def __init__(self, digits: str):
        self.digits = digits

    def __repr__(self) -> str:
        return crop(self.digits)


class SheetTextError(ValueError):
    """The text of a sheet cannot be read as one: ``kind`` is too_big | too_deep |
    not_json | not_text; ``details`` fill the message. ``str()`` is the English line."""

    def __init__(self, kind: str, **details: Any):
        self.kind = kind
        self.details = details
        super().__init__(self.english())

    @property
    def message(self) -> Msg:
        """The line for the players, a catalog message (``render(err.message, "ja")``)."""
        d = self.details
        if self.kind == "too_big":
            size = d.get("size")
            if size is None:
                return Msg("scorers.limits.too_big_unknown", limit=MAX_SHEET_MB)
            return Msg("scorers.limits.too_big", size=f"{size:,}", limit=MAX_SHEET_MB)
        if self.kind == "too_deep":
            return Msg("scorers.limits.too_deep_at", limit=MAX_DEPTH, line=d["line"],
                       column=d["column"])
        if self.kind == "not_text":
            return Msg("scorers.limits.not_text", byte=f"0x{d['byte']:02X}",
                       position=f"{d['position']:,}")
        return Msg("scorers.limits.not_json", line=d["line"], column=d["column"],
                   message=d["message"])

    def english(self) -> str:
        return str(self.message)


# A JSON string, escapes included (the unrolled form: linear, no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _line_column(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def depth_position(text: str, limit: int = MAX_DEPTH) -> int | None:
    """Where the JSON ``text`` first opens a bracket deeper than ``limit``, or None.

    Measured on the text, brackets inside strings left out, without parsing it.

    >>> depth_position('{"a": [[1]]}', 3) is None
    True
    >>> depth_position('[[[["]]]]"]]]]', 3)
    3
    """
    # Blank the strings out, keeping every other character where it was.
    blanked = _STRING.sub(lambda m: " " * len(m.group()), text)
    depth = 0
    for match in _BRACKET.finditer(blanked):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        else:
            depth -= 1
    return None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _parse_int(digits: str) -> int | LongNumber:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        return LongNumber(digits)
    return int(digits)


def load_sheet_text(text: str | bytes) -> Any:
    """The JSON value of a sheet's text (bytes are read as UTF-8), or SheetTextError.

    Refused before parsing: more than 5 MB, not UTF-8, nested deeper than a sheet.
    Numbers too long for a sheet come back as ``LongNumber`` (see ``value_problems``).
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_SHEET_BYTES:
        raise SheetTextError("too_big", size=size)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise SheetTextError("not_text", position=err.start,
                                 byte=err.object[err.start]) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    deep = depth_position(text)
    if deep is not None:
        line, column = _line_column(text, deep)
        raise SheetTextError("too_deep", line=line, column=column)
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_reject_constant)
    except json.JSONDecodeError as err:
        raise SheetTextError("not_json", line=err.lineno, column=err.colno,
                             message=err.msg) from None
    except (ValueError, RecursionError) as err:  # NaN/Infinity; belt and braces
        raise SheetTextError("not_json", line=1, column=1, message=crop(str(err), 80)) from None


# -------------------------------------------------------------------- parsed values


def path_text(loc: Sequence[Any]) -> str:
    """A location as a path: ('players', 1, 'support') → players[1].support (keys cropped)."""
    path = ""
    for part in loc:
        if isinstance(part, int) and not isinstance(part, bool):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + crop(str(part))
    return path


def _walk(value: Any, base: tuple = (), limit: int = MAX_DEPTH) -> Iterator[
        tuple[tuple, Any, int]]:
    """(location, value, depth) of ``value`` and everything in it, depth first, with an
    explicit stack. A list or object at ``loc`` is ``len(loc) + 1`` deep (the sheet
    itself is 1); one deeper than ``limit`` is yielded, not entered, and only the first
    MAX_ITEMS + 1 items (MAX_KEYS + 1 keys) of a container are."""
    stack = [(base, value, len(base) + (1 if isinstance(value, dict | list) else 0))]
    while stack:
        loc, item, depth = stack.pop()
        yield loc, item, depth
        if depth > limit:
            continue
        if isinstance(item, dict):
            children = list(islice(item.items(), MAX_KEYS + 1))
        elif isinstance(item, list):
            children = list(enumerate(islice(item, MAX_ITEMS + 1)))
        else:
            continue
        for key, child in reversed(children):
            inner = depth + 1 if isinstance(child, dict | list) else depth
            stack.append(((*loc, key), child, inner))


def value_problems(value: Any, base: tuple = (), max_depth: int = MAX_DEPTH,
                   numbers: bool = True) -> list[tuple[tuple, str]]:
    """What in ``value`` (a parsed sheet, or a part of one found at ``base``) no sheet can
    hold, as (location, message): too deep, too many items or keys, a text too long, a
    number out of range (unless ``numbers`` is False) or too long, or something that is
    not JSON. At most 20."""
    problems: list[tuple[tuple, str]] = []
    for loc, item, depth in _walk(value, base, max_depth):
        if len(problems) >= MAX_PROBLEMS:
            break
        message = None
        if isinstance(item, dict | list) and depth > max_depth:
            message = Msg("scorers.limits.too_deep", limit=max_depth)
        elif isinstance(item, dict):
            if len(item) > MAX_KEYS:
                message = Msg("scorers.limits.too_many_keys", count=len(item), limit=MAX_KEYS)
            elif not all(isinstance(k, str) for k in item):
                message = Msg("scorers.limits.keys_texts")
        elif isinstance(item, list):
            if len(item) > MAX_ITEMS:
                message = Msg("scorers.limits.too_many_items", count=len(item),
                              limit=MAX_ITEMS)
        elif isinstance(item, LongNumber):
            message = number_message(item.digits)
        elif isinstance(item, bool) or item is None:
            pass
        elif isinstance(item, int):
            if numbers and not -MAX_NUMBER <= item <= MAX_NUMBER:
                message = number_message(str(item))
        elif isinstance(item, float):
            if not math.isfinite(item):
                message = Msg("scorers.limits.not_finite")
            elif abs(item) > MAX_NUMBER:
                message = Msg("scorers.limits.number_at_most", shown=crop(repr(item)),
                              limit=f"{MAX_NUMBER:,}")
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                message = Msg("scorers.limits.text_too_long", count=f"{len(item):,}")
        else:
            message = Msg("scorers.limits.not_json_value")
        if message:
            problems.append((loc, message))
    return problems


def number_message(digits: str) -> Msg:
    """A whole number out of range, in words: the number itself when it is short, else
    how many digits it has (a 4,300-digit number is not worth quoting).

    >>> str(number_message("1000001"))
    '1000001, but numbers here are at most 1,000,000'
    >>> str(number_message("-" + "9" * 4300))
    'a number of 4,300 digits, but numbers here are at least −1,000,000'
    """
    negative = digits.startswith("-")
    length = len(digits.lstrip("-"))
    shown = (digits if length <= LONGEST_NUMBER
             else Msg("scorers.limits.digits", count=f"{length:,}"))
    if negative:
        return Msg("scorers.limits.number_at_least", shown=shown, limit=f"{MAX_NUMBER:,}")
    return Msg("scorers.limits.number_at_most", shown=shown, limit=f"{MAX_NUMBER:,}")


def depth_of(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests lists and objects (0 for a number or a text), counted
    without recursion; anything past ``limit`` counts as ``limit + 1``."""
    return max((depth for _, _, depth in _walk(value, (), limit)), default=0)
