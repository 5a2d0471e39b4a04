"""Play's big button with entries in another form not yet recorded
(companion/ui/views/play.py ``next_tap``): the table is asked first ("Not recorded
yet"), and Go back keeps what was entered, to be recorded; once recorded, the step goes on
without asking. Drawn in-process on a real store and engine; the browser test
(tests/e2e/test_table_proof.py) keeps the dialog and Undo's notice as a phone shows them."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.i18n import speaking
from companion.screens.play import Play
from companion.storage.store import Store
from companion.ui.views import play as play_view
from companion.ui.widgets.stepper import Stepper
from tests.ui.test_home_and_results import fake_ctx, view_texts


def controls(view: ft.View) -> list:
    """Every control of the screen, depth first."""
    found: list = []

    def walk(c) -> None:
        if not isinstance(c, ft.Control):
            return
        found.append(c)
        for name in ("content", "title", "leading", "trailing"):
            walk(getattr(c, name, None))
        for name in ("controls", "actions"):
            for child in getattr(c, name, None) or []:
                walk(child)

    for c in [*view.controls, view.appbar, getattr(view, "bottom_appbar", None)]:
        walk(c)
    return found


def stepper(view: ft.View, name: str) -> Stepper:
    """The stepper whose + is named ``name`` (a stepper rides on its control's data)."""
    return next(c.data for c in controls(view)
                if isinstance(c.data, Stepper) and c.data.more.icon.semantics_label == name)


def tap(view: ft.View, label: str, kind: type = ft.Control) -> None:
    (button,) = [c for c in controls(view) if isinstance(c, kind)
                 and getattr(c, "content", None) == label and c.on_click]
    button.on_click(None)


@pytest.fixture
def phone(tmp_path):
    """A Latoro table at round 1's Placement phase, Ann the start player, and a phone's
    context whose dialogs are kept (``dialogs``: the one shown last at the end)."""
    store = Store(tmp_path)
    table_id = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=1).id
    ctx = fake_ctx(store)
    ctx.where_now = {}
    dialogs: list = []
    ctx.page = SimpleNamespace(show_dialog=dialogs.append, pop_dialog=dialogs.pop,
                               update=lambda *controls: None, views=[])
    ctx.dialogs = dialogs
    ctx.taking_change = False
    ctx.redraw = lambda view: ctx.page.views.__setitem__(slice(None), [view])
    ctx.show_notice = lambda text, kind="changed", action=None: None
    ctx.update_screen = lambda: None  # drawn in place: the view on screen is the same
    with speaking("en"):
        assert Play.open(store, table_id).tap(ctx.engine, {"type": "start", "player": 1}).saved
        yield ctx, table_id


def shown(ctx, table_id: str) -> ft.View:
    """Play drawn and put on the phone's screen."""
    view = play_view.build(ctx, table_id)
    ctx.page.views[:] = [view]
    return view


def test_entries_not_recorded_are_asked_about_and_kept_by_go_back(phone):
    ctx, table_id = phone
    view = shown(ctx, table_id)
    seq = Play.open(ctx.store, table_id).seq
    more = stepper(view, "Ann: black: one more")
    more.more.on_click(None)
    more.more.on_click(None)
    tap(view, "Next: Collection phase", ft.FilledButton)

    (asked,) = ctx.dialogs
    assert asked.title.value == "Not recorded yet"
    assert "Keep resources in the app" in asked.content.value
    assert Play.open(ctx.store, table_id).seq == seq  # nothing saved: the table is asked
    go_back = next(a for a in asked.actions if isinstance(a, ft.FilledButton))
    assert go_back.content == "Go back"
    go_back.on_click(None)
    assert ctx.dialogs == []

    # Drawn again, the two entered are still there; recorded, the step goes on unasked.
    view = shown(ctx, table_id)
    assert stepper(view, "Ann: black: one more").value == 4  # 2 to start, + 2
    tap(view, "Keep resources in the app")
    view = shown(ctx, table_id)
    assert any("4 black, 1 white, 1 brown" in text for text in view_texts(view))
    tap(view, "Next: Collection phase", ft.FilledButton)
    assert ctx.dialogs == []
    assert Play.open(ctx.store, table_id).seq == seq + 2  # the resources, then the step
    assert "Collection phase" in view_texts(play_view.build(ctx, table_id))
