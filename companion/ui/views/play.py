"""Play: the round, phase and step; what to do now; the markers; one big "next" button.

Every tap is one event appended to the table's log (companion/storage/store.py); the state is
the replay of the log through the game's flow (companion/flows), so undo drops the last
event and a restart finds the table exactly where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.catalog import GAMES
from companion.engine import Refused, Saved, Stale
from companion.flows import FLOWS, Action, Field, FlowError, PlayView, build_event, replay
from companion.flows.base import not_asked
from companion.i18n import ENGLISH, current_language, say, say_error, speaking, t
from companion.i18n import name as player_name
from companion.rules.quotes import quoted
from companion.table.play_state import current
from companion.table.setup import flow_config
from companion.ui.views.home import game_title
from companion.ui.views.luna_round import open_calculator
from companion.ui.views.play_parts import folded, section_card
from companion.ui.widgets import why
from companion.ui.widgets.common import (
    TAP,
    ChoiceRow,
    heading,
    muted,
    primary_button,
    screen,
    secondary_button,
)
from companion.ui.widgets.stepper import Stepper


@dataclass
class Kept:
    """What one phone's Play screen keeps when it is drawn again (another phone's change,
    or its own tap): the screen's frame, the forms still asking the same with what is
    entered in them, and the markers' lines, whose values change in place. Everything
    else is made anew, above all every control whose tap changes the table: its
    handler names the log it was drawn from, and a tap on one drawn before the change
    reaches a control that is no longer on screen (``tell_missed_taps``) or, on
    another server process, is refused by the store (``Stale``). What is kept takes no
    such tap: a chip, a count or a box of a form only changes what is entered.

    Drawing the screen anew for every phone at a table, control by control, and
    sending all of it, was most of what a change cost the server."""

    body: ft.Column | None = None  # the scrolling part; None: not drawn yet
    bottom: ft.Row | None = None
    # a form's draft key → (its action, its entries, the control, the row of its button)
    forms: dict[tuple, tuple[Action, dict, ft.Control, ft.Row | None]] = field(
        default_factory=dict)
    markers: tuple[Any, list[ft.Control], list[ft.Text]] | None = None  # shape, controls, values

    def on(self, page: ft.Page) -> bool:
        """Whether the frame kept is the one on the top screen now."""
        return (self.body is not None and bool(page.views)
                and any(c is self.body for c in page.views[-1].controls))


def build(ctx, table_id: str) -> ft.View:
    view = draw(ctx, table_id, Kept())
    assert view is not None  # (nothing was kept to draw into)
    return view


def draw(ctx, table_id: str, kept: Kept) -> ft.View | None:
    """The Play screen, or None when it was drawn into the screen ``kept`` holds."""
    route = f"/table/{table_id}/play"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    session = ctx.store.get_table(table_id)
    if session is None or session.game not in FLOWS:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    flow = FLOWS[session.game]
    config = flow_config(session, ctx.store)
    title = t("play.title", game=game_title(GAMES[session.game]))
    # Every tap names the last event this screen was drawn from (docs/DESIGN.md, "A table
    # shared by several phones"): the store refuses it when another phone moved on.
    # The state is the one kept for that number (companion/table/play_state.py).
    try:
        state, seq = current(ctx.store, session.game, config, table_id)
        broken = None
    except FlowError as err:
        state, seq, broken = None, ctx.store.last_seq(table_id), err

    def redraw() -> None:
        view = draw(ctx, table_id, kept if kept.on(ctx.page) else Kept())
        if view is not None:
            ctx.redraw(view)
        elif not ctx.taking_change:  # drawn in place (``take_change`` sends it, once)
            ctx.update_screen()

    def take_change(change) -> None:
        # A score edit leaves Play as it is; a setup change (Carpe Astra's characters,
        # chosen on Setup) is what the first tap records, so it is drawn again.
        if change.kind in ("play", "table", "setup"):
            redraw()

    ctx.live[route] = take_change
    ctx.where_now[route] = lambda: where_now(ctx, table_id)

    def answer(outcome) -> None:
        """Draw what the engine answered: saved (drawn anew), refused (why, in view;
        nothing else changes) or stale (another phone moved on, through another server
        process or just before this tap reached this one: what the table is at now, and
        a line saying so; a quick second tap of this phone's own just redraws)."""
        if isinstance(outcome, Refused):
            ctx.show_notice(outcome.text(), kind=outcome.kind)
            ctx.page.update()
            return
        redraw()
        if isinstance(outcome, Stale) and outcome.kind != "gone" and not outcome.own:
            ctx.tell_missed_tap()

    def undo(e) -> None:
        outcome = ctx.engine.undo(table_id, seq)
        answer(outcome)
        if isinstance(outcome, Saved):
            ctx.show_notice(undone_text(ctx, flow, config, session.game, table_id,
                                        outcome.value), kind="done")
            ctx.page.update()

    if broken is not None:
        # A log the game refuses (damaged, or from an older version): Undo repairs it.
        return screen(route, title, [
            ft.Text(t("play.log_broken", detail=say_error(broken)), color=ft.Colors.ERROR),
            ft.Row([secondary_button(t("play.undo"), undo, ft.Icons.UNDO, expand=True)]),
        ], on_back=back)

    def refusal(event: dict[str, Any]) -> str | None:
        """Why the game refuses ``event`` now, or None (a check only: nothing is saved)."""
        try:
            flow.apply(state, event)
        except FlowError as err:
            return say_error(err)
        return None

    def record(event: dict[str, Any], draft: tuple | None = None,
               ending: bool = False) -> None:
        """The engine checks the tap against the flow, then saves it on the log this
        screen was drawn from (``seq``); a refused event is never saved, and the reason is
        shown where the player is looking. A tap that ends the game asks first."""
        outcome = ctx.engine.tap(table_id, event, seq, config=config, ending=ending)
        if isinstance(outcome, Refused) and outcome.ends_game:
            confirm_end(lambda: record(event, draft, ending=True))
            return
        if isinstance(outcome, Saved):
            ctx.drafts.pop(draft, None)
        answer(outcome)  # refused: what was typed stays

    def confirm_end(go_on) -> None:
        def end(e) -> None:
            ctx.page.pop_dialog()
            go_on()

        ctx.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(t("play.end_title")),
            content=ft.Text(t("play.end_body")),
            actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                                   on_click=lambda e: ctx.page.pop_dialog()),
                     ft.FilledButton(content=t("play.end_confirm"), height=TAP,
                                     on_click=end)],
        ))

    def next_tap(action: Action, values: dict[str, Any] | None, draft: tuple | None) -> None:
        """The big button: first make sure no other form on screen holds entries that
        were not recorded (they would be lost with the step)."""
        unsaved = [a for a, key in forms if key != draft and dirty(a, ctx.drafts.get(key))]
        if not unsaved:
            record(build_event(action, values), draft)
            return

        def go_on(e) -> None:
            ctx.page.pop_dialog()
            for a, key in forms:
                if a in unsaved:
                    ctx.drafts.pop(key, None)
            record(build_event(action, values), draft)

        ctx.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(t("play.unsaved_title")),
            content=ft.Text(t("play.unsaved_body", form=say(unsaved[0].label))),
            actions=[ft.TextButton(content=t("play.unsaved_discard"), height=TAP,
                                   on_click=go_on),
                     ft.FilledButton(content=t("play.unsaved_back"), height=TAP,
                                     on_click=lambda e: ctx.page.pop_dialog())],
        ))

    view = flow.view(state)
    controls: list[ft.Control] = [status_card(view, ctx)]
    if view.notes:
        controls.append(ft.Card(content=ft.Container(
            ft.Column([ft.Text(say(n), size=14) for n in view.notes], spacing=4),
            padding=ft.Padding.all(12), bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12)))
    primary = next((a for a in view.actions if a.primary), None)
    forms: list[tuple[Action, tuple]] = []  # the forms on screen and their drafts' keys
    primary_values: dict[str, Any] | None = None
    primary_key: tuple | None = None
    first_sectioned = next((a for a in view.actions if a.section is not None), None)
    drawn_forms: dict[tuple, tuple[Action, dict, ft.Control, ft.Row | None]] = {}

    def form_item(action: Action, make: Callable[[], tuple[ft.Control, ft.Row | None]]
                  ) -> ft.Control:
        """The form of ``action``: the one on screen while it asks the same with the same
        entries (its draft), else ``make()``'s. A kept form's button is new: it records
        on the log drawn now."""
        key, values = draft_for(ctx.drafts, table_id, action)
        before = kept.forms.get(key)
        if before is not None and before[0] == action and before[1] is values \
                and key not in drawn_forms:
            _, _, control, button_row = before
            if button_row is not None:
                button_row.controls = [form_button(action, record, values, key)]
        else:
            control, button_row = make()
        drawn_forms[key] = (action, values, control, button_row)
        return control

    for action in view.actions:
        if action.section is not None:  # one section at a time (views/play_parts.py)
            if action is first_sectioned:
                controls.append(section_card(view, record, ctx.drafts, table_id))
            continue
        if action.helper == "luna_round":
            controls.append(ft.Row([secondary_button(
                t("luna_round.open"),
                lambda e, a=action: open_calculator(ctx, session.game, state, a, record,
                                                    refusal),
                ft.Icons.CALCULATE, expand=True)]))
        if action is primary:
            if action.fields:  # its fields here; its button in the bottom bar
                primary_key, primary_values = draft_for(ctx.drafts, table_id, action)
                controls.append(form_item(
                    action, lambda a=action, v=primary_values: (form_card(a, v), None)))
            continue
        if not action.fields:
            controls.append(action_button(action, record))
            continue
        forms.append((action, draft_for(ctx.drafts, table_id, action)[0]))

        def make(action: Action = action) -> tuple[ft.Control, ft.Row | None]:
            control, button_row = action_form(action, record, ctx.drafts, table_id)
            if action.folded:  # a helper one tap away
                control = folded(action, control, ctx.drafts, table_id)
            return control, button_row

        controls.append(form_item(action, make))
    kept.forms = drawn_forms
    controls += kept_markers(kept, view)

    # The bottom bar: Undo and the one big button, in the same place on every step.
    bottom_row: list[ft.Control] = [secondary_button(t("play.undo"), undo, ft.Icons.UNDO)]
    if view.finished:
        bottom_row.append(primary_button(
            t("play.to_score"), lambda e: to_score(ctx, session),
            ft.Icons.SCOREBOARD_OUTLINED))
    elif primary is not None:
        bottom_row.append(primary_button(
            say(primary.label), lambda e: next_tap(primary, primary_values, primary_key),
            ft.Icons.ARROW_FORWARD))
    if kept.body is not None and kept.bottom is not None:  # drawn into the screen shown
        kept.body.controls = controls
        kept.bottom.controls = bottom_row
        return None
    shown = screen(route, title, controls, on_back=back, bottom=ft.Row(bottom_row, spacing=8))
    kept.body, kept.bottom = shown.controls[0], shown.controls[-1]
    return shown


