"""A Play form stays on screen through a redraw while it asks the same questions
(companion/ui/views/play.py ``same_questions``, ``FormInputs``), so that a tap on it made
as the screen was drawn again lands on what the player saw.

Latria's card entry was made anew when the cards were entered ("Enter the cards played"
became "Enter the cards again", starting from the cards entered): two suits tapped just
after reached chips no longer on screen and were dropped without a word. And a question
not asked of the player just picked went away, moving the questions under it up."""

from __future__ import annotations

import flet as ft

from companion.flows import build_event
from companion.flows.latria import FLOW
from companion.screens.play import draft_for
from companion.ui.views.play import FormInputs, same_questions

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def step4():
    state = FLOW.initial({"players": NAMES, "variant": "standard", "setup": None})
    for event in ({"type": "start", "player": 1},
                  {"type": "reveal", "sun_mutation": False, "moon_mutation": False},
                  {"type": "next"}, {"type": "next"}):
        state = FLOW.apply(state, event)
    return state


def action(state, kind: str):
    return next(a for a in FLOW.view(state).actions if a.event["type"] == kind)


CARDS = {"type": "cards_played", "parent_suit": "moon", "parent_number": 7,
         "suits": {"2": "polaris", "3": "sun", "4": "latria"},
         "numbers": {"2": 7, "3": 7, "4": 7}}


def chip(inputs: FormInputs, field_id: str, label: str) -> ft.Container:
    """The tappable box of the chip ``label`` of a form's field."""
    at = [f.id for f in inputs.action.fields].index(field_id)
    row = inputs.column.controls[at].controls[1]
    return next(c.content for c in row.controls if c.content.content.value == label)


def picked(inputs: FormInputs, field_id: str) -> str:
    at = [f.id for f in inputs.action.fields].index(field_id)
    row = inputs.column.controls[at].controls[1]
    (chosen,) = [c.content.content.value for c in row.controls if c.selected]
    return chosen


def test_the_card_entry_asks_the_same_once_the_cards_are_entered():
    before = step4()
    after = FLOW.apply(before, CARDS)
    entry, again = action(before, "cards_played"), action(after, "cards_played")
    assert entry != again  # its words and what it starts with: the cards entered
    assert same_questions(entry, again)
    # The quick record turns from the bottom bar's button into a form with its own:
    # asked elsewhere, so drawn anew.
    assert not same_questions(action(before, "acquire"), action(after, "acquire"))


def test_a_form_kept_through_a_redraw_enters_a_tap_into_the_draft_drawn_now():
    before = step4()
    drafts: dict = {}
    key, values = draft_for(drafts, "t1", action(before, "cards_played"))
    inputs = FormInputs(action(before, "cards_played"), values)
    for field_id, label in (("parent_suit", "Moon"), ("suits.2", "Polaris"),
                            ("suits.3", "Sun"), ("suits.4", "Latria")):
        chip(inputs, field_id, label).on_click(None)
    assert build_event(inputs.action, values) == CARDS

    # Recorded (its draft dropped), the screen drawn again: the form on screen shows
    # the draft drawn now, the cards entered, and the chips are the same controls.
    drafts.pop(key)
    after = FLOW.apply(before, CARDS)
    ben_sun = chip(inputs, "suits.2", "Sun")
    _, fresh = draft_for(drafts, "t1", action(after, "cards_played"))
    inputs.show(action(after, "cards_played"), fresh)
    assert picked(inputs, "suits.2") == "Polaris" and picked(inputs, "suits.3") == "Sun"

    # A tap made on the screen as it was lands on the form as it is.
    ben_sun.on_click(None)
    chip(inputs, "suits.3", "Polaris").on_click(None)
    assert (picked(inputs, "suits.2"), picked(inputs, "suits.3")) == ("Sun", "Polaris")
    assert build_event(action(after, "cards_played"), fresh)["suits"] == {
        "2": "sun", "3": "polaris", "4": "latria"}
    assert values is not fresh and drafts[key] is fresh


def test_a_question_not_asked_of_the_taker_stays_in_its_place():
    record = action(step4(), "acquire")
    values: dict = {}
    inputs = FormInputs(record, values)
    shown = list(inputs.column.controls)
    kept = {f.key: shown[i] for i, f in enumerate(record.fields) if f.group == "kept"}
    kept["3"].on_click(None)  # Cat kept her card
    chip(inputs, "taker", "Ben").on_click(None)
    chip(inputs, "body", "Sun").on_click(None)
    assert inputs.column.controls == shown  # nothing came or went
    assert all(c.visible for c in shown)
    assert kept["2"].disabled and not kept["3"].disabled and not kept["4"].disabled
    assert build_event(record, values) == {"type": "acquire", "body": "sun", "taker": 2,
                                           "kept": {"2": False, "3": True, "4": False}}

    # Ben's box had been ticked: not asked of him, it shows no tick and records no; the
    # tick comes back when someone else took the cards.
    chip(inputs, "taker", "Cat").on_click(None)
    kept["2"].on_click(None)
    chip(inputs, "taker", "Ben").on_click(None)
    box = kept["2"].content.controls[0]
    assert kept["2"].disabled and box.value is False
    assert build_event(record, values)["kept"]["2"] is False
    chip(inputs, "taker", "Dan").on_click(None)
    assert not kept["2"].disabled and box.value is True


def test_a_box_ticked_while_the_taker_was_being_picked_stays_ticked():
    """The phone sent the taker's tap, then the box's new value and its change: on a busy
    server the taker's tap ran once the value had reached the box, and showed the draft
    (no tick) over it before the box's change ran. The change still ticks the draft: the
    box is toggled from what the player saw, not read back from the control."""
    record = action(step4(), "acquire")
    values: dict = {}
    inputs = FormInputs(record, values)
    shown = list(inputs.column.controls)
    kept = {f.key: shown[i] for i, f in enumerate(record.fields) if f.group == "kept"}
    box = kept["3"].content.controls[0]
    box.value = True  # the phone's new value, applied before any event ran
    chip(inputs, "taker", "Ben").on_click(None)  # the taker's tap, first in line
    box.on_change(ft.Event("change", box))  # then the box's own change
    assert box.value is True
    assert build_event(record, values)["kept"] == {"2": False, "3": True, "4": False}
