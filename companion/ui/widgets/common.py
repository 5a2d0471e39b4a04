"""Small building blocks every screen uses: buttons with phone-size tap targets, headings,
an app bar with a labelled back button."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import t

TAP = 52  # px: comfortably above the 48 px minimum tap target
PAGE_PADDING = 16
CHIP_PADDING = 17  # px above and below a chip's label: 52 px high at the normal text size


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=20, weight=ft.FontWeight.W_600)


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def primary_button(label: str, on_click: Callable, icon: ft.IconData | None = None,
                   expand: bool = True) -> ft.FilledButton:
    # Its height comes from the theme's padding (companion/ui/app.py): it grows with the text.
    return ft.FilledButton(content=label, icon=icon, on_click=on_click, expand=expand)


def secondary_button(label: str, on_click: Callable, icon: ft.IconData | None = None,
                     expand: bool = False) -> ft.OutlinedButton:
    return ft.OutlinedButton(content=label, icon=icon, on_click=on_click, expand=expand)


def labelled_icon_button(label: str, icon: ft.IconData, on_click: Callable,
                         color: str | None = None) -> ft.Semantics:
    """An icon button that screen readers and tests can find by ``label``."""
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.IconButton(icon=icon, icon_color=color, tooltip=label, on_click=on_click,
                              width=TAP, height=TAP),
    )


def text_width(text: str) -> int:
    """How wide ``text`` is in Latin letters: a kana or kanji (a wide character) takes
    about two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def app_bar(title: str, on_back: Callable | None = None) -> ft.AppBar:
    leading = None
    if on_back is not None:
        leading = labelled_icon_button(t("common.back"), ft.Icons.ARROW_BACK, on_back)
    # Long titles ("New Altar: Realms of the Gods table") get a smaller size and two lines.
    size = 20 if text_width(title) <= 24 else 16
    return ft.AppBar(
        title=ft.Text(title, size=size, weight=ft.FontWeight.W_600, max_lines=2,
                      overflow=ft.TextOverflow.ELLIPSIS),
        leading=leading,
        automatically_imply_leading=False,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )


def screen(route: str, title: str, controls: list[ft.Control],
           on_back: Callable | None = None, bottom: ft.Control | None = None,
           top: ft.Control | None = None) -> ft.View:
    """A scrolling phone screen; ``top`` stays pinned above the scrolling part and
    ``bottom`` below it (what must not move while entries are made below it)."""
    body = ft.Column(controls=controls, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)
    content: list[ft.Control] = [body]
    if top is not None:
        content.insert(0, top)
    if bottom is not None:
        content.append(bottom)
    return ft.View(
        route=route,
        appbar=app_bar(title, on_back),
        controls=content,
        padding=ft.Padding.all(PAGE_PADDING),
        spacing=10,
    )


def choice_chip(spoken: str, text: str, selected: bool, on_select: Callable,
                disabled: bool = False, leading: ft.Control | None = None,
                size: int | None = None) -> ft.Semantics:
    """A big tappable chip. ``spoken`` is its name for screen readers and tests (it can say
    more than the short ``text`` shown, e.g. "Sun astrology 8" for "8 · 3★")."""
    return ft.Semantics(
        label=spoken, button=True, selected=selected,
        # No check mark: it would widen the chip when picked and push its neighbours to
        # another row under the player's finger; the picked chip is filled instead.
        # Tall enough to tap from its padding, not a fixed height: at twice the text size
        # a long label wraps and the chip grows instead of cutting it off.
        # A chip draws its label on one line unless the text says otherwise (Flutter).
        content=ft.Chip(label=ft.Text(text, size=size, max_lines=3, no_wrap=False),
                        selected=selected, disabled=disabled,
                        leading=leading, on_select=on_select, show_checkmark=False,
                        padding=ft.Padding.symmetric(horizontal=4, vertical=CHIP_PADDING)),
    )


def set_choice_chip(chip: ft.Semantics, spoken: str, text: str, selected: bool,
                    marked: bool = False, mark: Callable[[], ft.Control] | None = None) -> bool:
    """Change a ``choice_chip`` in place: its names, whether it is picked, and whether it
    wears ``mark()`` in front (``marked``). Returns whether anything changed."""
    inner = chip.content
    # The chip's own ``selected`` too: a tap turns it over on the phone (Flet's Chip), so
    # a tap on the picked chip has unpicked it there while the choice stays the same.
    if (chip.label, inner.label.value, chip.selected, inner.selected,
            inner.leading is not None) == (spoken, text, selected, selected, marked):
        return False
    chip.label, inner.label.value = spoken, text
    chip.selected = inner.selected = selected
    if marked != (inner.leading is not None):
        inner.leading = mark() if marked and mark else None
    return True


class ChoiceRow:
    """One of a few options as a row of ``choice_chip``s, made once and then changed in
    place (``show``). A tapped chip drawn anew hands the keyboard back to the field typed
    in last with its text selected, so the next letter replaces what was typed (Altar's
    Shrines 2, "The draw deck ran out", 1: the field held 1); a chip kept under the
    finger also takes a quick second tap. ``options`` are (value, spoken name, text)."""

    def __init__(self, options: Sequence[tuple[Any, str, str]], chosen: Any,
                 on_pick: Callable[[Any], None], spacing: int = 8):
        self.options = list(options)
        self.control = ft.Row(wrap=True, spacing=spacing, run_spacing=spacing, controls=[
            choice_chip(spoken, text, value == chosen, lambda e, v=value: on_pick(v))
            for value, spoken, text in self.options])

    def show(self, chosen: Any) -> bool:
        """Mark ``chosen`` picked (and put back a chip the phone turned over); returns
        whether any chip changed."""
        changed = False
        for chip, (value, spoken, text) in zip(self.control.controls, self.options,
                                               strict=True):
            changed |= set_choice_chip(chip, spoken, text, value == chosen)
        return changed