def undone_text(ctx, flow, config, game: str, table_id: str, dropped: dict) -> str:
    """ "Undid: Record who took the cards": the tap taken back, named by the button that
    made it (the screen below shows where the table is now)."""
    try:
        view = flow.view(replay(game, config, ctx.store.events(table_id)))
    except FlowError:
        return t("play.undid_plain")
    label = next((a.label for a in view.actions if a.event.get("type") == dropped.get("type")
                  and all(dropped.get(k) == v for k, v in a.event.items())), None)
    return t("play.undid", tap=say(label)) if label else t("play.undid_plain")


def where_now(ctx, table_id: str) -> str:
    """Where the saved table is now, in one line: "Round 2 · Eclipse · Reveal"."""
    session = ctx.store.get_table(table_id)
    if session is None:
        return t("table.not_found")
    try:
        state, _ = current(ctx.store, session.game, flow_config(session, ctx.store), table_id)
    except FlowError:
        return t("play.log_broken_short")
    view = FLOWS[session.game].view(state)
    return " · ".join(where_parts(view) + [say(view.step)])


def where_parts(view: PlayView) -> list[str]:
    where: list[str] = []
    said: list[str] = []  # the same, in English: a phase that only repeats the round
    if view.round is not None:
        key = "play.round_of" if view.rounds else "play.round"
        where.append(t(key, round=view.round, rounds=view.rounds))
        with speaking(ENGLISH):
            said.append(t(key, round=view.round, rounds=view.rounds))
    phase = say(view.phase)
    if phase and phase not in where and str(view.phase) not in said:
        where.append(phase)
    return where


