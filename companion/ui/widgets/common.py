"""Small building blocks every screen uses: buttons with phone-size tap targets, headings,
an app bar with a labelled back button."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import t
from companion.ui import scroll_memory

TAP = 52  # px: comfortably above the 48 px minimum tap target
PAGE_PADDING = 16
CHIP_PADDING = 17  # px above and below a chip's label: 52 px high at the normal text size
# What a 360 px phone's app bar leaves its title (its two 16 px margins, Back's 56 px and
# 48 px per action button off), and the most it scales a title with larger text.
BAR_WIDTH, BAR_MARGINS, BACK_WIDTH, ACTION_WIDTH = 360, 32, 56, 48
BAR_LARGER_TEXT = 1.34


def tapped_value(e: ft.Event) -> bool:
    """The value a tap gave a checkbox, as the phone sent it with the change. The box's
    own value may have been set again in between: on a busy server a change that came
    first (another phone's tick) can run after the tap's new value reached the box and
    draw the box as saved over it, before the tap's change runs."""
    data = e.data
    if isinstance(data, bool):
        return data
    if isinstance(data, str) and data.lower() in ("true", "false"):
        return data.lower() == "true"
    return bool(e.control.value)


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
    # ``expand`` only when it is asked for: an explicit False still sets Flet's expand, a
    # flex that a wrapping Row cannot lay out (the whole screen was drawn as a grey box).
    return ft.OutlinedButton(content=label, icon=icon, on_click=on_click,
                             expand=True if expand else None)


def labelled_icon_button(label: str, icon: ft.IconData, on_click: Callable,
                         color: str | None = None, tooltip: bool = True) -> ft.IconButton:
    """An icon button that screen readers and tests find by ``label``: one button with one
    name. The icon's own label names the button (Flutter gives an icon button no name of
    its own); the tooltip, for a mouse, stays out of what is read, else the name is read
    twice ("Back Back"). Wrapping the button in a named ``Semantics`` instead puts a
    second, unnamed button inside the named one (axe-core: nested-interactive)."""
    return ft.IconButton(
        icon=ft.Icon(icon, color=color, semantics_label=label),
        tooltip=ft.Tooltip(message=label, exclude_from_semantics=True) if tooltip else None,
        on_click=on_click, width=TAP, height=TAP)


def spoken_as(text: str, spoken: str, **style: Any) -> ft.Text:
    """The words ``text`` of a button that a screen reader says as ``spoken``: the
    button's one name (no ``Semantics`` around the button, which would hold it as a
    second control). ``spoken`` holds the words shown, so that a player who says them to
    a voice control finds the button (WCAG 2.5.3)."""
    return ft.Text(text, semantics_label=spoken, **style)


def rename_icon_button(button: ft.IconButton, label: str) -> bool:
    """Give a ``labelled_icon_button`` a new name (and tooltip); returns whether it changed."""
    if button.icon.semantics_label == label:
        return False
    button.icon.semantics_label = label
    if button.tooltip is not None:
        button.tooltip.message = label
    return True


def text_width(text: str) -> int:
    """How wide ``text`` is in Latin letters: a kana or kanji (a wide character) takes
    about two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def title_size(title: str, back: bool, actions: int = 0) -> int:
    """The size ``title`` is drawn at in the app bar: the largest of 20, 18, 16 and 15 px
    at which it fits one line of a 360 px phone with larger text, beside Back (``back``)
    and ``actions`` buttons; else 16 px on two lines.

    >>> title_size("Table Companion", back=False, actions=2)
    20
    >>> title_size("テーブル・コンパニオン", back=False, actions=2)
    15
    """
    room = BAR_WIDTH - BAR_MARGINS - (BACK_WIDTH if back else 0) - ACTION_WIDTH * actions
    for size in (20, 18, 16, 15):
        if text_width(title) * size / 2 * BAR_LARGER_TEXT <= room:  # a unit: half an em
            return size
    return 16


def app_bar(title: str, on_back: Callable | None = None,
            actions: list[ft.Control] | None = None) -> ft.AppBar:
    leading = None
    if on_back is not None:
        leading = labelled_icon_button(t("common.back"), ft.Icons.ARROW_BACK, on_back)
    # A title is drawn on one line where it fits a 360 px phone with larger text (a
    # word cut in two, テーブル・コンパニオ / ン, was hard to read); a longer one ("New Altar:
    # Realms of the Gods table", "Latoro · ラトーロ setup") at 16 px on up to two lines,
    # which the bar's height holds at any text size. Two lines at 20 px are taller than
    # the bar, which cut them off at the top and the bottom.
    size = title_size(title, on_back is not None, len(actions or []))
    return ft.AppBar(
        title=ft.Text(title, size=size, weight=ft.FontWeight.W_600,
                      max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        leading=leading,
        actions=actions,
        automatically_imply_leading=False,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )


def screen(route: str, title: str, controls: list[ft.Control],
           on_back: Callable | None = None, bottom: ft.Control | None = None,
           top: ft.Control | None = None,
           actions: list[ft.Control] | None = None) -> ft.View:
    """A scrolling phone screen; ``top`` stays pinned above the scrolling part and
    ``bottom`` below it (what must not move while entries are made below it)."""
    body = ft.Column(controls=controls, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)
    scroll_memory.follow(body)  # a restarted server draws it again where it was
    content: list[ft.Control] = [body]
    if top is not None:
        content.insert(0, top)
    if bottom is not None:
        content.append(bottom)
    return ft.View(
        route=route,
        appbar=app_bar(title, on_back, actions),
        controls=content,
        padding=ft.Padding.all(PAGE_PADDING),
        spacing=10,
    )


def choice_chip(spoken: str, text: str, selected: bool, on_select: Callable,
                disabled: bool = False, leading: ft.Control | None = None,
                size: int | None = None) -> ft.Semantics:
    """A big tappable chip. ``spoken`` is its name for screen readers and tests (it can say
    more than the short ``text`` shown, e.g. "Sun astrology 8" for "8 · 3★").

    Drawn as a box rather than Flet's ``Chip``: a chip is a checkbox of its own in the
    accessibility tree, so a named button around it held a second control (axe-core:
    nested-interactive). The box and its words are one button, named ``spoken``."""
    # Tall enough to tap from its padding, not a fixed height: at twice the text size a
    # long label wraps and the chip grows instead of cutting it off.
    words = ft.Text(text, size=size or 14, weight=ft.FontWeight.W_500, max_lines=3,
                    no_wrap=False, semantics_label=spoken)
    box = ft.Container(
        content=chip_content(words, leading),
        on_click=on_select, disabled=disabled, opacity=0.38 if disabled else 1.0,
        border_radius=8, ink=True,
        padding=ft.Padding.symmetric(horizontal=12, vertical=CHIP_PADDING - 1))
    paint_chip(box, selected)
    # ``disabled`` on the Semantics too: the one that tells screen readers.
    return ft.Semantics(button=True, selected=selected, disabled=disabled, content=box)


def chip_content(words: ft.Text, leading: ft.Control | None) -> ft.Control:
    """The words alone (they wrap within the row's width), or a mark in front of them
    (the short name of a player on Score)."""
    if leading is None:
        return words
    return ft.Row([leading, words], spacing=6, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def chip_words(box: ft.Container) -> ft.Text:
    return box.content.controls[-1] if isinstance(box.content, ft.Row) else box.content


def paint_chip(box: ft.Container, selected: bool) -> None:
    """No check mark: it would widen the chip when picked and push its neighbours to
    another row under the player's finger; the picked chip is filled instead. The outline
    is the scheme's ``outline``, which stands out from the page (WCAG 1.4.11, 3:1)."""
    box.bgcolor = ft.Colors.SECONDARY_CONTAINER if selected else None
    box.border = ft.Border.all(1, ft.Colors.SECONDARY_CONTAINER if selected
                               else ft.Colors.OUTLINE)
    chip_words(box).color = (ft.Colors.ON_SECONDARY_CONTAINER if selected
                             else ft.Colors.ON_SURFACE_VARIANT)


def set_choice_chip(chip: ft.Semantics, spoken: str, text: str, selected: bool,
                    marked: bool = False, mark: Callable[[], ft.Control] | None = None) -> bool:
    """Change a ``choice_chip`` in place: its names, whether it is picked, and whether it
    wears ``mark()`` in front (``marked``). Returns whether anything changed."""
    box = chip.content
    words = chip_words(box)
    was_marked = isinstance(box.content, ft.Row)
    if (words.semantics_label, words.value, chip.selected,
            was_marked) == (spoken, text, selected, marked):
        return False
    words.semantics_label, words.value = spoken, text
    chip.selected = selected
    paint_chip(box, selected)
    if marked != was_marked:
        box.content = chip_content(words, mark() if marked and mark else None)
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
