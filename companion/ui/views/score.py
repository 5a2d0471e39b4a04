"""Score: enter what each player holds; totals and breakdowns update with every tap.

The sheet is the score-sheet JSON (docs/score-sheets.md), saved with the table after
every change, so it survives a restart; it can be exported and imported as that JSON.
Each change is saved as field changes into the saved sheet (companion/sheet_changes.py),
so phones entering different players both land; another phone's change is shown in
place, and a field this phone entered that another phone then changed is named in a
notice.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from companion.catalog import GAMES
from companion.i18n import listed, t
from companion.screens.answers import told
from companion.screens.play_to_score import follow_play
from companion.screens.score import (
    Summary,
    blank_sheet,
    header,
    import_problem,
    problem_text,
    shown_sheet,
)
from companion.screens.score_entries import (
    Entered,
    Entries,
    change_name,
    missed_notice,
    overwritten_notice,
    play_notice,
)
from companion.screens.wording import game_title
from companion.ui.score_forms import form_for
from companion.ui.score_forms.editor import Editor
from companion.ui.views import export_sheet, score_damaged
from companion.ui.views.score_players import PlayerStrip
from companion.ui.widgets import why
from companion.ui.widgets.common import (
    TAP,
    choice_chip,
    muted,
    primary_button,
    screen,
    secondary_button,
    set_choice_chip,
    spoken_as,
)
from companion.ui.widgets.stepper import Stepper, keep_typing, steppers_in
from companion.web.flet_internals import is_mounted, send_together
from scorers.base import Problem
from scorers.limits import load_sheet_text
from scorers.sheets import location

log = logging.getLogger(__name__)


def warning_icon() -> ft.Control:
    """At the chip of a player whose entries have a problem."""
    return ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR)


def build(ctx, table_id: str) -> ft.View:
    session = ctx.store.get_table(table_id)
    route = f"/table/{table_id}/score"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    form = form_for(session.game) if session else None
    if session is None or form is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    game = GAMES[session.game]
    # what Play tracked, where Score entered nothing
    session = follow_play(ctx.store, ctx.engine, session, form.empty_sheet)
    box = ctx.store.box_values(session.game)
    sheet = shown_sheet(form.empty_sheet, session, box)
    # An older version's sheet with entries of the wrong kind: say what, never crash.
    damaged = score_damaged.undrawable_problems(
        sheet, len(blank_sheet(form.empty_sheet, session, box)["players"]))
    if damaged:
        return score_damaged.build(ctx, table_id, session, damaged,
                                   t("score.title", game=game_title(game)),
                                   lambda: build(ctx, table_id))
    # what this phone shows, its Undo, what it entered
    entries = Entries(table_id, sheet, ctx.store)

    # The header (fixed above the entries, so nothing under a finger moves as totals
    # change): the players in one scrolling row, whose sheet this is with its total, and
    # the form's own choice of where entries go (Latria's pile).
    chips = ft.Row(spacing=8)
    total_line = ft.Text("", size=18, weight=ft.FontWeight.W_600, max_lines=1,
                         overflow=ft.TextOverflow.ELLIPSIS)
    form_header = ft.Column(spacing=6)
    summary = ft.Column(spacing=2)  # every point, below the entries
    body = ft.Column(spacing=12)
    undo_button = secondary_button(t("score.undo"), lambda e: undo(), ft.Icons.UNDO)
    problems_box = ft.Column(spacing=2, visible=False)
    results_button = primary_button(t("score.results"), lambda e: ctx.go(
        f"/table/{table_id}/results"), ft.Icons.EMOJI_EVENTS_OUTLINED)

    def save(changes: list) -> bool:
        """Save this phone's field changes (``Entries.enter``), then show the totals."""
        source = editor.source  # the stepper tapped, when one was
        name = change_name(editor.sheet, editor.labels, changes[0][0]) if changes else ""
        counts = tuple(steppers_in(source)) if source else ()
        entered = entries.enter(ctx.engine, changes, name, counts)
        if not entered.saved:
            tell(entered, source)
            return False
        editor.accept_saved(entries.saved)
        show_tap()
        return True

    def tell(entered: Entered, source: ft.Control | None = None) -> None:
        """An action that saved nothing: the saved sheet shown again, and why."""
        if entered.stale:
            ctx.redraw(build(ctx, table_id), notice=entered.notice)
            return
        editor.accept_saved(entries.saved)
        editor.touched()  # the whole screen is sent
        render_body()
        refresh()
        notice = entered.notice
        if entered.missed is not None:
            keep_typing(ctx.page, body)  # a number typed next still lands
            tapped = source.data if source is not None else None
            count = steppers_in(body).get(tapped.name) if isinstance(tapped, Stepper) else None
            notice = missed_notice(editor.sheet, editor.labels, *entered.missed,
                                   (count.label, count.value) if count else None)
        ctx.show_notice(notice, kind=entered.kind)
        ctx.page.update()

    def undo() -> None:
        """Take back this phone's last change (what another phone changed stays)."""
        entered = entries.undo(ctx.engine)
        if not entered.saved:
            if entered.missed or entered.stale or entered.kind != "done":
                tell(entered)
            else:  # nothing to take back
                ctx.show_notice(entered.notice, kind=entered.kind)
                ctx.page.update()
            return
        editor.accept_saved(entries.saved)
        render_body()
        refresh()
        ctx.show_notice(entered.notice, kind=entered.kind)
        ctx.page.update()

    def remember_box_value(key: str, value: Any) -> None:
        answer = told(ctx.engine.remember_box_value(session.game, key, value))
        if answer.notice:
            ctx.show_notice(answer.notice, kind=answer.kind)

    editor = Editor(sheet, save, box_values=box, remember_box_value=remember_box_value,
                    page=ctx.page)

    # The counts another phone's last change showed anew: a tap on one of them made on
    # the number before reached a control no longer on screen, and is told with these.
    moved_counts: list[str] = []

    def take_change(change) -> bool:
        """Another phone changed the table: show the saved sheet; say so when it changed
        a field this phone entered (``seen``: a tap of this phone's after it was not
        applied), or Play moved on. Whether the screen moved on (``Context.take_change``:
        else its notices stay)."""
        saved = ctx.store.get_table(table_id)
        if saved is None or change.kind == "table":
            ctx.redraw(build(ctx, table_id))
            return True
        from_play = change.kind == "play"
        if from_play:
            # Another phone tapped Play: what it tracked is written where Score entered
            # nothing (the first phone on Score to hear it writes; the others hear that,
            # or find it written).
            saved = follow_play(ctx.store, ctx.engine, saved, form.empty_sheet)
        elif change.kind != "sheet":
            return False
        fresh = saved.score_sheet or blank_sheet(form.empty_sheet, saved, box)
        followed = entries.follow(fresh, change.paths, from_play)
        if followed.shown_already:
            return False  # shown already (drawn for this phone's tap that came after)
        in_place = not followed.whole and all(
            editor.shows(path)
            or (len(path) > 1 and path[0] == "players" and path[1] != entries.player)
            for path in followed.paths)
        counts_before = {name: s.value for name, s in steppers_in(body).items()}
        if in_place:
            editor.load(fresh)
        else:
            editor.accept_saved(fresh)
            render_body()
            keep_typing(ctx.page, body)  # a number typed next still lands
        refresh()
        counts = steppers_in(body)
        moved_counts[:] = [name for name, s in counts.items()
                           if name in counts_before and s.value != counts_before[name]]
        if followed.whole:
            ctx.show_notice(t("score.changed_elsewhere_all"))
        elif from_play:
            ctx.show_notice(play_notice(editor.sheet, editor.labels, followed.paths))
        elif followed.overwritten:
            path, value = followed.overwritten[0]
            # A count this phone entered in a list (a pile) that shows another number now
            # is the entry replaced; else the notice names whose entries changed.
            replaced = [counts[name] for name in entries.mine[location(path)]
                        if name in counts and counts[name].value != counts_before.get(name)]
            ctx.show_notice(overwritten_notice(
                editor.sheet, editor.labels, path, value,
                (replaced[0].label, replaced[0].value) if replaced else None))
        return True

    def where_now() -> str:
        """For a tap that reached a count another phone's change showed anew: what
        those counts hold now ("Ben · Credits is 7")."""
        counts = steppers_in(body)
        return listed(t("score.field_is", field=f"{s.whom} · {s.name}" if s.whom else s.name,
                        value=s.value)
                      for s in (counts.get(name) for name in moved_counts) if s is not None)

    ctx.live[route] = take_change
    ctx.where_now[route] = where_now

    shown_summary: list[Summary | None] = [None]  # what the summary says now

    def refresh() -> list[ft.Control]:
        """Score the sheet and show it: the chips, the total, the summary, the problems
        and the buttons. Returns those of them that changed (what a tap sends)."""
        shown = header(session.game, editor.sheet, entries.player)
        unplaced = editor.show_problems(shown.problems)
        names = [p.get("name", "") for p in editor.sheet.get("players", [])]
        changed: list[ft.Control] = []
        # The chips stay (their text and choice change in place): a new chip under a
        # finger could miss a quick second tap, and sending a whole row costs more.
        same_chips = len(chips.controls) == len(shown.chips)
        if not same_chips:
            chips.controls = []
            changed.append(chips)
        for i, chip in enumerate(shown.chips):
            if same_chips:
                if set_choice_chip(chips.controls[i], chip.label, chip.text,
                                   i == entries.player, chip.troubled, warning_icon):
                    changed.append(chips.controls[i])
            else:
                chips.controls.append(choice_chip(
                    chip.label, chip.text, i == entries.player, lambda e, i=i: choose(i),
                    leading=warning_icon() if chip.troubled else None, size=15))
        line_before = (total_line.value, total_line.color)
        total_line.value = shown.total
        total_line.color = ft.Colors.ERROR if shown.fix else None
        lines, notes = shown.summary, list(shown.notes)
        if (total_line.value, total_line.color) != line_before:
            changed.append(total_line)
        before, shown_summary[0] = shown_summary[0], lines
        if lines.same_rows(before):
            for row, (_, points), (_, old) in zip(summary.controls[1:], lines.breakdown,
                                                  before.breakdown, strict=False):
                if points != old:
                    row.controls[1].value = points
                    changed.append(row.controls[1])
        elif lines != before:
            summary.controls = summary_controls(lines, notes)
            changed.append(summary)
        problem_lines = [problem_text(p, names, editor.labels) for p in unplaced]
        if problems_box.data != problem_lines:
            problems_box.data = problem_lines
            problems_box.controls = problems_row(ctx.page, problem_lines)
            problems_box.visible = bool(unplaced)
            changed.append(problems_box)
        for button, disabled in ((results_button, not shown.scored),
                                 (undo_button, not entries.can_undo)):
            if button.disabled != disabled:
                button.disabled = disabled
                changed.append(button)
        return changed

    def summary_controls(lines: Summary, notes: list) -> list[ft.Control]:
        if lines.kind == "fix":
            return [ft.Text(lines.heading, size=15, color=ft.Colors.ERROR)]
        return [
            ft.Text(lines.heading, size=16, weight=ft.FontWeight.W_600),
            *(ft.Row([ft.Text(label, size=14, expand=True),
                      ft.Text(points, size=14, weight=ft.FontWeight.W_600)],
                     vertical_alignment=ft.CrossAxisAlignment.START)
              for label, points in lines.breakdown),
            *why.note_rows(ctx.page, notes, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ]

    def show_tap() -> None:
        """Send the phone what this change altered, in one message: the form's controls
        it touched and the header's and summary's that changed, not the whole screen
        (sending it all made a tap slow to show); the whole screen when the editor cannot
        tell. The total line always: a tap shows its total."""
        header = refresh()
        form_controls = editor.touched()
        if form_controls is None:
            ctx.update_screen()
            return
        sent = {id(c): c for c in [*form_controls, *header, total_line]
                if is_mounted(ctx.page.session, c)}  # still on screen, each once
        send_together(ctx.page, list(sent.values()))

    def choose(i: int) -> None:
        entries.player = i
        render_body()
        refresh()
        ctx.page.update()
        strip.reveal(i)  # the chosen player's chip whole in view

    def render_body() -> None:
        editor.clear_bindings()
        header = getattr(form, "header_controls", None)
        form_header.controls = header(editor, entries.player) if header else []
        form_header.visible = bool(form_header.controls)
        body.controls = [*form.player_controls(editor, entries.player),
                         *form.table_controls(editor)]

    def export(e) -> None:
        # A file to save or share, or the text to copy (companion/ui/views/export_sheet.py).
        export_sheet.open_dialog(ctx, session, editor.sheet)

    def import_(e) -> None:
        field = ft.TextField(label=t("score.import_label"), multiline=True, min_lines=6,
                             max_lines=12, error_max_lines=6)

        def do_import(e) -> None:
            expected = [p["name"] for p in blank_sheet(form.empty_sheet, session, box)["players"]]
            problem = import_problem(field.value or "", session, expected)
            if problem:
                field.error = problem
                field.update()
                return
            entered = entries.replace_sheet(ctx.engine, load_sheet_text(field.value or ""))
            if not entered.saved and not entered.stale:  # read-only data; the store's checks
                field.error = t("score.import_not_saved", reason=entered.notice)
                field.update()
                return
            ctx.page.pop_dialog()
            if entered.stale:  # deleted on another phone
                ctx.redraw(build(ctx, table_id))
                return
            editor.accept_saved(entries.saved)
            render_body()
            refresh()
            ctx.toast(entered.notice)
            strip.reveal(0)

        ctx.page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("score.import_title")),
            content=ft.Column([muted(t("score.import_hint")), field], width=360, tight=True),
            actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                                   on_click=lambda e: ctx.page.pop_dialog()),
                     ft.FilledButton(content=t("score.import"), height=TAP,
                                     on_click=do_import)],
        ))

    def rebuild() -> None:
        render_body()
        refresh()
        ctx.page.update()

    editor.rebuild = rebuild
    try:
        render_body()
        refresh()
    except Exception:  # a saved sheet no check foresaw: say so, and log it for a fix
        log.exception("the score screen could not draw the saved sheet of %s", table_id)
        return score_damaged.build(ctx, table_id, session,
                                   [Problem(where="", message=t("score.damaged_unexpected"))],
                                   t("score.title", game=game_title(game)),
                                   lambda: build(ctx, table_id))
    controls = [
        body,
        ft.Card(content=ft.Container(summary, padding=ft.Padding.all(12))),
        ft.Row([secondary_button(t("score.export"), export, ft.Icons.UPLOAD, expand=True),
                secondary_button(t("score.import"), import_, ft.Icons.DOWNLOAD, expand=True)]),
    ]
    strip = PlayerStrip(chips, entries.player)
    top = ft.Column([strip.control, total_line, form_header], spacing=6)
    bottom = ft.Column([problems_box, ft.Row([undo_button, results_button], spacing=8)],
                       spacing=6)
    return screen(route, t("score.title", game=game_title(game)), controls, on_back=back,
                  bottom=bottom, top=top)


