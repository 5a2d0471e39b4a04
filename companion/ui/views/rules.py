"""The Rules screen reached from Home (the five rulebooks, the rulings, and a search across
them all), and which of the rules' screens a route opens: the Rulebook and Rulings screens
open each other only through their routes, so neither imports the other.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

import flet as ft

from companion.catalog import GAMES
from companion.i18n import t
from companion.rules.search import Hit, search
from companion.screens.wording import name_beside
from companion.ui.views import rulebook, rulings
from companion.ui.views.rulebook import full_width, result_rows, search_field
from companion.ui.widgets.common import PAGE_PADDING, app_bar, heading, muted


def rules_view(ctx, route: str) -> ft.View | None:
    """The screen for a route of the rules (companion/ui/app.py asks here first), or None:
    ``/rules`` (Rules), ``/rules/rulings``, ``/rules/<game>`` and ``/rules/rulings/<game>``
    (a rulebook), ``/table/<id>/rulings``, and ``/table/<id>/rules``,
    ``/table/<id>/<screen>/rules`` (the table's rulebook, opened from that screen). The
    query (``?s=…``) stays in the screen's route."""
    match [p for p in urlsplit(route).path.split("/") if p]:
        case ["rules"]:
            return build(ctx, route)
        case ["rules", "rulings"]:
            return rulings.build(ctx, route)
        case ["rules", *_, game_id]:
            return rulebook.build(ctx, route, game_id=game_id)
        case ["table", table_id, "rulings"]:
            return rulings.build(ctx, route, table_id=table_id)
        case ["table", table_id, *_, "rules"]:
            return rulebook.build(ctx, route, table_id=table_id)
    return None


def build(ctx, route: str) -> ft.View:
    """Rules, from Home: each game's rulebook, the rulings, and a search across them."""
    ctx.live[route] = lambda change: False  # nothing here follows a table
    body = ft.Column(spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)

    def open_hit(hit: Hit) -> None:
        if hit.kind == "ruling":
            ctx.go("/rules/rulings?" + urlencode({"id": hit.section, "q": field.value or ""}))
            return
        ctx.go(f"/rules/{hit.game}?" + urlencode({"book": hit.book, "s": hit.section,
                                                   "q": field.value or ""}))

    def tile(title: str, subtitle: str, icon, target: str) -> ft.Control:
        return ft.Card(content=ft.ListTile(
            leading=ft.Icon(icon), title=ft.Text(title, size=17, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(subtitle) if subtitle else None,
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), min_vertical_padding=10,
            on_click=lambda e: ctx.go(target)))

    def show_lists() -> None:
        body.controls = [
            heading(t("rules.rulebooks")),
            *[tile(t("rules.book_title", game=t(g.name)), name_beside(g), ft.Icons.MENU_BOOK,
                   f"/rules/{g.id}") for g in GAMES.values()],
            heading(t("rules.rulings_heading")),
            tile(t("rules.rulings_title"), t("rules.rulings_hint"), ft.Icons.GAVEL,
                 "/rules/rulings"),
        ]

    def fill() -> None:
        text = field.value or ""
        ctx.drafts[("rules-hub",)] = {"q": text}  # kept for the way back from a result
        if len(text.strip()) < 2:
            show_lists()
        else:
            books_found = search(text)
            rulings_found = search(text, kind="ruling")
            body.controls = result_rows(books_found, text, open_hit, with_game=True,
                                        with_language=True)
            if rulings_found:
                body.controls += [heading(t("rules.rulings_heading")),
                                  *rulings.ruling_rows(rulings_found, text, open_hit)]
            if not body.controls:
                body.controls = [muted(t("rules.nothing", query=text.strip()), size=16)]

    def redraw(e=None) -> None:
        fill()
        ctx.page.update()

    field = search_field(t("rules.search_all"), redraw)
    field.value = ctx.drafts.get(("rules-hub",), {}).get("q", "")
    fill()
    return ft.View(route=route, appbar=app_bar(t("rules.hub_title"), lambda e: ctx.go("/")),
                   controls=[full_width(field), body], padding=ft.Padding.all(PAGE_PADDING),
                   spacing=10)

