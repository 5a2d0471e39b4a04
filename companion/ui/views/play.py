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
from companion.flows import Action, Field, PlayView, build_event
from companion.flows.base import not_asked
from companion.i18n import ENGLISH, current_language, say, t
from companion.rules.quotes import quoted
from companion.screens.play import (
    MarkerCard,
    Play,
    Tapped,
    draft_for,
    marker_lines,
    unsaved,
    where_now,
    where_parts,
)
from companion.screens.play_to_score import follow_play
from companion.screens.wording import game_title
from companion.ui.score_forms import empty_sheet
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
from companion.web.flet_internals import isolate, send_together


@dataclass
class Kept:
    """What one phone's Play screen keeps when it is drawn again (another phone's change,
    or its own tap): the screen's frame, the forms still asking the same questions
    (showing what their drafts hold now: ``FormInputs``), and the status card and the
    markers' lines, whose words change in place. Everything else is made anew, above all
    every control whose tap changes the table: its handler names the log it was drawn
    from, and a tap on one drawn before the change reaches a control that is no longer on
    screen (``tell_missed_taps``) or, on another server process, is refused by the store
    (``Stale``). What is kept takes no such tap: a chip, a count or a box of a form only
    changes what is entered, so a tap on one made as the screen was drawn again lands;
    the status card's buttons open the rule and readings of the step shown.

    Drawing the screen anew for every phone at a table, control by control, and
    sending all of it, was most of what a change cost the server."""

    body: ft.Column | None = None  # the scrolling part; None: not drawn yet
    bottom: ft.Row | None = None
    forms: dict[tuple, ShownForm] = field(default_factory=dict)  # by their drafts' keys
    markers: tuple[Any, list[ft.Control], list[ft.Text]] | None = None  # shape, controls, values
    status: StatusCard | None = None

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
    play = Play.open(ctx.store, table_id)
    if play is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    session, state = play.session, play.state
    title = t("play.title", game=game_title(GAMES[session.game]))

    def redraw() -> None:
        view = draw(ctx, table_id, kept if kept.on(ctx.page) else Kept())
        if view is not None:
            ctx.redraw(view)
        elif not ctx.taking_change:  # drawn in place (``take_change`` sends it, once)
            ctx.update_screen()

    def take_change(change) -> bool:
        """Whether the screen moved on (``Play.moved_on``; else its notices stay:
        ``Context.take_change``)."""
        if play.moved_on(ctx.store, change.kind):
            redraw()
            return True
        return False

    ctx.live[route] = take_change
    ctx.where_now[route] = lambda: where_now(ctx.store, table_id)

    def answer(tapped: Tapped) -> None:
        """Draw what the engine answered: saved (drawn anew), refused (why, in view;
        nothing else changes) or stale (another phone moved on, through another server
        process or just before this tap reached this one: what the table is at now, and
        a line saying so; a quick second tap of this phone's own just redraws)."""
        if tapped.saved or tapped.stale:
            redraw()
        if tapped.missed:
            ctx.tell_missed_tap()
        if tapped.notice:
            ctx.show_notice(tapped.notice, kind=tapped.kind)
            ctx.page.update()

    def undo(e) -> None:
        answer(play.undo(ctx.engine, ctx.store))

    if play.broken is not None:
        # A log the game refuses (damaged, or from an older version): Undo repairs it.
        return screen(route, title, [
            ft.Text(play.broken_text, color=ft.Colors.ERROR),
            ft.Row([secondary_button(t("play.undo"), undo, ft.Icons.UNDO, expand=True)]),
        ], on_back=back)

    def record(event: dict[str, Any], draft: tuple | None = None,
               ending: bool = False) -> None:
        """Save the tap (``Play.tap``); a tap that ends the game asks first."""
        tapped = play.tap(ctx.engine, event, ending=ending)
        if tapped.ask_end:
            confirm_end(lambda: record(event, draft, ending=True))
            return
        if tapped.saved:
            ctx.drafts.pop(draft, None)
        answer(tapped)  # refused: what was typed stays

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
        held = unsaved(forms, ctx.drafts, draft)
        if not held:
            record(build_event(action, values), draft)
            return

        def go_on(e) -> None:
            ctx.page.pop_dialog()
            for a, key in forms:
                if a in held:
                    ctx.drafts.pop(key, None)
            record(build_event(action, values), draft)

        ctx.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(t("play.unsaved_title")),
            content=ft.Text(t("play.unsaved_body", form=say(held[0].label))),
            actions=[ft.TextButton(content=t("play.unsaved_discard"), height=TAP,
                                   on_click=go_on),
                     ft.FilledButton(content=t("play.unsaved_back"), height=TAP,
                                     on_click=lambda e: ctx.page.pop_dialog())],
        ))

    view = play.view
    controls: list[ft.Control] = [kept_status(kept, view, ctx)]
    notes = notes_card(view, ctx) if view.notes else None
    primary = next((a for a in view.actions if a.primary), None)
    forms: list[tuple[Action, tuple]] = []  # the forms on screen and their drafts' keys
    primary_values: dict[str, Any] | None = None
    primary_key: tuple | None = None
    first_sectioned = next((a for a in view.actions if a.section is not None), None)
    drawn_forms: dict[tuple, ShownForm] = {}

    def form_item(action: Action, make: Callable[[], ShownForm]) -> ft.Control:
        """The form of ``action``: the one on screen while it asks the same questions
        (``same_questions``), showing the entries of its draft drawn now, else
        ``make()``'s. A kept form's button is new: it records on the log drawn now."""
        key, values = draft_for(ctx.drafts, table_id, action)
        form = kept.forms.get(key)
        if form is not None and same_questions(form.action, action) \
                and key not in drawn_forms:
            form.action = action
            form.inputs.show(action, values)
            if form.relabel is not None:
                form.relabel(action)
            if form.button_row is not None:
                form.button_row.controls = [form_button(action, record, values, key)]
        else:
            form = make()
        drawn_forms[key] = form
        return form.control

    def primary_form(action: Action, values: dict[str, Any]) -> ShownForm:
        card, inputs = form_card(action, values)
        return ShownForm(action, card, inputs)

    for action in view.actions:
        if notes is not None and not action.folded:
            # Under the helper forms the step opens with (Latria's card entry): what they
            # worked out shows under them, and nothing above a finger on them moves.
            controls.append(notes)
            notes = None
        if action.section is not None:  # one section at a time (views/play_parts.py)
            if action is first_sectioned:
                controls.append(section_card(view, record, ctx.drafts, table_id))
            continue
        if action.helper == "luna_round":
            controls.append(ft.Row([secondary_button(
                t("luna_round.open"),
                lambda e, a=action: open_calculator(ctx, session.game, state, a, record,
                                                    play.refusal),
                ft.Icons.CALCULATE, expand=True)]))
        if action is primary:
            if action.fields:  # its fields here; its button in the bottom bar
                primary_key, primary_values = draft_for(ctx.drafts, table_id, action)
                controls.append(form_item(
                    action, lambda a=action, v=primary_values: primary_form(a, v)))
            continue
        if not action.fields:
            controls.append(action_button(action, record))
            continue
        forms.append((action, draft_for(ctx.drafts, table_id, action)[0]))

        def make(action: Action = action) -> ShownForm:
            control, button_row, inputs = action_form(action, record, ctx.drafts, table_id)
            form = ShownForm(action, control, inputs, button_row)
            if action.folded:  # a helper one tap away
                form.control, form.relabel = folded(action, control, ctx.drafts, table_id)
            return form

        controls.append(form_item(action, make))
    if notes is not None:
        controls.append(notes)
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


