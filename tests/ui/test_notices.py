"""A notice is shown while it is true and goes when the screen moves on (docs/DESIGN.md,
"Notices"; companion/ui/app.py): the next tap of this phone's that lands, a change from
another phone that changes the screen, another screen, the next notice or a tap on it.
Not time: a notice in the screen stays until then ("First choose the guild…" stayed
after the card was scored; "…Now: Setup" after two more taps had landed)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.screens.saved_tables import SavedTables
from companion.storage.store import Store
from companion.ui import app
from companion.ui.app import (
    NOTICE_SECONDS,
    Context,
    notices_follow_taps,
    notices_shown,
    show_notice,
)
from companion.ui.widgets.stepper import Stepper
from companion.web import sync
from tests.run_async import run


class View:
    """A screen as the notices see it: its controls, and what was sent of it."""

    def __init__(self, route: str, controls: list | None = None):
        self.route = route
        self.controls = controls or []
        self.appbar = None
        self.sent = 0

    def update(self) -> None:
        self.sent += 1


class Session:
    """Flet's session: the controls the phone has (``index``), and its delivery of an
    event to the handler the test gives (``handlers``)."""

    def __init__(self):
        self.index: dict[int, ft.Control] = {}
        self.handlers: dict[int, object] = {}

    async def dispatch_event(self, control_id, event_name, event_data):
        handler = self.handlers.get(control_id)
        if handler is not None:
            handler()


class Page:
    def __init__(self, route: str = "/table/t1/play"):
        self.overlay: list = []
        self.views = [View("/"), View(route, [ft.Text("Round 1")])]
        self.session = Session()
        self.tasks: list = []
        self.updates: list[tuple] = []

    def run_task(self, task) -> None:
        self.tasks.append(task)

    def update(self, *controls) -> None:
        self.updates.append(controls)

    def sent(self) -> None:
        """Everything on the page has reached the phone."""
        for c in [*self.overlay, *(c for v in self.views for c in v.controls)]:
            self.session.index[c._i] = c


def phone(page: Page) -> SimpleNamespace:
    """A session's context as the tap wrapper sees it: its page and engine."""
    ctx = SimpleNamespace(page=page, engine=SimpleNamespace(changes_saved=0))
    notices_follow_taps(ctx)
    return ctx


def lands(ctx, then=None):
    """A handler whose tap the engine saved (then, perhaps, shows what it did)."""
    def handler() -> None:
        ctx.engine.changes_saved += 1
        if then:
            then()
    return handler


def labels(page: Page) -> list[str]:
    return [c.content.label for c in notices_shown(page)]


def test_a_tap_that_lands_puts_away_the_notice_shown_before_it():
    page = Page()
    ctx = phone(page)
    show_notice(page, "First choose the guild whose support token was taken", "refused")
    page.sent()
    (refusal,) = notices_shown(page)
    page.session.handlers[1] = lands(ctx)  # "Scored a Network card", now with a guild
    run(page.session.dispatch_event(1, "click", None))
    assert notices_shown(page) == [] and not refusal.visible
    assert page.updates == [(refusal,)]  # the notice alone is sent


def test_a_notice_the_landed_tap_showed_stays():
    page = Page()
    ctx = phone(page)
    show_notice(page, "Another phone changed this just before your tap: it was not "
                      "applied. Now: Setup · Before the first round", "refused")
    page.sent()
    page.session.handlers[1] = lands(ctx, lambda: show_notice(page, "Undid: Start", "done"))
    run(page.session.dispatch_event(1, "click", None))
    assert labels(page) == ["Undid: Start"]


@pytest.mark.parametrize("event", ["click", "change", "focus", "blur"])
def test_a_tap_that_saves_nothing_leaves_the_notice(event):
    page = Page()
    phone(page)
    show_notice(page, "First say whose Realm is the Goddess of Love's", "refused")
    page.sent()
    page.session.handlers[1] = lambda: None  # a chip of a form: nothing saved yet
    run(page.session.dispatch_event(1, event, None))
    assert labels(page) == ["First say whose Realm is the Goddess of Love's"]
    assert page.updates == []


