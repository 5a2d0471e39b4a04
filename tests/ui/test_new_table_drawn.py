"""New table drawn in-process (companion/ui/views/new_table.py) on a real store and
engine: Create table refused keeps every name and seed typed and marks what to fix; the
fixed form makes the table, an empty seat named by its hint; a shared seed gives the
table that seed; a name field cuts at 40 characters and counts only near the limit."""

from __future__ import annotations

import flet as ft
import pytest

from companion.storage.store import Store
from companion.ui.views import new_table
from companion.ui.views.names import counter_text
from tests.ui.test_history_screens import Page, controls_labelled
from tests.ui.test_home_and_results import fake_ctx, texts


@pytest.fixture(autouse=True)
def no_page(monkeypatch):
    """A field updates itself in place (its mark, its counter): here no page draws it."""
    monkeypatch.setattr(ft.TextField, "update", lambda self: None)


def every(control, wanted) -> list:
    """The controls under ``control`` for which ``wanted`` holds, depth first."""
    found = []

    def walk(c) -> None:
        if c is None or isinstance(c, str):
            return
        if wanted(c):
            found.append(c)
        for name in ("content", "title", "subtitle", "leading", "trailing"):
            walk(getattr(c, name, None))
        for child in getattr(c, "controls", None) or []:
            walk(child)

    for c in control.controls:
        walk(c)
    return found


def form(tmp_path, game: str):
    store = Store(tmp_path)
    ctx = fake_ctx(store)
    ctx.page = Page()
    routes: list[str] = []
    ctx.go = routes.append
    return store, ctx, routes, new_table.build(ctx, game)


def typed(view, label: str, value: str) -> None:
    (field,) = controls_labelled(view, label)
    field.value = value
    field.on_change(type("Event", (), {"control": field})())


def create(view) -> None:
    (button,) = every(view, lambda c: isinstance(c, ft.FilledButton)
                      and c.content == "Create table")
    button.on_click(None)


def shown_errors(view) -> list[str]:
    return [c.value for c in every(view, lambda c: isinstance(c, ft.Text)
                                   and c.color == ft.Colors.ERROR and c.visible)]


def test_names_refused_stay_typed_and_marked_and_once_fixed_the_table_is_made(tmp_path):
    store, ctx, routes, view = form(tmp_path, "carpe_astra")
    controls_labelled(view, "3 players")[0].on_click(None)
    typed(view, "Player 1", "Ben")
    typed(view, "Player 2", "ben")
    create(view)
    assert routes == [] and store.list_tables() == []
    (first,), (second,) = controls_labelled(view, "Player 1"), controls_labelled(view, "Player 2")
    assert second.error == "Player 1 already has this name"
    assert shown_errors(view) == ["Fix the marked names first."]
    assert (first.value, second.value) == ("Ben", "ben")  # nothing typed is lost
    typed(view, "Player 2", "Cleo")
    assert second.error is None  # the mark goes as the name is changed
    create(view)
    (table,) = store.list_tables()
    assert routes == [f"/table/{table.id}"]
    assert table.players == ["Ben", "Cleo", "Player 3"]  # the empty seat: its hint


def test_a_bad_shared_seed_is_refused_and_kept_and_a_good_one_is_the_tables(tmp_path):
    store, ctx, routes, view = form(tmp_path, "carpe_astra")
    controls_labelled(view, "3 players")[0].on_click(None)
    for seat, name in enumerate(["Ann", "Ben", "さくら"], start=1):
        typed(view, f"Player {seat}", name)
    (advanced,) = every(view, lambda c: isinstance(c, ft.Radio) and c.label == "Advanced")
    group = every(view, lambda c: isinstance(c, ft.RadioGroup))[0]
    group.value = advanced.value
    group.on_change(type("Event", (), {"control": group})())
    typed(view, "Shared seed (optional)", "12a")
    create(view)
    (seed,) = controls_labelled(view, "Shared seed (optional)")
    assert seed.error == "A seed is a whole number, like 123456" and seed.value == "12a"
    assert shown_errors(view) == ["Fix the shared seed first, or leave it empty."]
    assert [controls_labelled(view, f"Player {n}")[0].value for n in (1, 2, 3)] == [
        "Ann", "Ben", "さくら"]
    assert store.list_tables() == []
    typed(view, "Shared seed (optional)", "4242")
    create(view)
    (table,) = store.list_tables()
    assert (table.variant, table.seed, table.players) == ("advanced", 4242,
                                                          ["Ann", "Ben", "さくら"])


def test_a_name_field_starts_empty_cuts_at_40_and_counts_only_near_the_limit(tmp_path):
    _, _, _, view = form(tmp_path, "latoro")
    (field,) = controls_labelled(view, "Player 1")
    assert field.value == "" and field.hint_text == "Player 1"  # typing never follows it
    assert field.max_length == 40 and field.counter == ""
    typed(view, "Player 1", "Ann")
    assert field.counter == ""  # far from the limit: no "3/40"
    assert counter_text("x" * 40) == "40/40" and counter_text("x" * 31) == ""
    assert "/40" not in " ".join(texts(field))
