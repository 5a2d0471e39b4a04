"""What a Play tap costs the server with a long log (the goal: at 2,000 events, at most
1.2× the 20-event figure).

A tap is what companion/ui/views/play.py does between the click and the redraw: read the log
and its last number, get the state, apply the event, save it on that number, get the
state again for the redrawn screen. Two tables of Luna on one store, one with 20 events
and one with 2,000 (start, the setup steps, then "Other influence change" taps, +1 and
−1 in turn), tapped in turn (20, 2,000, 20, 2,000 …), each tap an influence change
followed by its undo (not counted) so the logs keep their length. Both ways are measured:

- ``replay``: the old way — the store checks by replaying the saved log, and
  the redraw replays it again;
- ``kept``: the way now — only the log's last number is read, the state kept under it
  (companion/table/play_state.py), the event applied to it once and saved on that number.

Then the replay of each whole log (``companion.flows.replay``), 20 and 2,000 events in
turn: what a phone pays when another phone changed the log under it, and what every tap
paid the old way.

Prints median and min–max milliseconds per tap for each log length and way, the same for
a replay, the load average, and on the last line the ratio 2,000 / 20 events for the kept
way.

    .venv/bin/python bench/play_tap_bench.py [--taps 60] [--replays 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.flows import FLOWS, replay  # noqa: E402
from companion.storage.store import Store  # noqa: E402
from companion.table import play_state  # noqa: E402
from companion.table.setup import flow_config  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def luna_log(events: int) -> list[dict]:
    """Start, the setup steps, then "Other influence change" taps, +1 and −1 in turn."""
    log: list[dict] = [{"type": "start", "player": 1}] + [{"type": "next"}] * 3
    while len(log) < events:
        log.append({"type": "influence", "player": PLAYERS[len(log) % 4],
                    "amount": 1 if len(log) % 2 else -1})
    return log


def table_with(store: Store, events: int) -> str:
    table = store.create_table("luna", "standard", PLAYERS, seed=7)
    config = flow_config(table, store)
    log = luna_log(events)
    replay("luna", config, log)  # a legal log
    seq = 0
    for event in log:
        seq = store.append_event(table.id, event, seq)
    return table.id


def tap(store: Store, table_id: str, way: str) -> float:
    """One tap and its undo, as the screen does them; the milliseconds of the tap."""
    session = store.get_table(table_id)
    config = flow_config(session, store)
    flow = FLOWS["luna"]
    event = {"type": "influence", "player": 1, "amount": 2}
    t0 = time.perf_counter()
    if way == "kept":
        state, seq = play_state.current(store, "luna", config, table_id)
        after = flow.apply(state, event)
        new = store.append_event(table_id, event, seq)
        play_state.keep(config, table_id, new, after)
        state, seq = play_state.current(store, "luna", config, table_id)  # the redraw
        flow.view(state)
    else:
        events, seq = store.log(table_id)
        state = replay("luna", config, events)
        flow.apply(state, event)
        store.append_event(table_id, event, seq, check=lambda log: replay("luna", config, log))
        events, seq = store.log(table_id)
        flow.view(replay("luna", config, events))
    elapsed = (time.perf_counter() - t0) * 1000
    store.drop_last_event(table_id, seq)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--replays", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        tables = {20: table_with(store, 20), 2000: table_with(store, 2000)}
        times: dict[tuple[str, int], list[float]] = {}
        for _ in range(args.taps):
            for way in ("replay", "kept"):
                for length, table_id in tables.items():  # 20, 2000, 20, 2000 …
                    times.setdefault((way, length), []).append(tap(store, table_id, way))
        config = flow_config(store.get_table(tables[20]), store)
        logs = {length: luna_log(length) for length in tables}
        replays: dict[int, list[float]] = {}
        for _ in range(args.replays):
            for length, log in logs.items():  # 20, 2000, 20, 2000 …
                t0 = time.perf_counter()
                replay("luna", config, log)
                replays.setdefault(length, []).append((time.perf_counter() - t0) * 1000)
    for (way, length), ms in sorted(times.items()):
        print(f"{way:>6} {length:>5} events: median {statistics.median(ms):6.1f} ms "
              f"(min {min(ms):.1f}, max {max(ms):.1f})")
    for length, ms in replays.items():
        print(f"replay {length:>5} events: median {statistics.median(ms):6.1f} ms "
              f"(min {min(ms):.1f}, max {max(ms):.1f}; "
              f"{statistics.median(ms) * 1000 / length:.0f} µs an event)")
    print(f"load average {os.getloadavg()[0]:.2f}")
    ratio = statistics.median(times[("kept", 2000)]) / statistics.median(times[("kept", 20)])
    print(f"kept: 2,000 events / 20 events = {ratio:.2f}× (goal ≤ 1.2×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
