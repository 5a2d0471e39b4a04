"""The Rulebook screen: a game's rulebook, its contents and a search. (The Rules screen
from Home, and which screen each route of the rules opens, are in views/rules.py.)

The rulebook is one scrolling page: the contents, then every section; a tap in the
contents or on a search result scrolls to its section. The route's query says where to
land: ``book`` (Latoro has the Japanese original and the English translation), ``s``
(a section id), ``m`` (the passage to mark, offsets in the section's text: the words a
Play step quotes) and ``q`` (search words to highlight there). Nothing here changes a
table, so another phone's taps never redraw it (what is typed stays).
"""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.catalog import GAMES
from companion.i18n import t
from companion.rules.rulebooks import Block, Book, Link, Section, books_for, columns
from companion.rules.search import Hit, search, snippet, spans
from companion.ui.routes import parent_route
from companion.ui.widgets.common import PAGE_PADDING, ChoiceRow, app_bar, muted

BODY = 16  # the rulebook's words: read at arm's length in dim light
HEADING = {1: 22, 2: 19}  # larger levels: 17
MARK = ft.TextStyle(bgcolor=ft.Colors.TERTIARY_CONTAINER, color=ft.Colors.ON_TERTIARY_CONTAINER)
RESULTS = 25


def query_of(route: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(route).query).items()}


def marks_of(value: str) -> list[tuple[int, int]]:
    """``"12-240,300-512"`` → [(12, 240), (300, 512)]; anything malformed is left out."""
    out = []
    for part in value.split(","):
        a, _, b = part.partition("-")
        if a.isdigit() and b.isdigit() and int(a) < int(b):
            out.append((int(a), int(b)))
    return out


def rule_route(route: str, link: Link) -> str:
    """Where "Open in the rulebook" goes from the screen at ``route``: the rulebook at
    ``link``'s section, its passages marked."""
    return f"{urlsplit(route).path.rstrip('/')}/rules?{link.query()}"


# --- words with marks -------------------------------------------------------------------

def words(text: str, marks: list[tuple[int, int]], *, size: int = BODY, runin: int = 0,
          italic: bool = False, weight: ft.FontWeight | None = None) -> ft.Text:
    """``text`` with the ``marks`` highlighted and its first ``runin`` characters set as
    a heading (Latria's "Step 4: Acquire cards."). Not selectable: selectable text takes
    a tap for itself and is not read out by screen readers (Flutter web)."""
    cuts = sorted({0, len(text), runin, *(x for m in marks for x in m)} - {-1})
    cuts = [c for c in cuts if 0 <= c <= len(text)]
    pieces: list[ft.TextSpan] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        if a == b:
            continue
        marked = any(m0 <= a and b <= m1 for m0, m1 in marks)
        style = ft.TextStyle(size=HEADING[2], weight=ft.FontWeight.W_700) if a < runin else None
        if marked:
            style = MARK if style is None else ft.TextStyle(
                size=style.size, weight=style.weight, bgcolor=MARK.bgcolor, color=MARK.color)
        pieces.append(ft.TextSpan(text[a:b], style=style))
    return ft.Text(spans=pieces, size=size, italic=italic, weight=weight)


def _card(lines: list[ft.Control]) -> ft.Control:
    return ft.Container(ft.Column(lines, spacing=2), padding=ft.Padding.all(10),
                        bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=8)


