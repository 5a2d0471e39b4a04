"""The app's connection to Flet's client when both run in the phone's browser.

Flet's Pyodide connection hands the client every screen update through one JavaScript
callback (``flet_js.start_connection`` receives it). While the data folder is writing a
saved change to the browser's storage (``companion/storage/browser.py``), the updates
are held, in order, and sent once it is there: the screen never shows a change as saved
that a closed tab could still lose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.storage.browser import BrowserFolder


def hold_screens_while_saving(folder: BrowserFolder, flet_js: Any = None) -> None:
    """Wrap the connection Flet's client is about to start (after ``ft.run``)."""
    if flet_js is None:
        import flet_js  # the worker's bridge, only in the browser
    start = flet_js.start_connection

    async def start_held(send: Callable[[Any], Any]) -> None:
        await start(Held(send, folder))

    flet_js.start_connection = start_held


class Held:
    """``send``, holding what is sent while ``folder`` is busy."""

    def __init__(self, send: Callable[[Any], Any], folder: BrowserFolder):
        self.send, self.folder = send, folder
        self.waiting: list[Any] = []
        folder.when_idle(self.flush)

    def __call__(self, message: Any) -> None:
        if self.folder.busy or self.waiting:
            self.waiting.append(message)
        else:
            self.send(message)

    def flush(self) -> None:
        while self.waiting and not self.folder.busy:
            self.send(self.waiting.pop(0))
