"""Players: correct a table's names, and move players to other seats before play begins.

A rename keeps everything: the store writes the new name into the players list and the
score sheet in one transaction (and into every game of a Latria campaign), and the play
log names seats, so a misspelt name can be fixed at any time (companion/table/renaming.py). The
seats count for the setup's draws and for the turn order, so they can change only until
the first tap of play (and before a campaign's second game).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.catalog import GAMES
from companion.engine import Saved, Stale
from companion.i18n import t
from companion.screens.names import name_error
from companion.screens.wording import game_title
from companion.table import campaign
from companion.ui.views.names import name_field
from companion.ui.widgets.common import (
    labelled_icon_button,
    muted,
    primary_button,
    rename_icon_button,
    screen,
)
from scorers.base import name_issues


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
    session = ctx.store.get_table(table_id)
    if session is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    _, seq = ctx.store.log(table_id)
    series = (ctx.store.series(campaign.series_id(session)) if session.variant == "campaign"
              else [session])
    locked = "play" if seq else "series" if len(series) > 1 else None
    form_error = ft.Text("", color=ft.Colors.ERROR, visible=False, size=15)

    def typed(e: ft.ControlEvent) -> None:
        if e.control.error:
            e.control.error = None
            e.control.update()
        # The arrows say the name as it is typed ("Move Annie down a seat", not Ann).
        seat = next((s for s in seats if s.field is e.control), None)
        if seat is not None and seat.arrows and name_arrows(seat):
            ctx.page.update(*seat.arrows)

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
                  move if locked is None else None)
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
        names = [(seat.field.value or "").strip() for seat in seats]
        issues = name_issues(names)
        for seat in seats:
            seat.field.error = None
        for index, issue, other in issues:
            seats[index].field.error = name_error(issue, other)
        form_error.value = t("players.fix")
        form_error.visible = bool(issues)
        if issues:
            ctx.page.update()
            return
        olds = [seat.old for seat in seats]
        if olds == list(range(len(session.players))) and names == session.players:
            ctx.toast(t("players.unchanged"), then_go=f"/table/{table_id}")
            return
        outcome = ctx.engine.edit_players(table_id, list(zip(olds, names, strict=True)), seq)
        if isinstance(outcome, Stale) and outcome.kind != "gone":  # Play tapped meanwhile
            ctx.redraw(build(ctx, table_id), notice=t("players.changed_elsewhere"))
            return
        if not isinstance(outcome, Saved):  # deleted, or the store can only be read
            ctx.redraw(build(ctx, table_id))
            return
        ctx.toast(t("players.saved"), then_go=f"/table/{table_id}")

    arrange()
    note = {"play": "players.locked_play", "series": "players.locked_series"}.get(
        locked, "players.order_hint")
    controls: list[ft.Control] = [ft.Text(t(note), size=15), rows]
    bottom = ft.Column([form_error, ft.Row([primary_button(t("players.save"), save,
                                                           ft.Icons.CHECK)])], spacing=6)
    return screen(route, t("players.title", game=game_title(GAMES[session.game])), controls,
                  on_back=back, bottom=bottom)
