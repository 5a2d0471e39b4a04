"""The "Why?" behind a note, a checklist step or a play step: the reading of the rules
that applies (docs/RULINGS.md), in the players' words, in a small dialog.

The texts come with the rulings named apart (``scorers.base.Note``, ``Step.rulings``,
``PlayView.rulings``), so nothing on screen shows a ruling's id; ``companion.rulings``
gives each one's title, its "At the table" line and the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.i18n import say, t
from companion.rulings import ruling
from companion.widgets.common import TAP

NOTE_SIZE = 15  # notes and their links: above the 14 px a helper text needs


def titles(rulings: Sequence[str]) -> str:
    found = [r.title for r in map(ruling, rulings) if r is not None]
    return "; ".join(found)


def show(page: ft.Page, rulings: Sequence[str]) -> None:
    """The dialog: each ruling's title, what it means at the table, the rulebook's words."""
    parts: list[ft.Control] = []
    known = [r for r in map(ruling, dict.fromkeys(rulings)) if r is not None]
    for r in known:
        if len(known) > 1:
            parts.append(ft.Text(r.title, size=17, weight=ft.FontWeight.W_600))
        parts.append(ft.Text(r.table, size=16))
        if r.rulebook:
            # Latoro's rulebook is Japanese (its quotes are the original); the others
            # are English, which the Japanese heading says.
            heading = "why.rulebook_original" if r.id.startswith("LT-") else "why.rulebook"
            parts += [ft.Text(t(heading), size=14, weight=ft.FontWeight.W_600,
                              color=ft.Colors.ON_SURFACE_VARIANT),
                      ft.Text(r.rulebook, size=15, italic=True, selectable=True)]
    if not known:
        parts.append(ft.Text(t("why.unknown"), size=16))
    title = known[0].title if len(known) == 1 else t("why.title")
    from companion.views.rulings import why_route  # the rulebook at the words quoted

    target = why_route(page.route or "", [r.id for r in known])
    opener = [] if target is None else [ft.TextButton(
        content=t("rules.open_in_rulebook"), icon=ft.Icons.MENU_BOOK, height=TAP,
        on_click=lambda e: (page.pop_dialog(), page.navigate(target)))]
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title, size=18, weight=ft.FontWeight.W_600),
        content=ft.Column(parts, spacing=10, tight=True, scroll=ft.ScrollMode.AUTO),
        actions=[*opener, ft.TextButton(content=t("common.close"), height=TAP,
                                        on_click=lambda e: page.pop_dialog())],
    ))


def link(page: ft.Page, rulings: Sequence[str]) -> ft.Control:
    """A "Why?" that opens the rulings; screen readers hear what it explains."""
    return ft.Semantics(
        label=t("why.link_label", titles=titles(rulings)), button=True,
        content=ft.TextButton(content=ft.Text(t("why.link"), size=NOTE_SIZE,
                                              weight=ft.FontWeight.W_600),
                              icon=ft.Icons.HELP_OUTLINE, height=TAP,
                              on_click=lambda e: show(page, rulings)),
    )


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
