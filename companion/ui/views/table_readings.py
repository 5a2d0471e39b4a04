"""The table's own readings, on its Rulings screen: where the rulebook can be read two
ways and that changes a score or a winner (scorers/readings.py), the table picks the
app's reading or the other one. Saved with the table at once (``Store.set_reading``),
before or after scoring; the other phones redraw; the Score and Results screens and the
Play screen's helper follow.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules.rulings_doc import said
from companion.screens.rulings_list import OTHER
from companion.ui.widgets.common import heading, muted
from scorers.readings import ALTERNATIVE, DOCUMENTED


def option(spoken: str, text: str, picked: bool, on_pick) -> ft.Control:
    """One of the two readings: a wide tappable box, the whole sentence wrapped."""
    return ft.Semantics(label=spoken, button=True, selected=picked, content=ft.Container(
        ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if picked
                        else ft.Icons.RADIO_BUTTON_UNCHECKED,
                        color=ft.Colors.PRIMARY if picked else ft.Colors.OUTLINE),
                ft.Text(text, size=15, expand=True)],
               vertical_alignment=ft.CrossAxisAlignment.START, spacing=10),
        padding=ft.Padding.all(12), border_radius=10, ink=True, on_click=on_pick,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if picked else ft.Colors.SURFACE_CONTAINER_LOW,
    ))


def section(ctx, model, redraw) -> list[ft.Control]:
    """The heading and one card per reading the table can choose (none: nothing);
    ``model``: the screen's (companion/screens/rulings_list.py ``RulingsList``)."""
    if not model.table_readings:
        return []

    def pick(ruling: str, choice: str) -> None:
        # (stale: the first turn was played meanwhile, on another phone)
        answer = model.pick(ctx.engine, ruling, choice)
        redraw()
        if answer.notice:  # the saved tables can only be read
            ctx.show_notice(answer.notice, kind=answer.kind)
            ctx.page.update()

    controls: list[ft.Control] = [heading(t("readings.heading")),
                                  muted(t("readings.intro"), size=15)]
    for shown in model.table_readings:
        entry, other, fixed = shown.entry, shown.other, shown.fixed
        title = said(entry, "title")
        controls.append(ft.Card(key=ft.ScrollKey(f"reading-{entry.id}"), content=ft.Container(
            ft.Column([
                ft.Text(title, size=17, weight=ft.FontWeight.W_600),
                option(t("readings.documented_spoken", title=title),
                       t("readings.documented", reading=said(entry, "table")), not other,
                       None if fixed else lambda e, r=entry.id: pick(r, DOCUMENTED)),
                option(t("readings.other_spoken", title=title),
                       t("readings.other", reading=t(OTHER[entry.id])), other,
                       None if fixed else lambda e, r=entry.id: pick(r, ALTERNATIVE)),
                *([muted(t("readings.fixed"), size=14)] if fixed else []),
            ], spacing=8),
            padding=ft.Padding.all(14))))
    controls.append(heading(t("readings.all_heading")))
    return controls
