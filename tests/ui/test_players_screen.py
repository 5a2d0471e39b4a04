"""The Players screen built against a real store (no browser): a move shows the same rows
in a new order, so letters typed as the rows move stay with the player who typed them."""

from __future__ import annotations

import flet as ft

from companion.storage.store import Store
from companion.ui.views import players
from tests.ui.test_history_screens import Page, controls_labelled
from tests.ui.test_home_and_results import fake_ctx


def save_button(view) -> ft.FilledButton:
    found = []

    def walk(c):
        if isinstance(c, ft.FilledButton) and c.content == "Save players":
            found.append(c)
        for name in ("content",):
            child = getattr(c, name, None)
            if isinstance(child, ft.Control):
                walk(child)
        for child in getattr(c, "controls", None) or []:
            walk(child)

    for c in view.controls:
        walk(c)
    (button,) = found
    return button


def players_of_a_new_table(tmp_path):
    """The Players screen of a new Latoro table of Ann, Ben and Cy (seats can move)."""
    store = Store(tmp_path)
    table = store.create_table("latoro", "standard", ["Ann", "Ben", "Cy"])
    ctx = fake_ctx(store)
    ctx.page = Page()
    return store, table.id, players.build(ctx, table.id)


def typed(field: ft.TextField, value: str) -> None:
    field.value = value
    field.on_change(type("Event", (), {"control": field})())


def test_a_move_keeps_the_fields_and_late_letters_land_on_the_right_player(tmp_path):
    store, table_id, view = players_of_a_new_table(tmp_path)
    ann, ben = controls_labelled(view, "Seat 1")[0], controls_labelled(view, "Seat 2")[0]
    typed(ben, "Benny")

    controls_labelled(view, "Move Ann down a seat")[0].on_click(None)
    # The same fields, moved: Benny's is seat 1 now, Ann's seat 2.
    assert controls_labelled(view, "Seat 1") == [ben] and ben.value == "Benny"
    assert controls_labelled(view, "Seat 2") == [ann] and ann.value == "Ann"
    assert controls_labelled(view, "Move Benny up a seat")[0].disabled
    assert not controls_labelled(view, "Move Ann up a seat")[0].disabled

    # Letters typed in Ann's field as it moved are hers, not the new seat 1's.
    typed(ann, "Annie")
    assert controls_labelled(view, "Move Annie up a seat")  # the arrows say the new name
    assert not controls_labelled(view, "Move Ann up a seat")
    save_button(view).on_click(None)
    assert store.get_table(table_id).players == ["Benny", "Annie", "Cy"]


def test_a_second_quick_tap_on_an_arrow_turned_off_moves_nobody(tmp_path):
    store, table_id, view = players_of_a_new_table(tmp_path)
    up = controls_labelled(view, "Move Ben up a seat")[0]
    up.on_click(None)
    up.on_click(None)  # the same arrow again, before the phone drew it off
    assert [f.value for f in (controls_labelled(view, f"Seat {n}")[0] for n in (1, 2, 3))] \
        == ["Ben", "Ann", "Cy"]
    save_button(view).on_click(None)
    assert store.get_table(table_id).players == ["Ben", "Ann", "Cy"]
