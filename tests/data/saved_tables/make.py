"""Writes tables.sqlite3 beside this file: a database of saved tables as the app wrote them
before the log named seats (store schema 6), kept as test data; tests/storage/
test_saved_tables.py opens it with today's store. It was made once by the code of that
time, and is not to be made again: a database written by today's code would prove
nothing. What it holds is also written to expected.json (the events as they were saved,
naming players, and what they replay to), and a backup of it to backup.json.

    python -m tests.data.saved_tables.make

Every game: a finished play with its log and its score sheet (the sheets of tests/data),
and one left in the middle of play; taps chosen as the recorded games' are
(tests/flows/replay_corpus.py), from what each view offers.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from companion.flows import FLOWS, FlowError, replay
from companion.storage.backup import backup_bytes, export_backup
from companion.storage.store import DB_NAME, Store
from companion.table.setup import flow_config
from tests.flows.replay_corpus import _msg_json, _tap, view_json

HERE = Path(__file__).resolve().parent
DATA = HERE.parent
SHEETS = {"latria": "latria_example3.json", "carpe_astra": "carpe_astra_example.json",
          "luna": "luna_example.json", "altar": "altar_example.json",
          "latoro": "latoro_example.json"}


def play(store: Store, table_id: str, rng: random.Random, taps: int) -> None:
    session = store.get_table(table_id)
    flow = FLOWS[session.game]
    config = flow_config(session, store)
    state = flow.initial(config)
    seq = 0
    for _ in range(taps):
        view = flow.view(state)
        if view.finished:
            return
        event = _tap(rng, view)
        try:
            state = flow.apply(state, event)
        except FlowError:
            continue
        seq = store.append_event(table_id, event, seq)


def replayed(store: Store, table_id: str) -> dict:
    """What the log replays to: the last view (as the recorded games keep it) and the
    score sheet's prefill."""
    session = store.get_table(table_id)
    flow = FLOWS[session.game]
    state = replay(session.game, flow_config(session, store), store.events(table_id))
    return {"last_view": view_json(flow.view(state)),
            "prefill": json.loads(json.dumps(flow.score_prefill(state), default=_msg_json))}


def main() -> int:
    path = HERE / DB_NAME
    for stale in HERE.glob(DB_NAME + "*"):
        stale.unlink()
    store = Store(HERE)
    rng = random.Random(20261204)
    for game, sheet_file in SHEETS.items():
        sheet = json.loads((DATA / sheet_file).read_text(encoding="utf-8"))
        players = [p["name"] for p in sheet["players"]]
        variant = sheet.get("variant", FLOWS[game].variants[0])
        done = store.create_table(game, variant, players, seed=rng.randrange(10**6))
        play(store, done.id, rng, 400)
        store.set_score_sheet(done.id, sheet)
        store.finish(done.id)
        going = store.create_table(game, variant, players, seed=rng.randrange(10**6))
        play(store, going.id, rng, 12)
    tables = {t.id: {"game": t.game, "variant": t.variant, "players": t.players,
                     "status": t.status, "score_sheet": t.score_sheet,
                     "events": store.events(t.id), **replayed(store, t.id)}
              for t in store.list_tables(status=None)}
    (HERE / "expected.json").write_text(
        json.dumps(tables, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8")
    (HERE / "backup.json").write_bytes(backup_bytes(export_backup(store).backup))
    store._forget_connection()  # closes it
    with closing(sqlite3.connect(path)) as conn:  # one file, no -wal beside it
        conn.execute("PRAGMA journal_mode = DELETE")
    print(f"{len(tables)} tables: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
