"""The routes of the screens, as the app and a screen's Back read them, and the route a
ruling's "Open in the rulebook" takes (no flet)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from companion.rules.rulings_doc import Entry


def parent_route(route: str) -> str:
    """The screen below ``route`` in the stack."""
    parts = [p for p in route.split("/") if p]
    if (parts[:1] == ["table"] and len(parts) > 2) or (parts[:1] == ["rules"] and len(parts) > 1):
        return "/" + "/".join(parts[:-1])
    return "/"


# --- where "Open in the rulebook" goes from a ruling ------------------------------------
# The Rulings screen and a "Why?" (Score, Results, Setup, Play) both open the rulebook at
# the words a ruling quotes (companion/rules/ruling_links.py finds them). The app imports
# this module to start, the rulebooks only when a ruling's route is asked for.


def ruling_route(route: str, entry: Entry) -> str | None:
    """Where "Open in the rulebook" goes from the rulings at ``route``."""
    from companion.rules.ruling_links import rulebook_link

    link = rulebook_link(entry)
    if link is None:
        return None
    path = urlsplit(route).path.rstrip("/")
    query = f"{link.query()}&by=ruling"  # the marked words are the ones a reading rests on
    if path.startswith("/table/"):
        return f"{path}/rules?{query}"
    return f"/rules/rulings/{entry.game}?{query}"


def why_route(route: str, ruling_ids) -> str | None:
    """Where a Why?'s "Open in the rulebook" goes from the screen at ``route`` (Score,
    Results, Setup, Play): the rulebook at the words the first of the rulings quotes that
    the rulebook holds; None when none does."""
    from companion.rules.rulings_doc import entries

    by_id = {e.id: e for e in entries()}
    for ruling_id in ruling_ids:
        entry = by_id.get(ruling_id)
        target = ruling_route(route, entry) if entry is not None else None
        if target is not None:
            return target
    return None
