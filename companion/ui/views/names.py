"""A player's name field, as the new-table form and the Players screen use it: empty with
the default name as a hint (typing never lands after "Player 1"), no "0/40" counter
until the name comes near the limit."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorers.base import MAX_NAME_LENGTH

NEAR_THE_LIMIT = 8  # characters left when the counter appears


def counter_text(value: str | None) -> str:
    """ "34/40" when a name nears the limit, else nothing (an empty counter is hidden)."""
    n = len(value or "")
    return f"{n}/{MAX_NAME_LENGTH}" if n >= MAX_NAME_LENGTH - NEAR_THE_LIMIT else ""


def name_field(label: str, value: str, hint: str | None,
               on_change: Callable[[ft.ControlEvent], None]) -> ft.TextField:
    field = ft.TextField(label=label, value=value, hint_text=hint,
                         max_length=MAX_NAME_LENGTH, counter=counter_text(value),
                         text_size=17, counter_style=ft.TextStyle(size=14),
                         error_style=ft.TextStyle(size=14))

    def changed(e: ft.ControlEvent) -> None:
        counter = counter_text(field.value)
        if counter != field.counter:
            field.counter = counter
            field.update()
        on_change(e)

    field.on_change = changed
    return field
