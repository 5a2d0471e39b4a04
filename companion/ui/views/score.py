"""Score: enter what each player holds; totals and breakdowns update with every tap.

The sheet is the score-sheet JSON (docs/score-sheets.md), saved with the table after
every change, so it survives a restart; it can be exported and imported as that JSON.
Each change is saved as field changes into the saved sheet (companion/table/sheet_changes.py),
so phones entering different players both land; another phone's change is shown in
place, and a field this phone entered that another phone then changed is named in a
notice.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from companion.catalog import GAMES
from companion.engine import Refused, Saved, Stale
from companion.i18n import listed, t
from companion.i18n import name as player_name
from companion.screens.score import (
    Summary,
    field_label,
    header,
    import_problem,
    lookup,
    problem_text,
    shown_value,
)
from companion.screens.wording import game_title
from companion.table.setup import sheet_with_readings
from companion.table.sheet_changes import REMOVE, diff, same, value_at
from companion.ui.score_forms import follow_play, form_for
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
from companion.web.flet_internals import is_mounted
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
    session = follow_play(ctx, session)  # what Play tracked, where Score entered nothing
    box = ctx.store.box_values(session.game)
    # the table's own readings (its Rulings screen) go into the sheet the scorer reads
    sheet = sheet_with_readings(session, session.score_sheet or form.empty_sheet(session, box))
    # An older version's sheet with entries of the wrong kind: say what, never crash.
    damaged = score_damaged.undrawable_problems(
        sheet, len(form.empty_sheet(session, box)["players"]))
    if damaged:
        return score_damaged.build(ctx, table_id, session, damaged,
                                   t("score.title", game=game_title(game)),
                                   lambda: build(ctx, table_id))
    state = {"player": 0}

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
    undo_stack: list[tuple[list, str]] = []  # this phone's changes: how to take each back
    problems_box = ft.Column(spacing=2, visible=False)
    results_button = primary_button(t("score.results"), lambda e: ctx.go(
        f"/table/{table_id}/results"), ft.Icons.EMOJI_EVENTS_OUTLINED)

    # The places in the sheet this phone entered (locations), each with the names of the
    # steppers it was typed or tapped on there: Latria's counts share one list, a pile.
    mine: dict[str, list[str]] = {}

    def save(changes: list, undoing: bool = False) -> bool:
        """Save this phone's field changes into the saved sheet, then show the totals.
        Each is a change of what this phone showed there (``seen``): when another phone
        changed that first, nothing is saved and the phone is told what is saved now."""
        before = editor.saved
        source = editor.source  # the stepper tapped, when one was
        seen = [value_at(before, path) for path, _ in changes]
        outcome = ctx.engine.change_sheet(table_id, changes, base=before, seen=seen)
        if isinstance(outcome, Stale) and outcome.kind == "sheet" and outcome.found:
            missed(*outcome.found, source)
            return False
        if isinstance(outcome, Stale):  # replaced (an import) or deleted on another phone
            ctx.redraw(build(ctx, table_id), notice=t("score.changed_elsewhere_all"))
            return False
        if isinstance(outcome, Refused):  # read-only data, or a value no sheet can hold
            editor.accept_saved(before)
            editor.touched()  # the whole screen is sent
            render_body()
            refresh()
            ctx.show_notice(outcome.text(), kind="refused")
            ctx.page.update()
            return False
        saved, _ = outcome.value
        if changes and not undoing:
            undo_stack.append(([(path, lookup(before, path)) for path, _ in changes],
                               change_name(changes[0][0])))
        editor.accept_saved(saved)
        counts = list(steppers_in(editor.source)) if editor.source else []
        for path, _ in changes:
            entered = mine.setdefault(location(path), [])
            entered += [name for name in counts if name not in entered]
        show_tap()
        return True

    def missed(path: tuple, value: Any, source: ft.Control | None) -> None:
        """A change made on a value another phone had changed first (the store refused
        it): the saved sheet is shown, with a line saying the tap was not applied and
        what is saved there now, as for a Play tap (``Context.tell_missed_tap``)."""
        saved = ctx.store.get_table(table_id)
        editor.accept_saved((saved.score_sheet if saved else None) or editor.saved)
        editor.touched()  # the whole screen is sent
        render_body()
        refresh()
        keep_typing(ctx.page, body)
        tapped = source.data if source is not None else None
        count = (steppers_in(body).get(tapped.name) if isinstance(tapped, Stepper)
                 else None)
        field = field_value(path, value, count)
        now = t("score.field_is", field=field[0], value=field[1]) if field else ""
        ctx.show_notice(t("app.tap_missed_now", now=now) if now else t("app.tap_missed"),
                        kind="refused")
        ctx.page.update()

    def undo() -> None:
        """Take back this phone's last change (what another phone changed stays)."""
        if not undo_stack:
            ctx.show_notice(t("score.nothing_to_undo"), kind="done")
            ctx.page.update()
            return
        inverse, name = undo_stack.pop()
        if save(inverse, undoing=True):
            render_body()
            refresh()
            ctx.show_notice(t("score.undid", field=name), kind="done")
            ctx.page.update()

    def change_name(path: tuple) -> str:
        """ "Kim · Moon 1": whose entry and which, for the Undo notice."""
        label = editor.labels.get(location(path))
        players = editor.sheet.get("players", [])
        name = None
        if len(path) > 1 and path[0] == "players" and isinstance(path[1], int):
            name = players[path[1]].get("name", "") if path[1] < len(players) else None
        return (" · ".join(x for x in (name and player_name(name), label) if x)
                or t("score.an_entry"))

    def save_whole(new_sheet: dict[str, Any]):
        """An import: the whole sheet is replaced. Returns the engine's answer."""
        outcome = ctx.engine.replace_sheet(table_id, new_sheet)
        if isinstance(outcome, Saved):
            editor.accept_saved(new_sheet)
            undo_stack.clear()  # the entries it would take back are gone
            refresh()
            ctx.page.update()
        return outcome

    def remember_box_value(key: str, value: Any) -> None:
        outcome = ctx.engine.remember_box_value(session.game, key, value)
        if isinstance(outcome, Refused):
            ctx.show_notice(outcome.text(), kind="refused")

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
            saved = follow_play(ctx, saved)
        elif change.kind != "sheet":
            return False
        fresh = saved.score_sheet or form.empty_sheet(saved, box)
        whole = () in change.paths
        if from_play:  # what Play changed here: what the phone shows differs in
            paths = tuple(path for path, _ in diff(editor.saved, fresh)
                          if path[:1] != ("readings",)) if saved.score_sheet else ()
        else:
            paths = change.paths
        if not whole and (not paths or same(editor.saved, fresh)):
            return False  # shown already (drawn for this phone's tap that came after)
        shown = state["player"]
        in_place = not whole and all(
            editor.shows(path) or (len(path) > 1 and path[0] == "players" and path[1] != shown)
            for path in paths)
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
        overwritten = []
        for path in paths:
            if location(path) in mine:
                # A count this phone entered in a list (a pile) that shows another number
                # now is the entry replaced; else the notice names whose entries changed.
                replaced = [counts[name] for name in mine[location(path)] if name in counts
                            and counts[name].value != counts_before.get(name)]
                overwritten.append((path, value_at(fresh, path),
                                    replaced[0] if replaced else None))
        if whole:
            ctx.show_notice(t("score.changed_elsewhere_all"))
        elif from_play:
            ctx.show_notice(play_notice(paths, fresh))
        elif overwritten:
            ctx.show_notice(overwritten_notice(*overwritten[0]))
        return True

    def field_value(path: tuple, value: Any, count: Stepper | None = None
                    ) -> tuple[str, str] | None:
        """ "Ben · Credits", "7": the field at ``path`` as the screen names it and
        ``value`` (what the sheet holds there now), or ``count``'s name and number (a
        count kept in a list: as it shows). None when nothing on screen names it."""
        players = editor.sheet.get("players", [])
        names = [p.get("name", "") for p in players]
        label = editor.labels.get(location(path))
        if label is None and count is not None:
            label, value = count.label, count.value
        if label is None:  # the same field of the player shown, when another's changed
            label = field_label(editor.labels, location(path), names)
        name = None
        if len(path) > 1 and path[0] == "players" and isinstance(path[1], int):
            name = names[path[1]] if path[1] < len(names) else None
        value = None if value is REMOVE else value
        if not label or not isinstance(value, int | str | bool | type(None)):
            return None
        return (f"{player_name(name)} · {label}" if name else label), shown_value(value)

    def overwritten_notice(path: tuple, value: Any, count: Stepper | None = None) -> str:
        field = field_value(path, value, count)
        if field is not None:
            return t("score.changed_elsewhere", field=field[0], value=field[1])
        players = editor.sheet.get("players", [])
        if len(path) > 1 and path[0] == "players" and isinstance(path[1], int) \
                and path[1] < len(players):
            return t("score.changed_elsewhere_player", name=players[path[1]].get("name", ""))
        return t("score.changed_elsewhere_table")

    def play_notice(paths: tuple, fresh: dict[str, Any]) -> str:
        """What Play's move changed here: "Play changed on another phone: Ann · Credits
        is now 7" (a few counts), else that Score follows it."""
        fields = [field_value(path, value_at(fresh, path)) for path in paths]
        counts = [f for f, path in zip(fields, paths, strict=True)
                  if f is not None and isinstance(value_at(fresh, path), int)]
        if not counts or len(counts) != len(paths) or len(counts) > 3:
            return t("score.play_followed_plain")
        return t("score.play_followed", changes=listed(
            t("score.field_is_now", field=field, value=value) for field, value in counts))

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
        shown = header(session.game, editor.sheet, state["player"])
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
                                   i == state["player"], chip.troubled, warning_icon):
                    changed.append(chips.controls[i])
            else:
                chips.controls.append(choice_chip(
                    chip.label, chip.text, i == state["player"], lambda e, i=i: choose(i),
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
                                 (undo_button, not undo_stack)):
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
        """Send the phone what this change altered: the form's controls it touched and
        the header's and summary's that changed, not the whole screen (sending it all
        made a tap slow to show); the whole screen when the editor cannot tell. The total
        line always: a tap shows its total."""
        header = refresh()
        form_controls = editor.touched()
        if form_controls is None:
            ctx.update_screen()
            return
        sent = {id(c): c for c in [*form_controls, *header, total_line]
                if is_mounted(ctx.page.session, c)}  # still on screen, each once
        ctx.page.update(*sent.values())

    def choose(i: int) -> None:
        state["player"] = i
        render_body()
        refresh()
        ctx.page.update()
        strip.reveal(i)  # the chosen player's chip whole in view

    def render_body() -> None:
        editor.clear_bindings()
        header = getattr(form, "header_controls", None)
        form_header.controls = header(editor, state["player"]) if header else []
        form_header.visible = bool(form_header.controls)
        body.controls = [*form.player_controls(editor, state["player"]),
                         *form.table_controls(editor)]

    def export(e) -> None:
        # A file to save or share, or the text to copy (companion/ui/views/export_sheet.py).
        export_sheet.open_dialog(ctx, session, editor.sheet)

    def import_(e) -> None:
        field = ft.TextField(label=t("score.import_label"), multiline=True, min_lines=6,
                             max_lines=12, error_max_lines=6)

        def do_import(e) -> None:
            expected = [p["name"] for p in form.empty_sheet(session, box)["players"]]
            problem = import_problem(field.value or "", session, expected)
            if problem:
                field.error = problem
                field.update()
                return
            outcome = save_whole(load_sheet_text(field.value or ""))
            if isinstance(outcome, Refused):  # read-only data; the store's own checks
                field.error = t("score.import_not_saved", reason=outcome.text())
                field.update()
                return
            ctx.page.pop_dialog()
            if isinstance(outcome, Stale):  # deleted on another phone
                ctx.redraw(build(ctx, table_id))
                return
            state["player"] = 0
            render_body()
            refresh()
            ctx.toast(t("score.imported"))
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
    strip = PlayerStrip(chips, state["player"])
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
