"""Holding a phone's page (``Held``) for the browser tests of phones tapping at the same
moment: what the server sends the page waits, as a redraw still on its way over the
Wi-Fi, while the page's taps go out."""

from __future__ import annotations

import re
import time


class Held:
    """Holds what the server sends to ``page`` while ``holding`` (set up before the page
    connects); what the page sends goes on to the server as it is, counted (``sent``: a
    tap has reached the server once the count goes up after it)."""

    def __init__(self, page):
        self.page = page
        self.holding = False
        self.waiting: list = []
        self.sent = 0
        self.to_page = None
        page.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()
        self.to_page = ws

        def from_server(message) -> None:
            if self.holding:
                self.waiting.append(message)
            else:
                ws.send(message)

        def from_page(message) -> None:
            self.sent += 1
            server.send(message)

        server.on_message(from_server)
        ws.on_message(from_page)

    def until(self, done, what: str, timeout: float = 15) -> None:
        """Wait until ``done()``, letting the page's messages through meanwhile."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, f"not seen within {timeout} s: {what}"
            self.page.wait_for_timeout(20)

    def tap(self, locator) -> None:
        """Click ``locator`` and wait until the page has sent the server the tap."""
        before = self.sent
        locator.click()
        self.until(lambda: self.sent > before, "the tap sent to the server")

    def redrawn(self) -> None:
        """Wait until the server has sent the page something while held (its screen
        drawn again, for its own tap or another phone's change)."""
        self.until(lambda: bool(self.waiting), "the server sending the page its screen")

    def release(self) -> None:
        self.holding = False
        waiting, self.waiting = self.waiting, []
        for message in waiting:
            self.to_page.send(message)
