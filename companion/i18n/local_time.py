"""Dates and times on the clock of the phone reading them.

Each phone's page tells the server its time zone when it connects (companion/web/web_page.js
keeps it in the phone's storage under ``ZONE_KEY``; companion/ui/phone_time.py reads it
into the session), so "today at 14:05" is the phone's time, not the serving computer's.
As with the language, the app tells this module how to find the zone of the session
being served (``use_session_zone``), and ``reading_in(zone)`` overrides it where a session
draws for another phone. No zone known (a command line, the desktop window, a page that
did not say): this computer's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ZONE_KEY = "table_companion.time_zone"  # the phone's storage: "Asia/Tokyo +09:00"

# "+09:00", "-05:30", "+0545" (UTC's own offsets reach -12:00 and +14:00)
OFFSET = re.compile(r"([+-])(\d{2}):?(\d{2})")
MAX_OFFSET = timedelta(hours=14)


def zone_from(text: object) -> tzinfo | None:
    """The time zone a page sent: its IANA name, else its offset; None for anything else.

    >>> zone_from("Asia/Tokyo +09:00"), zone_from("Nowhere/Else +05:30")
    (zoneinfo.ZoneInfo(key='Asia/Tokyo'), datetime.timezone(datetime.timedelta(seconds=19800)))
    >>> zone_from("-04:00"), zone_from("../../etc/passwd"), zone_from(None)
    (datetime.timezone(datetime.timedelta(days=-1, seconds=72000)), None, None)
    """
    if not isinstance(text, str) or len(text) > 100:
        return None
    name, _, offset = text.strip().rpartition(" ")
    if not name and not OFFSET.fullmatch(offset):
        name, offset = offset, ""
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass  # not known here (an older tz database, or no database): the offset
    found = OFFSET.fullmatch(offset)
    if not found:
        return None
    sign, hours, minutes = found.groups()
    delta = timedelta(hours=int(hours), minutes=int(minutes))
    if delta > MAX_OFFSET or int(minutes) >= 60:
        return None
    return timezone(-delta if sign == "-" else delta)


def _no_session() -> tzinfo | None:
    return None


_session_zone: Callable[[], tzinfo | None] = _no_session
_reading: ContextVar[tzinfo | None] = ContextVar("companion_time_zone", default=None)


def use_session_zone(lookup: Callable[[], tzinfo | None]) -> None:
    """How to find the time zone of the session being served (None: this computer's)."""
    global _session_zone
    _session_zone = lookup


@contextmanager
def reading_in(zone: tzinfo | None) -> Iterator[None]:
    """Times drawn inside are in ``zone`` (another phone's screen drawn by this session)."""
    token = _reading.set(zone)
    try:
        yield
    finally:
        _reading.reset(token)


def current_zone() -> tzinfo | None:
    """The zone of the phone being served: ``reading_in``'s, else the session's."""
    return _reading.get() or _session_zone()


def local(moment: datetime) -> datetime:
    """``moment`` on the clock of the phone being served (this computer's if unknown)."""
    return moment.astimezone(current_zone())


def now() -> datetime:
    """This moment on the clock of the phone being served."""
    return datetime.now().astimezone(current_zone())
