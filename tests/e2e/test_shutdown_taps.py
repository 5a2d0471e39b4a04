"""SIGTERM in the middle of a burst of taps on Play: the server is gone
within 3 s and the saved log still replays (companion/web/server.py stops between two steps
of the event loop, so no tap's transaction is cut in half)."""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from contextlib import closing

from playwright.sync_api import Error as PlaywrightError

from companion import flows
from companion.storage import data_folder
from companion.storage.store import Store
from companion.table.setup import flow_config
from tests.e2e.flutter import button, shows
from tests.e2e.tables import create_table
from tests.web.test_server import STOPPED_WITHIN


def test_sigterm_during_a_burst_of_taps_stops_within_3_s_and_the_log_replays(server, page):
    create_table(page, server.url, "Latria", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "First parent: Ann").click()
    button(page, "Start round 1").click()
    shows(page, "Step 1 — Reveal celestial cards").wait_for()
    # Next moves on a step, Undo takes it back; the two buttons stay where they are.
    # Each tap waits only until the screen shows its result, so the taps follow each
    # other as fast as the server answers.
    labels = ["Next: Step 2 — Parent plays", "Next: Step 3 — Children play"]
    boxes = [button(page, name).first.bounding_box() for name in (labels[0], "Undo")]
    places = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]

    stopped: dict[str, float] = {}

    def sigterm_after(seconds: float) -> None:
        time.sleep(seconds)
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=15)
        stopped["after"] = time.monotonic() - started

    stopper = threading.Thread(target=sigterm_after, args=(3.0,))
    stopper.start()
    taps = 0  # taps whose result the screen showed
    while stopper.is_alive():
        at_step_1 = button(page, labels[0], exact=True).is_visible()
        page.mouse.click(*places[0 if at_step_1 else 1])
        try:
            button(page, labels[1 if at_step_1 else 0], exact=True).wait_for(timeout=1500)
            taps += 1
        except PlaywrightError:
            pass  # a tap made while the screen was being drawn again, or the server gone
    stopper.join()

    assert stopped["after"] < STOPPED_WITHIN  # the 3 s promise, with a margin for load
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    # The burst reached the server: every Next saved took a new sequence number.
    assert taps >= 6
    assert issued_numbers(server.data_dir, table.id) >= 1 + taps // 2
    events = store.events(table.id)
    # Round 1 started with Ann, and the burst left either step 1 or its Next.
    assert events[0] == {"type": "start", "player": 1} and len(events) in (1, 2)
    state = flows.replay("latria", flow_config(table, store), events)
    assert state.round == 1 and state.players == ["Ann", "Ben", "Cleo"]


def issued_numbers(data_dir, table_id: str) -> int:
    """How many sequence numbers the table's events were given (undone ones too)."""
    uri = (data_dir / data_folder.DB_NAME).as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as conn:
        return conn.execute("SELECT seq_issued FROM tables WHERE id = ?",
                            (table_id,)).fetchone()[0]
