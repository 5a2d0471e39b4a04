"""The data folder in the phone's browser (the static site: Python in Pyodide).

There, Python's files live in memory and are gone with the page. The folder is an
IndexedDB file system (Emscripten's IDBFS): its files are read from the browser's storage
when the app starts (``load``) and written back after every change the store saves
(``save``, ``Store(on_saved=…)``). Writing back is asynchronous: while it runs the folder
is ``busy``, and what the screen would show of the change waits for it
(``companion/web/in_browser.py``), so a change shown as saved is in the browser's storage.
The store's own checks (a damaged file is refused and left as it was) hold as on a
computer: a file is written back only after the store saved a change to it.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("companion")
# Python in the phone's browser (Pyodide): one phone, and no thread can be started there.
IN_BROWSER = sys.platform == "emscripten"


class BrowserFolder:
    """``path`` kept in the browser's storage. ``fs`` is Emscripten's FS (Pyodide's
    ``pyodide_js.FS``; tests hand a stand-in)."""

    def __init__(self, path: Path, fs: Any = None):
        self.path = Path(path)
        if fs is None:
            import pyodide_js  # only in the browser

            fs = pyodide_js.FS
        self.fs = fs
        self.busy = False  # a write to the browser's storage is under way
        self.again = False  # and another change came meanwhile
        self.failed: str | None = None  # why the last write did not reach the storage
        self.unreadable: str | None = None  # why the saved files could not be read
        self._idle: list[Callable[[], None]] = []

    async def load(self) -> None:
        """Mount the folder and read its files from the browser's storage. When they
        cannot be read, ``unreadable`` says why, and nothing may be written over them."""
        self.path.mkdir(parents=True, exist_ok=True)
        self.fs.mount(self.fs.filesystems.IDBFS, to_js({}), str(self.path))
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.fs.syncfs(True, once(lambda err=None: done.done() or done.set_result(err)))
        if (err := await done):
            self.unreadable = f"the browser's storage could not be read ({err})"

    def save(self) -> None:
        """Write the folder's changed files to the browser's storage (after the store
        saved a change). A change made while one write runs is written by the next."""
        if self.busy:
            self.again = True
            return
        self.busy, self.again = True, False
        self.fs.syncfs(False, once(self._saved))

    def _saved(self, err: Any = None) -> None:
        if err:  # JavaScript's null when it went well
            self.failed = str(err)
            log.error("companion: the browser did not keep the last change (%s)", err)
        else:
            self.failed = None
        if self.again:
            self.busy = False
            self.save()
            return
        self.busy = False
        for callback in list(self._idle):
            callback()

    def when_idle(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` each time every saved change is in the browser's storage."""
        self._idle.append(callback)


def once(function: Callable[..., Any]) -> Any:
    """``function`` as a JavaScript callback called once (Pyodide frees it then)."""
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:  # not in a browser: a stand-in calls it as it is
        return function
    return create_once_callable(function)


def to_js(value: Any) -> Any:
    try:
        from pyodide.ffi import to_js as convert
    except ImportError:
        return value
    return convert(value)
