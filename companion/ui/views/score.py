"""Score: enter what each player holds; totals and breakdowns update with every tap.

The sheet is the score-sheet JSON (docs/score-sheets.md), saved with the table after
every change, so it survives a restart; it can be exported and imported as that JSON.
Each change is saved as field changes into the saved sheet (companion/table/sheet_changes.py),
so phones entering different players both land; another phone's change is shown in
place, and a field this phone entered that another phone then changed is named in a
notice.
"""

from __future__ import annotations

import copy
import logging
from typing import Any, NamedTuple

import flet as ft

from companion.catalog import GAMES
from companion.engine import Refused, Saved, Stale
from companion.i18n import name as player_name
from companion.i18n import say, t, t_for
from companion.table.setup import sheet_with_readings
from companion.table.sheet_changes import REMOVE
from companion.ui.score_forms import field_label, follow_play, form_for
from companion.ui.score_forms.editor import Editor
from companion.ui.views import export_sheet, score_damaged
from companion.ui.views.home import game_title
from companion.ui.widgets import why
from companion.ui.widgets.common import (
    TAP,
    choice_chip,
    labelled_icon_button,
    muted,
    primary_button,
    screen,
    secondary_button,
    set_choice_chip,
)
from companion.ui.widgets.stepper import Stepper, keep_typing, steppers_in
from companion.web import sync
from scorers.base import Problem, Result, SheetProblems
from scorers.limits import MAX_SHEET_MB, SheetTextError, crop, load_sheet_text, value_problems
from scorers.sheets import location, parse_sheet, score_sheet

log = logging.getLogger(__name__)


class Summary(NamedTuple):
    """What the summary under the total says: for ``kind`` "total", a ``heading``, the
    breakdown's (label, points) rows and the notes' (text, rulings); for "fix", the
    ``heading`` says what to fix first."""
    kind: str
    heading: str
    breakdown: tuple[tuple[str, str], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()

    def same_rows(self, before: Summary | None) -> bool:
        """The same lines as ``before`` with perhaps other points: those numbers can
        change in place."""
        return (before is not None and self.kind == before.kind == "total"
                and self.heading == before.heading and self.notes == before.notes
                and [label for label, _ in self.breakdown]
                == [label for label, _ in before.breakdown])


def try_score(sheet: dict[str, Any]) -> tuple[Result | None, list]:
    try:
        return score_sheet(sheet), []
    except SheetProblems as err:
        return None, err.problems


def warning_icon() -> ft.Control:
    """At the chip of a player whose entries have a problem."""
    return ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR)