def test_a_change_saved_by_an_event_that_is_no_tap_leaves_the_notice():
    page = Page()
    ctx = phone(page)
    show_notice(page, "Sheet imported", "done")
    page.sent()
    page.session.handlers[1] = lands(ctx)  # e.g. Score opened: what Play tracked written
    run(page.session.dispatch_event(1, "route_change", "/table/t1/score"))
    assert labels(page) == ["Sheet imported"]


def test_a_notice_over_the_next_screen_goes_with_a_landed_tap_too():
    page = Page()
    ctx = phone(page)
    show_notice(page, "Players saved", "done", outlives_route=True)
    page.sent()
    page.session.handlers[1] = lands(ctx)
    run(page.session.dispatch_event(1, "click", None))
    assert notices_shown(page) == []


def test_a_notice_in_the_screen_has_no_time_out_one_over_it_has():
    page = Page()
    show_notice(page, "First choose the guild", "refused")
    show_notice(page, "Deleted", "done", action=("Undo", lambda: None))
    assert page.tasks == []  # it stays while it is true
    show_notice(page, "Players saved", "done", outlives_route=True)
    assert len(page.tasks) == 1  # lies over the next screen's title: goes after a while
    assert NOTICE_SECONDS > 0


def test_a_redraw_keeps_the_notice_shown_but_not_one_put_away(store):
    page = Page()
    ctx = Context(page=page, store=SavedTables(store))
    show_notice(page, "Another phone changed this…", "refused")
    ctx.redraw(SimpleNamespace(controls=[ft.Text("Round 2")], appbar=None))
    assert labels(page) == ["Another phone changed this…"]
    app.put_away(page, notices_shown(page), send=False)
    ctx.redraw(SimpleNamespace(controls=[ft.Text("Round 3")], appbar=None))
    assert notices_shown(page) == [] and len(page.views[-1].controls) == 1


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path)


def context(page: Page, store: Store, live) -> Context:
    """A session's context whose screen takes another phone's change with ``live``."""
    ctx = Context(page=page, store=SavedTables(store))
    ctx.live[page.views[-1].route] = live
    return ctx


CHANGE = sync.Change("t1", "play")


def test_a_change_from_another_phone_that_moves_the_screen_on_puts_the_notice_away(store):
    page = Page()
    ctx = context(page, store, lambda change: None)  # Play drawn again
    show_notice(page, "First choose the guild", "refused")
    page.sent()
    run(ctx.take_change(CHANGE))
    assert notices_shown(page) == []
    assert page.views[-1].sent == 1  # sent with the screen, once


def test_a_change_that_leaves_the_screen_as_it_was_leaves_the_notice(store):
    page = Page()
    ctx = context(page, store, lambda change: False)  # a score entry, while Play is shown
    show_notice(page, "First choose the guild", "refused")
    page.sent()
    run(ctx.take_change(sync.Change("t1", "sheet", (("players", 0, "credits"),), (3,))))
    assert labels(page) == ["First choose the guild"]


def test_the_notice_a_change_brings_is_shown_and_the_one_before_goes(store):
    page = Page("/table/t1/score")
    ctx = context(page, store, lambda change: show_notice(page, "Changed on another phone: "
                                                         "Ben · Credits is now 6"))
    show_notice(page, "Undid: Ben · Credits", "done")
    page.sent()
    run(ctx.take_change(sync.Change("t1", "sheet", (("players", 1, "credits"),), (6,))))
    assert labels(page) == ["Changed on another phone: Ben · Credits is now 6"]


def test_a_number_shown_anew_for_another_phone_has_new_buttons():
    """A tap on − or + made on the number shown before reaches buttons no longer on
    screen (and is told: ``tell_missed_taps``), never the new number."""
    taps: list[int] = []
    count = Stepper("Credits", 5, taps.append, whom="Ben")
    less, more = count.less, count.more
    row = count.control.controls[0]
    assert row.controls[1] is less and row.controls[3] is more
    more.on_click(None)  # this phone's own tap: the same buttons
    assert taps == [6] and count.more is more
    count.set_value(6)  # the same number from another phone: nothing to tell apart
    assert count.more is more
    count.set_value(7)  # another phone's change: − and + made anew
    assert count.less is not less and count.more is not more
    assert row.controls[1] is count.less and row.controls[3] is count.more
    assert count.more._i != more._i
    count.more.on_click(None)
    assert taps == [6, 8]
    assert count.more.icon.semantics_label == more.icon.semantics_label  # same name
