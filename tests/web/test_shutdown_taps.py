"""SIGTERM in the middle of a burst of taps on Play, on the real server over Flet's
protocol (no browser: the taps are what a phone sends): the server is gone within 3 s and
the saved log still replays (companion/web/server.py stops between two steps of the event
loop, so no tap's transaction is cut in half)."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
from contextlib import closing

from websockets.exceptions import ConnectionClosed

from companion import flows
from companion.storage import data_folder
from companion.storage.store import Store
from companion.table.setup import flow_config
from tests.run_async import run
from tests.web.test_play_in_place import LOG, PLAYERS, TOKEN, open_phone
from tests.web.test_server import STOPPED_WITHIN, Companion


def issued_numbers(data_dir, table_id: str) -> int:
    """How many sequence numbers the table's events were given (undone ones too)."""
    uri = (data_dir / data_folder.DB_NAME).as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as conn:
        return conn.execute("SELECT seq_issued FROM tables WHERE id = ?",
                            (table_id,)).fetchone()[0]


def test_sigterm_during_a_burst_of_taps_stops_within_3_s_and_the_log_replays(tmp_path):
    store = Store(tmp_path / "data")
    table = store.create_table("luna", "standard", PLAYERS, seed=7)
    for seq, event in enumerate(LOG):
        store.append_event(table.id, event, seq)
    server = Companion(tmp_path)
    stopped: dict[str, float] = {}

    def sigterm_after(seconds: float) -> None:
        time.sleep(seconds)
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=15)
        stopped["after"] = time.monotonic() - started

    async def burst() -> int:
        """The big button, then Undo, then the big button…, each tap as soon as the
        phone was sent its result; how many taps' results it was sent."""
        phone = await open_phone(server.port, "127.0.0.2", f"/table/{table.id}/play")
        stopper = asyncio.get_running_loop().run_in_executor(None, sigterm_after, 1.5)
        taps, left = 0, 4
        try:
            while not stopper.done() and not phone.closed:
                said = len(phone.text)
                tapped = (phone.control("FilledButton", TOKEN.format(n=4)) if left == 4
                          else phone.control("OutlinedButton", "Undo"))
                try:
                    await phone.tap(tapped)
                except ConnectionClosed:  # the server stopped as the tap went out
                    break
                shown = TOKEN.format(n=7 - left)  # 4 → 3 left, and back
                deadline = time.monotonic() + 1.5
                while shown not in phone.text[said:] and time.monotonic() < deadline \
                        and not phone.closed:
                    await asyncio.sleep(0.01)
                if shown in phone.text[said:]:
                    taps, left = taps + 1, 7 - left
            await stopper
        finally:
            await phone.close()
        return taps

    try:
        taps = run(burst())
    finally:
        server.stop()

    assert stopped["after"] < STOPPED_WITHIN  # the 3 s promise, with a margin for load
    # The burst reached the server: every tap of the big button saved took a new number.
    assert taps >= 6, taps
    assert issued_numbers(tmp_path / "data", table.id) >= len(LOG) + taps // 2
    store = Store(tmp_path / "data")
    events = store.events(table.id)
    # The burst left the log as it was, or with the big button's event.
    assert events[:len(LOG)] == LOG and len(events) in (len(LOG), len(LOG) + 1)
    state = flows.replay("luna", flow_config(store.get_table(table.id), store), events)
    assert state.players == PLAYERS
