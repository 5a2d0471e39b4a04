"""What a Play form holds between taps: what the player entered stays through an Undo
and a redraw, while a field they left alone follows its default as the log changes it
(Latria's step 4 override takes the entered cards' outcome)."""

from __future__ import annotations

from companion.flows.base import NOT_PICKED, Action, Field
from companion.screens.play import dirty, draft_for


def override(body=NOT_PICKED, taker=NOT_PICKED) -> Action:
    """Latria's step 4 form, before cards are entered (its defaults not picked) or after
    (the proposal's body and taker)."""
    return Action(event={"type": "acquire"}, label="Record", fields=[
        Field(key="body", label="Body", kind="choice", choices=["sun", "moon", "polaris"],
              default=body),
        Field(key="taker", label="Took", kind="player", choices=[0, 1, 2], default=taker),
        Field(key="kept", label="Kept", kind="bool", default=False)])


def test_entries_stay_when_undo_takes_back_the_event_their_defaults_came_from():
    drafts: dict = {}
    _, values = draft_for(drafts, "t1", override(body="moon", taker=1))
    assert values["body"] == "moon" and values["taker"] == 1
    values["taker"] = 2  # the player corrects who took the cards
    values["kept"] = True

    # Undo: the entered cards are taken back, so the form's defaults are unpicked again.
    key, values = draft_for(drafts, "t1", override())
    assert values["taker"] == 2 and values["kept"] is True  # what the player entered
    assert values["body"] is NOT_PICKED  # the undone cards' outcome is gone with them
    assert dirty(override(), drafts[key])

    # The cards entered again: the untouched field takes their outcome anew.
    _, values = draft_for(drafts, "t1", override(body="sun", taker=0))
    assert values == {"body": "sun", "taker": 2, "kept": True}


def test_a_recorded_form_starts_afresh_with_the_current_defaults():
    drafts: dict = {}
    key, values = draft_for(drafts, "t1", override(body="moon", taker=1))
    values["taker"] = 2
    drafts.pop(key)  # recorded
    _, values = draft_for(drafts, "t1", override(body="sun", taker=0))
    assert values == {"body": "sun", "taker": 0, "kept": False}
    _, other_table = draft_for(drafts, "t2", override())
    assert other_table["taker"] is NOT_PICKED
