"""A phone's context for a screen drawn in-process, on a real store and engine (no
browser): its page keeps the dialog shown until it is put away, the links followed and
the screen drawn last; the context keeps the notices shown (with their buttons) and the
routes gone to."""

from __future__ import annotations

from types import SimpleNamespace

from companion.storage.store import Store
from tests.ui.test_home_and_results import fake_ctx


class Page:
    """What the screens ask of the page: a dialog, a task (the scroll to a section), a
    link followed, the screens on it."""

    platform = None  # a computer's browser: no share sheet

    def __init__(self, route: str = "/"):
        self.route, self.dialog, self.went = route, None, []
        # The session's store: how the app is served (access_code.SERVING_KEY), what the
        # phone was let into (ADMISSION_KEY); empty: the desktop window.
        self.session = SimpleNamespace(store={}, connection=None)
        self.views: list = []  # the screen drawn last (``ctx.redraw``)
        self.registered: list = []
        self._services = self  # Results' copy and send register their services here

    def register_service(self, service) -> None:
        self.registered.append(service)

    def show_dialog(self, dialog) -> None:
        self.dialog = dialog

    def pop_dialog(self) -> None:
        self.dialog = None

    def update(self, *args) -> None:
        pass

    def run_task(self, handler, *args, **kwargs) -> None:
        pass  # the scroll: only a browser lays the page out

    def navigate(self, route: str) -> None:
        self.went.append(route)


def drawn_ctx(store: Store, route: str = "/"):
    """The context of a phone showing ``route``: ``notices`` (the words) and ``actions``
    (a notice's button: its words and what it does, or None) as shown, ``went`` the
    routes gone to."""
    ctx = fake_ctx(store)
    ctx.page = Page(route)
    ctx.notices, ctx.actions, ctx.went = [], [], []
    ctx.go = ctx.went.append
    ctx.where_now, ctx.taking_change = {}, False

    def show_notice(message, kind=None, action=None) -> None:
        ctx.notices.append(message)
        ctx.actions.append(action)

    def redraw(view, notice=None) -> None:
        ctx.page.views[:] = [view]
        if notice:
            show_notice(notice)

    ctx.show_notice = show_notice
    ctx.redraw = redraw
    ctx.update_screen = lambda: None  # drawn in place: the screen on the page is the same
    return ctx


def button_named(dialog, words: str):
    """The dialog's button that says ``words``."""
    (found,) = [b for b in dialog.actions if b.content == words]
    return found