def status_card(view: PlayView, ctx) -> ft.Control:
    where = where_parts(view)
    lines: list[ft.Control] = [
        ft.Text(" · ".join(where), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(say(view.step), size=20, weight=ft.FontWeight.W_600),
    ]
    if view.active_player:
        lines.append(ft.Text(t("play.active", name=view.active_player), size=15))
    lines.append(ft.Text(say(view.reminder), size=16))

    def show_rule(e) -> None:
        from companion.ui.views.rulebook import rule_route  # the section the quote is from

        # Latoro's rulebook is Japanese: a phone in Japanese reads the original. The
        # other rulebooks are English: in Japanese the dialog says so above their words.
        quote = quoted(view.cites, current_language())
        if quote is None:
            return
        source = quote.source
        english = current_language() != ENGLISH and not quote.original
        target = rule_route(ctx.page.route or "", quote.link)
        opener = [ft.TextButton(
            content=t("rules.open_in_rulebook"), icon=ft.Icons.MENU_BOOK, height=TAP,
            on_click=lambda e: (ctx.page.pop_dialog(), ctx.go(target)))]
        # Plain text, as the Why? dialog's quote (companion/ui/widgets/why.py says why).
        body: list[ft.Control] = [ft.Text(quote.text)]
        if english:
            body.insert(0, ft.Text(source, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
        ctx.page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("play.rule_english") if english else source, size=16),
            content=ft.Column(body, spacing=8,
                              scroll=ft.ScrollMode.AUTO, height=420, width=360),
            actions=[*opener, ft.TextButton(content=t("common.close"), height=TAP,
                                            on_click=lambda e: ctx.page.pop_dialog())],
        ))

    links: list[ft.Control] = []
    if view.cites:
        links.append(ft.TextButton(content=t("play.rule"), icon=ft.Icons.MENU_BOOK,
                                   height=TAP, on_click=show_rule))
    if view.rulings:  # the readings this step rests on, in the players' words
        links.append(why.link(ctx.page, view.rulings))
    if links:
        lines.append(ft.Row(links, wrap=True, spacing=4, run_spacing=0))
    return ft.Card(content=ft.Container(ft.Column(lines, spacing=6),
                                        padding=ft.Padding.all(14)))


