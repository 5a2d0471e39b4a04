"""The table's own readings, on its Rulings screen: where the rulebook can be read two
ways and that changes a score or a winner (scorers/readings.py), the table picks the
app's reading or the other one. Saved with the table at once (``Store.set_reading``),
before or after scoring; the other phones redraw; the Score and Results screens and the
Play screen's helper follow.
"""

from __future__ import annotations

import flet as ft

from companion.catalog import GAMES
from companion.i18n import t
from companion.rules.rulings_doc import Entry, entries, said
from companion.screens.answers import told
from companion.ui.widgets.common import heading, muted
from scorers.readings import ALTERNATIVE, DOCUMENTED, SWITCHABLE

# each switchable reading's other reading, in the players' words (catalog keys)
OTHER = {
    "LC-1": "readings.other.lc1",
    "L-3": "readings.other.l3",
    "P-1": "readings.other.p1",
    "P-14": "readings.other.p14",
    "P-11": "readings.other.p11",
    "C-1": "readings.other.c1",
}


def applies(ruling: str, session) -> bool:
    """Whether the reading can matter at this table (its game, variant, player count):
    the game's catalog record says where (companion/catalog.py ``readings``)."""
    game = GAMES.get(session.game)
    reading = game.reading(ruling) if game is not None else None
    return reading is not None and reading.applies(session.variant, len(session.players))


def switchable(session) -> list[Entry]:
    return [e for e in entries() if e.id in SWITCHABLE and applies(e.id, session)]


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


def section(ctx, session, redraw) -> list[ft.Control]:
    """The heading and one card per reading this table can choose (none: nothing)."""
    shown = switchable(session)
    if not shown:
        return []

    played = bool(ctx.store.last_seq(session.id))  # Play's readings are fixed by then

    def pick(ruling: str, choice: str) -> None:
        # (stale: the first turn was played meanwhile, on another phone)
        answer = told(ctx.engine.set_reading(session.id, ruling, choice))
        redraw()
        if answer.notice:  # the saved tables can only be read
            ctx.show_notice(answer.notice, kind=answer.kind)
            ctx.page.update()

    controls: list[ft.Control] = [heading(t("readings.heading")),
                                  muted(t("readings.intro"), size=15)]
    for entry in shown:
        other = session.readings.get(entry.id) == ALTERNATIVE
        title = said(entry, "title")
        fixed = played and SWITCHABLE[entry.id][1] == "play"
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