def notes_card(view: PlayView, ctx) -> ft.Control:
    """The step's extra lines (e.g. Latria's proposal), with the readings they rest on."""
    lines: list[ft.Control] = [ft.Text(say(n), size=14) for n in view.notes]
    if view.note_rulings:
        lines.append(why.link(ctx.page, view.note_rulings))
    return ft.Card(content=ft.Container(
        ft.Column(lines, spacing=4), padding=ft.Padding.all(12),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12))


@dataclass
class StatusCard:
    """Where the table is, its step, whose turn and what to do, with the step's rule and
    readings: its words change in place while the same lines are shown (``kept_status``).
    Its buttons only open a dialog of the step shown (``view``), never change the table."""

    shape: tuple
    view: PlayView
    control: ft.Control
    texts: list[ft.Text]  # where, the step, whose turn (if any), what to do


def kept_status(kept: Kept, view: PlayView, ctx) -> ft.Control:
    """The status card: the one on screen while it has the same lines, its words changed
    in place (a new card for every phone at every change was much of what a change cost
    the server), else a new one."""
    words = status_words(view)
    shape = (len(words), bool(view.cites), tuple(view.rulings))
    card = kept.status
    if card is not None and card.shape == shape:
        card.view = view
        for text, value in zip(card.texts, words, strict=True):
            text.value = value
        return card.control
    kept.status = status_card(shape, view, words, ctx)
    return kept.status.control


