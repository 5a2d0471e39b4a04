"""Setup: the table's checklist with tick boxes, what was drawn from its seed, and "draw
again". What it holds and does is its model's (companion/screens/setup_checklist.py);
this draws it, showing ticks saved on another phone in place."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

import setup_guides
from companion.catalog import GAMES
from companion.i18n import say, t
from companion.screens.setup_checklist import (
    Checklist,
    first_player_mode,
    number_parts,
    sections,
    split_draws,
    with_seat_names,
)
from companion.screens.wording import game_title
from companion.ui.views.setup_characters import characters_card
from companion.ui.widgets import why
from companion.ui.widgets.common import (
    TAP,
    heading,
    muted,
    primary_button,
    screen,
    secondary_button,
    tapped_value,
)
from setup_guides.carpe_astra import CarpeAstraSetup

# --- the screen --------------------------------------------------------------------------


def number_spans(text: str, color: str | None = None) -> list[ft.TextSpan]:
    """``text`` as spans, its numbers in bold (a Text's own colour does not reach its
    spans, so each span carries it)."""
    return [ft.TextSpan(text=part, style=ft.TextStyle(
                color=color, weight=ft.FontWeight.W_700 if is_number else None))
            for part, is_number in number_parts(text)]


def rich(text: str, size: int = 14, color: str | None = None,
         weight: ft.FontWeight | None = None) -> ft.Text:
    """Text with its numbers in bold."""
    return ft.Text(spans=number_spans(text, color), size=size, weight=weight)


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/setup"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    opened = Checklist.open(ctx.store, ctx.engine, table_id)
    if opened.session is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    title = t("setup.title", game=game_title(GAMES[opened.session.game]))
    content = ft.Column(spacing=14)
    # The checklist shown, and how to show ticks saved elsewhere in place (None: none).
    shown: dict = {"list": opened, "take_ticks": None}

    def render(model: Checklist | None = None) -> None:
        """Fill the screen from the saved table (again after "Draw again")."""
        model = model or Checklist.open(ctx.store, ctx.engine, table_id)
        shown["list"], shown["take_ticks"] = model, None
        if model.session is None:  # deleted on another screen
            content.controls = [muted(t("table.not_found"))]
            return
        if model.unavailable:
            content.controls = [muted(t("setup.unavailable", detail=model.unavailable))]
            return
        content.controls, shown["take_ticks"] = checklist(ctx, model, confirm_redraw,
                                                         on_stale)
        if isinstance(model.setup, CarpeAstraSetup):  # who plays which character, chosen once
            content.controls.insert(1, characters_card(model.setup, model.session.players,
                                                       model.started, choose_characters))

    def choose_characters(characters: list[str] | None) -> None:
        """Save the characters chosen (None: the draw again); the checklist follows."""
        answer = shown["list"].choose_characters(ctx.engine, characters)
        if answer.notice:
            ctx.show_notice(answer.notice, kind=answer.kind)
            ctx.page.update()
            return
        render()
        if answer.stale:  # drawn again, play begun, or deleted elsewhere
            ctx.show_notice(t("setup_characters.changed"))
        ctx.page.update()

    def on_stale() -> None:
        render()
        ctx.show_notice(t("setup.changed_elsewhere"))
        ctx.page.update()

    def take_change(change) -> None:
        """Another phone ticked a step (shown in place) or drew again (a new checklist)."""
        what = shown["list"].change_from_elsewhere(ctx.store)
        if what == "redrawn" or shown["take_ticks"] is None:
            on_stale()
        elif what == "characters":
            render()
            ctx.show_notice(t("setup_characters.changed"))
        else:
            shown["take_ticks"]()

    ctx.live[route] = take_change

    def confirm_redraw(e) -> None:
        ticks = Checklist.ticks_saved(ctx.store, table_id)

        def redraw(e) -> None:
            ctx.page.pop_dialog()
            answer = shown["list"].draw_again(ctx.engine)
            if answer.stale:  # deleted on another screen
                on_stale()
                return
            if answer.notice:
                ctx.show_notice(answer.notice, kind=answer.kind)
                ctx.page.update()
                return
            render()
            ctx.toast(t("setup.redrawn"))
            ctx.page.update()

        ctx.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(t("setup.redraw_title")),
            content=ft.Text(t("setup.redraw_body", done=ticks)),
            actions=[
                ft.TextButton(content=t("common.cancel"), height=TAP,
                              on_click=lambda e: ctx.page.pop_dialog()),
                ft.FilledButton(content=t("setup.redraw_confirm"), height=TAP,
                                on_click=redraw),
            ],
        ))

    render(opened)
    return screen(route, title, [content], on_back=back)


def checklist(ctx, model: Checklist, on_redraw, on_stale
              ) -> tuple[list[ft.Control], Callable[[], None]]:
    """The seed card, the progress line and the steps with their tick boxes, and how to
    show the model's ticks in place (after another phone's). ``on_stale`` is called when
    the table was drawn again on another screen."""
    setup, session = model.setup, model.session
    steps = setup.steps
    progress = ft.Text(size=16, weight=ft.FontWeight.W_600)
    bar = ft.ProgressBar(value=0, bar_height=6, border_radius=3)
    details: dict[int, ft.Text] = {}
    boxes: dict[int, ft.Checkbox] = {}

    def show_progress() -> None:
        done = len(model.ticked)
        bar.value = done / len(steps) if steps else 1
        progress.value = (t("setup.all_done", total=len(steps)) if done == len(steps)
                          else t("setup.progress", done=done, total=len(steps)))

    def show_tick(number: int) -> None:
        on = number in model.ticked
        boxes[number].value = on
        # A done step's detail steps back, so the eye finds the next one.
        details[number].spans = number_spans(with_seat_names(say(steps[number - 1].detail),
                                                             session.players),
                                             ft.Colors.ON_SURFACE_VARIANT if on else None)

    def show_ticks() -> None:
        for n in boxes:
            show_tick(n)
        show_progress()

    def set_tick(number: int, on: bool) -> None:
        answer = model.tick(ctx.engine, ctx.store, number, on)
        if answer.stale:  # drawn again, or deleted, on another phone
            on_stale()
            return
        show_ticks()  # refused (the saved tables can only be read): it unticks
        if answer.notice:
            ctx.show_notice(answer.notice, kind=answer.kind)
        ctx.page.update()

    def step_row(number: int, step) -> ft.Control:
        on = number in model.ticked
        name = f"{number}. {say(step.title)}"
        box = ft.Checkbox(
            value=on,
            semantics_label=name,
            on_change=lambda e: set_tick(number, tapped_value(e)),
        )
        boxes[number] = box
        detail = rich(with_seat_names(say(step.detail), session.players), size=14,
                      color=ft.Colors.ON_SURFACE_VARIANT if on else None)
        details[number] = detail
        text = ft.Column([
            # The box carries the title as its name; the painted title is not read twice.
            ft.Semantics(exclude_semantics=True,
                         content=rich(name, size=16, weight=ft.FontWeight.W_700)),
            detail,
            # The reading this step follows (docs/RULINGS.md), in the players' words,
            # quoting this game's rulebook.
            *([ft.Row([why.link(ctx.page, step.rulings, session.game)])] if step.rulings
              else []),
        ], spacing=2, expand=True)
        return ft.Container(
            content=ft.Row([ft.Container(box, width=40, height=40), text],
                           vertical_alignment=ft.CrossAxisAlignment.START, spacing=4),
            # The whole row is the tap target, not only the little box.
            on_click=lambda e: set_tick(number, number not in model.ticked),
            ink=True,
            border_radius=8,
            padding=ft.Padding.only(top=6, right=4, bottom=10),
        )

    show_progress()
    controls: list[ft.Control] = [
        seed_card(setup, session.players, on_redraw),
        ft.Column([progress, bar], spacing=6),
    ]
    for name, group in sections(steps):
        if name:
            controls.append(heading(say(name)))
        controls.append(ft.Column([step_row(n, s) for n, s in group], spacing=4))
    # The way on once the table is set up (also before every step is ticked: a table
    # that set up from the rulebook need not tick them).
    controls.append(ft.Row([primary_button(t("setup.to_play"),
                                           lambda e: ctx.go(f"/table/{model.table_id}/play"),
                                           ft.Icons.PLAY_ARROW)]))
    return controls, show_ticks


def seed_card(setup: setup_guides.Setup, players: list[str], on_redraw) -> ft.Control:
    """The seed to share, the first player and the other draws, and "Draw again"."""
    first, others = split_draws(setup_guides.draws(setup))
    if isinstance(setup, CarpeAstraSetup):
        others = []  # the characters have a card of their own (setup_characters.py)
    mode = first_player_mode(setup)
    parts: list[ft.Control] = [
        # One node for screen readers (and tests): "Share this seed: 123456". The number
        # stays selectable on screen, to copy into a message.
        ft.Semantics(
            label=t("setup.seed_label", seed=setup.seed), container=True,
            exclude_semantics=True,
            content=ft.Column([
                muted(t("setup.share_seed")),
                ft.Text(str(setup.seed), size=34, weight=ft.FontWeight.W_700, selectable=True),
            ], spacing=0),
        ),
        muted(t("setup.share_hint"), size=14),
        ft.Divider(height=12),
    ]
    if first is not None:
        label, value = say(first[0]), with_seat_names(say(first[1]), players)
        parts.append(ft.Text(label, size=15, weight=ft.FontWeight.W_700))
        if mode == "rule":
            parts += [
                ft.Text(t("setup.rulebook_rule", rule=say(setup.first_player_rule)), size=15),
                ft.Text(t("setup.or_drawn", seat=value), size=15,
                        weight=ft.FontWeight.W_600),
            ]
        else:
            parts += [
                rich(value, size=18, weight=ft.FontWeight.W_600),
                muted(t("setup.drawn_rule" if mode == "drawn" else "setup.fixed_rule",
                        rule=say(setup.first_player_rule)), size=14),
            ]
    if others:
        parts += [ft.Divider(height=12),
                  ft.Text(t("setup.drawn"), size=15, weight=ft.FontWeight.W_700)]
        for label, value in others:
            parts.append(ft.Column([
                muted(with_seat_names(say(label), players), size=14),
                rich(with_seat_names(say(value), players), size=15
, weight=ft.FontWeight.W_600),
            ], spacing=0))
    parts.append(ft.Row([secondary_button(t("setup.redraw"), on_redraw, ft.Icons.CASINO_OUTLINED)],
                        alignment=ft.MainAxisAlignment.END))
    return ft.Card(content=ft.Container(ft.Column(parts, spacing=6),
                                        padding=ft.Padding.all(14)))
