"""The root of the app: fonts and theme, the saved-tables store, and routes → screens.

Routes (a stack of screens, so the system back gesture goes one screen up):
    /                       home: tables in progress, the five games
    /new/<game>             new table for a game
    /table/<id>             a table session: players, Setup, Play, Score
    /table/<id>/setup       the setup checklist and the draws
    /table/<id>/play        rounds, phases and markers, with undo
    /table/<id>/score       the score sheet being entered
    /table/<id>/results     ranking, winners and breakdowns
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import flet as ft

from companion.i18n import t
from companion.store import Store, StoreError

FONT_FAMILY = "NotoSansJP"
FONT_FILE = "fonts/NotoSansJP-Subset.otf"  # under assets/; see companion/fontsubset.py


@dataclass
class Context:
    """What every screen needs: the page, the store, and navigation."""

    page: ft.Page
    store: Store

    def go(self, route: str) -> None:
        self.page.navigate(route)

    def redraw(self, view: ft.View) -> None:
        """Show a freshly built version of the top screen in place.

        The View object stays (its contents are swapped): replacing it while a dialog is
        closing would leave the dialog on screen."""
        top = self.page.views[-1]
        top.controls = view.controls
        top.appbar = view.appbar
        self.page.update()

    def toast(self, message: str) -> None:
        self.page.show_dialog(ft.SnackBar(content=ft.Text(message)))


def parent_route(route: str) -> str:
    """The screen below ``route`` in the stack."""
    parts = [p for p in route.split("/") if p]
    if parts[:1] == ["table"] and len(parts) > 2:
        return "/" + "/".join(parts[:-1])
    return "/"


def build_view(ctx: Context, route: str) -> ft.View:
    from companion.views import home, new_table, play, results, score, setup, table

    parts = [p for p in route.split("/") if p]
    match parts:
        case ["new", game_id]:
            return new_table.build(ctx, game_id)
        case ["table", table_id]:
            return table.build(ctx, table_id)
        case ["table", table_id, "setup"]:
            return setup.build(ctx, table_id)
        case ["table", table_id, "play"]:
            return play.build(ctx, table_id)
        case ["table", table_id, "score"]:
            return score.build(ctx, table_id)
        case ["table", table_id, "results"]:
            return results.build(ctx, table_id)
        case _:
            return home.build(ctx)


def views_for(ctx: Context, route: str) -> list[ft.View]:
    stack = []
    while True:
        stack.append(build_view(ctx, route))
        if route == "/":
            break
        route = parent_route(route)
    return list(reversed(stack))


def store_error_view(err: StoreError) -> ft.View:
    messages = {
        "corrupt": t("store.error_corrupt", path=err.path, detail=err.details.get("detail")),
        "newer": t("store.error_newer", path=err.path, found=err.details.get("found"),
                   known=err.details.get("known")),
        "foreign": t("store.error_foreign", path=err.path, names=err.details.get("names")),
        "io": t("store.error_io", path=err.path, detail=err.details.get("detail")),
    }
    return ft.View(
        route="/",
        padding=ft.Padding.all(16),
        controls=[
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=40),
            ft.Text(t("store.error_title"), size=22, weight=ft.FontWeight.W_600),
            ft.Text(messages[err.kind], selectable=True),
            ft.Text(t("store.error_keep")),
        ],
    )


def make_main(data_dir: Path):
    """The Flet entry point for a data folder (one store shared by every browser session)."""
    store: Store | StoreError
    try:
        store = Store(data_dir)
    except StoreError as err:
        store = err

    def main(page: ft.Page) -> None:
        page.title = t("app.title")
        page.fonts = {FONT_FAMILY: FONT_FILE}
        # Screens switch without a slide: a tap made while the next screen was still
        # sliding in could be lost (seen in the browser tests), and at a table a quick
        # switch matters more than the animation.
        instant = ft.PageTransitionTheme.NONE
        page.theme = ft.Theme(
            font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.INDIGO,
            page_transitions=ft.PageTransitionsTheme(
                android=instant, ios=instant, linux=instant, macos=instant, windows=instant),
        )
        page.theme_mode = ft.ThemeMode.LIGHT
        if isinstance(store, StoreError):
            page.views.clear()
            page.views.append(store_error_view(store))
            page.update()
            return
        ctx = Context(page=page, store=store)

        def route_change(e=None) -> None:
            page.views.clear()
            page.views.extend(views_for(ctx, page.route))
            page.update()

        async def view_pop(e: ft.ViewPopEvent) -> None:
            await page.push_route(parent_route(page.route))

        page.on_route_change = route_change
        page.on_view_pop = view_pop
        route_change()

    return main
