"""Where a ruling's "Open in the rulebook" goes: the rulebook section holding the words it
quotes (the Rulings screen and every "Why?" open it there, with those words marked)."""

from __future__ import annotations

import re

from companion.rules.rulebooks import Link, books, link_for, passage_pattern
from companion.rules.rulings_doc import Entry

QUOTED = re.compile(r"[\"“]([^\"”]{20,})[\"”]")


def rulebook_link(entry: Entry) -> Link | None:
    """The rulebook section holding the first piece the ruling quotes that the rulebook
    holds verbatim (pieces are cut at "…" and "[…]"; 20 characters or more), or None."""
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
