"""Play: the round, phase and step; what to do now; the markers; one big "next" button.

Every tap is one event appended to the table's log (companion/store.py); the state is
the replay of the log through the game's flow (companion/flows), so undo drops the last
event and a restart finds the table exactly where it was.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.catalog import GAMES
from companion.flows import FLOWS, Action, Field, FlowError, PlayView, build_event, replay
from companion.i18n import t
from companion.store import Conflict
from companion.table_setup import flow_config
from companion.views.home import game_title
from companion.views.luna_round import open_calculator
from companion.widgets.common import (
    TAP,
    choice_chip,
    heading,
    muted,
    primary_button,
    screen,
    secondary_button,
)
from companion.widgets.stepper import Stepper


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/play"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    session = ctx.store.get_table(table_id)
    if session is None or session.game not in FLOWS:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    flow = FLOWS[session.game]
    config = flow_config(session)
    title = t("play.title", game=game_title(GAMES[session.game]))
    error = ft.Text("", color=ft.Colors.ERROR, visible=False)
    # Every tap names the last event this screen was drawn from (DESIGN.md, "A table
    # shared by several phones"): the store refuses it when another phone moved on.
    events, seq = ctx.store.log(table_id)

    def redraw(notice: str | None = None) -> None:
        ctx.redraw(build(ctx, table_id), notice=notice)

    def take_change(change) -> None:
        if change.kind in ("play", "table"):  # a score or setup edit leaves Play as it is
            redraw()

    ctx.live[route] = take_change

    def refused(err: Conflict) -> None:
        """A stale tap: show what the table is at now. A quick second tap of this
        phone's own (the log moved on by this phone) just redraws."""
        if err.found == ctx.own_seq.get(table_id):
            redraw()
        else:
            redraw(t("play.changed_elsewhere", now=where_now(ctx, table_id)))

    def saved(new_seq: int) -> None:
        ctx.own_seq[table_id] = new_seq
        ctx.announce(table_id, "play")
        redraw()

    def undo(e) -> None:
        try:
            dropped = ctx.store.drop_last_event(table_id, seq)
        except Conflict as err:
            refused(err)
            return
        except KeyError:  # deleted on another phone
            redraw()
            return
        if dropped is None:
            ctx.toast(t("play.nothing_to_undo"))
            return
        saved(seq - 1)

    try:
        state = replay(session.game, config, events)
    except FlowError as err:
        # A log the game refuses (damaged, or from an older version): Undo repairs it.
        return screen(route, title, [
            ft.Text(t("play.log_broken", detail=str(err)), color=ft.Colors.ERROR),
            ft.Row([secondary_button(t("play.undo"), undo, ft.Icons.UNDO, expand=True)]),
        ], on_back=back)

    def record(event: dict[str, Any], draft: tuple | None = None) -> None:
        """Check the tap against the flow first: a refused event is never saved. The
        store checks it again on the saved log, in the transaction that saves it."""
        try:
            flow.apply(state, event)
        except FlowError as err:
            error.value = str(err)
            error.visible = True
            ctx.page.update()
            return
        try:
            new_seq = ctx.store.append_event(
                table_id, event, seq, check=lambda log: replay(session.game, config, log))
        except Conflict as err:
            refused(err)
            return
        except KeyError:  # deleted on another phone
            redraw()
            return
        ctx.drafts.pop(draft, None)
        saved(new_seq)

    view = flow.view(state)
    controls: list[ft.Control] = [status_card(view, ctx)]
    if view.notes:
        controls.append(ft.Card(content=ft.Container(
            ft.Column([ft.Text(n, size=14) for n in view.notes], spacing=4),
            padding=ft.Padding.all(12), bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12)))
    primary = next((a for a in view.actions if a.primary), None)
    for action in view.actions:
        if action is primary and not action.fields:
            continue
        if action.helper == "luna_round":
            controls.append(ft.Row([secondary_button(
                t("luna_round.open"),
                lambda e, a=action: open_calculator(
                    ctx, session.game, state.players,
                    lambda changes, a=a: record(build_event(
                        a, {f"changes.{name}": v for name, v in changes.items()}))),
                ft.Icons.CALCULATE, expand=True)]))
        controls.append(action_control(action, record, ctx.drafts, table_id))
    controls.append(error)
    controls += markers_controls(view)
    if view.finished:
        controls.append(ft.Row([primary_button(
            t("play.to_score"), lambda e: to_score(ctx, session, flow, state),
            ft.Icons.SCOREBOARD_OUTLINED)]))

    bottom_row: list[ft.Control] = [secondary_button(t("play.undo"), undo, ft.Icons.UNDO)]
    if primary is not None and not primary.fields:
        bottom_row.append(primary_button(primary.label, lambda e: record(
            build_event(primary)), ft.Icons.ARROW_FORWARD))
    return screen(route, t("play.title", game=game_title(GAMES[session.game])), controls,
                  on_back=back, bottom=ft.Row(bottom_row, spacing=8))


def where_now(ctx, table_id: str) -> str:
    """Where the saved table is now, in one line: "Round 2 · Eclipse · Reveal"."""
    session = ctx.store.get_table(table_id)
    if session is None:
        return t("table.not_found")
    try:
        state = replay(session.game, flow_config(session), ctx.store.events(table_id))
    except FlowError:
        return t("play.log_broken_short")
    view = FLOWS[session.game].view(state)
    return " · ".join(where_parts(view) + [view.step])


