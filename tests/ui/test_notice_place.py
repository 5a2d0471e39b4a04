"""Where a notice goes (companion/ui/app.py ``notice_place``): under the screen's
scrolling part, above its bottom bar, so that nothing on screen moves when it comes or
goes (at the top it pushed Score's boxes down, and a number typed
landed in the box above the one tapped; up again when it went). A screen drawn again
keeps it there."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.screens.saved_tables import SavedTables
from companion.storage.store import Store
from companion.ui.app import NOTICE, Context, notice_place, show_notice
from companion.ui.widgets.common import screen


class Page(SimpleNamespace):
    def update(self, *controls) -> None:
        pass


def score_like() -> ft.View:
    """A screen with a pinned top, a scrolling part and a bottom bar (as Score's)."""
    return screen("/table/t1/score", "Score", [ft.Text("Credits")], on_back=None,
                  top=ft.Column([ft.Text("Ann: 4 points")]), bottom=ft.Row([ft.Text("Undo")]))


def kinds(view) -> list[str]:
    return ["notice" if getattr(c, "data", None) == NOTICE
            else "scrolling" if c.expand else "other" for c in view.controls]


def test_a_notice_goes_under_the_scrolling_part_and_stays_there_when_drawn_again(tmp_path):
    shown = score_like()
    page = Page(views=[shown], overlay=[], session=SimpleNamespace(index={}))
    top, body, bottom = shown.controls
    show_notice(page, "Changed on another phone: Ben · Credits is now 6")
    assert kinds(shown) == ["other", "scrolling", "notice", "other"]
    assert shown.controls[0] is top and shown.controls[1] is body  # nothing above it moved
    show_notice(page, "Undid: Ann · Credits", kind="done")  # the next one takes its place
    assert kinds(shown) == ["other", "scrolling", "notice", "other"]

    ctx = Context(page=page, store=SavedTables(Store(tmp_path)))
    ctx.redraw(score_like())
    assert kinds(page.views[-1]) == ["other", "scrolling", "notice", "other"]


def test_a_screen_with_no_scrolling_part_has_it_at_the_top():
    assert notice_place([ft.Text("Round 1")]) == 0
    assert notice_place([]) == 0
