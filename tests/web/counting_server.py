"""`python -m tests.web.counting_server COUNT_FILE ARGS...`: `companion ARGS...` as a
player starts it, writing into COUNT_FILE, four times a second, how many sessions Flet
keeps (its app manager's table: nothing outside the process can count them)."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path


def count_sessions(app_manager, out: Path) -> None:
    while True:
        sessions = app_manager._FletAppManager__sessions  # flet_web keeps them here
        out.write_text(str(len(sessions)), encoding="ascii")
        time.sleep(0.25)


if __name__ == "__main__":
    # Both imported before the thread starts: two threads importing at once can meet a
    # module the other has only half imported (seen once: typing without ClassVar).
    from flet_web.fastapi.flet_app_manager import app_manager

    from companion.__main__ import main

    threading.Thread(target=count_sessions, args=(app_manager, Path(sys.argv[1])),
                     daemon=True).start()
    sys.exit(main(sys.argv[2:]))
