"""The "Why?" behind a note, a checklist step or a play step: the reading of the rules
that applies (docs/RULINGS.md), in the players' words, in a small dialog.

The texts come with the rulings named apart (``scorers.base.Note``, ``Step.rulings``,
``PlayView.rulings``), so nothing on screen shows a ruling's id; ``companion.rules.rulings``
gives each one's title, its "At the table" line and the rulebook's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import flet as ft

from companion.catalog import GAMES
from companion.i18n import say, t
from companion.rules.rulings import ruling
from companion.ui.routes import why_route
from companion.ui.widgets.common import TAP, spoken_as

NOTE_SIZE = 15  # notes and their links: above the 14 px a helper text needs


# A reading for every game quotes one piece of each rulebook it rests on, each followed
# by its source and parted by a dash: "…" (Carpe Astra, Play) — "…" (Luna, …).
QUOTE_SOURCE = re.compile(r"\((?P<source>[^()]+)\)\s*$")
QUOTE_PARTING = " — "
# The sources' names of the games, as their records give them (docs/RULINGS.md writes
# "Altar", not its subtitle).
SOURCE_NAMES = {game.id: game.source_name for game in GAMES.values()}


def own_words(rulebook: str, game: str | None) -> str:
    """The rulebook's words of a reading that ``game``'s rulebook holds. A reading of
    one game's rules is shown whole; one for every game, whose pieces each name their
    rulebook, keeps the pieces of ``game``'s (none when its rulebook has none): a table
    reads its own game's rulebook, never another's. ``game`` None: every piece."""
    pieces = rulebook.split(QUOTE_PARTING)
    sources = [QUOTE_SOURCE.search(piece) for piece in pieces]
    if game is None or len(pieces) < 2 or not all(sources):
        return rulebook
    named = [m.group("source").split(",")[0].strip() for m in sources if m]
    if not set(named) <= set(SOURCE_NAMES.values()):
        return rulebook  # parted by a dash, but not one piece per rulebook
    own = SOURCE_NAMES.get(game)
    return QUOTE_PARTING.join(p for p, name in zip(pieces, named, strict=True) if name == own)


def titles(rulings: Sequence[str]) -> str:
    found = [r.title for r in map(ruling, rulings) if r is not None]
    return "; ".join(found)


def show(page: ft.Page, rulings: Sequence[str], game: str | None = None) -> None:
    """The dialog: each ruling's title, what it means at the table, the rulebook's words
    (``game``'s own: a table of that game)."""
    from companion.rules.rulings_doc import quotes_original  # (the rulebooks: when asked)

    parts: list[ft.Control] = []
    known = [r for r in map(ruling, dict.fromkeys(rulings)) if r is not None]
    for r in known:
        if len(known) > 1:
            parts.append(ft.Text(r.title, size=17, weight=ft.FontWeight.W_600))
        parts.append(ft.Text(r.table, size=16))
        words = own_words(r.rulebook, game)
        if words:
            # Latoro's rulebook is Japanese (its quotes are the original); the others
            # are English, which the Japanese heading says.
            heading = "why.rulebook_original" if quotes_original(r.id) else "why.rulebook"
            # Plain text, not selectable: a selectable text in a dialog at times left the
            # dialog's every word out of what the browser gives a screen reader.
            parts += [ft.Text(t(heading), size=14, weight=ft.FontWeight.W_600,
                              color=ft.Colors.ON_SURFACE_VARIANT),
                      ft.Text(words, size=15, italic=True)]
    if not known:
        parts.append(ft.Text(t("why.unknown"), size=16))
    title = known[0].title if len(known) == 1 else t("why.title")
    target = why_route(page.route or "", [r.id for r in known])  # the words quoted
    opener = [] if target is None else [ft.TextButton(
        content=t("rules.open_in_rulebook"), icon=ft.Icons.MENU_BOOK, height=TAP,
        on_click=lambda e: (page.pop_dialog(), page.navigate(target)))]
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title, size=18, weight=ft.FontWeight.W_600),
        content=ft.Column(parts, spacing=10, tight=True, scroll=ft.ScrollMode.AUTO),
        actions=[*opener, ft.TextButton(content=t("common.close"), height=TAP,
                                        on_click=lambda e: page.pop_dialog())],
    ))


def link(page: ft.Page, rulings: Sequence[str], game: str | None = None) -> ft.Control:
    """A "Why?" that opens the rulings (quoting ``game``'s rulebook); screen readers hear
    what it explains."""
    return ft.TextButton(
        content=spoken_as(t("why.link"), t("why.link_label", titles=titles(rulings)),
                          size=NOTE_SIZE, weight=ft.FontWeight.W_600),
        icon=ft.Icons.HELP_OUTLINE, height=TAP, on_click=lambda e: show(page, rulings, game))


def with_link(page: ft.Page, text: ft.Control, rulings: Sequence[str]) -> ft.Control:
    """``text`` with a "Why?" on its right when rulings apply."""
    if not rulings:
        return text
    return ft.Row([ft.Container(text, expand=True), link(page, rulings)], spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def note_rows(page: ft.Page, notes: Sequence, size: int = NOTE_SIZE,
              color: str | None = None) -> list[ft.Control]:
    """One row per note (``scorers.base.Note``): its sentence, and a "Why?" when a ruling
    applies."""
    return [with_link(page, ft.Text(f"• {say(note.text)}", size=size
, color=color), note.rulings)
            for note in notes]
