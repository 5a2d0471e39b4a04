"""The sheet editor: the score sheet as a dict, and controls bound to places in it.

A form module asks the editor for controls (``stepper``, ``choice``, …) bound to a path in
the sheet such as ``("players", 1, "support", "military")``. Every change writes the sheet
back, saves it with the table and re-scores it; a problem the scorer reports for a path is
shown at the control bound to that path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.widgets.common import TAP
from companion.widgets.stepper import Stepper
from scorers.sheets import location

Path = tuple[str | int, ...]


class Editor:
    def __init__(self, sheet: dict[str, Any], on_change: Callable[[], None],
                 box_values: dict[str, Any] | None = None,
                 remember_box_value: Callable[[str, Any], None] | None = None,
                 page: ft.Page | None = None):
        self.sheet = sheet
        self._on_change = on_change
        self.box_values = box_values if box_values is not None else {}
        self._remember = remember_box_value
        self.page = page
        # path string → a function that shows (or clears) a message at that control
        self.error_slots: dict[str, Callable[[str | None], None]] = {}
        # set by the screen: redraws the form when a change alters its fields or limits
        self.rebuild: Callable[[], None] = lambda: None

    # -- reading and writing the sheet ----------------------------------------------
    def get(self, path: Path, default: Any = None) -> Any:
        node: Any = self.sheet
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def set(self, path: Path, value: Any) -> None:
        node: Any = self.sheet
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(key, str) else node[key]
        node[path[-1]] = value
        self.changed()

    def changed(self) -> None:
        self._on_change()

    def remember(self, key: str, value: Any) -> None:
        """Keep a printed value of this game's box for the next game."""
        self.box_values[key] = value
        if self._remember:
            self._remember(key, value)

    # -- bound controls --------------------------------------------------------------
    def stepper(self, path: Path, label: str, minimum: int = 0, maximum: int | None = None,
                hint: str | None = None) -> ft.Control:
        stepper = Stepper(label, int(self.get(path, 0) or 0), lambda n: self.set(path, n),
                          minimum=minimum, maximum=maximum, hint=hint)
        self.error_slots[location(path)] = stepper.show_error
        return stepper.control

    def choice(self, path: Path, label: str, options: Sequence[tuple[Any, str]],
               on_pick: Callable[[Any], None] | None = None) -> ft.Control:
        """One of a few options as a row of big chips (no typing)."""
        error = ft.Text("", color=ft.Colors.ERROR, size=12, visible=False)
        row = ft.Row(wrap=True, spacing=8, run_spacing=8)

        def render() -> None:
            current = self.get(path)
            row.controls = [
                ft.Semantics(
                    label=f"{label}: {text}", button=True, selected=value == current,
                    content=ft.Chip(label=ft.Text(text), selected=value == current, height=TAP,
                                    on_select=lambda e, v=value: pick(v)),
                )
                for value, text in options
            ]

        def pick(value: Any) -> None:
            if on_pick:
                on_pick(value)
            else:
                self.set(path, value)
            render()
            row.update()

        def show(message: str | None) -> None:
            error.value = message or ""
            error.visible = bool(message)

        render()
        self.error_slots[location(path)] = show
        return ft.Column([ft.Text(label, size=15), row, error], spacing=6)

    def show_problems(self, problems: Sequence[Any]) -> list[Any]:
        """Put each problem at its control; return those with no control on screen."""
        for show in self.error_slots.values():
            show(None)
        unplaced = []
        for problem in problems:
            show = self.error_slots.get(problem.where)
            if show is None:
                unplaced.append(problem)
            else:
                show(problem.message)
        return unplaced
