"""English wording shared by the scorers' and the setup guides' sentences."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card") == "1 card"``, ``plural(3, "card") == "3 cards"``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def join_and(items: Sequence[str]) -> str:
    """``["a", "b", "c"] → "a, b and c"``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(n: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