def where_parts(view: PlayView) -> list[str]:
    where = []
    if view.round is not None:
        where.append(t("play.round_of", round=view.round, rounds=view.rounds)
                     if view.rounds else t("play.round", round=view.round))
    if view.phase and view.phase not in where:
        where.append(view.phase)
    return where


def status_card(view: PlayView, ctx) -> ft.Control:
    where = where_parts(view)
    lines: list[ft.Control] = [
        ft.Text(" · ".join(where), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(view.step, size=20, weight=ft.FontWeight.W_600),
    ]
    if view.active_player:
        lines.append(ft.Text(t("play.active", name=view.active_player), size=15))
    lines.append(ft.Text(view.reminder, size=16))

    def show_rule(e) -> None:
        ctx.page.show_dialog(ft.AlertDialog(
            title=ft.Text(view.rule_source, size=16),
            content=ft.Column([ft.Text(view.rule, selectable=True)],
                              scroll=ft.ScrollMode.AUTO, height=420, width=360),
            actions=[ft.TextButton(content=t("common.close"), height=TAP,
                                   on_click=lambda e: ctx.page.pop_dialog())],
        ))

    if view.rule:
        lines.append(ft.Row([ft.TextButton(content=t("play.rule"), icon=ft.Icons.MENU_BOOK,
                                           height=TAP, on_click=show_rule)]))
    return ft.Card(content=ft.Container(ft.Column(lines, spacing=6),
                                        padding=ft.Padding.all(14)))


def action_control(action: Action, record, drafts: dict, table_id: str) -> ft.Control:
    """A button, or a small form whose button records the event with what was entered.

    What is entered in a form is kept in ``drafts`` (per table and event type), so a
    redraw for another phone's change does not lose it; recording the event drops it."""
    if not action.fields:
        return ft.Row([secondary_button(action.label, lambda e: record(build_event(action)),
                                        expand=True)])
    key = (table_id, action.event.get("type"), tuple(f.id for f in action.fields))
    values = drafts.setdefault(key, {})
    for f in action.fields:
        values.setdefault(f.id, f.default)
    inputs = [field_control(f, values) for f in action.fields]
    submit = (primary_button if action.primary else secondary_button)(
        action.label, lambda e: record(build_event(action, values), key), expand=True)
    return ft.Card(content=ft.Container(
        ft.Column([*inputs, ft.Row([submit])], spacing=10), padding=ft.Padding.all(12)))


def field_control(field: Field, values: dict[str, Any]) -> ft.Control:
    if field.kind == "number":
        start = values.get(field.id)
        minimum = field.min if field.min is not None else 0
        start = start if isinstance(start, int) else minimum
        values[field.id] = start
        return Stepper(field.label, start, lambda n: values.__setitem__(field.id, n),
                       minimum=minimum, maximum=field.max).control
    if field.kind == "bool":
        values[field.id] = bool(values.get(field.id))
        return ft.Checkbox(label=field.label, value=values[field.id],
                           on_change=lambda e: values.__setitem__(field.id, e.control.value))
    # player / choice: a row of chips, one tap
    choices: list[Any] = list(field.choices or [])
    labels = list(field.choice_labels or choices)
    if field.optional:
        choices.append(None)
        labels.append(t("play.none"))
    row = ft.Row(wrap=True, spacing=8, run_spacing=8)

    def render() -> None:
        row.controls = [
            choice_chip(f"{field.label}: {text}", text, values.get(field.id) == value,
                        lambda e, v=value: pick(v))
            for value, text in zip(choices, labels, strict=True)
        ]

    def pick(value: Any) -> None:
        values[field.id] = value
        render()
        row.update()

    render()
    return ft.Column([ft.Text(field.label, size=15), row], spacing=6)


def markers_controls(view: PlayView) -> list[ft.Control]:
    if not view.markers:
        return []
    table = [m for m in view.markers if m.player is None]
    by_player: dict[str, list] = {}
    for m in view.markers:
        if m.player is not None:
            by_player.setdefault(m.player, []).append(m)
    out: list[ft.Control] = [heading(t("play.markers"))]

    def row(label: str, value: Any) -> ft.Control:
        text = (t("play.yes") if value else t("play.no")) if isinstance(value, bool) else (
            "—" if value is None else str(value))
        return ft.Row([ft.Text(label, size=14, expand=True),
                       ft.Text(text, size=15, weight=ft.FontWeight.W_600)])

    if table:
        out.append(ft.Card(content=ft.Container(
            ft.Column([row(m.label, m.value) for m in table], spacing=4),
            padding=ft.Padding.all(12))))
    for player, markers in by_player.items():
        lines = [ft.Text(player, size=15, weight=ft.FontWeight.W_600)]
        prefix = f"{player}: "
        lines += [row(m.label.removeprefix(prefix), m.value) for m in markers]
        out.append(ft.Card(content=ft.Container(ft.Column(lines, spacing=4),
                                                padding=ft.Padding.all(12))))
    return out


def to_score(ctx, session, flow, state) -> None:
    """Open the Score screen with what play already knows filled in: written field by
    field into the saved sheet, so another phone's entries on Score stay."""
    from companion.score_forms import form_for, prefill_changes

    form = form_for(session.game)
    saved = ctx.store.get_table(session.id)
    if saved is None:
        ctx.go("/")
        return
    sheet = saved.score_sheet or form.empty_sheet(saved, ctx.store.box_values(saved.game))
    changes = prefill_changes(sheet, flow.score_prefill(state))
    ctx.store.change_score_sheet(session.id, changes, base=sheet)
    ctx.announce(session.id, "sheet", paths=tuple(path for path, _ in changes))
    ctx.go(f"/table/{session.id}/score")
