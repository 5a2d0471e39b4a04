"""The sheet editor: the score sheet as a dict, and controls bound to places in it.

A form module asks the editor for controls (``stepper``, ``optional_stepper``, ``choice``,
``text``, ``ordering``) bound to a path in the sheet such as
``("players", 1, "support", "military")``. Every change is handed to the screen as a
field-level change (path, value), which saves it into the table's saved sheet and
re-scores it; a problem the scorer reports for a path is shown at the control bound to
that path. ``follow`` keeps text worked out from the sheet up to date. ``load`` takes the
saved sheet as another phone left it and shows it in the bound controls, in place (a
field being typed in keeps its cursor).

A tap on a stepper changes a few controls: the stepper, the messages that came or went,
the text its followers keep. ``touched`` names them, so that the screen sends only those
to the phone (a whole form is slow to send); whenever it cannot know (a form changed the
sheet itself, a follower or a message slot that named no control), it says so and the
screen sends the whole form, as before.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import name as player_name
from companion.i18n import say, t
from companion.sheet_changes import REMOVE, SheetChange, apply_change, diff, sync_into
from companion.ui.widgets.common import ChoiceRow, labelled_icon_button
from companion.ui.widgets.stepper import Stepper, page_of
from scorers.sheets import location

Path = tuple[str | int, ...]


def move_button(label: str, icon: ft.IconData, on_click: Callable, disabled: bool) -> ft.Control:
    """A big arrow button named by ``label`` (no tooltip: the name is long)."""
    button = labelled_icon_button(label, icon, on_click, tooltip=False)
    button.disabled = disabled
    return button


class Editor:
    def __init__(self, sheet: dict[str, Any], on_change: Callable[[list[SheetChange]], None],
                 box_values: dict[str, Any] | None = None,
                 remember_box_value: Callable[[str, Any], None] | None = None,
                 page: ft.Page | None = None):
        self.sheet = sheet
        # the sheet as last saved: what differs from it is the change to save
        self.saved = copy.deepcopy(sheet)
        self._on_change = on_change
        self.box_values = box_values if box_values is not None else {}
        self._remember = remember_box_value
        self.page = page
        # path string → a function that shows (or clears) a message at that control
        self.error_slots: dict[str, Callable[[str | None], None]] = {}
        # set by the screen: redraws the form when a change alters its fields or limits
        self.rebuild: Callable[[], None] = lambda: None
        # key → a function run after every change, before the screen redraws (see follow)
        self._followers: dict[str, Callable[[], None]] = {}
        # screen state a form keeps between redraws (e.g. which pile is shown); not saved
        self.ui: dict[str, Any] = {}
        # path string → a function that shows the sheet's value in its control again
        self._shows: dict[str, Callable[[], None]] = {}
        # path string → the control's label, to say which field another phone changed
        self.labels: dict[str, str] = {}
        # path string → (the control showing its message, what that message is now)
        self._slot_states: dict[str, tuple[ft.Control, Callable[[], Any]]] = {}
        # key → the controls a follower changes (None: it may change any)
        self._follower_controls: dict[str, Sequence[ft.Control] | None] = {}
        # the bound control whose change is being handed to the screen (see ``touched``)
        self._source: ft.Control | None = None
        self._touched: list[ft.Control] | None = None

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
        apply_change(self.sheet, path, value)
        self.changed()

    def unset(self, path: Path) -> None:
        """Leave an optional key out of the sheet (nothing happens when it is not there)."""
        apply_change(self.sheet, path, REMOVE)
        self.changed()

    def changed(self) -> None:
        """After the sheet was changed here (by a bound control, or in place by a form):
        hand what differs from the saved sheet to the screen, as field changes."""
        # A change from a stepper: that stepper, and what follows from it, changed;
        # a form's own change may have changed any of its controls (None).
        self._touched = None if self._source is None else [self._source]
        self._run_followers()
        self._on_change(diff(self.saved, self.sheet))

    def touched(self) -> list[ft.Control] | None:
        """The form's controls the change being saved altered, once the screen has shown
        its problems (``show_problems``); None when any of them may have changed. Asked
        once per change."""
        touched, self._touched = self._touched, None
        return touched

    @property
    def source(self) -> ft.Control | None:
        """The control whose change is being handed to the screen (``change_from``), if
        one alone made it."""
        return self._source

    def _touch(self, *controls: ft.Control) -> None:
        if self._touched is not None:
            self._touched += [c for c in controls if c not in self._touched]

    def change_from(self, control: ft.Control, change: Callable[[], None]) -> None:
        """Run ``change``, a change made on ``control`` alone (a stepper): it changed, and
        what follows from it (see ``touched``); ``change`` ends in ``set``, ``unset`` or
        ``changed``."""
        self._source = control
        try:
            change()
        finally:
            self._source = None

    def _run_followers(self) -> None:
        for key, follower in list(self._followers.items()):
            follower()
            controls = self._follower_controls.get(key)
            if controls is None:
                self._touched = None
            else:
                self._touch(*controls)

    def accept_saved(self, saved: dict[str, Any]) -> None:
        """The sheet as the store saved it (with what other phones changed): the sheet
        here becomes it, in place (forms hold on to a player's dict or a pile's list)."""
        sync_into(self.sheet, saved)
        self.saved = copy.deepcopy(saved)

    def load(self, saved: dict[str, Any]) -> None:
        """Take the saved sheet another phone changed and show it in the bound controls,
        in place (a field being typed in keeps its cursor)."""
        self.accept_saved(saved)
        self._run_followers()
        for show in list(self._shows.values()):
            show()

    def shows(self, path: Path) -> bool:
        """Whether a control on screen is bound to ``path`` (and so ``load`` redraws it)."""
        return location(path) in self._shows

    def _bind(self, path: Path, label: str, show_error: Callable[[str | None], None],
              show_value: Callable[[], None], control: ft.Control | None = None,
              state: Callable[[], Any] | None = None) -> None:
        where = location(path)
        self.error_slot(where, show_error, control, state)
        self._shows[where] = show_value
        self.labels[where] = label

    def error_slot(self, where: str, show: Callable[[str | None], None],
                   control: ft.Control | None = None,
                   state: Callable[[], Any] | None = None) -> None:
        """Show the problems found at ``where`` with ``show``. ``control`` shows them and
        ``state`` tells what it shows, so that a change of message updates only it."""
        self.error_slots[where] = show
        if control is not None and state is not None:
            self._slot_states[where] = (control, state)

    def clear_bindings(self) -> None:
        """Before the form is drawn again: the old controls are gone."""
        self.error_slots.clear()
        self._slot_states.clear()
        self._shows.clear()

    def follow(self, key: str, run: Callable[[], None],
               controls: Sequence[ft.Control] | None = None) -> None:
        """Run ``run`` after every change of the sheet, before the screen redraws: for text
        worked out from the sheet (e.g. "Realm complete") or to call ``rebuild`` when the
        fields to show depend on it. ``controls``: the controls ``run`` changes (None: it
        may change any, and every change updates the whole form). A later ``follow`` with
        the same key replaces it, so a form that is drawn again does not pile up
        followers."""
        self._followers[key] = run
        self._follower_controls[key] = controls

    def remember(self, key: str, value: Any) -> None:
        """Keep a printed value of this game's box for the next game."""
        self.box_values[key] = value
        if self._remember:
            self._remember(key, value)

    def whose(self, path: Path) -> str | None:
        """The player a box at ``path`` counts for (a box under ``players``), for its
        name on a screen reader; None for a box of the table's."""
        if len(path) > 2 and path[0] == "players" and isinstance(path[1], int):
            name = self.get(("players", path[1], "name"))
            if isinstance(name, str) and name:
                return player_name(name)
        return None

    # -- bound controls --------------------------------------------------------------
    def stepper(self, path: Path, label: str, minimum: int = 0, maximum: int | None = None,
                hint: str | None = None, name: str | None = None) -> ft.Control:
        """``name``: the accessible name when ``label`` alone is ambiguous (see Stepper)."""
        stepper = Stepper(label, int(self.get(path, 0) or 0), lambda n: self.change_from(
                              stepper.control, lambda: self.set(path, n)),
                          minimum=minimum, maximum=maximum, hint=hint, name=name,
                          whom=self.whose(path))
        self._bind(path, name or label, stepper.show_error,
                   lambda: stepper.set_value(int(self.get(path, 0) or 0)),
                   stepper.control, stepper.error_state)
        return stepper.control

    def choice(self, path: Path, label: str, options: Sequence[tuple[Any, str]],
               on_pick: Callable[[Any], None] | None = None) -> ft.Control:
        """One of a few options as a row of big chips (no typing)."""
        error = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)

        def pick(value: Any) -> None:
            if on_pick:
                on_pick(value)
            else:
                self.set(path, value)
            render()
            if page_of(row.control) is not None:  # (else the form was drawn again for it)
                row.control.update()

        row = ChoiceRow([(value, f"{label}: {text}", text) for value, text in options],
                        self.get(path), pick)

        def render() -> None:
            row.show(self.get(path))

        def show(message: str | None) -> None:
            error.value = message or ""
            error.visible = bool(message)

        render()
        self._bind(path, label, show, render, error, lambda: (error.value, error.visible))
        return ft.Column([ft.Text(label, size=15), row.control, error], spacing=6)

    def optional_stepper(self, path: Path, label: str, maximum: int | None = None,
                         hint: str | None = None) -> ft.Control:
        """A stepper for an optional whole number ≥ 1: 0 leaves the key out of the sheet."""
        def change(n: int) -> None:
            if n == 0:
                self.unset(path)
            else:
                self.set(path, n)

        stepper = Stepper(label, int(self.get(path, 0) or 0),
                          lambda n: self.change_from(stepper.control, lambda: change(n)),
                          minimum=0, maximum=maximum, hint=hint, whom=self.whose(path))
        self._bind(path, label, stepper.show_error,
                   lambda: stepper.set_value(int(self.get(path, 0) or 0)),
                   stepper.control, stepper.error_state)
        return stepper.control

    def text(self, path: Path, label: str, hint: str | None = None,
             blank: str | None = None) -> ft.Control:
        """A short text. With ``blank``, an empty field stores ``blank`` in the sheet (and
        the field shows empty while the sheet holds ``blank``): for optional names."""
        def shown() -> str:
            current = self.get(path, "") or ""
            return "" if blank is not None and current == blank else current

        field = ft.TextField(label=label, hint_text=hint, value=shown(), dense=False)

        def typed(e) -> None:
            value = field.value or ""
            self.set(path, blank if blank is not None and not value.strip() else value)

        def show(message: str | None) -> None:
            field.error = message or None

        def show_value() -> None:
            # Only when it differs: setting a field's value moves its cursor to the end.
            if (field.value or "") != shown():
                field.value = shown()

        field.on_change = typed
        self._bind(path, label, show, show_value, field, lambda: field.error)
        return field

    def ordering(self, path: Path, label: str, hint: str | None = None,
                 on_move: Callable[[], None] | None = None) -> ft.Control:
        """A list of names in order (first = top), each with big "Move … up/down" buttons.

        The sheet holds the list of strings at ``path``; ``on_move`` runs after a move."""
        error = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)
        rows = ft.Column(spacing=4)

        def render(items: list[str] | None = None) -> None:
            items = list(self.get(path, []) or []) if items is None else items
            rows.controls = []
            for i, item in enumerate(items):
                up = move_button(t("editor.move_up", name=item), ft.Icons.ARROW_UPWARD,
                                 lambda e, item=item: move(item, -1), disabled=i == 0)
                down = move_button(t("editor.move_down", name=item), ft.Icons.ARROW_DOWNWARD,
                                   lambda e, item=item: move(item, +1),
                                   disabled=i == len(items) - 1)
                rows.controls.append(ft.Container(
                    ft.Row([
                        ft.Text(t("editor.place", n=i + 1), size=16, width=32,
                                weight=ft.FontWeight.W_600),
                        ft.Text(player_name(item), size=16, expand=True),
                        up, down,
                    ], spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, border_radius=8,
                    padding=ft.Padding.only(left=12, right=4),
                ))

        def move(item: str, step: int) -> None:
            # By name, not by row: a quick second tap may arrive from the row as it was
            # drawn before the first move, and must still move the player it names.
            items = list(self.get(path, []) or [])
            if item not in items:
                return
            i = items.index(item)
            j = i + step
            if not 0 <= j < len(items):
                return
            items[i], items[j] = items[j], items[i]
            render(items)  # before set: the screen is redrawn as the change is saved
            self.set(path, items)
            if on_move:
                on_move()

        def show(message: str | None) -> None:
            error.value = message or ""
            error.visible = bool(message)

        render()
        self._bind(path, label, show, render, error, lambda: (error.value, error.visible))
        caption = [ft.Text(label, size=17, weight=ft.FontWeight.W_600)]
        if hint:
            caption.append(ft.Text(hint, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
        return ft.Column([*caption, rows, error], spacing=6)

    def show_problems(self, problems: Sequence[Any]) -> list[Any]:
        """Put each problem at its control; return those with no control on screen."""
        before = {where: state() for where, (_, state) in self._slot_states.items()}
        for show in self.error_slots.values():
            show(None)
        unplaced = []
        for problem in problems:
            show = self.error_slots.get(problem.where)
            if show is None:
                unplaced.append(problem)
            else:
                show(say(problem.message))
        for where in self.error_slots:
            if where not in self._slot_states:
                self._touched = None  # a slot that named no control: it may have changed
            elif self._slot_states[where][1]() != before[where]:
                self._touch(self._slot_states[where][0])
        return unplaced
