"""A counter with big − and + buttons; the number can also be typed.

Used wherever a player counts things on the table (cards of a kind, tokens, resources).
The buttons stop at the limits the box allows; a typed number outside them, or text that
is not a number, shows a message under the field and keeps what was typed.

A phone typing in a stepper's box keeps typing there when another phone's change draws
the screen again: the box drawn anew under the same name gets the keyboard back
(``keep_typing``), so a number typed after that lands instead of going nowhere.

A tap on − or + is a change of the number this phone showed. When another phone's change
shows a new number (``set_value``), the buttons are made anew: a tap made on the old
number, on its way while the new one was, reaches buttons that are no longer on screen,
and is told rather than applied to a number the player did not see
(companion/ui/app.py ``tell_missed_taps``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.ui.widgets.common import labelled_icon_button
from scorers.limits import MAX_NUMBER


class Stepper:
    def __init__(
        self,
        label: str,
        value: int,
        on_change: Callable[[int], None],
        minimum: int = 0,
        maximum: int | None = None,
        hint: str | None = None,
        width: int = 72,
        name: str | None = None,
        whom: str | None = None,
    ):
        """``name``: what screen readers (and tests) call it when the caption alone is
        ambiguous on the screen, e.g. "Realm 1 · Shrines" under a "Realm 1" heading;
        defaults to ``label``. ``whom``: the player it counts for, said in the names of
        the field and the buttons ("Sun 4 VP, Ann"; "Sun 4 VP: one more for Ann")."""
        name = name or label
        self.name = name
        self.label = label
        self.whom = whom
        self.value = value
        self.minimum = minimum
        # No count of a box is unbounded: a number a sheet cannot hold is refused here,
        # at the field, before the store would refuse it (scorers/limits.py).
        self.maximum = MAX_NUMBER if maximum is None else maximum
        self.on_change = on_change
        self.field = ft.TextField(
            value=str(value),
            width=width,
            height=None,
            text_align=ft.TextAlign.CENTER,
            keyboard_type=ft.KeyboardType.NUMBER,
            dense=True,
            on_change=self._typed,
            on_focus=self._focused,
            on_blur=self._left,
            # The field's name for screen readers: a label of no size, so nothing is drawn
            # and the outline has no gap for it (the caption beside the field shows it).
            label=ft.Container(width=0, height=0, content=ft.Text()),
        )
        self.field_name = name if whom is None else t("stepper.field", label=name, whom=whom)
        self._say_value()
        if whom is None:
            self._button_names = (t("stepper.less", label=name), t("stepper.more", label=name))
        else:
            self._button_names = (t("stepper.less_for", label=name, whom=whom),
                                  t("stepper.more_for", label=name, whom=whom))
        self.error = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)
        caption = [ft.Text(label, size=15)]
        if hint:
            caption.append(ft.Text(hint, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
        self._row = ft.Row(
            [ft.Column(caption, spacing=0, expand=True), ft.Container(),
             # The identifier lets tests find the field without its name.
             ft.Semantics(identifier=f"count:{name}", content=self.field),
             ft.Container()],
            spacing=2,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self._new_buttons()
        self.control = ft.Column(
            [self._row, self.error],
            spacing=0,
            data=self,  # found again on a screen drawn anew (``steppers_in``)
        )

    def _new_buttons(self) -> None:
        """The − and +, made anew (see the module's words on another phone's change)."""
        fewer, more = self._button_names
        # No tooltips: the buttons' names are long, and the caption says what they count.
        self.less = labelled_icon_button(fewer, ft.Icons.REMOVE, lambda e: self._step(-1),
                                         tooltip=False)
        self.more = labelled_icon_button(more, ft.Icons.ADD, lambda e: self._step(+1),
                                         tooltip=False)
        self._row.controls[1], self._row.controls[3] = self.less, self.more
        self._sync_buttons()

    def _focused(self, e: ft.ControlEvent) -> None:
        ft.context.disable_auto_update()  # nothing on screen changed
        if (page := page_of(self.field)) is not None:
            _typing_in[page] = self.name

    def _left(self, e: ft.ControlEvent) -> None:
        ft.context.disable_auto_update()
        if (page := page_of(self.field)) is not None and _typing_in.get(page) == self.name:
            del _typing_in[page]

    def _say_value(self) -> None:
        """The count in the field's name: Flutter does not hand a field's text to a
        screen reader until it is focused, so "Sun 4 VP, Ann, now 2" says it."""
        self.field.label.content.value = t("stepper.field_value", name=self.field_name,
                                           value=self.value)

    def _allowed(self, n: int) -> bool:
        return n >= self.minimum and (self.maximum is None or n <= self.maximum)

    def _range_text(self) -> str:
        if self.maximum is None:
            return t("stepper.at_least", min=self.minimum)
        return t("stepper.range", min=self.minimum, max=self.maximum)

    def _sync_buttons(self) -> None:
        self.less.disabled = self.value <= self.minimum
        self.more.disabled = self.maximum is not None and self.value >= self.maximum

    def _step(self, delta: int) -> None:
        n = self.value + delta
        if not self._allowed(n):
            return
        self.field.value = str(n)
        self._accept(n)

    def _typed(self, e: ft.ControlEvent) -> None:
        text = (self.field.value or "").strip()
        try:
            n = int(text)
        except ValueError:
            self.show_error(t("stepper.not_a_number", range=self._range_text()))
            return
        if not self._allowed(n):
            self.show_error(t("stepper.out_of_range", range=self._range_text()))
            return
        self._accept(n)

    def _accept(self, n: int) -> None:
        self.value = n
        self._say_value()
        self.show_error(None)
        self._sync_buttons()
        self.on_change(n)

    def set_value(self, n: int) -> None:
        """Show ``n`` (saved on another phone) without reporting it as a change. A field
        showing a typing mistake keeps it: the player is still on it."""
        if n == self.value or self.error.visible:
            return
        self.value = n
        self.field.value = str(n)
        self._say_value()
        self._new_buttons()  # a tap on the number shown before is not one on this

    def set_limits(self, minimum: int, maximum: int | None) -> None:
        self.minimum, self.maximum = minimum, MAX_NUMBER if maximum is None else maximum
        self._sync_buttons()

    def error_state(self) -> tuple:
        """What the stepper's message looks like now (to tell whether it changed)."""
        return self.error.value, self.error.visible, self.field.border_color

    def show_error(self, message: str | None) -> None:
        self.error.value = message or ""
        self.error.visible = bool(message)
        self.field.border_color = ft.Colors.ERROR if message else None


# page → the name of the stepper whose box has the keyboard on that phone
_typing_in: weakref.WeakKeyDictionary[ft.Page, str] = weakref.WeakKeyDictionary()


def page_of(control: ft.BaseControl) -> ft.Page | None:
    try:
        return control.page
    except RuntimeError:  # taken off the screen already
        return None


def steppers_in(control: ft.BaseControl) -> dict[str, Stepper]:
    """The steppers drawn within ``control``, by name."""
    found: dict[str, Stepper] = {}
    stack = [control]
    while stack:
        node = stack.pop()
        if isinstance(node.data, Stepper):
            found[node.data.name] = node.data
            continue
        inside = [getattr(node, "content", None), *(getattr(node, "controls", None) or [])]
        stack += [c for c in inside if isinstance(c, ft.BaseControl)]
    return found


def keep_typing(page: ft.Page, within: ft.BaseControl) -> None:
    """After ``within`` was drawn anew for another phone's change: the stepper this phone
    was typing in, drawn anew under the same name, gets the keyboard back (the old box
    was taken off the screen with the keyboard in it)."""
    name = _typing_in.get(page)
    stepper = steppers_in(within).get(name) if name else None
    if stepper is not None:
        page.run_task(stepper.field.focus)