def status_words(view: PlayView) -> list[str]:
    words = [" · ".join(where_parts(view)), say(view.step)]
    if view.active_player:
        words.append(t("play.active", name=view.active_player))
    return [*words, say(view.reminder)]


def status_card(shape: tuple, view: PlayView, words: list[str], ctx) -> StatusCard:
    texts = [ft.Text(words[0], size=14, color=ft.Colors.ON_SURFACE_VARIANT),
             ft.Text(words[1], size=20, weight=ft.FontWeight.W_600),
             *(ft.Text(word, size=15) for word in words[2:-1]),
             ft.Text(words[-1], size=16)]
    lines: list[ft.Control] = list(texts)

    def show_rule(e) -> None:
        from companion.ui.views.rulebook import rule_route  # the section the quote is from

        # Latoro's rulebook is Japanese: a phone in Japanese reads the original. The
        # other rulebooks are English: in Japanese the dialog says so above their words.
        quote = quoted(card.view.cites, current_language())
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
    card = StatusCard(shape, view, ft.Card(content=ft.Container(
        ft.Column(lines, spacing=6), padding=ft.Padding.all(14))), texts)
    return card  # (``show_rule`` reads the view it shows now)


def form_card(action: Action, values: dict[str, Any],
              button_row: ft.Control | None = None) -> tuple[ft.Control, FormInputs]:
    """The form's card: its inputs (what is entered stays through redraws: ``Kept``)
    and, below them, the row of its button (drawn anew)."""
    inputs = FormInputs(action, values)
    parts: list[ft.Control] = [inputs.column]
    if button_row is not None:
        parts.append(button_row)
    return ft.Card(content=ft.Container(ft.Column(parts, spacing=10),
                                        padding=ft.Padding.all(12))), inputs


def same_questions(before: Action, now: Action) -> bool:
    """Whether a form drawn for ``now`` asks what the one drawn for ``before`` asked: the
    same event, fields and answers, where they stand and how they are recorded. What the
    fields start with (their defaults: e.g. the cards just entered, to correct) and the
    button's words may differ: the form on screen stays, and shows the draft drawn now."""
    def asked(action: Action) -> tuple:
        return (action.event, action.primary, action.folded, action.helper, action.section,
                [f.model_copy(update={"default": None, "preset": None})
                 for f in action.fields])
    return asked(before) == asked(now)


@dataclass
class ShownForm:
    """A form on the Play screen: what ``Kept`` keeps of it through a redraw."""

    action: Action
    control: ft.Control
    inputs: FormInputs
    button_row: ft.Row | None = None
    relabel: Callable[[Action], None] | None = None  # the words of the button that folds it


