"""Parts of the Play screen that a flow asks for in its data (companion/flows/base.py):
sections shown one at a time (``PlayView.sections``, ``Action.section``: e.g. one
player's Realm with its buttons instead of every Realm at once) and helper forms folded
behind one tap (``Action.folded``: e.g. Latria's card entry under the quick record).

Which section is shown and whether a helper is open are this phone's own screen state:
kept in ``ctx.drafts`` beside the half-typed forms, so a redraw for another phone's tap
keeps them, and never saved or sent to the other phones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.flows import Action, PlayView, build_event
from companion.i18n import say, t
from companion.ui.widgets.common import ChoiceRow, secondary_button


def shown_section(view: PlayView, drafts: dict, table_id: str) -> dict[str, Any]:
    """This phone's pick of section: the view's own (e.g. the Realm of the player whose
    turn it is) until another is picked, and again when the view's own changes."""
    keys = [s.key for s in view.sections]
    memo = drafts.setdefault((table_id, "section"), {})
    if memo.get("default") != view.section or memo.get("picked") not in keys:
        memo["default"] = view.section
        memo["picked"] = view.section if view.section in keys else keys[0]
    return memo


def section_card(view: PlayView, record: Callable[[dict], None], drafts: dict,
                 table_id: str) -> ft.Control:
    """The chips that pick a section, and the picked section's lines and buttons."""
    memo = shown_section(view, drafts, table_id)
    body = ft.Column(spacing=8)

    def render() -> None:
        picked = memo["picked"]
        chips.show(picked)
        section = next(s for s in view.sections if s.key == picked)
        body.controls = [ft.Text(say(line), size=15, weight=ft.FontWeight.W_600)
                         for line in section.lines]
        body.controls += [action_button(a, record) for a in view.actions
                          if a.section == picked]

    def pick(key: str) -> None:
        memo["picked"] = key
        render()
        card.update()

    chips = ChoiceRow([(s.key, t("play.choice_spoken", field=say(view.sections_label),
                                 choice=say(s.label)), say(s.label)) for s in view.sections],
                      memo["picked"], pick)
    render()
    card = ft.Card(content=ft.Container(
        ft.Column([ft.Text(say(view.sections_label), size=15), chips.control, body],
                  spacing=10),
        padding=ft.Padding.all(12)))
    return card


def action_button(action: Action, record: Callable[[dict], None]) -> ft.Control:
    button = secondary_button(say(action.label), lambda e: record(build_event(action)),
                              expand=True)
    button.disabled = action.disabled
    return ft.Row([button])


def folded(action: Action, form: ft.Control, drafts: dict, table_id: str
           ) -> tuple[ft.Control, Callable[[Action], None]]:
    """``form`` behind a button named by the action: one tap opens it, and it stays open
    (with what was typed) through redraws until it is recorded or closed. Also how to
    name the button after another action that asks the same (the form is kept:
    "Enter the cards played", then "Enter the cards again")."""
    memo = drafts.setdefault((table_id, "open", action.event.get("type")), {})
    form.visible = bool(memo.get("open"))
    toggle = secondary_button("", lambda e: flip(), expand=True)
    named = [action]

    def show() -> None:
        opened = bool(memo.get("open"))
        form.visible = opened
        label = say(named[0].label)
        toggle.content = t("play_parts.close", label=label) if opened else label

        toggle.icon = ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE

    def flip() -> None:
        memo["open"] = not memo.get("open")
        show()
        box.update()

    def relabel(now: Action) -> None:
        named[0] = now
        show()

    show()
    box = ft.Column([ft.Row([toggle]), form], spacing=8)
    return box, relabel