def player_of(where: str) -> int | None:
    """players[2].support.military → 2"""
    if where.startswith("players["):
        try:
            return int(where[len("players["):where.index("]")])
        except ValueError:
            return None
    return None


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
        """Save this phone's field changes into the saved sheet, then show the totals."""
        before = editor.saved
        outcome = ctx.engine.change_sheet(table_id, changes, base=before)
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

    def take_change(change) -> None:
        """Another phone changed the table: show the saved sheet; say so when it changed
        a field this phone entered (the later change is kept)."""
        saved = ctx.store.get_table(table_id)
        if saved is None or change.kind == "table":
            ctx.redraw(build(ctx, table_id))
            return
        if change.kind == "play":
            # Another phone tapped Play: what it tracked is written where Score entered
            # nothing (the first phone on Score to hear it writes; the others hear that).
            followed = follow_play(ctx, saved)
            if followed.score_sheet == saved.score_sheet:
                return
            saved, change = followed, sync.Change(table_id, "sheet", ((),))
        if change.kind != "sheet":
            return
        fresh = saved.score_sheet or form.empty_sheet(saved, box)
        whole = () in change.paths
        shown = state["player"]
        in_place = not whole and all(
            editor.shows(path) or (len(path) > 1 and path[0] == "players" and path[1] != shown)
            for path in change.paths)
        counts_before = {name: s.value for name, s in steppers_in(body).items()}
        if in_place:
            editor.load(fresh)
        else:
            editor.accept_saved(fresh)
            render_body()
            keep_typing(ctx.page, body)  # a number typed next still lands
        refresh()
        counts = steppers_in(body)
        overwritten = []
        for path, value in zip(change.paths, change.values, strict=False):
            if location(path) in mine:
                # A count this phone entered in a list (a pile) that shows another number
                # now is the entry replaced; else the notice names whose entries changed.
                replaced = [counts[name] for name in mine[location(path)] if name in counts
                            and counts[name].value != counts_before.get(name)]
                overwritten.append((path, value, replaced[0] if replaced else None))
        if whole:
            ctx.show_notice(t("score.changed_elsewhere_all"))
        elif overwritten:
            ctx.show_notice(overwritten_notice(*overwritten[0]))

    def overwritten_notice(path: tuple, value: Any, count: Stepper | None = None) -> str:
        label = editor.labels.get(location(path))
        if label is None and count is not None:  # a count kept in a list: as it shows
            label, value = count.label, count.value
        players = editor.sheet.get("players", [])
        name = None
        if len(path) > 1 and path[0] == "players" and isinstance(path[1], int):
            name = players[path[1]].get("name", "") if path[1] < len(players) else None
        if label and isinstance(value, int | str | bool | type(None)):
            field = f"{player_name(name)} · {label}" if name else label
            return t("score.changed_elsewhere", field=field, value=shown_value(value))
        if name:
            return t("score.changed_elsewhere_player", name=name)
        return t("score.changed_elsewhere_table")

    ctx.live[route] = take_change

    shown_summary: list[Summary | None] = [None]  # what the summary says now

    def refresh() -> list[ft.Control]:
        """Score the sheet and show it: the chips, the total, the summary, the problems
        and the buttons. Returns those of them that changed (what a tap sends)."""
        result, problems = try_score(editor.sheet)
        unplaced = editor.show_problems(problems)
        troubled = {player_of(p.where) for p in problems}
        names = [p.get("name", "") for p in editor.sheet.get("players", [])]
        totals = {p.name: p for p in result.players} if result else {}
        changed: list[ft.Control] = []
        # The chips stay (their text and choice change in place): a new chip under a
        # finger could miss a quick second tap, and sending a whole row costs more.
        same_chips = len(chips.controls) == len(names)
        if not same_chips:
            chips.controls = []
            changed.append(chips)
        for i, name in enumerate(names):
            total = totals[name].total if name in totals else None
            shown = player_name(name)
            text = shown if total is None else f"{shown} · {total}"
            label = t_for(session.game, "score.player_chip", name=name,
                          count="?" if total is None else total)
            if same_chips:
                if set_choice_chip(chips.controls[i], label, text, i == state["player"],
                                   i in troubled, warning_icon):
                    changed.append(chips.controls[i])
            else:
                chips.controls.append(choice_chip(
                    label, text, i == state["player"], lambda e, i=i: choose(i),
                    leading=warning_icon() if i in troubled else None, size=15))
        name = names[state["player"]] if names else ""
        line_before = (total_line.value, total_line.color)
        if name in totals:
            player = totals[name]
            total_line.value = t_for(session.game, "score.total", name=name,
                                     count=player.total)
            total_line.color = None
            # The readings (docs/RULINGS.md) and tie-breaks that apply to this player,
            # each with a "Why?" (companion/ui/widgets/why.py).
            notes = [n for n in result.note_details
                     if name in n.text or not any(o in n.text for o in names)]
            lines = Summary("total", t_for(session.game, "results.breakdowns"),
                            tuple((say(line.label), t_for(session.game, "results.line_value",
                                                          points=line.points))
                                  for line in player.breakdown),
                            tuple((say(n.text), str(n.rulings)) for n in notes))
        else:
            total_line.value = t("score.fix_first_short", name=name)
            total_line.color = ft.Colors.ERROR
            notes = []
            lines = Summary("fix", t("score.fix_first", name=name))
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
        problem_lines = [f"• {problem_text(p, names, editor.labels)}" for p in unplaced]
        if [c.value for c in problems_box.controls] != problem_lines:
            problems_box.controls = [ft.Text(line, color=ft.Colors.ERROR)
                                     for line in problem_lines]
            problems_box.visible = bool(unplaced)
            changed.append(problems_box)
        for button, disabled in ((results_button, result is None),
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
        mounted = ctx.page.session.index
        sent = {id(c): c for c in [*form_controls, *header, total_line]
                if mounted.get(c._i) is c}  # still on screen, each once
        ctx.page.update(*sent.values())

    def choose(i: int) -> None:
        state["player"] = i
        render_body()
        refresh()
        ctx.page.update()

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
    top = ft.Column([player_strip(chips), total_line, form_header], spacing=6)
    bottom = ft.Column([problems_box, ft.Row([undo_button, results_button], spacing=8)],
                       spacing=6)
    return screen(route, t("score.title", game=game_title(game)), controls, on_back=back,
                  bottom=bottom, top=top)


def player_strip(chips: ft.Row) -> ft.Control:
    """The players' chips in one row that scrolls sideways, with an arrow at the edge
    where more players are out of sight (one tap shows them). One row, not wrapped: six
    players with larger text would take three rows, and with Latria's pile above the
    entries the header would leave them less than half the screen."""
    sizes = {"shown": 0.0, "all": 0.0, "at": 0.0}

    async def back(e) -> None:
        await strip.scroll_to(delta=-page_width(), duration=250)

    async def on(e) -> None:
        await strip.scroll_to(delta=page_width(), duration=250)

    def page_width() -> float:  # a little less than what shows: one chip stays in sight
        return max(sizes["shown"] - 2 * TAP, TAP)

    more_before = labelled_icon_button(t("score.players_before"), ft.Icons.CHEVRON_LEFT, back)
    more_after = labelled_icon_button(t("score.players_after"), ft.Icons.CHEVRON_RIGHT, on)
    more_before.visible = more_after.visible = False

    def show_arrows() -> None:
        before = sizes["at"] > 1
        after = sizes["at"] + sizes["shown"] < sizes["all"] - 1
        if (more_before.visible, more_after.visible) != (before, after):
            more_before.visible, more_after.visible = before, after
            more_before.update()
            more_after.update()

    def measured(key: str):
        def on_size(e) -> None:
            sizes[key] = e.width
            show_arrows()
        return on_size

    def scrolled(e) -> None:
        sizes["at"] = e.pixels
        show_arrows()

    chips.on_size_change = measured("all")
    strip = ft.Row([chips], scroll=ft.ScrollMode.AUTO, expand=True, scroll_interval=100,
                   on_size_change=measured("shown"), on_scroll=scrolled)
    return ft.Row([more_before, strip, more_after], spacing=0)


def lookup(sheet: dict[str, Any], path: tuple) -> Any:
    """The value at ``path`` in ``sheet``, or REMOVE when there is none (to take a change
    back: set it again, or leave the key out)."""
    node: Any = sheet
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return REMOVE
    return copy.deepcopy(node)


def shown_value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t("play.yes") if value else t("play.no")
    return say(value)



def problem_text(problem, names: list[str], labels: dict[str, str] | None = None) -> str:
    """ "Ben · Realm 1 · Shrines: …": whose entry and which field (score_forms.field_label)."""
    index = player_of(problem.where)
    label = field_label(labels or {}, problem.where, names)
    who = names[index] if index is not None and index < len(names) else None
    if who or label:
        return f"{' · '.join(x for x in (who, label) if x)}: {say(problem.message)}"
    return say(problem.message)  # its rulings are not named on screen


def import_problem(text: str, session, expected: list[str]) -> str | None:
    """Why a pasted sheet cannot replace this table's sheet, or None. Any text gives an
    answer: more than 5 MB, nesting deeper than a sheet's and numbers of 4,300 digits are
    refused before or while parsing (scorers/limits.py), wrong types by the scorer."""
    try:
        data = load_sheet_text(text)
    except SheetTextError as err:
        return import_text_problem(err)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in (session.game, f"{session.game}_campaign"):
        return t("score.import_wrong_game", game=t(GAMES[session.game].name))
    outer = value_problems(data)
    if outer:  # before anything counts or prints its values
        return "\n".join(f"{pasted_place(data, loc)}: {say(message)}"
                         for loc, message in outer[:6])
    names = data.get("players", [])
    if not isinstance(names, list):
        return t("score.import_wrong_players", players=", ".join(expected))
    names = [p.get("name") if isinstance(p, dict) else p for p in names]
    if sorted(map(str, names)) != sorted(expected):
        return t("score.import_wrong_players", players=", ".join(expected))
    try:
        parse_sheet(data)
    except SheetProblems as err:
        return "\n".join(f"{p.where}: {say(p.message)}" if p.where else say(p.message)
                         for p in err.problems)
    return None


def pasted_place(data: dict, loc: tuple) -> str:
    """Where in a pasted sheet: ``("players", 0, "influence")`` → "Ann · influence"."""
    players = data.get("players")
    if (len(loc) > 1 and loc[0] == "players" and isinstance(players, list)
            and isinstance(loc[1], int) and loc[1] < len(players)
            and isinstance(players[loc[1]], dict)
            and isinstance(players[loc[1]].get("name"), str) and players[loc[1]]["name"].strip()):
        rest = location(loc[2:]).replace("_", " ")
        name = crop(players[loc[1]]["name"].strip())
        return f"{name} · {rest}" if rest else name
    return location(loc).replace("_", " ")


def import_text_problem(err: SheetTextError) -> str:
    if err.kind == "too_big":
        return t("score.import_too_big", size=f"{err.details.get('size') or 0:,}",
                 limit=MAX_SHEET_MB)
    if err.kind == "too_deep":
        return t("score.import_too_deep", line=err.details["line"],
                 column=err.details["column"])
    if err.kind == "not_text":
        return t("score.import_not_text")
    return t("score.import_not_json", line=err.details["line"], column=err.details["column"])
