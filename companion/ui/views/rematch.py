"""After a finished play, on Results and on its History entry: Rematch (everyone moves one
seat on, so another player sits first), Same seats, and Reopen the table (reopen: the table
is in progress again, on Home and out of History; its finish date stays).

Two buttons rather than one and a choice: each rematch is one tap, and the common one
(rotated, so the first seat goes round the table over an evening) is the filled one. A
solo game has one seat: one Rematch, the same game again.
A Latria campaign game offers no rematch while its series has games to come: the way on
is its Results' "Next game"; a finished series' rematch is a new campaign (Store.rematch).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import Outcome, Refused, Stale
from companion.i18n import t
from companion.table import campaign
from companion.table.record import TableSession
from companion.ui.widgets.common import spoken_as


def can_rematch(ctx, session: TableSession) -> bool:
    if session.variant != "campaign":
        return True
    return not campaign.can_start_next(ctx.store.series(campaign.series_id(session)))


def start(ctx, session: TableSession, rotate: bool) -> None:
    open_new_table(ctx, lambda: ctx.engine.rematch(session.id, rotate=rotate))


def open_new_table(ctx, make: Callable[[], Outcome]) -> None:
    """Make a table from a finished one (a rematch, a campaign's next game: the engine
    tells the other phones) and open it; or say why it cannot be saved, on the screen as
    it is."""
    outcome = make()
    if isinstance(outcome, Stale):  # the finished table was deleted on another phone
        ctx.go("/history")
    elif isinstance(outcome, Refused):  # the saved tables can only be read
        ctx.show_notice(outcome.text(), kind="refused")
        ctx.page.update()
    else:
        ctx.go(f"/table/{outcome.value.id}")


def reopen(ctx, session: TableSession) -> None:
    outcome = ctx.engine.reopen(session.id)
    if isinstance(outcome, Stale):
        ctx.go("/history")
        return
    if isinstance(outcome, Refused):
        ctx.show_notice(outcome.text(), kind="refused")
        ctx.page.update()
        return
    ctx.toast(t("history.reopened"), then_go=f"/table/{session.id}")


def buttons(ctx, session: TableSession, with_reopen: bool = True) -> ft.Control:
    """One wrapping row: Rematch, Same seats and (on Results) Reopen the table. A table
    of one (Luna's solo game, against the virtual opponent) has no seats to move: one
    plain Rematch."""
    row: list[ft.Control] = []
    if len(session.players) == 1 and can_rematch(ctx, session):
        row.append(ft.FilledButton(
            content=spoken_as(t("history.rematch"), t("history.rematch_solo_spoken")),
            icon=ft.Icons.AUTORENEW, on_click=lambda e: start(ctx, session, rotate=False)))
    elif can_rematch(ctx, session):
        row += [
            ft.FilledButton(
                content=spoken_as(t("history.rematch"), t("history.rematch_spoken")),
                icon=ft.Icons.AUTORENEW, on_click=lambda e: start(ctx, session, rotate=True)),
            ft.OutlinedButton(
                content=spoken_as(t("history.same_seats"), t("history.same_seats_spoken")),
                icon=ft.Icons.EVENT_SEAT_OUTLINED,
                on_click=lambda e: start(ctx, session, rotate=False)),
        ]
    if with_reopen:
        row.append(ft.TextButton(content=t("history.reopen"), icon=ft.Icons.UNDO,
                                 on_click=lambda e: reopen(ctx, session)))
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
