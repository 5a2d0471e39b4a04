"""Which language a phone reads: English or 日本語, chosen on Home, per phone.

The first time, the phone's own language decides (the browser's ``navigator.language``,
or the device's first locale, as Flet's ``page.get_device_info()`` reports it); once
chosen on Home it is kept in the phone's storage (``ft.SharedPreferences``, the
browser's local storage on the web), so each phone at a table keeps its own. While a
session runs, its language is in the Flet session's store, where ``companion.i18n``
finds it for every tap, route change and redraw of that session
(``session_language``).
"""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion import i18n
from companion.i18n import LANGUAGE_KEY
from companion.ui.preferences import phone_storage

log = logging.getLogger(__name__)


def from_locale(tag: str | None) -> str:
    """``ja``, ``ja-JP``, ``ja_JP`` → ``ja``; anything else → ``en``."""
    code = (tag or "").replace("_", "-").split("-")[0].lower()
    return i18n.known(code) or i18n.ENGLISH


def of_page(page: ft.Page) -> str:
    """The language of ``page``'s session."""
    try:
        return i18n.known(page.session.store.get(LANGUAGE_KEY)) or i18n.ENGLISH
    except Exception:  # noqa: BLE001 - a page without a session (tests): English
        return i18n.ENGLISH


def session_language() -> str | None:
    """The language of the session Flet is serving now (None outside a session)."""
    try:
        page = ft.context.page
    except RuntimeError:
        return None
    return of_page(page)


def apply(page: ft.Page, language: str) -> None:
    """Make ``language`` this session's: its words, and the locale Flutter's own
    widgets (text selection menus, CJK glyph forms) follow."""
    language = i18n.known(language) or i18n.ENGLISH
    page.session.store.set(LANGUAGE_KEY, language)
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in i18n.LANGUAGES],
        current_locale=ft.Locale(language))


async def device_language(page: ft.Page) -> str:
    """The phone's own language, as its browser or system reports it."""
    try:
        info = await page.get_device_info()
    except Exception:  # noqa: BLE001 - a client that cannot tell: English
        log.debug("no device info", exc_info=True)
        return i18n.ENGLISH
    web_language = getattr(info, "language", None)
    if web_language:
        return from_locale(web_language)
    locales = getattr(info, "locales", None) or []
    return from_locale(locales[0].language_code if locales else None)


async def start(page: ft.Page) -> str:
    """At a session's start: the language the phone chose before, else its own. Both
    are asked at once: on a first visit the first screen waits for one round trip to
    the phone, not two."""
    async def chosen() -> str | None:
        try:
            return await phone_storage(page).get(LANGUAGE_KEY)
        except Exception:  # noqa: BLE001 - no storage on this client: ask the device
            log.debug("no shared preferences", exc_info=True)
            return None

    own = asyncio.ensure_future(device_language(page))
    language = i18n.known(await chosen())
    if language:
        own.cancel()  # chosen on this phone before: its own language is not needed
    else:
        language = await own
    apply(page, language)
    return language


async def remember(page: ft.Page, language: str) -> None:
    """Chosen on Home: this session speaks it now, and the phone keeps it."""
    apply(page, language)
    try:
        await phone_storage(page).set(LANGUAGE_KEY, language)
    except Exception:  # noqa: BLE001 - not kept; the session still speaks it
        log.warning("could not keep the language in the phone's storage", exc_info=True)
