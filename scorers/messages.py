"""Words for players: a sentence is a catalog key and its parameters, rendered in the
reader's language (docs/DESIGN.md, "Words for players").

The pure packages (``scorers``, ``setup_guides``, ``companion.flows``) never glue English
fragments: they return ``Msg("latria.line.moon", count=4, points=8)``. A ``Msg`` *is* a
``str`` — its English text — so logs, JSON output and code that only needs English keep
working unchanged; ``render(text, "ja")`` gives it in another language. Parameters may be
numbers, plain strings (player names), other ``Msg``s (rendered in the same language),
an ``AndList`` ("Ann, Ben and Cleo" / "Ann、Ben、Cleo") or a ``comma_list`` ("Ann, Ben" /
"Ann、Ben"): a list is never joined by hand.

Catalogs: each package keeps ``i18n/<lang>/*.json`` beside its code (one file per game or
topic; a key is defined once across a language's files) and calls ``register(folder)``
once. A catalog value is a whole-sentence template with named placeholders
(``"{player} takes {points}"``) or, where English needs a plural, an object of forms
picked by the ``count`` parameter: ``{"one": "{count} card", "other": "{count} cards"}``
(Japanese writes only ``"other"``); each language's rule for which form a count takes is
here and only here (``PLURAL_RULES``), so no code picks a form by ``n == 1`` itself. A
key missing in a language falls back to English; a key missing in English raises
``KeyError`` at once, so a typo fails the tests, not the table.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Any

ENGLISH = "en"
LANGUAGES = ("en", "ja")
_FOLDERS: list[Path] = []


class DuplicateMessage(ValueError):
    """A key defined in two files of one language."""


def register(folder: Path) -> None:
    """Add a package's ``i18n`` folder (holding ``en/``, ``ja/``) to the catalogs."""
    folder = Path(folder)
    if folder not in _FOLDERS:
        _FOLDERS.append(folder)
        catalog.cache_clear()


def catalog_files(folder: Path, language: str) -> dict[str, Any]:
    """One package's messages in one language, its files merged (each key once)."""
    messages: dict[str, Any] = {}
    for path in sorted((Path(folder) / language).glob("*.json")):
        with path.open(encoding="utf-8") as f:
            for key, text in json.load(f).items():
                if key in messages:
                    raise DuplicateMessage(f"{key} is defined twice ({path.name})")
                messages[key] = text
    return messages


@cache
def catalog(language: str) -> dict[str, Any]:
    """Every registered package's messages in ``language``."""
    merged: dict[str, Any] = {}
    for folder in _FOLDERS:
        for key, text in catalog_files(folder, language).items():
            if key in merged:
                raise DuplicateMessage(f"{key} is defined in two packages")
            merged[key] = text
    return merged


def placeholders(template: Any) -> set[str]:
    """The ``{names}`` a catalog value uses (all its plural forms together)."""
    forms = template.values() if isinstance(template, Mapping) else [template]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form)
            if name}


class AndList(tuple):
    """A list of names or phrases shown as one: "Ann, Ben and Cleo" in English,
    "Ann、Ben、Cleo" in Japanese (the joining words are catalog keys too)."""

    def __new__(cls, items: Iterable[Any] = ()) -> AndList:
        return super().__new__(cls, tuple(items))


def comma_list(items: Sequence[Any]) -> Any:
    """Items shown as one list joined by commas, no "and" ("Ann 3, Ben 2"; "Ann 3、Ben 2"
    in Japanese): nested ``Msg``s, so each language joins with its own comma."""
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = Msg("scorers.base.comma", first=item, rest=joined)
    return joined


class Msg(str):
    """A sentence for players: ``key`` in the catalogs with its ``params``. As a ``str``
    it is the English text."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Msg:
        obj = super().__new__(cls, render_key(key, params, ENGLISH))
        obj.key = key
        obj.params = params
        return obj

    # Immutable like a str: copies (pydantic's deep copies of a state) are the same object.
    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, memo: dict) -> Msg:
        return self

    def __reduce__(self) -> tuple:
        return (_rebuild, (self.key, self.params))

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.params!r})"


def _rebuild(key: str, params: dict[str, Any]) -> Msg:
    return Msg(key, **params)


def _keep_message(value: Any, handler: Any) -> Any:
    return value if isinstance(value, Msg) else handler(value)


class _KeepMessage:
    """pydantic's ``WrapValidator(_keep_message)``, made only when a model uses ``Text``:
    an annotation's ``__get_pydantic_core_schema__`` is pydantic's hook for that (pydantic
    docs, "Custom Types"), so this module (every sentence's) does not import pydantic
    (``python -m scorers`` imports nothing heavy before it knows the game)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import WrapValidator

        return WrapValidator(_keep_message).__get_pydantic_core_schema__(source, handler)


# A pydantic field that keeps a ``Msg`` as it is (a plain ``str`` field would turn it into
# its English text and lose the key).
Text = Annotated[str, _KeepMessage()]


# Each language's plural forms, the one rule every count phrase goes through (a catalog
# value that is an object of forms): English has "one" (exactly 1) and "other"
# (CLDR plural rules, en: one = "i = 1 and v = 0"); Japanese has no plural, "other" only
# (CLDR, ja). A language not named here uses "other".
PLURAL_RULES = {
    "en": lambda count: "one" if count == 1 else "other",
    "ja": lambda count: "other",
}


def plural_form(count: Any, language: str) -> str:
    """The form ("one", "other") a count takes in ``language``: "one" for 1 in English,
    always "other" in Japanese; "other" for anything not a whole number."""
    if isinstance(count, bool) or not isinstance(count, int):
        return "other"
    rule = PLURAL_RULES.get(language)
    return rule(count) if rule else "other"


def _param(value: Any, language: str) -> Any:
    if isinstance(value, Msg):
        return render(value, language)
    if isinstance(value, AndList):
        parts = [str(_param(item, language)) for item in value]
        if len(parts) <= 1:
            return "".join(parts)
        return render_key("list.and", {"items": render_key("list.separator", {}, language)
                                    .join(parts[:-1]), "last": parts[-1]}, language)
    return value


def render_key(key: str, params: Mapping[str, Any], language: str) -> str:
    """The message ``key`` with ``params`` for a reader of ``language`` (English where
    its catalog lacks the key), without making a ``Msg`` (which renders its English)."""
    template = catalog(language).get(key) if language != ENGLISH else None
    forms = language  # whose plural rule picks the form: the template's language
    if template is None:
        template, forms = catalog(ENGLISH)[key], ENGLISH
    if isinstance(template, Mapping):
        form = plural_form(params.get("count"), forms)
        template = template[form] if form in template else template["other"]
    values = {name: _param(value, language) for name, value in params.items()}
    return template.format(**values) if values else template


def render(text: Any, language: str = ENGLISH) -> str:
    """``text`` for a reader of ``language``: a ``Msg`` from the catalogs, anything else
    (a player's name, a rulebook quote) as it is."""
    if isinstance(text, Msg):
        return render_key(text.key, text.params, language)
    return "" if text is None else str(text)


register(Path(__file__).parent / "i18n")
