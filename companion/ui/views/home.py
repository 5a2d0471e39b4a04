"""Home: the tables in progress (open, delete), the five games to start a new one, and the
way to History (the finished plays: their results were shown)."""

from __future__ import annotations

import flet as ft

from companion.catalog import Game
from companion.i18n import LANGUAGE_NAMES, current_language, t
from companion.screens.home import Home, TableTile
from companion.screens.wording import game_title, players_label
from companion.ui import language
from companion.ui.widgets.common import (
    TAP,
    choice_chip,
    heading,
    labelled_icon_button,
    muted,
    screen,
    spoken_as,
)


def language_row(ctx) -> ft.Control:
    """English / 日本語, each written in its own language: this phone's words switch at
    once, the screen is drawn again in place, and the phone keeps the choice."""
    current = current_language()

    async def choose(code: str) -> None:
        if code == current_language():
            return
        await language.remember(ctx.page, code)
        ctx.redraw_all()

    def on_select(code: str):
        async def select(e) -> None:
            await choose(code)
        return select

    chips = [choice_chip(t("home.language_choice", language=name), name, code == current,
                         on_select(code), size=15)
             for code, name in LANGUAGE_NAMES.items()]
    return ft.Row([ft.Icon(ft.Icons.TRANSLATE, size=20, color=ft.Colors.ON_SURFACE_VARIANT),
                   *chips], spacing=8, wrap=True)


