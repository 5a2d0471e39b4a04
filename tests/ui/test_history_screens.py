"""The History screen drawn from its model with its filters kept, and the New table
screen's recent names, built against a real store (no browser)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
from flet.controls.base_control import BaseControl

from companion.storage.store import Store
from companion.ui.views import new_table
from companion.ui.views import past_plays as history
from tests.run_async import run
from tests.table.test_history import finished_table
from tests.ui.test_home_and_results import fake_ctx, view_texts


class Page:
    def __init__(self):
        self.tasks = []  # what the screen asked to run on the page's loop
        self.session = SimpleNamespace(connection=None)  # no phone: updates go nowhere

    def update(self, *args):
        pass

    def run_task(self, handler, *args):
        self.tasks.append(handler)


def name_of(c) -> str | None:
    """What a screen reader calls a control: a field's or a Semantics' label, an icon
    button's icon label (common.labelled_icon_button), a chip's or a count button's words
    (common.choice_chip, common.spoken_as)."""
    if isinstance(getattr(c, "label", None), str):
        return c.label
    if isinstance(c, ft.IconButton) and isinstance(c.icon, ft.Icon):
        return c.icon.semantics_label
    if isinstance(c, (ft.Semantics, ft.OutlinedButton)):  # a chip, a count button
        words = c.content
        while words is not None and not isinstance(words, ft.Text):
            words = getattr(words, "content", None)
        return None if words is None else words.semantics_label
    return None


def controls_labelled(view, label: str):
    """The controls named ``label`` (the outermost: not the words inside a named one)."""
    found = []

    def walk(c):
        if c is None:
            return
        if name_of(c) == label:
            found.append(c)
            return
        for name in ("content", "title", "subtitle", "leading", "trailing"):
            walk(getattr(c, name, None))
        for child in getattr(c, "controls", None) or []:
            walk(child)

    for c in view.controls:
        walk(c)
    return found


def test_history_draws_its_filters_from_the_draft_and_a_chip_redraws_it(tmp_path):
    """Which plays a filter lists, and in which words, is the model's
    (tests/screens/test_past_plays.py); the view keeps the filters in its draft across
    redraws, drops one that no longer matches, and a chip's tap draws the screen again."""
    store = Store(tmp_path)
    finished_table(store, "latria_example3")  # Ann, Ben, Cy, Dee, Eve
    finished_table(store, "altar_example")  # Ann, Ben, Cat
    ctx = fake_ctx(store)
    drawn = []
    ctx.redraw = drawn.append
    shown = view_texts(history.build(ctx))
    assert sum(t.startswith("Open the results:") for t in shown) == 2
    ctx.drafts[history.DRAFT] = {"player": "Zoe", "game": "altar"}  # Zoe: no play now
    view = history.build(ctx)
    assert ctx.drafts[history.DRAFT] == {"player": None, "game": "altar"}
    opened = [t for t in view_texts(view) if t.startswith("Open the results:")]
    assert len(opened) == 1 and "Altar" in opened[0]
    controls_labelled(view, "Show only plays with Cat")[0].content.on_click(None)
    assert ctx.drafts[history.DRAFT] == {"player": "Cat", "game": "altar"} and drawn
    controls_labelled(view, "Show only Latria")[0].content.on_click(None)
    assert "No finished play matches these filters." in view_texts(drawn[-1])


def test_an_empty_history_shows_no_filters(tmp_path):
    shown = view_texts(history.build(fake_ctx(Store(tmp_path))))
    assert any("once its Results have been shown" in t for t in shown)
    assert "Show every game" not in shown


def test_new_table_offers_recent_names_and_a_tap_fills_the_next_empty_field(tmp_path,
                                                                             monkeypatch):
    focused = []  # what the screen asked the phone to focus

    async def invoke(control, method, *args, **kwargs):
        focused.append((method, control))

    monkeypatch.setattr(BaseControl, "_invoke_method", invoke)
    store = Store(tmp_path)
    store.create_table("luna", "standard", ["Ann", "Ben"])
    store.create_table("latria", "standard", ["さくら", "Player 2", "ann"])
    ctx = fake_ctx(store)
    ctx.page = Page()
    view = new_table.build(ctx, "carpe_astra")

    def tap(chip_name: str) -> None:
        run(controls_labelled(view, chip_name)[0].content.on_click(None))

    shown = view_texts(view)
    offered = [t for t in shown if t.startswith("Fill in ")]
    # most recent first, Ann once (in her latest spelling), no default name
    assert offered == ["Fill in さくら", "Fill in ann", "Fill in Ben"]
    chip = controls_labelled(view, "Fill in ann")[0]
    tap("Fill in ann")
    shown = view_texts(view)
    assert "Fill in ann" not in shown  # already at this table
    fields = [c for c in controls_labelled(view, "Player 1")]
    assert fields and fields[0].value == "ann"
    assert focused == []  # no field tapped yet: no keyboard brought up
    # A second quick tap on the chip before the phone took it away seats no one twice.
    run(chip.content.on_click(None))
    assert [f.value for f in controls_labelled(view, "Player 2")] == [""]
    # Once a field has been typed in, the keyboard goes on to the next empty field, or
    # to Create table once every seat has a name (the chip it was on is gone).
    second = controls_labelled(view, "Player 2")[0]
    second.on_focus(None)
    tap("Fill in Ben")
    assert second.value == "Ben"
    ((method, control),) = focused
    assert method == "focus" and control.content == "Create table"


def test_changing_the_count_keeps_the_name_fields_a_player_is_typing_in(tmp_path):
    """A field tapped just after the count keeps its focus and its letters: the count shows
    more or fewer of the same fields instead of new ones (new ones lost a typed name)."""
    ctx = fake_ctx(Store(tmp_path))
    ctx.page = Page()
    view = new_table.build(ctx, "latoro")
    first = controls_labelled(view, "Player 1")[0]
    first.value = "Ann"
    first.on_change(type("Event", (), {"control": first})())
    two = controls_labelled(view, "2 players, chosen")[0]  # the fewest, to start with
    three = controls_labelled(view, "3 players")[0]
    three.on_click(None)
    assert controls_labelled(view, "Player 1") == [first]  # the same field, not a new one
    # The same count buttons too (a new one gave the keyboard back to the field with its
    # name selected), the chosen one filled.
    assert controls_labelled(view, "3 players, chosen") == [three]
    assert controls_labelled(view, "2 players") == [two]
    assert three.style is not None and two.style is None
    assert first.value == "Ann"
    assert [f.value for f in controls_labelled(view, "Player 3")] == [""]
    controls_labelled(view, "2 players")[0].on_click(None)
    assert controls_labelled(view, "Player 3") == []
    assert controls_labelled(view, "Player 1") == [first] and first.value == "Ann"
