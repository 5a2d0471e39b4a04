"""The routes of the screens, as the app and a screen's Back read them, and where a
ruling's "Open in the rulebook" goes (no flet)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from companion.rules.rulebooks import Link
    from companion.rules.rulings_doc import Entry


def parent_route(route: str) -> str:
    """The screen below ``route`` in the stack."""
    parts = [p for p in route.split("/") if p]
    if (parts[:1] == ["table"] and len(parts) > 2) or (parts[:1] == ["rules"] and len(parts) > 1):
        return "/" + "/".join(parts[:-1])
    return "/"


# --- where "Open in the rulebook" goes from a ruling ------------------------------------
# The Rulings screen and a "Why?" (Score, Results, Setup, Play) both open the rulebook at
# the words a ruling quotes; the routes are worked out here, below both. The app imports
# this module to start, the rulebooks only when a ruling's route is asked for.

QUOTED = re.compile(r"[\"“]([^\"”]{20,})[\"”]")


def rulebook_link(entry: Entry) -> Link | None:
    """The rulebook section holding the first piece the ruling quotes that the rulebook
    holds verbatim (pieces are cut at "…" and "[…]"; 20 characters or more), or None."""
    from companion.rules.rulebooks import Link, books, link_for, passage_pattern

    if not entry.game:
        return None
    pieces = [p.strip(" .,;") for q in QUOTED.findall(entry.rulebook)
              for p in re.split(r"…|\[…\]|\[\.\.\.\]", q)]
    pieces = [p for p in pieces if len(p) >= 20]
    for piece in pieces:
        link = link_for(entry.game, piece)
        if link is not None:  # and every other piece that section holds is marked too
            text = books()[link.book].section(link.section).text
            spans = {span for p in pieces if (m := passage_pattern(p).search(text))
                     for span in [m.span()]}
            return Link(link.book, link.section, tuple(sorted(spans)))
    return None


def ruling_route(route: str, entry: Entry) -> str | None:
    """Where "Open in the rulebook" goes from the rulings at ``route``."""
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
