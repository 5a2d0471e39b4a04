"""Players: correct a table's names, and move players to other seats before play begins.

A rename keeps everything: the store writes the new name into the players list, the
play log and the score sheet in one transaction (and into every game of a Latria
campaign), so a misspelt name can be fixed at any time (companion/renaming.py). The
seats count for the setup's draws and for the turn order, so they can change only until
the first tap of play (and before a campaign's second game).
"""

from __future__ import annotations

import flet as ft

from companion import campaign
from companion.catalog import GAMES
from companion.i18n import t
from companion.store import Conflict, PlayersLocked, StoreError
from companion.views.home import game_title
from companion.views.names import name_field
from companion.views.new_table import name_error
from companion.widgets.common import labelled_icon_button, muted, primary_button, screen
from scorers.base import name_issues


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
    # Seat by seat: the old seat and the name typed (kept across a redraw of the rows).
    seats: list[list] = [[i, name] for i, name in enumerate(session.players)]
    fields: list[ft.TextField] = []
    rows = ft.Column(spacing=8)
    form_error = ft.Text("", color=ft.Colors.ERROR, visible=False, size=15)

    def typed(k: int, e: ft.ControlEvent) -> None:
        seats[k][1] = e.control.value
        if e.control.error:
            e.control.error = None
            e.control.update()

    def move(k: int, step: int) -> None:
        seats[k], seats[k + step] = seats[k + step], seats[k]
        render()
        ctx.page.update()

    def render() -> None:
        fields.clear()
        rows.controls = []
        for k, (old, name) in enumerate(seats):
            field = name_field(t("players.seat", n=k + 1), name, session.players[old],
                               lambda e, k=k: typed(k, e))
            fields.append(field)
            parts: list[ft.Control] = [ft.Container(field, expand=True)]
            if locked is None:
                shown = name.strip() or session.players[old]
                up = labelled_icon_button(t("players.move_up", name=shown),
                                          ft.Icons.ARROW_UPWARD, lambda e, k=k: move(k, -1))
                down = labelled_icon_button(t("players.move_down", name=shown),
                                            ft.Icons.ARROW_DOWNWARD, lambda e, k=k: move(k, 1))
                up.content.disabled = k == 0
                down.content.disabled = k == len(seats) - 1
                parts += [up, down]
            rows.controls.append(ft.Row(parts, spacing=2,
                                        vertical_alignment=ft.CrossAxisAlignment.START))

    def save(e) -> None:
        names = [name.strip() for _, name in seats]
        issues = name_issues(names)
        for field in fields:
            field.error = None
        for index, issue, other in issues:
            fields[index].error = name_error(issue, other)
        form_error.value = t("players.fix")
        form_error.visible = bool(issues)
        if issues:
            ctx.page.update()
            return
        if [(old, name) for old, name in seats] == list(enumerate(session.players)) and \
                names == session.players:
            ctx.toast(t("players.unchanged"))
            ctx.go(f"/table/{table_id}")
            return
        try:
            ctx.store.edit_players(table_id, [(old, name) for old, name in zip(
                [s[0] for s in seats], names, strict=True)], expected_seq=seq)
        except (Conflict, PlayersLocked):  # another phone tapped Play meanwhile
            ctx.redraw(build(ctx, table_id), notice=t("players.changed_elsewhere"))
            return
        except (KeyError, StoreError):  # deleted, or the store can only be read
            ctx.redraw(build(ctx, table_id))
            return
        for other in series:
            ctx.announce(other.id, "table")
        ctx.toast(t("players.saved"))
        ctx.go(f"/table/{table_id}")

    render()
    note = {"play": "players.locked_play", "series": "players.locked_series"}.get(
        locked, "players.order_hint")
    controls: list[ft.Control] = [ft.Text(t(note), size=15), rows]
    bottom = ft.Column([form_error, ft.Row([primary_button(t("players.save"), save,
                                                           ft.Icons.CHECK)])], spacing=6)
    return screen(route, t("players.title", game=game_title(GAMES[session.game])), controls,
                  on_back=back, bottom=bottom)
