"""Which time zone a phone reads its dates in: its own, as its page tells it.

The page keeps the phone's time zone in its storage as it opens (companion/web/web_page.js);
the session reads it at its start, with the language in the same round trip to the phone
(companion/ui/app.py), and keeps it in the Flet session's store, where
``companion.i18n.local_time`` finds it for every date this session draws.
"""

from __future__ import annotations

import logging
from datetime import tzinfo

import flet as ft

from companion.i18n.local_time import ZONE_KEY, zone_from
from companion.ui.preferences import phone_storage

log = logging.getLogger(__name__)


def of_page(page: ft.Page) -> tzinfo | None:
    """The time zone of ``page``'s session (None: not told, this computer's)."""
    try:
        zone = page.session.store.get(ZONE_KEY)
    except Exception:  # noqa: BLE001 - a page without a session (tests)
        return None
    return zone if isinstance(zone, tzinfo) else None


def session_zone() -> tzinfo | None:
    """The time zone of the session Flet is serving now."""
    try:
        page = ft.context.page
    except RuntimeError:
        return None
    return of_page(page)


async def start(page: ft.Page) -> None:
    """At a session's start: the zone the phone's page wrote to its storage."""
    try:
        told = await phone_storage(page).get(ZONE_KEY)
    except Exception:  # noqa: BLE001 - no storage on this client: this computer's zone
        log.debug("no time zone from the phone", exc_info=True)
        return
    zone = zone_from(told)
    if zone is not None:
        page.session.store.set(ZONE_KEY, zone)
