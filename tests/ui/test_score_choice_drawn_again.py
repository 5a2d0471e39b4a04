"""A choice on a score form whose pick draws the form again (Carpe Astra's character with
three players: the support tokens in play follow it): the tap lands, and the chip row
left off the screen is not sent (``Editor.choice``). It was, and every such pick ended in
"Something went wrong with that tap" (a browser test found it)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.ui.score_forms import carpe_astra as form
from companion.ui.score_forms.editor import Editor


def test_a_character_picked_redraws_the_form_and_is_entered():
    session = SimpleNamespace(game="carpe_astra", players=["Ann", "Ben", "Cleo"], seed=None,
                              variant="standard")
    saved: list = []
    editor = Editor(form.empty_sheet(session, {}, None), saved.append)
    drawn: list = []

    def rebuild() -> None:  # the Score screen's: the form's controls made anew
        editor.clear_bindings()
        drawn.append(form.player_controls(editor, 0))

    editor.rebuild = rebuild
    rebuild()
    character = drawn[-1][0]  # the choice: its label, its row of chips, its message
    chips = character.controls[1].controls
    other = next(c for c in chips if not c.selected)
    other.content.on_click(None)  # no page: a row sent would raise (not on a screen)
    assert len(drawn) == 2 and saved
    assert editor.get(("players", 0, "character")) != form.seat_characters(session, None)[0]
