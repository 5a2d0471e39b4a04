"""A database written before the play log named seats (tests/data/saved_tables, made by
its make.py with the store of that time, schema 6) opens with today's store: the
migration puts every saved log in seats, once, and every table, log and score sheet is
found as it was; the logs replay to the views and prefill they replayed to then. Its
backup, made then too, imports the same."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.flows import FLOWS, replay
from companion.storage.backup import export_backup, import_backup
from companion.storage.store import DB_NAME, LATEST_VERSION, SEATS_VERSION, Store
from companion.table.renaming import seat_names, seated_events
from companion.table.setup import flow_config
from tests.flows.replay_corpus import _msg_json, view_json

SAVED = Path(__file__).resolve().parents[1] / "data" / "saved_tables"
EXPECTED = json.loads((SAVED / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def store(tmp_path):
    shutil.copy(SAVED / DB_NAME, tmp_path / DB_NAME)
    return Store(tmp_path)


def seats_of(table: dict) -> list[str]:
    return seat_names(table["game"], table["variant"], table["players"])


def test_the_saved_file_is_of_the_version_before_seats():
    with closing(sqlite3.connect(SAVED / DB_NAME)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SEATS_VERSION - 1
    assert {t["game"] for t in EXPECTED.values()} == set(FLOWS)
    assert {t["status"] for t in EXPECTED.values()} == {"finished", "in_progress"}
    assert all(t["events"] for t in EXPECTED.values())
    assert all(t["score_sheet"] for t in EXPECTED.values() if t["status"] == "finished")
    # what the migration has to change is there: events naming players
    assert any(isinstance(e.get("player"), str) for t in EXPECTED.values() for e in t["events"])


def test_every_table_log_and_score_is_found_as_before(store, tmp_path):
    tables = {t.id: t for t in store.list_tables(status=None)}
    assert set(tables) == set(EXPECTED)
    for table_id, before in EXPECTED.items():
        session = tables[table_id]
        assert (session.game, session.variant, session.players, session.status) == (
            before["game"], before["variant"], before["players"], before["status"])
        assert session.score_sheet == before["score_sheet"]
        events = store.events(table_id)
        assert events == seated_events(before["events"], seats_of(before))
        # the players are seats now: no name is left in the log
        assert not any(isinstance(e.get("player"), str) for e in events)
        flow = FLOWS[session.game]
        state = replay(session.game, flow_config(session, store), events)
        assert view_json(flow.view(state), list(state.players)) == before["last_view"]
        prefill = json.loads(json.dumps(flow.score_prefill(state), default=_msg_json))
        assert prefill == before["prefill"]
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_the_migration_runs_once(store, tmp_path):
    logs = {t: store.events(t) for t in EXPECTED}
    again = Store(tmp_path)
    assert {t: again.events(t) for t in EXPECTED} == logs


def test_a_backup_made_then_imports_in_seats(tmp_path, store):
    fresh = Store(tmp_path / "fresh")
    report = import_backup(fresh, (SAVED / "backup.json").read_bytes())
    assert report.added == len(EXPECTED)
    for table_id, before in EXPECTED.items():
        assert fresh.events(table_id) == store.events(table_id)
        assert fresh.get_table(table_id).score_sheet == before["score_sheet"]
    # today's export names seats and says so; it imports as it is
    backup = export_backup(fresh).backup
    assert backup["version"] == 2 and backup["store_version"] == LATEST_VERSION
    other = Store(tmp_path / "other")
    import_backup(other, json.dumps(backup))
    assert all(other.events(t) == fresh.events(t) for t in EXPECTED)
