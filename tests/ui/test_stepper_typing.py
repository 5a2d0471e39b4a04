"""A phone typing in a stepper's box keeps typing there when another phone's change draws
its screen again (companion/ui/widgets/stepper.py): the box drawn anew under the same name
is found and given the keyboard back."""

from __future__ import annotations

import flet as ft

from companion.ui.widgets import stepper as stepper_module
from companion.ui.widgets.stepper import Stepper, keep_typing, steppers_in


def counts(*names: str) -> tuple[ft.Control, dict[str, Stepper]]:
    """A form of steppers in cards and rows, as the score forms draw them."""
    made = {name: Stepper(name, 0, lambda n: None) for name in names}
    form = ft.Column([ft.Card(content=ft.Container(content=made[names[0]].control)),
                      ft.Row([s.control for s in list(made.values())[1:]]),
                      ft.Text("Celestial cards")])
    return form, made


def test_the_steppers_of_a_form_are_found_by_name_wherever_they_are():
    form, made = counts("Moon 1 VP", "Moon 2 VP", "Sun ×0")
    assert steppers_in(form) == made


class Phone:
    """A page as far as keep_typing sees it: the tasks it is asked to run."""

    def __init__(self):
        self.tasks: list = []

    def run_task(self, task) -> None:
        self.tasks.append(task)


def test_the_box_drawn_anew_under_the_same_name_gets_the_keyboard_back():
    phone = Phone()
    stepper_module._typing_in[phone] = "Moon 2 VP"  # its box had the keyboard
    try:
        fresh, made = counts("Moon 1 VP", "Moon 2 VP")
        keep_typing(phone, fresh)
        assert phone.tasks == [made["Moon 2 VP"].field.focus]
    finally:
        del stepper_module._typing_in[phone]


def test_a_phone_not_typing_or_whose_box_is_gone_gets_no_keyboard():
    phone = Phone()
    fresh, _ = counts("Moon 1 VP")
    keep_typing(phone, fresh)
    stepper_module._typing_in[phone] = "Polaris 2 VP"
    try:
        keep_typing(phone, fresh)
    finally:
        del stepper_module._typing_in[phone]
    assert phone.tasks == []
