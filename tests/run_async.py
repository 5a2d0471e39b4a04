"""Run a coroutine to its end from a test, whatever event loop the test process holds.

Playwright's sync API (the browser tests' session fixture) keeps an event loop running
in the main thread for the rest of the session, and asyncio.run() refuses to start
inside a running loop; a thread of its own has none."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(coroutine)
        except BaseException as err:  # noqa: BLE001 - raised again in the test's thread
            result["error"] = err

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")