def read_only_banner(text: str, icon: ft.IconData = ft.Icons.LOCK_OUTLINE) -> ft.Control:
    return ft.Container(
        ft.Row([ft.Icon(icon, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(text, size=15, expand=True, color=ft.Colors.ON_ERROR_CONTAINER)],
               spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12,
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
    )


def build(ctx) -> ft.View:
    page = ctx.page
    home = Home.open(ctx.store, can_start=ctx.store.can_make_tables)

    def confirm_delete(tile: TableTile):
        def delete(e):
            answer, deleted = home.delete(ctx.engine, tile.id)
            page.pop_dialog()
            if answer.notice:  # the saved tables can only be read
                ctx.show_notice(answer.notice, kind=answer.kind)
                page.update()
                return
            ctx.redraw(build(ctx))
            # A tap on the wrong table's Delete can be taken back, log and sheet and all.
            ctx.show_notice(t("home.deleted"), kind="done",
                            action=None if deleted is None else
                            (t("home.undo_delete"), lambda: restore(deleted)))
            page.update()

        def restore(deleted) -> None:
            answer = home.restore(ctx.engine, deleted)
            if answer.notice:
                ctx.show_notice(answer.notice, kind=answer.kind)
                page.update()
                return
            ctx.redraw(build(ctx))
            ctx.show_notice(t("home.restored"), kind="done")
            page.update()

        page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(t("home.delete_title")),
                content=ft.Text(t("home.delete_body", game=t(tile.game.name),
                                  players=tile.players)),
                actions=[
                    ft.TextButton(content=t("common.cancel"), height=TAP,
                                  on_click=lambda e: page.pop_dialog()),
                    ft.FilledButton(content=t("home.delete_confirm"), height=TAP,
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR,
                                    on_click=delete),
                ],
            )
        )

    def table_tile(tile: TableTile) -> ft.Control:
        game = tile.game
        which = [] if tile.place is None else [tile.place]
        # Open and Delete each one node: a card is one node by default, and Open then
        # held Delete (axe-core: nested-interactive).
        return ft.Card(
            semantic_container=False,
            content=ft.Row(
                [
                    # One button whose name is its words in the order shown, the title
                    # read as what a tap does ("Open Latria table: Ann, Ben, Cleo,
                    # Campaign game 2 of 3, Last change …").
                    ft.ListTile(
                        title=spoken_as(game_title(game),
                                        t("home.open_table_title", game=t(game.name)),
                                        weight=ft.FontWeight.W_600),
                        subtitle=ft.Column(
                            [
                                ft.Text(tile.players, max_lines=2,
                                        overflow=ft.TextOverflow.ELLIPSIS),
                                *(ft.Text(w, size=15, weight=ft.FontWeight.W_600)
                                  for w in which),
                                muted(tile.last_change, size=14),
                            ],
                            spacing=2,
                        ),
                        on_click=lambda e, i=tile.id: ctx.go(f"/table/{i}"),
                        expand=True,
                    ),
                    labelled_icon_button(
                        t("home.delete_table", game=t(game.name), players=tile.players),
                        ft.Icons.DELETE_OUTLINE,
                        lambda e, s=tile: confirm_delete(s),
                    ),
                ],
                spacing=0,
            )
        )

    def game_tile(game: Game) -> ft.Control:
        return ft.Card(
            content=ft.ListTile(
                title=ft.Text(game_title(game), size=17, weight=ft.FontWeight.W_600),
                subtitle=ft.Text(players_label(game)),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                min_vertical_padding=10,
                on_click=lambda e, g=game: ctx.go(f"/new/{g.id}"),
            )
        )

    controls: list[ft.Control] = [language_row(ctx), heading(t("home.in_progress"))]
    if home.read_only:  # said at once, not at the first tap that cannot be saved
        controls.insert(0, read_only_banner(home.read_only))
    if home.tables:
        controls += [table_tile(tile) for tile in home.tables]
    else:
        controls.append(muted(t("home.none_in_progress")))
    controls.append(heading(t("home.new_table")))
    controls += [game_tile(g) for g in home.games]
    if not home.games:  # private tables, and only a table's link: no table of its own
        controls.append(muted(t("home.private_no_new")))
    # A table whose results were shown is over: in History (views/past_plays.py), after
    # the games, where a table is started from a finished one (Rematch); then the wins,
    # scores and charts of those plays (views/player_stats.py).
    controls.append(ft.Card(content=ft.ListTile(
        leading=ft.Icon(ft.Icons.HISTORY, size=30),
        title=ft.Text(t("history.home_tile"), size=17, weight=ft.FontWeight.W_600),
        subtitle=ft.Text(t("history.home_count", n=home.finished) if home.finished
                         else t("history.home_none")),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        min_vertical_padding=10,
        on_click=lambda e: ctx.go("/history"))))
    controls.append(ft.Card(content=ft.ListTile(
        leading=ft.Icon(ft.Icons.BAR_CHART, size=30),
        title=ft.Text(t("stats.button"), size=17, weight=ft.FontWeight.W_600),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        min_vertical_padding=10,
        on_click=lambda e: ctx.go("/stats"))))
    # The rulebooks, the rulings and a search across them: a question comes mid-game.
    rules = ft.FilledTonalButton(content=t("rules.hub_button"), icon=ft.Icons.MENU_BOOK,
                                 on_click=lambda e: ctx.go("/rules"))
    if ctx.browser is None and home.games:
        # Pinned under the list, so it is at hand whatever is in progress.
        invite = ft.FilledTonalButton(content=t("invite.button"), icon=ft.Icons.QR_CODE_2,
                                      expand=True, on_click=lambda e: ctx.go("/invite"))
        bottom = ft.Row([rules, invite])
    elif ctx.browser is None:  # a table's link alone: the server's code is not for it
        rules.expand = True
        bottom = ft.Row([rules])
    else:  # the static site: this phone alone, its tables in the browser's storage
        controls[:0] = browser_notices(ctx)
        controls.append(muted(t("site.alone")))
        rules.expand = True
        bottom = ft.Row([rules])
    # Light or dark, the screen kept on, larger text: this phone's own (views/settings.py).
    # History is also pinned in the app bar: below the games it is off a small screen.
    actions = [labelled_icon_button(t("history.title"), ft.Icons.HISTORY,
                                    lambda e: ctx.go("/history")),
               labelled_icon_button(t("settings.button"), ft.Icons.SETTINGS_OUTLINED,
                                    lambda e: ctx.go("/settings"))]
    return screen("/", t("app.title"), controls, bottom=bottom, actions=actions)


def browser_notices(ctx) -> list[ft.Control]:
    """What the static site says first on Home: a change the browser did not keep, or
    saved tables it may clear (it did not agree to keep its storage)."""
    if ctx.browser.failed:
        return [read_only_banner(t("site.not_kept", why=ctx.browser.failed),
                                 ft.Icons.WARNING_AMBER)]
    if ctx.browser.kept is False:
        return [read_only_banner(t("site.storage_not_kept"), ft.Icons.WARNING_AMBER)]
    return []
