"""An unexpected error in a tap (companion/ui/app.py ``guard_errors``): the phone is told
in one line where the player is looking and keeps its screen; Flet's own answer, a page
replaced by "Error running app", is never called. The browser test
(tests/e2e/test_table_proof.py) keeps what only a browser shows: the line in view on a
phone and the screen still usable."""

from __future__ import annotations

import logging

from companion.i18n import speaking, t
from companion.ui.app import guard_errors, notices_shown
from tests.ui.test_notices import Page, labels


class FletSession:
    """Flet's session as the guard meets it: its error page, its event delivery and its
    property changes."""

    def __init__(self):
        self.error_pages: list[str] = []
        self.index: dict = {}

    def error(self, message: str) -> None:
        self.error_pages.append(message)  # Flet's "Error running app"

    async def dispatch_event(self, control_id, event_name, event_data):
        pass

    def apply_patch(self, control_id, props):
        pass


def guarded() -> tuple[Page, FletSession]:
    page = Page()
    page.client_ip = "127.0.0.1"
    page.session = FletSession()
    guard_errors(page)
    return page, page.session


def test_an_error_in_a_tap_is_one_line_and_never_flets_error_page(caplog):
    page, session = guarded()
    screen = list(page.views[-1].controls)
    with speaking("en"), caplog.at_level(logging.ERROR):
        page.session.error("Traceback (most recent call last): …")
    assert session.error_pages == []  # Flet's page was not drawn
    assert labels(page) == [t("app.unexpected")]
    assert labels(page)[0].startswith("Something went wrong with that tap")
    assert len(notices_shown(page)) == 1
    assert [c for c in page.views[-1].controls if c in screen] == screen  # screen kept
    assert page.updates  # sent to the phone
    assert "a tap failed" in caplog.text  # the console says so, beside Flet's traceback


def test_the_line_is_in_the_phones_language():
    page, _ = guarded()
    with speaking("ja"):
        page.session.error("boom")
        said = t("app.unexpected")
    assert labels(page) == [said] and said != "" and not said.startswith("Something")
