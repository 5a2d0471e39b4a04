"""Players: correct a table's names, and move players to other seats before play begins.
What Save does is the model's (companion/screens/players.py); this draws one row per
player, moved with the player."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.catalog import GAMES
from companion.i18n import t
from companion.screens.players import Players
from companion.screens.wording import game_title
from companion.ui.views.names import name_field
from companion.ui.widgets.common import (
    labelled_icon_button,
    muted,
    primary_button,
    rename_icon_button,
    screen,
)
from companion.web.flet_internals import send_together


class Seat:
    """A player's row on the screen: the seat they had (``old``), their name field and,
    while seats can change, the arrows that ``move`` them a seat up or down."""

    def __init__(self, old: int, field: ft.TextField,
                 move: Callable[[Seat, int], None] | None) -> None:
        self.old, self.field = old, field
        self.arrows = () if move is None else tuple(
            labelled_icon_button("", icon, lambda e, step=step: move(self, step))
            for icon, step in ((ft.Icons.ARROW_UPWARD, -1), (ft.Icons.ARROW_DOWNWARD, 1)))
        self.row = ft.Row([ft.Container(field, expand=True), *self.arrows], spacing=2,
                          vertical_alignment=ft.CrossAxisAlignment.START)


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/players"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    model = Players.open(ctx.store, table_id)
    if model is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    session = model.session
    form_error = ft.Text("", color=ft.Colors.ERROR, visible=False, size=15)

    def typed(e: ft.ControlEvent) -> None:
        if e.control.error:
            e.control.error = None
            e.control.update()
        # The arrows say the name as it is typed ("Move Annie down a seat", not Ann).
        seat = next((s for s in seats if s.field is e.control), None)
        if seat is not None and seat.arrows and name_arrows(seat):
            send_together(ctx.page, seat.arrows)

    def move(seat: Seat, step: int) -> None:
        k = seats.index(seat)
        if not 0 <= k + step < len(seats):
            return  # a second quick tap: the arrow was turned off by the first
        seats[k], seats[k + step] = seats[k + step], seats[k]
        arrange()
        ctx.page.update()

    # One row per player, made once and moved with the player: a move shows the same
    # fields and arrows in a new order instead of new ones, so a field typed in just as
    # the rows move keeps its letters, and an arrow moves the player it was drawn for.
    seats = [Seat(old, name_field(t("players.seat", n=old + 1), name, name, typed),
                  move if model.locked is None else None)
             for old, name in enumerate(session.players)]
    rows = ft.Column(spacing=8)

    def arrange() -> None:
        """Each row in its seat: the seat's number, and arrows that name its player."""
        rows.controls = [seat.row for seat in seats]
        for k, seat in enumerate(seats):
            seat.field.label = t("players.seat", n=k + 1)
            if seat.arrows:
                name_arrows(seat)
                up, down = seat.arrows
                up.disabled, down.disabled = k == 0, k == len(seats) - 1

    def name_arrows(seat: Seat) -> bool:
        """Name the seat's arrows after its player; returns whether a name changed."""
        shown = (seat.field.value or "").strip() or session.players[seat.old]
        changed = False
        for arrow, key in zip(seat.arrows, ("players.move_up", "players.move_down"),
                              strict=True):
            changed |= rename_icon_button(arrow, t(key, name=shown))
        return changed

    def save(e) -> None:
        saving = model.save(ctx.engine, [(seat.old, seat.field.value or "") for seat in seats])
        for k, seat in enumerate(seats):
            seat.field.error = (saving.names or {}).get(k)
        form_error.value = t("players.fix")
        form_error.visible = saving.done == "names"
        if saving.done == "names":
            ctx.page.update()
        elif saving.done == "unchanged":
            ctx.toast(t("players.unchanged"), then_go=f"/table/{table_id}")
        elif saving.done == "saved":
            ctx.toast(t("players.saved"), then_go=f"/table/{table_id}")
        elif saving.done == "moved_on":  # Play tapped meanwhile
            ctx.redraw(build(ctx, table_id), notice=t("players.changed_elsewhere"))
        elif saving.told.gone:  # deleted on another phone
            ctx.redraw(build(ctx, table_id))
        else:  # the store can only be read: said, and the names typed stay
            ctx.show_notice(saving.told.notice, kind=saving.told.kind)
            ctx.page.update()

    arrange()
    controls: list[ft.Control] = [ft.Text(t(model.note), size=15), rows]
    bottom = ft.Column([form_error, ft.Row([primary_button(t("players.save"), save,
                                                           ft.Icons.CHECK)])], spacing=6)
    return screen(route, t("players.title", game=game_title(GAMES[session.game])), controls,
                  on_back=back, bottom=bottom)