class FormInputs:
    """A form's inputs and the draft they enter into (``values``, kept in ``ctx.drafts``).

    Kept through a redraw (this phone's own tap, or another phone's change) while the
    form asks the same questions (``same_questions``), bound then to the draft drawn now,
    whose entries they show in place (``show``): a chip tapped as the screen was drawn
    again is still on it, and its tap lands on what the player saw (made anew, as each
    form was after "Enter the cards played", it reached a chip no longer on screen and
    was dropped without a word).

    A question not asked of the player picked (``Field.not_for``) stays in its place,
    dimmed and unanswered: taken away, it moved the questions under it up, under a
    finger on its way to one of them ("Cleo kept their own card" tapped just after Ben
    was picked as the taker toggled Dan's)."""

    def __init__(self, action: Action, values: dict[str, Any]):
        self.action = action
        self.values = values
        # each field's: show its entry in the draft; the control it changed, if any
        self.shows: list[Callable[[], ft.Control | None]] = []
        controls = [field_control(f, self) for f in action.fields]
        # Left out of the screen's updates (``sent_alone``): each entry sends what it changed.
        self.column = sent_alone(ft.Column(controls, spacing=10))
        self.changed()

    def show(self, action: Action, values: dict[str, Any]) -> None:
        """Ask ``action``'s questions (the same as before) with the entries of ``values``,
        and send what that changed on screen."""
        self.action, self.values = action, values
        send(self.changed())

    def entered(self) -> None:
        """After an entry: send what it changed (the chip picked, a question now asked or
        not asked)."""
        send(self.changed())

    def changed(self) -> list[ft.Control]:
        return [c for c in (show() for show in self.shows) if c is not None]


def send(controls: list[ft.Control]) -> None:
    """Send ``controls`` (on screen) to the phone, in one message."""
    if not controls:
        return
    try:
        page = controls[0].page
    except RuntimeError:  # not on a screen (not sent yet, or taken away)
        return
    if page is not None:
        send_together(page, controls)


def action_button(action: Action, record) -> ft.Control:
    """An action without fields: one button that records its event."""
    return ft.Row([secondary_button(say(action.label), lambda e: record(build_event(action)),
                                    expand=True)])


def action_form(action: Action, record, drafts: dict,
                table_id: str) -> tuple[ft.Control, ft.Row, FormInputs]:
    """A small form whose button records the event with what was entered; the row that
    holds its button, and its inputs."""
    key, values = draft_for(drafts, table_id, action)
    button_row = ft.Row([form_button(action, record, values, key)])
    card, inputs = form_card(action, values, button_row)
    return card, button_row, inputs


def form_button(action: Action, record, values: dict[str, Any], key: tuple) -> ft.Control:
    return secondary_button(say(action.label),
                            lambda e: record(build_event(action, values), key), expand=True)


