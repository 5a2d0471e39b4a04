"""The message catalog: every piece of text the app shows comes from here.

``t("app.title")`` looks the key up in the current language's catalog (``<lang>.json``
beside this file), falling back to English; ``{name}`` placeholders are filled from the
keyword arguments. A missing key raises KeyError, so a typo fails the tests, not the table.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

FALLBACK = "en"
_language = FALLBACK


@cache
def catalog(language: str) -> dict[str, str]:
    path = Path(__file__).with_name(f"{language}.json")
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def set_language(language: str) -> None:
    global _language
    _language = language if Path(__file__).with_name(f"{language}.json").exists() else FALLBACK


def t(key: str, /, **values: object) -> str:
    messages = catalog(_language)
    text = messages.get(key)
    if text is None:
        text = catalog(FALLBACK)[key]
    return text.format(**values) if values else text
