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


LOCK = "table-companion-tables"  # held by the one page of this site that has the tables


class BrowserFolder:
    """``path`` kept in the browser's storage. ``fs`` is Emscripten's FS (Pyodide's
    ``pyodide_js.FS``), ``locks`` the browser's Web Locks (``navigator.locks``) and
    ``storage`` its storage manager (``navigator.storage``), each None where the browser
    has none; tests hand stand-ins."""

    def __init__(self, path: Path, fs: Any = None, locks: Any = None, storage: Any = None):
        self.path = Path(path)
        if fs is None:
            import js  # only in the browser
            import pyodide_js

            fs = pyodide_js.FS
            locks = getattr(js.navigator, "locks", None)
            storage = getattr(js.navigator, "storage", None)
        self.fs, self.locks, self.storage = fs, locks, storage
        self.busy = False  # a write to the browser's storage is under way
        self.again = False  # and another change came meanwhile
        self.failed: str | None = None  # why the last write did not reach the storage
        self.unreadable: str | None = None  # why the saved files could not be read
        self.elsewhere = False  # another tab of this browser has the tables open
        # Whether the browser promised to keep its storage (the page asked it to, see
        # companion/tools/site_page.js); None where it cannot say.
        self.kept: bool | None = None
        self._idle: list[Callable[[], None]] = []

    async def load(self) -> None:
        """Mount the folder and read its files from the browser's storage. When they
        cannot be read, ``unreadable`` says why, and nothing may be written over them.

        Each tab holds its own copy of the file and writes it back whole: two tabs open at
        once would write over each other's changes. The first holds a lock while it
        lives; another is ``elsewhere`` and reads nothing."""
        if not await self._hold_lock():
            self.elsewhere = True
            return
        if self.storage is not None:
            self.kept = bool(await self.storage.persisted())
        self.path.mkdir(parents=True, exist_ok=True)
        self.fs.mount(self.fs.filesystems.IDBFS, to_js({}), str(self.path))
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.fs.syncfs(True, once(lambda err=None: done.done() or done.set_result(err)))
        if (err := await done):
            self.unreadable = f"the browser's storage could not be read ({err})"

    async def _hold_lock(self) -> bool:
        """Whether this page now holds the tables' lock (for as long as it lives)."""
        if self.locks is None:
            return True  # a browser without Web Locks: nothing to ask
        granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def held(lock: Any) -> Any:
            if not granted.done():
                granted.set_result(bool(lock))  # JavaScript's null: another tab has it
            return forever() if lock else None

        self.locks.request(LOCK, to_js({"ifAvailable": True}), proxy(held))
        return await granted

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
        self.busy = False
        if self.again:
            self.save()
            return
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


def proxy(function: Callable[..., Any]) -> Any:
    """``function`` as a JavaScript callback that may be called later, and kept."""
    try:
        from pyodide.ffi import create_proxy
    except ImportError:
        return function
    return create_proxy(function)


def forever() -> Any:
    """A JavaScript promise that never settles: a lock held until the page closes."""
    try:
        import js
    except ImportError:  # not in a browser: a stand-in keeps its lock itself
        return None

    return js.Promise.new(lambda resolve, reject: None)


def to_js(value: Any) -> Any:
    """A dict as a JavaScript object (not a Map, which the browser's options ignore)."""
    try:
        import js
        from pyodide.ffi import to_js as convert
    except ImportError:
        return value
    return convert(value, dict_converter=js.Object.fromEntries)