def _table(block: Block) -> ft.Control:
    """A table as one card per row (a phone is too narrow for its columns): the row's
    first cell, then each other column's heading with the row's cell."""
    header, *rows = block.rows
    cards = []
    for row in rows:
        pairs = [(header[j] if j < len(header) else "", cell)
                 for j, cell in enumerate(row) if j > 0]
        short = all(len(cell) <= 6 for _, cell in pairs)
        name = row[0] if any(ch.isalpha() for ch in row[0]) else f"{header[0]}: {row[0]}"
        lines: list[ft.Control] = [ft.Text(name, size=BODY, weight=ft.FontWeight.W_600)]
        if short:
            # a pair never breaks ("11–15: -"): lines wrap between pairs only
            lines.append(ft.Text("   ".join(f"{h}:\u00a0{c}".replace("–", "–\u2060")
                                            for h, c in pairs), size=BODY))
        else:
            lines += [ft.Text(spans=[ft.TextSpan(f"{h}: ", ft.TextStyle(
                weight=ft.FontWeight.W_600)), ft.TextSpan(c)], size=BODY) for h, c in pairs]
        cards.append(_card(lines))
    return ft.Column([muted(" · ".join(header), size=13), *cards], spacing=6,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _columns(block: Block) -> ft.Control:
    """Lines laid out in columns, as one card per group (a row with a first cell and the
    rows under it): the first cell, then each column's top cell with the cells below."""
    grid = columns(block.text)
    if grid is None:  # kept as laid out, swiped sideways if wide
        return ft.Row([ft.Text(block.text, size=15, no_wrap=True)],
                      scroll=ft.ScrollMode.AUTO)
    groups: list[list[list[str]]] = []
    for row in grid:
        if row[0] or not groups:
            groups.append([])
        groups[-1].append(row)
    cards = []
    for group in groups:
        lines: list[ft.Control] = [ft.Text(group[0][0], size=BODY, weight=ft.FontWeight.W_600)]
        for k in range(1, len(group[0])):  # the column's top cell, its cells beside it
            lines.append(ft.Row([
                ft.Text(group[0][k], size=BODY, weight=ft.FontWeight.W_600, width=96),
                ft.Column([ft.Text(r[k], size=BODY) for r in group[1:] if r[k]], spacing=0,
                          expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START, spacing=8))
        cards.append(_card(lines))
    return ft.Column(cards, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def block_control(block: Block, marks: list[tuple[int, int]]) -> ft.Control:
    indent = ft.Padding.only(left=min(block.depth, 3) * 18)
    if block.kind == "table":
        return _table(block)
    if block.kind == "pre":
        return _columns(block)
    text = words(block.text, marks, runin=block.runin)
    if block.kind == "example":
        return ft.Container(text, padding=ft.Padding.all(12), margin=indent,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=8,
                            border=ft.Border.only(left=ft.BorderSide(4, ft.Colors.OUTLINE)))
    if block.kind == "item":
        wide = not block.marker.isascii()  # "１．": two full-width characters
        return ft.Container(ft.Row([ft.Text(block.marker, size=BODY, width=38 if wide else 30,
                                            no_wrap=True, text_align=ft.TextAlign.RIGHT),
                                    ft.Container(text, expand=True)],
                                   spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                            padding=indent)
    return ft.Container(text, padding=indent)


def section_title(book: Book, section: Section) -> str:
    if section.title:
        return section.title
    return t("rules.translator_note") if book.translation else t("rules.intro")


def section_control(book: Book, section: Section, marks: list[tuple[int, int]] = (),
                    query: str = "", caption: str = "") -> ft.Control:
    """A section: its heading (unless it starts its first paragraph) and its blocks, the
    ``marks`` (offsets in ``Section.text``) and the words of ``query`` highlighted; a
    marked passage gets a bar beside it and ``caption`` above it."""
    controls: list[ft.Control] = []
    if not (section.blocks and section.blocks[0].runin):
        controls.append(ft.Text(section_title(book, section),
                                size=HEADING.get(section.level, 17),
                                weight=ft.FontWeight.W_700 if section.level == 1 else
                                ft.FontWeight.W_600))
    offset = 0
    run: list[ft.Control] = []  # consecutive blocks of the marked passage

    def end_run() -> None:
        if run:
            if caption and not any(getattr(c, "data", None) == "caption" for c in controls):
                # Landed on below the heading: the caption names the section.
                words_ = caption if len(controls) <= 1 else t(
                    "rules.quoted_in", section=section_title(book, section), caption=caption)
                controls.append(ft.Container(
                    ft.Text(words_, size=14, weight=ft.FontWeight.W_600,
                            color=ft.Colors.TERTIARY),
                    data="caption", key=ft.ScrollKey(marked_key(section.id))))
            controls.append(ft.Container(ft.Column(list(run), spacing=10),
                                         padding=ft.Padding.only(left=10),
                                         border=ft.Border.only(left=ft.BorderSide(
                                             4, ft.Colors.TERTIARY))))
            run.clear()

    for block in section.blocks:
        end = offset + len(block.text)
        local = [(max(a, offset) - offset, min(b, end) - offset) for a, b in marks
                 if a < end and b > offset]
        control = block_control(block, local + (spans(block.text, query) if query else []))
        if local:
            run.append(control)
        else:
            end_run()
            controls.append(control)
        offset = end + 1
    end_run()
    return ft.Container(ft.Column(controls, spacing=10), key=ft.ScrollKey(section.id),
                        padding=ft.Padding.only(top=8))


def marked_key(section_id: str) -> str:
    """The scroll key of the caption over a section's marked passage."""
    return f"{section_id}~marked"


def contents(book: Book, on_pick) -> ft.Control:
    rows = []
    for s in book.sections:
        title = section_title(book, s)
        rows.append(ft.Semantics(label=title, button=True, content=ft.Container(
            ft.Text(title, size=16 if s.level == 1 else 15,
                    weight=ft.FontWeight.W_600 if s.level == 1 else None),
            padding=ft.Padding.only(left=12 + min(s.level - 1, 3) * 18, top=11, bottom=11,
                                    right=8),
            on_click=lambda e, sid=s.id: on_pick(sid), ink=True, border_radius=6)))
    return ft.ExpansionTile(title=ft.Text(t("rules.contents"), size=18,
                                          weight=ft.FontWeight.W_600),
                            controls=rows, expanded=True, tile_padding=ft.Padding.all(0),
                            expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
                            shape=ft.RoundedRectangleBorder(radius=8))


def book_label(book: Book) -> str:
    return t("rules.translation") if book.translation else t("rules.original")


def result_rows(hits: list[Hit], query: str, on_open, with_game: bool = False,
                with_language: bool = False) -> list[ft.Control]:
    """One tappable row per section found: its title and a line around the first hit,
    the words highlighted; ``with_game``/``with_language`` say whose book it is."""
    rows = []
    for hit in hits[:RESULTS]:
        book = next(b for b in books_for(hit.game) if b.key == hit.book)
        title = section_title(book, book.section(hit.section))
        line, marks = snippet(hit.text, query, folded=hit.folded)
        whose = []
        if with_game:
            whose.append(t(GAMES[hit.game].name))
        if with_language and len(books_for(hit.game)) > 1:
            whose.append(book_label(book))
        rows.append(ft.Semantics(
            label=t("rules.result_label", title=title, where=" · ".join(whose) or title),
            button=True,
            content=ft.Container(
                ft.Column([*([muted(" · ".join(whose), size=13)] if whose else []),
                           words(title, spans(title, query), size=17,
                                 weight=ft.FontWeight.W_600),
                           words(line, marks, size=15)], spacing=4),
                padding=ft.Padding.all(12), border_radius=10, ink=True,
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                on_click=lambda e, h=hit: on_open(h))))
    return rows


def search_field(label: str, on_change) -> ft.TextField:
    return ft.TextField(label=label, prefix_icon=ft.Icons.SEARCH, on_change=on_change,
                        text_size=16, expand=True)


def full_width(control: ft.Control) -> ft.Row:
    return ft.Row([control])


# --- the screens ------------------------------------------------------------------------

def not_found(ctx, route: str) -> ft.View:
    return ft.View(route=route, appbar=app_bar(t("rules.hub_title"), lambda e: ctx.go("/")),
                   controls=[muted(t("rules.no_book"))], padding=ft.Padding.all(PAGE_PADDING))


def build(ctx, route: str, game_id: str | None = None, table_id: str | None = None) -> ft.View:
    page = ctx.page
    if table_id is not None:
        session = ctx.store.get_table(table_id)
        game_id = session.game if session is not None else None
    if game_id not in GAMES:
        return not_found(ctx, route)
    ctx.live[route] = lambda change: False  # nothing here follows the table
    game = GAMES[game_id]
    all_books = books_for(game_id)
    query = query_of(route)
    chosen_key = ("rulebook", game_id)
    keys = [b.key for b in all_books]
    state = {"book": query.get("book") if query.get("book") in keys
             else ctx.drafts.get(chosen_key, {}).get("book", keys[0]),
             "target": query.get("s"), "marks": marks_of(query.get("m", "")),
             "q": query.get("q", ""),
             "caption": "" if not query.get("m") else t("rules.quoted_by_ruling")
             if query.get("by") == "ruling" else t("rules.quoted")}
    body = ft.Column(spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)

    def book() -> Book:
        return next(b for b in all_books if b.key == state["book"])

    async def scroll_to(section_id: str, settle: bool = False) -> None:
        await asyncio.sleep(0.25)  # the page has to be laid out first
        await body.scroll_to(scroll_key=ft.ScrollKey(section_id), duration=300)
        if settle:  # a first visit: the Japanese font arrives late and moves the text
            await asyncio.sleep(1.0)
            await body.scroll_to(scroll_key=ft.ScrollKey(section_id), duration=0)

    def show_book() -> None:
        b = book()
        controls: list[ft.Control] = [contents(b, lambda sid: page.run_task(scroll_to, sid))]
        for s in b.sections:
            here = s.id == state["target"]
            controls.append(section_control(b, s, state["marks"] if here else [],
                                            state["q"] if here else "",
                                            state["caption"] if here else ""))
        controls.append(ft.Container(height=40))
        body.controls = controls
        section = b.section(state["target"] or "")
        if section is not None:  # the marked passage when it starts below the heading
            below = state["caption"] and state["marks"] and section.blocks and min(
                a for a, _ in state["marks"]) >= len(section.blocks[0].text)
            page.run_task(scroll_to, marked_key(section.id) if below else section.id, True)

    def open_hit(hit: Hit) -> None:
        state.update(book=hit.book, target=hit.section, marks=[], q=field.value or "",
                     caption="")
        ctx.drafts.setdefault(chosen_key, {})["book"] = hit.book
        field.value = ""
        redraw()

    def show_results(text: str) -> None:
        hits = search(text, game=game_id)
        if not hits:
            body.controls = [muted(t("rules.nothing", query=text.strip()), size=16)]
            return
        body.controls = result_rows(hits, text, open_hit, with_language=True)

    def redraw() -> None:
        if switch is not None:
            switch.show(state["book"])
        text = field.value or ""
        if len(text.strip()) >= 2:
            show_results(text)
            page.run_task(body.scroll_to, offset=0)
        else:
            show_book()
        page.update()

    def pick_book(key: str) -> None:
        state.update(book=key, target=None, marks=[], q="", caption="")
        ctx.drafts.setdefault(chosen_key, {})["book"] = key
        redraw()

    field = search_field(t("rules.search"), lambda e: redraw())
    switch = ChoiceRow([(b.key, book_label(b), book_label(b)) for b in all_books],
                       state["book"], pick_book) if len(all_books) > 1 else None
    show_book()
    top = ft.Column([c for c in (switch and switch.control, full_width(field)) if c is not None],
                    spacing=8)
    return ft.View(route=route, appbar=app_bar(t("rules.book_title", game=t(game.name)),
                                               lambda e: ctx.go(parent_route(route))),
                   controls=[top, body], padding=ft.Padding.all(PAGE_PADDING), spacing=10)