def field_control(field: Field, inputs: FormInputs) -> ft.Control:
    """The input of ``field``, entering into ``inputs.values`` (the draft the form is
    bound to when tapped); it adds how it shows that draft's entry to ``inputs.shows``."""
    if field.kind == "number":
        minimum = field.min if field.min is not None else 0

        def number() -> int:
            n = inputs.values.get(field.id)
            n = n if isinstance(n, int) else minimum
            inputs.values[field.id] = n
            return n

        stepper = Stepper(say(field.label), number(),
                          lambda n: inputs.values.__setitem__(field.id, n),
                          minimum=minimum, maximum=field.max)

        def show_number() -> ft.Control | None:
            n = number()
            if n == stepper.value:
                return None
            stepper.set_value(n)  # (its − and + anew: a tap on the number before is told)
            return stepper.control

        inputs.shows.append(show_number)
        return stepper.control
    if field.kind == "bool":
        # The label wraps beside the box (a Checkbox's own label is cut off at 360 px),
        # and the whole row toggles it. A tap toggles what the player saw, the draft's
        # entry, never the box read back: on a busy server a tap made just before (the
        # taker picked) can run after the box took its new value and show the draft
        # over it, before the box's change runs.
        def toggled() -> None:
            inputs.values[field.id] = not inputs.values.get(field.id)
            inputs.entered()

        box = ft.Checkbox(value=False, semantics_label=say(field.label),
                          on_change=lambda e: toggled())
        words = ft.Text(say(field.label), size=15, expand=True)
        row = ft.Container(
            ft.Row([box, words], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            on_click=lambda e: toggled(), ink=True, border_radius=8)

        def show_box() -> ft.Control | None:
            on = inputs.values[field.id] = bool(inputs.values.get(field.id))
            asked = not not_asked(inputs.action, field, inputs.values)
            if (box.value, row.disabled) == (on and asked, not asked):
                return None
            box.value, row.disabled = on and asked, not asked  # (not asked: recorded as no)
            words.opacity = 1.0 if asked else 0.38
            return row

        inputs.shows.append(show_box)
        return row
    # player / choice: a row of chips, one tap
    choices: list[Any] = list(field.choices or [])
    labels = [say(text) for text in (field.choice_labels or choices)]
    if field.optional:
        choices.append(None)
        labels.append(t("play.none"))

    def pick(value: Any) -> None:
        inputs.values[field.id] = value
        inputs.entered()

    row = ChoiceRow([(value, t("play.choice_spoken", field=say(field.label), choice=text), text)
                     for value, text in zip(choices, labels, strict=True)],
                    inputs.values.get(field.id), pick)
    inputs.shows.append(lambda: row.control if row.show(inputs.values.get(field.id)) else None)
    return ft.Column([ft.Text(say(field.label), size=15), row.control], spacing=6)


def kept_markers(kept: Kept, view: PlayView) -> list[ft.Control]:
    """The markers' cards; those on screen stay while they have the same lines, and only
    the values that changed are sent. The cards are left out of the screen's update
    (``sent_alone``): comparing each of their lines for every phone at every change was
    much of what a change cost the server."""
    cards = marker_lines(view)
    shape = [(heading_text, [label for label, _ in lines]) for heading_text, lines in cards]
    values = [text for _, lines in cards for _, text in lines]
    if kept.markers is not None and kept.markers[0] == shape:
        _, controls, value_texts = kept.markers
        changed = []
        for control, text in zip(value_texts, values, strict=True):
            if control.value != text:
                control.value = text
                changed.append(control)
        send(changed)
        return controls
    controls, value_texts = markers_controls(cards)
    kept.markers = (shape, controls, value_texts)
    return controls


def markers_controls(cards: list[MarkerCard]
                     ) -> tuple[list[ft.Control], list[ft.Text]]:
    """The cards of ``marker_lines``, and the texts of their values in order."""
    if not cards:
        return [], []
    out: list[ft.Control] = [heading(t("play.markers"))]
    value_texts: list[ft.Text] = []

    def row(label: str, text: str) -> ft.Control:
        """The label and its value side by side while both fit the card's width, else the
        value under its label, each wrapping between whole words: the phone decides, at its
        width and text size (a label beside a value that filled the line was crushed to a
        letter a line: "Sun" at 360 px with larger text). Each line is read on its own
        ("Parent, Cleo"), where the card would merge every line into one."""
        value = ft.Text(text, size=15, weight=ft.FontWeight.W_600)
        value_texts.append(value)
        return ft.Semantics(container=True, content=ft.Row(
            [ft.Text(label, size=14), value], wrap=True, spacing=12, run_spacing=0,
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN))

    for heading_text, lines in cards:
        rows = [row(label, text) for label, text in lines]
        if heading_text is not None:
            rows.insert(0, ft.Text(heading_text, size=15, weight=ft.FontWeight.W_600))
        # Stretched: each row as wide as the card, so that a value beside its label sits
        # at the right edge.
        out.append(sent_alone(ft.Card(content=ft.Container(
            ft.Column(rows, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            padding=ft.Padding.all(12)))))
    return out, value_texts


def sent_alone(control: ft.Control) -> ft.Control:
    """A part kept through redraws (``Kept``: what a form has entered, the markers'
    cards), left out of the screen's update, which would otherwise compare each of its
    controls for every phone at every change: what changes in it is sent on its own.
    Flet's "isolated" controls."""
    return isolate(control)


def to_score(ctx, session) -> None:
    """Open the Score screen with what play tracked written into the saved sheet, field
    by field, so what was entered on Score stays (also for a play already finished)."""
    saved = ctx.store.get_table(session.id)
    if saved is None:
        ctx.go("/")
        return
    follow_play(ctx.store, ctx.engine, saved, empty_sheet, finished_too=True)
    ctx.go(f"/table/{session.id}/score")
