"""A backup moves the saved tables between the two databases (companion/storage/
database.py): exported from an SQLite file, imported into PostgreSQL, exported from there
and imported into another SQLite file, every table, play log, score sheet and box value
arrives as it was, and the second file's rows are the first's, byte for byte. The same
from the command line (``python -m companion.backup … --database URL``)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from companion.catalog import GAMES
from companion.storage.backup import export_backup, import_backup
from companion.storage.store import Store
from tests.postgres import postgres_database
from tests.storage.test_backup import backup_of, dump, fill, stores

ROOT = Path(__file__).resolve().parents[2]


def same_tables(one: Store, other: Store, ids: list[str]) -> None:
    for table_id in ids:
        assert other.get_table(table_id) == one.get_table(table_id)
        assert other.log(table_id) == one.log(table_id)
    for game in GAMES:
        assert other.box_values(game) == one.box_values(game)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(plan=stores)
def test_sqlite_to_postgresql_and_back_loses_nothing(postgres_url, plan):
    with (tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b,
          postgres_database() as url):
        first, server, last = Store(Path(a)), Store(url), Store(Path(b))
        ids = fill(first, plan)
        report = import_backup(server, backup_of(first))
        assert report.added == len(ids) and report.boxes_added == len(plan["boxes"])
        same_tables(first, server, ids)
        made = export_backup(server).backup
        assert made["tables"] == export_backup(first).backup["tables"]
        assert made["box_values"] == export_backup(first).backup["box_values"]
        import_backup(last, backup_of(server))
        same_tables(first, last, ids)
        assert dump(Path(b)) == dump(Path(a))  # every column of every row


def companion_backup(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.backup", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_moves_them_with_database(tmp_path, postgres_url):
    store = Store(tmp_path / "phone")
    table = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=4)
    store.set_box_value("luna", "second_value", 2)
    file = tmp_path / "backup.json"
    sqlite_url = f"sqlite://{tmp_path / 'phone' / 'tables.sqlite3'}"
    assert companion_backup("export", str(file), "--database", sqlite_url).returncode == 0
    done = companion_backup("import", str(file), "--database", postgres_url)
    assert done.returncode == 0, done.stderr
    assert Store(postgres_url).get_table(table.id) == table
    assert companion_backup("export", str(file), "--database", postgres_url).returncode == 0
    done = companion_backup("import", str(file), "--data-dir", str(tmp_path / "back"))
    assert done.returncode == 0, done.stderr
    same_tables(store, Store(tmp_path / "back"), [table.id])
    nowhere = companion_backup("export", str(file), "--database",
                               "postgresql://ann:s3cret@127.0.0.1:1/tables")
    assert nowhere.returncode == 2 and "s3cret" not in nowhere.stderr
    assert nowhere.stderr.count("\n") == 1, nowhere.stderr
