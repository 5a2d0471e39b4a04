"""What one phone (or browser) remembers of its own: the theme, keeping the screen awake
during a round, and larger text.

Kept in the device's own storage (``ft.SharedPreferences``: the browser's local storage
on the web, the app's preferences in a built app), never in the store: two phones at one
table may want different ones. The web page reads the larger-text key itself to scale
its text (companion/web/web_page.js).
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

THEME_KEY = "companion.theme"
KEEP_AWAKE_KEY = "companion.keep_awake"
LARGER_TEXT_KEY = "companion.larger_text"

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
          "dark": ft.ThemeMode.DARK}
SESSION_KEY = "companion.phone_storage"  # the session's handle (``phone_storage``)


def phone_storage(page: ft.Page) -> ft.SharedPreferences:
    """The session's one handle on the phone's own storage. Each ``ft.SharedPreferences()``
    is a service Flet registers with the phone, and removes once nothing holds it, after
    the next event: one made for a single read as a session starts was removed after the
    player's first tap, a message more to the phone."""
    storage = page.session.store.get(SESSION_KEY)
    if storage is None:
        storage = ft.SharedPreferences()
        page.session.store.set(SESSION_KEY, storage)
    return storage


@dataclass
class Preferences:
    theme: str = "system"  # follows the phone's own setting until one is chosen
    keep_awake: bool = True  # during Play and Score
    larger_text: bool = False

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return THEMES.get(self.theme, ft.ThemeMode.SYSTEM)


async def load(storage) -> Preferences:
    """The phone's preferences; what is missing or not understood is the default."""
    prefs = Preferences()
    theme = await storage.get(THEME_KEY)
    if theme in THEMES:
        prefs.theme = theme
    awake = await storage.get(KEEP_AWAKE_KEY)
    if isinstance(awake, bool):
        prefs.keep_awake = awake
    larger = await storage.get(LARGER_TEXT_KEY)
    if isinstance(larger, bool):
        prefs.larger_text = larger
    return prefs
