"""The app's own command lines (``companion.history``, ``companion.backup``) when their
output cannot be written, or their input is refused: one line, exit status 2, no
traceback, and a refused import leaves no file behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.storage.store import DB_NAME, Store

PY = sys.executable


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DATA_DIR"}
    return subprocess.run(["sh", "-c", command], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def assert_one_line(proc: subprocess.CompletedProcess, words: str | None = None) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    if words:
        assert words in lines[0], lines


@pytest.fixture
def data(tmp_path) -> Path:
    folder = tmp_path / "data"
    Store(folder).create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    return folder


@pytest.mark.parametrize("target, words", [
    ("{tmp}", "Is a directory"),
    ("{tmp}/missing/plays.csv", "No such file or directory"),
    ("/dev/full", "No space left on device"),
])
def test_history_csv_to_a_file_that_cannot_be_written(tmp_path, data, target, words):
    out = target.format(tmp=tmp_path)
    proc = shell(f"{PY} -m companion.history csv {out} --data-dir {data}", tmp_path)
    assert_one_line(proc, words)


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_history_csv_to_a_full_or_closed_output(tmp_path, data, redirect):
    proc = shell(f"exec {PY} -m companion.history csv - --data-dir {data} {redirect}",
                 tmp_path)
    assert_one_line(proc, "companion.history: -:")


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_backup_export_to_a_full_or_closed_output(tmp_path, data, redirect):
    proc = shell(f"exec {PY} -m companion.backup --data-dir {data} export - {redirect}",
                 tmp_path)
    assert_one_line(proc, "companion.backup: -:")


def test_an_import_whose_report_cannot_be_shown_is_still_imported(tmp_path, data):
    backup = tmp_path / "backup.json"
    assert shell(f"{PY} -m companion.backup --data-dir {data} export {backup}",
                 tmp_path).returncode == 0
    other = tmp_path / "other"
    proc = shell(f"exec {PY} -m companion.backup --data-dir {other} import {backup} "
                 ">/dev/full", tmp_path)
    assert_one_line(proc, "imported, but the report could not be shown")
    assert [t.players for t in Store(other).list_tables()] == [["Ann", "Ben", "Cy"]]


@pytest.mark.parametrize("content", [
    b"not json",
    json.dumps({"format": "something else"}).encode(),
    # a backup whose table a store of this version refuses
    json.dumps({"format": "table-companion-backup", "version": 1, "store_version": 1,
                "made_at": "2026-01-01T00:00:00+00:00",
                "tables": [{"id": "x", "game": "latria", "players": "Ann"}],
                "box_values": [], "settings": {}}).encode(),
])
def test_a_refused_import_leaves_no_data_folder(tmp_path, content):
    backup = tmp_path / "backup.json"
    backup.write_bytes(content)
    folder = tmp_path / "new" / "data"
    proc = shell(f"{PY} -m companion.backup --data-dir {folder} import {backup}", tmp_path)
    assert_one_line(proc, "nothing was changed")
    assert not (tmp_path / "new").exists()


def test_a_refused_import_into_saved_tables_leaves_them(tmp_path, data):
    before = (data / DB_NAME).read_bytes()
    backup = tmp_path / "backup.json"
    backup.write_bytes(b"{}")
    proc = shell(f"{PY} -m companion.backup --data-dir {data} import {backup}", tmp_path)
    assert_one_line(proc, "nothing was changed")
    assert (data / DB_NAME).read_bytes() == before


@pytest.mark.parametrize("content, words", [
    (b"not a database" * 300, "damaged"),
    (None, "not a Table Companion file"),  # a browser's history: user_version 53, no id
])
def test_a_refused_store_is_the_same_line_and_status_for_every_command(tmp_path, content,
                                                                       words):
    """``companion.history csv`` as ``companion.backup``: exit status 2 and the one line
    that says why the saved tables cannot be opened, and that they were left alone
    (it exited 1 with a terse ``path: corrupt``)."""
    import sqlite3
    from contextlib import closing

    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / DB_NAME
    if content is None:
        with closing(sqlite3.connect(db, isolation_level=None)) as conn:
            conn.execute("CREATE TABLE moz_places (url TEXT)")
            conn.execute("PRAGMA user_version = 53")
    else:
        db.write_bytes(content)
    before = db.read_bytes()
    said = {}
    for program, command in (("companion.history", f"csv {tmp_path}/plays.csv"),
                             ("companion.backup", f"export {tmp_path}/backup.json")):
        proc = shell(f"{PY} -m {program} {command} --data-dir {folder}", tmp_path)
        assert_one_line(proc, f"{program}: the saved tables in {folder} cannot be opened")
        assert words in proc.stderr and "left as they are" in proc.stderr, proc.stderr
        said[program] = proc.stderr.split(": ", 1)[1]
    assert said["companion.history"] == said["companion.backup"]
    assert db.read_bytes() == before
    assert not (tmp_path / "plays.csv").exists() and not (tmp_path / "backup.json").exists()


@pytest.mark.parametrize("statements, words", [
    (["DROP TABLE events CASCADE"], "the database's tables are damaged or are not Table "
     "Companion's (the table events is missing)"),
    (["CREATE TABLE contacts (name TEXT)"], "the database holds another program's tables "
     "(its tables: contacts)"),
], ids=["a table dropped", "another program's"])
def test_a_refused_database_is_named_a_database_not_a_file(postgres_url, tmp_path, statements,
                                                          words):
    from contextlib import closing

    from companion.storage.database import PostgreSQL

    if statements[0].startswith("DROP"):
        Store(postgres_url)  # ours, then damaged
    with closing(PostgreSQL(postgres_url).connect()) as conn:
        for statement in statements:
            conn.execute(statement)
    proc = shell(f"{PY} -m companion.history csv - --database '{postgres_url}'", tmp_path)
    assert_one_line(proc, words)
    assert "file" not in proc.stderr, proc.stderr
