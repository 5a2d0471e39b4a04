"""After a phone joins with the invite link, the code leaves the address bar: a phone
handed round the table, or a screenshot of it, does not show it (the phone keeps the code
in its own storage, so a reload does not ask again)."""

from __future__ import annotations

from tests.e2e.conftest import LAN_CODE
from tests.e2e.flutter import button, open_app, shot, shows


def test_the_code_leaves_the_address_bar_after_joining(lan_server, page):
    open_app(page, f"{lan_server.url}?code={LAN_CODE}")
    shows(page, "Start a new table").wait_for()
    page.wait_for_function("!location.href.includes('code=')", timeout=10000)
    joined = page.url
    assert joined.rstrip("/") == lan_server.url.rstrip("/"), joined
    shot(page, "joined-address-without-code")
    # nor is it one step back in the history (the entry that held it was replaced)
    page.go_back()
    page.wait_for_timeout(1000)
    assert "code=" not in page.url, page.url
    # A reload of the plain address: the phone kept the code, nothing is asked.
    open_app(page, joined)
    shows(page, "Start a new table").wait_for()
    assert page.get_by_text("Enter the table's code").count() == 0
    # and the app still goes from screen to screen
    button(page, "Settings").click()
    page.get_by_text("Light or dark").wait_for()
