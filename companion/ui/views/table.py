"""A table session's page: the players and the Setup, Play and Score sections."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.screens.table_overview import TableOverview
from companion.screens.wording import game_title
from companion.ui.score_forms import form_for
from companion.ui.views.access_code import serving_of
from companion.ui.widgets.common import TAP, heading, muted, screen


def section(title: str, hint: str, icon: ft.IconData, route: str | None, ctx) -> ft.Control:
    available = route is not None
    return ft.Card(
        content=ft.ListTile(
            leading=ft.Icon(icon, size=30),
            title=ft.Text(title, size=18, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(hint if available else f"{hint}\n{t('table.not_yet')}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT) if available else None,
            disabled=not available,
            min_vertical_padding=10,
            on_click=(lambda e: ctx.go(route)) if available else None,
        )
    )


def build(ctx, table_id: str) -> ft.View:
    shown = TableOverview.open(ctx.store, table_id)
    if shown is None:
        return screen(f"/table/{table_id}", t("app.title"), [muted(t("table.not_found"))],
                      on_back=lambda e: ctx.go("/"))
    session = shown.session
    players = ft.Column(
        [
            ft.Row([ft.Icon(ft.Icons.PERSON_OUTLINE), ft.Text(name, size=16, expand=True)])
            for name in session.players
        ],
        spacing=6,
    )
    controls: list[ft.Control] = [
        muted(shown.variant),
        heading(t("table.players")),
        players,
        ft.Row([ft.TextButton(content=t("players.edit"), icon=ft.Icons.EDIT_OUTLINED,
                              height=TAP,
                              on_click=lambda e: ctx.go(f"/table/{table_id}/players"))]),
        section(t("table.setup"), t("table.setup_hint"), ft.Icons.CHECKLIST,
                f"/table/{table_id}/setup", ctx),
        section(t("table.play"), t("table.play_hint"), ft.Icons.PLAY_CIRCLE_OUTLINE,
                f"/table/{table_id}/play", ctx),
        section(t("table.score"), t("table.score_hint"), ft.Icons.SCOREBOARD_OUTLINED,
                f"/table/{table_id}/score" if form_for(session.game) else None, ctx),
        section(t("rules.table_rulebook"), t("rules.table_rulebook_hint"), ft.Icons.MENU_BOOK,
                f"/table/{table_id}/rules", ctx),
        section(t("rules.table_rulings"), t("rules.table_rulings_hint"), ft.Icons.GAVEL,
                f"/table/{table_id}/rulings", ctx),
    ]
    serving = serving_of(ctx.page)
    if serving is not None and serving.private_tables:  # the phones join table by table
        controls.insert(4, section(t("invite.table_button"), t("invite.table_button_hint"),
                                   ft.Icons.QR_CODE_2, f"/table/{table_id}/invite", ctx))
    if shown.place is not None:
        controls.insert(0, ft.Text(shown.place, size=17, weight=ft.FontWeight.W_600))
    return screen(f"/table/{table_id}", game_title(shown.game), controls,
                  on_back=lambda e: ctx.go("/"))
