"""The screens' words, in the language of the phone reading them.

A language is a folder of JSON files (``en/``, ``ja/``), one file per screen or game so
that work on one screen does not collide with another. They are read by the same
machinery as the pure packages' catalogs (``scorers/messages.py``): this folder is
registered there, every package's keys share one namespace, and a key is defined once.
``t("app.title")`` looks the key up in the current language, falling back to English;
``{name}`` placeholders are filled from the keyword arguments (plural forms by
``count``). A missing key raises KeyError, so a typo fails the tests, not the table.

The language is per phone, not per process (docs/DESIGN.md, "A table shared by several
phones"): several phones on one server may read different languages. The app tells this
module how to find the language of the session being served (``use_session_language``;
Flet binds the session's page to every event, route change and task it runs), and
``speaking(lang)`` overrides it where a session runs code on another's behalf (a change
broadcast by another phone) or outside any session (tests, the command lines).

``say(text)`` shows a text that comes from the pure packages (a setup step, a play
reminder, a score line, a FlowError): a ``Msg`` is rendered in the current language, a
plain ``str`` (a player's name, a rulebook quote) is shown as it is. ``listed(parts)``
joins a list in the reader's language; a count phrase is a catalog value of plural forms
picked by ``count`` (``scorers.messages.PLURAL_RULES``), never ``n == 1`` in a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from scorers.messages import (
    ENGLISH,
    LANGUAGES,
    AndList,
    Msg,
    catalog,
    comma_list,
    register,
    render,
    render_key,
)

__all__ = ["ENGLISH", "LANGUAGES", "LANGUAGE_KEY", "LANGUAGE_NAMES", "HERE", "catalog",
           "current_language", "listed", "say", "say_error", "speaking", "name", "t", "t_for",
           "use_session_language"]

HERE = Path(__file__).parent
register(HERE)
# Where a phone keeps its language: its storage (the page script reads it before the first
# screen, companion/web/web_page.js) and its session's store (companion/ui/language.py).
LANGUAGE_KEY = "table_companion.language"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}  # each in its own language (Home)

_spoken: ContextVar[str | None] = ContextVar("companion_language", default=None)


def _no_session() -> str | None:
    return None


_session_language: Callable[[], str | None] = _no_session


def use_session_language(lookup: Callable[[], str | None]) -> None:
    """How to find the language of the session being served (None: no session)."""
    global _session_language
    _session_language = lookup


def known(language: object) -> str | None:
    """``language`` if the app speaks it, else None."""
    return language if isinstance(language, str) and language in LANGUAGES else None


def current_language() -> str:
    """The language of the phone being served: ``speaking``'s, else the session's, else
    English."""
    spoken = _spoken.get()
    if spoken:
        return spoken
    return known(_session_language()) or ENGLISH


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words inside the block are in ``language`` (an unknown one: English)."""
    token = _spoken.set(known(language) or ENGLISH)
    try:
        yield
    finally:
        _spoken.reset(token)


# Names the app gives a seat itself, stored in English in the logs and sheets (Luna's
# solo game plays against "Virtual opponent", companion.flows.luna.OPPONENT): shown in
# the reader's language at display time; the stored data keeps the English name.
FIXED_NAMES = {"Virtual opponent": "common.virtual_opponent"}


def name(player: object) -> str:
    """A player's name as shown: as entered, or a fixed name the app gave in the reader's
    language."""
    if isinstance(player, str) and not isinstance(player, Msg) and player in FIXED_NAMES:
        return t(FIXED_NAMES[player])
    return say(player)


def _shown(value: object) -> object:
    """A message parameter with the fixed names in the reader's language: the same
    object when it holds none (a message made again renders its English again, and a
    screen says many messages for every phone)."""
    if isinstance(value, Msg):
        params = {k: _shown(v) for k, v in value.params.items()}
        if all(params[k] is v for k, v in value.params.items()):
            return value
        return Msg(value.key, **params)
    if isinstance(value, AndList):
        items = [_shown(v) for v in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return AndList(items)
    if isinstance(value, str) and value in FIXED_NAMES:
        return name(value)
    return value


def t(key: str, /, **values: object) -> str:
    return render_key(key, {k: _shown(v) for k, v in values.items()}, current_language())


def t_for(game: str, key: str, /, **values: object) -> str:
    """``key`` worded for one game when the catalog has ``key.<game>`` (Altar's total is
    progress toward a complete Realm, not points), else ``key``."""
    specific = f"{key}.{game}"
    return t(specific if specific in catalog(ENGLISH) else key, **values)


def listed(parts: Iterable[object]) -> str:
    """Names or phrases shown as one list, with no "and": "Ann, Ben" in English, "Ann、Ben"
    in Japanese (each language's separator is its catalog's, ``scorers.messages.comma_list``).
    A screen never joins a list itself; a player's name goes through ``name`` first."""
    return say(comma_list(list(parts)))


def say(text: object) -> str:
    """A text from the pure packages for the reader: a ``Msg`` in the current language,
    anything else as it is ("" for None)."""
    return render(_shown(text) if isinstance(text, Msg) else text, current_language())


def say_error(err: BaseException) -> str:
    """An error's message for the reader (a FlowError carries a ``Msg``; ``str(err)``
    would be its English text)."""
    return say(err.args[0]) if len(err.args) == 1 else str(err)