def problems_row(page: ft.Page, lines: list[str]) -> list[ft.Control]:
    """The problems no field shows, above Undo and Results: one short line (how many, and
    the first on at most two lines) with every one in full a tap away. Each problem on a
    line of its own took a third of the screen (Latria's card checks are long)."""
    if not lines:
        return []
    text = t("score.problems_line", count=len(lines), first=lines[0])
    details = ft.TextButton(
        content=spoken_as(t("score.problems_open"),
                          t("score.problems_open_label", count=len(lines)),
                          weight=ft.FontWeight.W_600),
        height=TAP, on_click=lambda e: show_problems(page, lines))
    return [ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=20),
                    ft.Text(text, color=ft.Colors.ERROR, size=14, max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS, expand=True),
                    details],
                   spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def show_problems(page: ft.Page, lines: list[str]) -> None:
    """Every problem no field shows, in full, in a dialog (plain text: a selectable one
    at times left a dialog's words out of what a screen reader is given)."""
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("score.problems_title"), size=18, weight=ft.FontWeight.W_600),
        content=ft.Column([ft.Text(f"• {line}", size=16) for line in lines], spacing=10,
                          tight=True, scroll=ft.ScrollMode.AUTO),
        actions=[ft.TextButton(content=t("common.close"), height=TAP,
                               on_click=lambda e: page.pop_dialog())],
    ))