def strip_prefix(text: str, prefixes: tuple[str, ...]) -> str:
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def draft_for(drafts: dict, table_id: str, action: Action) -> tuple[tuple, dict[str, Any]]:
    """What is entered in ``action``'s form, kept in ``drafts`` (per table and event type)
    so that neither a redraw for another phone's change nor an Undo loses it; recording
    the event drops it. Returns the draft's key and its values. A field not changed on
    this form follows its default, which the log may change (Latria's override takes the
    entered cards' outcome, and loses it when they are undone)."""
    key = (table_id, action.event.get("type"), tuple(f.id for f in action.fields))
    values = drafts.setdefault(key, {})
    drawn_with = drafts.setdefault((key, "defaults"), {})
    for f in action.fields:
        if f.id not in values or values[f.id] == drawn_with.get(f.id):
            values[f.id] = f.default
        drawn_with[f.id] = f.default
    return key, values


def dirty(action: Action, values: dict[str, Any] | None) -> bool:
    """Whether a form holds entries other than its defaults (not recorded yet)."""
    return bool(values) and any(values.get(f.id, f.default) != f.default
                                for f in action.fields)


def form_card(action: Action, values: dict[str, Any],
              button_row: ft.Control | None = None) -> ft.Control:
    inputs: list[ft.Control] = []

    def follow() -> None:  # a question not asked of the player just picked goes away
        for f, control in zip(action.fields, inputs, strict=False):
            if f.not_for is not None and control.visible == not_asked(action, f, values):
                control.visible = not control.visible
                control.update()

    inputs += [field_control(f, values, follow) for f in action.fields]
    for f, control in zip(action.fields, inputs, strict=True):
        control.visible = not not_asked(action, f, values)
    # What is entered stays through redraws (``Kept``); the button, below, is drawn anew.
    parts: list[ft.Control] = [sent_alone(ft.Column(inputs, spacing=10))]
    if button_row is not None:
        parts.append(button_row)
    return ft.Card(content=ft.Container(ft.Column(parts, spacing=10),
                                        padding=ft.Padding.all(12)))


