"""The message catalog: every piece of text the app shows comes from here.

A language is a folder of JSON files (``en/``, later ``ja/``), one file per screen or
game so that work on one screen does not collide with another; the files are merged and
a key may be defined only once. ``t("app.title")`` looks the key up in the current
language, falling back to English; ``{name}`` placeholders are filled from the keyword
arguments. A missing key raises KeyError, so a typo fails the tests, not the table.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

FALLBACK = "en"
HERE = Path(__file__).parent
_language = FALLBACK


class DuplicateMessage(ValueError):
    pass


@cache
def catalog(language: str) -> dict[str, str]:
    messages: dict[str, str] = {}
    for path in sorted((HERE / language).glob("*.json")):
        with path.open(encoding="utf-8") as f:
            for key, text in json.load(f).items():
                if key in messages:
                    raise DuplicateMessage(f"{key} is defined twice ({path.name})")
                messages[key] = text
    return messages


def set_language(language: str) -> None:
    global _language
    _language = language if (HERE / language).is_dir() else FALLBACK


def t(key: str, /, **values: object) -> str:
    text = catalog(_language).get(key)
    if text is None:
        text = catalog(FALLBACK)[key]
    return text.format(**values) if values else text


def t_for(game: str, key: str, /, **values: object) -> str:
    """``key`` worded for one game when the catalog has ``key.<game>`` (Altar's total is
    progress toward a complete Realm, not points), else ``key``."""
    specific = f"{key}.{game}"
    if specific in catalog(_language) or specific in catalog(FALLBACK):
        return t(specific, **values)
    return t(key, **values)
