"""Rematch, Same seats and Reopen the table, on Results and on a History entry (what each
does is companion/screens/rematch.py's).

Two buttons rather than one and a choice: each rematch is one tap, and the common one
(rotated, so the first seat goes round the table over an evening) is the filled one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t
from companion.screens import rematch
from companion.screens.rematch import Opened
from companion.ui.widgets.common import spoken_as

if TYPE_CHECKING:  # a type the screens are handed, not a use of the table's logic
    from companion.table.record import TableSession


def go(ctx, way: Opened, reopened: bool = False) -> None:
    """Open the table a rematch made (or reopened); History when the finished table was
    deleted on another phone; else say why nothing was saved, on the screen as it is."""
    if way.gone:
        ctx.go("/history")
    elif way.told is not None:
        ctx.show_notice(way.told.notice, kind=way.told.kind)
        ctx.page.update()
    elif reopened:
        ctx.toast(t("history.reopened"), then_go=f"/table/{way.table_id}")
    else:
        ctx.go(f"/table/{way.table_id}")


def buttons(ctx, session: TableSession, with_reopen: bool = True) -> ft.Control:
    """One wrapping row: Rematch, Same seats and (on Results) Reopen the table. A table
    of one (Luna's solo game, against the virtual opponent) has no seats to move: one
    plain Rematch."""
    row: list[ft.Control] = []

    def start(rotate: bool) -> None:
        go(ctx, rematch.rematch(ctx.engine, session, rotate))

    offered = rematch.rematches(ctx.store, session)
    if offered == "solo":
        row.append(ft.FilledButton(
            content=spoken_as(t("history.rematch"), t("history.rematch_solo_spoken")),
            icon=ft.Icons.AUTORENEW, on_click=lambda e: start(rotate=False)))
    elif offered == "seats":
        row += [
            ft.FilledButton(
                content=spoken_as(t("history.rematch"), t("history.rematch_spoken")),
                icon=ft.Icons.AUTORENEW, on_click=lambda e: start(rotate=True)),
            ft.OutlinedButton(
                content=spoken_as(t("history.same_seats"), t("history.same_seats_spoken")),
                icon=ft.Icons.EVENT_SEAT_OUTLINED,
                on_click=lambda e: start(rotate=False)),
        ]
    if with_reopen:
        row.append(ft.TextButton(
            content=t("history.reopen"), icon=ft.Icons.UNDO,
            on_click=lambda e: go(ctx, rematch.reopen(ctx.engine, session), reopened=True)))
    return ft.Row(row, wrap=True, spacing=8, run_spacing=8)


def after_results(ctx, session: TableSession) -> list[ft.Control]:
    """What Results add under the ranking: when the sheet was corrected after the finish,
    and the row of buttons above."""
    from companion.screens.wording import when

    controls: list[ft.Control] = []
    if session.corrected_at is not None:
        controls.append(ft.Text(t("history.corrected", when=when(session.corrected_at)),
                                size=14, color=ft.Colors.ON_SURFACE_VARIANT))
    return [*controls, buttons(ctx, session)]
