"""What a tap on a score form changed (``Editor.touched``): the Score screen
sends the phone those controls only, so they must include everything the tap changed,
and say "any" whenever the editor cannot tell."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.score_forms import altar as altar_form
from companion.ui.score_forms import form_for
from companion.ui.score_forms.editor import Editor
from scorers.base import Problem


def session(game: str, n: int):
    return SimpleNamespace(game=game, players=["Ann", "Ben", "Cleo", "Dan"][:n], seed=None,
                           variant="standard")


def plus_of(control: ft.Control):
    """The "+" of a stepper's control (Editor.stepper)."""
    row = control.controls[0]
    return row.controls[3]


def form_editor(seen: list, game: str = "latria") -> tuple[Editor, list[ft.Control]]:
    form = form_for(game)
    editor = Editor(form.empty_sheet(session(game, 3), {}, None), seen.append)
    controls = form.player_controls(editor, 0)
    return editor, controls


def steppers(controls: list[ft.Control]) -> list[ft.Column]:
    """The stepper controls among ``controls`` and their descendants."""
    found, todo = [], list(controls)
    while todo:
        c = todo.pop()
        kids = getattr(c, "controls", None) or []
        if isinstance(c, ft.Column) and kids and isinstance(kids[0], ft.Row) and len(
                kids[0].controls) == 4 and isinstance(kids[0].controls[3], ft.IconButton):
            found.append(c)
        todo += list(kids)
        content = getattr(c, "content", None)
        if isinstance(content, ft.Control):
            todo.append(content)
    return found


def test_a_latria_count_touches_that_stepper_only():
    seen: list = []
    editor, controls = form_editor(seen)
    stepper = steppers(controls)[0]
    plus_of(stepper).on_click(None)
    assert seen, "the change was handed to the screen"
    editor.show_problems([])
    assert editor.touched() == [stepper]
    assert editor.touched() is None  # asked once per change


def test_a_message_that_comes_or_goes_touches_its_control():
    seen: list = []
    editor, controls = form_editor(seen, "luna")
    first, second = steppers(controls)[:2]
    where = next(w for w, (c, _) in editor._slot_states.items() if c is second)
    plus_of(first).on_click(None)
    editor.show_problems([Problem(where=where, message="too many")])
    assert editor.touched() == [first, second]
    plus_of(first).on_click(None)
    editor.show_problems([Problem(where=where, message="too many")])  # still there
    assert editor.touched() == [first]
    plus_of(first).on_click(None)
    editor.show_problems([])  # gone
    assert editor.touched() == [first, second]


def test_a_change_the_form_made_itself_touches_any():
    seen: list = []
    editor, _ = form_editor(seen)
    editor.changed()
    editor.show_problems([])
    assert editor.touched() is None


def test_a_slot_without_its_control_touches_any():
    seen: list = []
    editor, controls = form_editor(seen)
    editor.error_slots["somewhere"] = lambda message: None
    plus_of(steppers(controls)[0]).on_click(None)
    editor.show_problems([])
    assert editor.touched() is None


def test_a_luna_stepper_tap_touches_that_stepper_only():
    seen: list = []
    editor, controls = form_editor(seen, "luna")
    stepper = steppers(controls)[-1]
    plus_of(stepper).on_click(None)
    editor.show_problems([])
    assert editor.touched() == [stepper]


def test_altar_followers_name_what_they_change():
    seen: list = []
    form = form_for("altar")
    editor = Editor(form.empty_sheet(session("altar", 2), {}, None), seen.append)
    controls = [*altar_form.player_controls(editor, 0), *altar_form.table_controls(editor)]
    shrines = steppers(controls)[0]
    plus_of(shrines).on_click(None)
    editor.show_problems([])
    touched = editor.touched()
    assert touched is not None and touched[0] is shrines
    # the realm's status line follows the shrines: it is among them
    texts = [c for c in touched if isinstance(c, ft.Text)]
    assert texts, "the status and tile count lines are sent with the stepper"


def test_the_summary_changes_its_points_in_place_only_when_its_rows_stay():
    from companion.screens.score import Summary

    rows = (("Sun 4+3 = 7", "+7"), ("Eclipse −2", "-2"))
    notes = (("scored as one group and subtracted", "L-1"),)
    now = Summary("total", "Every point", rows, notes)
    assert now.same_rows(Summary("total", "Every point", (("Sun 4+3 = 7", "+4"),
                                                          ("Eclipse −2", "-5")), notes))
    assert now.same_rows(now)
    assert not now.same_rows(None)  # nothing drawn yet
    assert not now.same_rows(Summary("total", "Every point", rows[:1], notes))  # a row less
    assert not now.same_rows(Summary("total", "Every point", rows[::-1], notes))  # moved
    assert not now.same_rows(Summary("total", "Every point", rows, ()))  # a note went
    assert not now.same_rows(Summary("total", "Jeder Punkt", rows, notes))  # other words
    fix = Summary("fix", "Fix Ann's sheet first")
    assert not fix.same_rows(fix) and not now.same_rows(fix) and not fix.same_rows(now)


def test_a_choice_changes_its_chips_in_place_and_a_tap_on_the_picked_one_keeps_it():
    """A chip drawn anew handed the keyboard back to the field typed in last with its
    number selected (Altar: Shrines 2, "The draw deck ran out", 1 replaced the 2)."""
    seen: list = []
    editor = Editor({"end": "a"}, seen.append)
    row = editor.choice(("end",), "How the game ended", [("a", "A"), ("b", "B")]).controls[1]
    row.update = lambda: None  # not on a page here
    a, b = row.controls
    assert (a.selected, b.selected) == (True, False)

    a.content.on_click(None)  # the picked one again
    assert row.controls == [a, b] and a.selected and not b.selected
    assert editor.get(("end",)) == "a"

    b.content.on_click(None)
    assert row.controls == [a, b] and editor.get(("end",)) == "b"
    assert (a.selected, b.selected) == (False, True)
    assert a.content.bgcolor is None and b.content.bgcolor == ft.Colors.SECONDARY_CONTAINER