def action_button(action: Action, record) -> ft.Control:
    """An action without fields: one button that records its event."""
    return ft.Row([secondary_button(say(action.label), lambda e: record(build_event(action)),
                                    expand=True)])


def action_form(action: Action, record, drafts: dict,
                table_id: str) -> tuple[ft.Control, ft.Row]:
    """A small form whose button records the event with what was entered; and the row
    that holds its button."""
    key, values = draft_for(drafts, table_id, action)
    button_row = ft.Row([form_button(action, record, values, key)])
    return form_card(action, values, button_row), button_row


def form_button(action: Action, record, values: dict[str, Any], key: tuple) -> ft.Control:
    return secondary_button(say(action.label),
                            lambda e: record(build_event(action, values), key), expand=True)


def field_control(field: Field, values: dict[str, Any],
                  on_pick: Callable[[], None] | None = None) -> ft.Control:
    if field.kind == "number":
        start = values.get(field.id)
        minimum = field.min if field.min is not None else 0
        start = start if isinstance(start, int) else minimum
        values[field.id] = start
        return Stepper(say(field.label), start, lambda n: values.__setitem__(field.id, n),
                       minimum=minimum, maximum=field.max).control
    if field.kind == "bool":
        values[field.id] = bool(values.get(field.id))
        # The label wraps beside the box (a Checkbox's own label is cut off at 360 px),
        # and the whole row toggles it.
        box = ft.Checkbox(value=values[field.id], semantics_label=say(field.label),
                          on_change=lambda e: values.__setitem__(field.id, e.control.value))

        def toggle(e) -> None:
            box.value = not box.value
            values[field.id] = box.value
            box.update()

        return ft.Container(
            ft.Row([box, ft.Text(say(field.label), size=15, expand=True)], spacing=4,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            on_click=toggle, ink=True, border_radius=8)
    # player / choice: a row of chips, one tap
    choices: list[Any] = list(field.choices or [])
    labels = [say(text) for text in (field.choice_labels or choices)]
    if field.optional:
        choices.append(None)
        labels.append(t("play.none"))

    def pick(value: Any) -> None:
        values[field.id] = value
        if row.show(value):
            row.control.update()
        if on_pick is not None:
            on_pick()

    row = ChoiceRow([(value, t("play.choice_spoken", field=say(field.label), choice=text), text)
                     for value, text in zip(choices, labels, strict=True)],
                    values.get(field.id), pick)
    return ft.Column([ft.Text(say(field.label), size=15), row.control], spacing=6)


LONG_MARKER = 40  # characters of label and value: more do not fit one line at 360 px


def marker_cards(view: PlayView) -> list[tuple[str | None, list[tuple[str, str]]]]:
    """The markers as they are shown: a card for the table's (no heading) and one for each
    player's (their name), each with its lines (label, value)."""
    def line(label: str, value: Any) -> tuple[str, str]:
        text = (t("play.yes") if value else t("play.no")) if isinstance(value, bool) else (
            "—" if value is None else say(value))
        return label, text

    table = [m for m in view.markers if m.player is None]
    by_player: dict[str, list] = {}
    for m in view.markers:
        if m.player is not None:
            by_player.setdefault(m.player, []).append(m)
    cards: list[tuple[str | None, list[tuple[str, str]]]] = []
    if table:
        cards.append((None, [line(say(m.label), m.value) for m in table]))
    for player, markers in by_player.items():
        shown = player_name(player)
        # The marker's label without the name the heading already gives ("Ann: ", "Ann：").
        prefixes = (f"{shown}: ", f"{shown}：")
        cards.append((shown, [line(strip_prefix(say(m.label), prefixes), m.value)
                              for m in markers]))
    return cards


def kept_markers(kept: Kept, view: PlayView) -> list[ft.Control]:
    """The markers' cards; those on screen stay while they have the same lines, and only
    the values that changed are sent."""
    cards = marker_cards(view)
    shape = [(heading_text, [(label, len(label) + len(text) > LONG_MARKER)
                             for label, text in lines]) for heading_text, lines in cards]
    values = [text for _, lines in cards for _, text in lines]
    if kept.markers is not None and kept.markers[0] == shape:
        _, controls, value_texts = kept.markers
        for control, text in zip(value_texts, values, strict=True):
            control.value = text
        return controls
    controls, value_texts = markers_controls(cards)
    kept.markers = (shape, controls, value_texts)
    return controls


def markers_controls(cards: list[tuple[str | None, list[tuple[str, str]]]]
                     ) -> tuple[list[ft.Control], list[ft.Text]]:
    """The cards of ``marker_cards``, and the texts of their values in order."""
    if not cards:
        return [], []
    out: list[ft.Control] = [heading(t("play.markers"))]
    value_texts: list[ft.Text] = []

    def row(label: str, text: str) -> ft.Control:
        value = ft.Text(text, size=15, weight=ft.FontWeight.W_600)
        value_texts.append(value)
        if len(label) + len(text) > LONG_MARKER:  # side by side the label would be crushed
            return ft.Column([ft.Text(label, size=14), value], spacing=0)
        return ft.Row([ft.Text(label, size=14, expand=True), value])

    for heading_text, lines in cards:
        rows = [row(label, text) for label, text in lines]
        if heading_text is not None:
            rows.insert(0, ft.Text(heading_text, size=15, weight=ft.FontWeight.W_600))
        out.append(ft.Card(content=ft.Container(ft.Column(rows, spacing=4),
                                                padding=ft.Padding.all(12))))
    return out, value_texts


def sent_alone(control: ft.Control) -> ft.Control:
    """What a form has entered, kept through redraws (``Kept``), left out of the
    screen's update, which would otherwise compare each of its controls for every phone
    at every change: it is sent when it is updated itself (its taps update it). Flet's
    "isolated" controls."""
    control._isolated = True  # noqa: SLF001 - what Flet's @control(isolated=True) sets
    return control


def to_score(ctx, session) -> None:
    """Open the Score screen with what play tracked written into the saved sheet, field
    by field, so what was entered on Score stays (also for a play already finished)."""
    from companion.ui.score_forms import follow_play

    saved = ctx.store.get_table(session.id)
    if saved is None:
        ctx.go("/")
        return
    follow_play(ctx, saved, finished_too=True)
    ctx.go(f"/table/{session.id}/score")
