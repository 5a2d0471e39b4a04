"""The Rulings screen: every reading the app made where a rulebook is silent or unclear
(docs/RULINGS.md), in the players' words: the reading at the table, the rulebook's words
it rests on, why, and where the app uses it; searchable like the rulebook. From Home (all
games) or a table (that game's, and those for every game). The route's query may name a
ruling to open (``id``) and words to highlight (``q``).
"""

from __future__ import annotations

import asyncio

import flet as ft

from companion.catalog import GAMES
from companion.i18n import t
from companion.rules.rulings_doc import Entry, entries, quotes_original, said, where_label
from companion.rules.search import Hit, spans
from companion.screens.rulings_list import RulingsList
from companion.ui.routes import parent_route, ruling_route
from companion.ui.views import table_readings
from companion.ui.views.rulebook import full_width, query_of, search_field, words
from companion.ui.widgets.common import PAGE_PADDING, app_bar, heading, muted


def entry_card(ctx, route: str, entry: Entry, query: str = "", opened: bool = False):
    title, table, why = said(entry, "title"), said(entry, "table"), said(entry, "why")

    def label(key: str) -> ft.Text:
        return ft.Text(t(key), size=14, weight=ft.FontWeight.W_600,
                       color=ft.Colors.ON_SURFACE_VARIANT)

    inside: list[ft.Control] = []
    if entry.rulebook:
        # Latoro's quotes are its Japanese original (in Japanese without the English
        # glosses); the other rulebooks are English, which the Japanese heading says.
        latoro = quotes_original(entry.id)
        rulebook = said(entry, "rulebook") if latoro else entry.rulebook
        inside += [label("rules.ruling_rulebook_original" if latoro else "rules.ruling_rulebook"),
                   words(rulebook, spans(rulebook, query), size=15, italic=True)]
    if why:
        inside += [label("rules.ruling_why"), words(why, spans(why, query))]
    inside += [label("rules.ruling_where"), ft.Text(where_label(entry), size=15)]
    target = ruling_route(route, entry)
    if target is not None:
        inside.append(ft.Row([ft.TextButton(content=t("rules.open_in_rulebook"),
                                            icon=ft.Icons.MENU_BOOK, height=48,
                                            on_click=lambda e: ctx.go(target))]))
    return ft.Card(key=ft.ScrollKey(entry.id), content=ft.ExpansionTile(
        title=words(title, spans(title, query), size=17, weight=ft.FontWeight.W_600),
        subtitle=words(table, spans(table, query), size=15),
        controls=[ft.Container(ft.Column(inside, spacing=8), alignment=ft.Alignment.TOP_LEFT,
                               padding=ft.Padding.only(left=16, right=16, bottom=14))],
        expanded=opened, shape=ft.RoundedRectangleBorder(radius=12),
        collapsed_shape=ft.RoundedRectangleBorder(radius=12)))


def ruling_rows(hits: list[Hit], query: str, on_open) -> list[ft.Control]:
    """Search results among the rulings (Rules screen): title and reading, highlighted."""
    found = {e.id: e for e in entries()}
    rows = []
    for hit in hits:
        entry = found[hit.section]
        title, table = said(entry, "title"), said(entry, "table")
        rows.append(ft.Semantics(label=title, button=True, content=ft.Container(
            ft.Column([muted(where_label(entry), size=13),
                       words(title, spans(title, query), size=17, weight=ft.FontWeight.W_600),
                       words(table, spans(table, query), size=15)], spacing=4),
            padding=ft.Padding.all(12), border_radius=10, ink=True,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, on_click=lambda e, h=hit: on_open(h))))
    return rows


def build(ctx, route: str, table_id: str | None = None) -> ft.View:
    model = RulingsList.open(ctx.store, table_id)
    game_id = model.game
    # the table's own readings follow the table (a choice made on another phone)
    ctx.live[route] = (lambda change: redraw()) if model.session is not None else (
        lambda change: None)
    query = query_of(route)
    opened = query.get("id")
    body = ft.Column(spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
    draft = ctx.drafts.setdefault(("rulings", game_id), {"q": query.get("q", "")})

    def fill() -> None:
        text = draft["q"]
        groups = model.groups(text, opened)
        if groups is None:
            body.controls = [muted(t("rules.nothing", query=text.strip()), size=16)]
            return
        searched = text if len(text.strip()) >= 2 else ""
        controls: list[ft.Control] = []
        if model.session is not None and not searched:  # the table's own readings first
            controls += table_readings.section(ctx, model, redraw)
        controls.append(muted(t("rules.rulings_intro"), size=15))
        for group in groups:
            controls.append(heading(t(GAMES[group.game].name) if group.game
                                    else t("rules.every_game")))
            controls += [entry_card(ctx, route, e, searched, unfolded)
                         for e, unfolded in group.rulings]
        body.controls = controls

    def changed(e) -> None:
        draft["q"] = field.value or ""
        fill()
        ctx.page.update()

    def redraw() -> None:
        nonlocal model
        again = RulingsList.open(ctx.store, table_id)
        model = again if again.session is not None else model
        fill()
        ctx.page.update()

    field = search_field(t("rules.search_rulings"), changed)
    field.value = draft["q"]
    fill()
    if opened:
        async def scroll() -> None:
            await asyncio.sleep(0.25)  # the page has to be laid out first
            await body.scroll_to(scroll_key=ft.ScrollKey(opened), duration=300)
            await asyncio.sleep(1.0)  # a late font moves the text: once more
            await body.scroll_to(scroll_key=ft.ScrollKey(opened), duration=0)

        ctx.page.run_task(scroll)
    title = t("rules.rulings_for", game=t(GAMES[game_id].name)) if game_id else t(
        "rules.rulings_title")
    return ft.View(route=route, appbar=app_bar(title, lambda e: ctx.go(parent_route(route))),
                   controls=[full_width(field), body], padding=ft.Padding.all(PAGE_PADDING),
                   spacing=10)
