"""A -wal file beside the saved tables is applied only when it is the file's own.

SQLite applies whatever -wal lies beside a database: another copy's (of the data folder,
or a file copied over this one) would silently replace this file's tables with that
copy's. The store takes a -wal only with the -shm that pairs them (companion/storage/
store.py, ``_stray_wal_problem``); the -wal a killed server leaves is still applied.
"""

from __future__ import annotations

import gc
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.storage.store import DB_NAME, Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side(folder: Path, suffix: str) -> Path:
    return folder / f"{DB_NAME}{suffix}"


def players(folder: Path) -> list[list[str]]:
    return sorted(t.players for t in Store(folder).list_tables(None))


def closed_store(folder: Path, *names: list[str]) -> None:
    """A store with a table for each list of names, closed as the app leaves it (its
    connections gone: SQLite checkpoints and removes the -wal and -shm)."""
    store = Store(folder)
    for seat_names in names:
        store.create_table("luna", "standard", seat_names, seed=1)
    del store
    gc.collect()
    assert not side(folder, "-wal").exists() and not side(folder, "-shm").exists()


def with_changes_in_its_wal(folder: Path, *names: list[str]) -> Store:
    """A store kept open whose last tables are still in its -wal only (no checkpoint)."""
    store = Store(folder)
    store._connection().execute("PRAGMA wal_autocheckpoint = 0")
    for seat_names in names:
        store.create_table("altar", "standard", seat_names, seed=2)
    assert side(folder, "-wal").stat().st_size > 32
    return store


def kill_with_changes_in_its_wal(folder: Path, *names: list[str]) -> None:
    """A server process writing tables, killed (SIGKILL) before any checkpoint."""
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from companion.storage.store import Store\n"
        f"store = Store(Path({str(folder)!r}))\n"
        "store._connection().execute('PRAGMA wal_autocheckpoint = 0')\n"
        f"for names in {names!r}:\n"
        "    store.create_table('latria', 'standard', list(names), seed=3)\n"
        "os.kill(os.getpid(), 9)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True)
    assert done.returncode == -9, done.stderr
    assert side(folder, "-wal").stat().st_size > 32 and side(folder, "-shm").exists()


def refused_as_it_is(folder: Path) -> StoreError:
    """Opening is refused with one line naming the -wal; nothing beside it changes."""
    before = {p.name: sha256(p) for p in folder.iterdir()}
    with pytest.raises(StoreError) as refusal:
        Store(folder)
    assert refusal.value.kind == "io"
    assert f"{DB_NAME}-wal" in refusal.value.details["detail"]
    assert {p.name: sha256(p) for p in folder.iterdir()} == before  # no -shm made either
    return refusal.value


def test_another_stores_wal_beside_a_file_is_refused_and_nothing_changes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    closed_store(b, ["Bea", "Bo"])
    keep = with_changes_in_its_wal(a, ["Ann", "Al"], ["Wal", "Frame"])
    shutil.copy(side(a, "-wal"), side(b, "-wal"))
    refused_as_it_is(b)
    # Moved away, the file opens as it was last saved in it: its own tables only.
    side(b, "-wal").rename(tmp_path / "stray-wal")
    assert players(b) == [["Bea", "Bo"]]
    del keep


def test_a_copys_wal_is_refused_even_when_the_copy_came_from_this_file(tmp_path):
    """Copy A was made from B's folder; each went on with its own tables."""
    a, b = tmp_path / "a", tmp_path / "b"
    closed_store(b, ["Bea", "Bo"])
    shutil.copytree(b, a)
    closed_store(b, ["Bee", "Bop", "Bun"])
    keep = with_changes_in_its_wal(a, ["Ann", "Al"])
    shutil.copy(side(a, "-wal"), side(b, "-wal"))
    refused_as_it_is(b)
    side(b, "-wal").unlink()
    assert players(b) == [["Bea", "Bo"], ["Bee", "Bop", "Bun"]]
    del keep


def test_another_wal_over_the_wal_of_a_killed_server_is_refused(tmp_path):
    """The -shm a killed server left indexes its own -wal, not the one copied over it."""
    a, b = tmp_path / "a", tmp_path / "b"
    kill_with_changes_in_its_wal(b, ["Bea", "Bo"])
    keep = with_changes_in_its_wal(a, ["Ann", "Al"])
    shutil.copy(side(a, "-wal"), side(b, "-wal"))
    refused_as_it_is(b)
    del keep


def test_the_wal_a_killed_server_left_is_applied(tmp_path):
    kill_with_changes_in_its_wal(tmp_path, ["Kim", "Lee"], ["Ann", "Ben", "Cleo"])
    assert players(tmp_path) == [["Ann", "Ben", "Cleo"], ["Kim", "Lee"]]


def test_a_second_server_opens_the_file_another_one_is_writing(tmp_path):
    """Two server processes may share the file: the running one's -wal is the file's."""
    running = with_changes_in_its_wal(tmp_path, ["Kim", "Lee"])
    assert players(tmp_path) == [["Kim", "Lee"]]
    running.create_table("luna", "standard", ["Ann", "Ben"], seed=4)
    assert players(tmp_path) == [["Ann", "Ben"], ["Kim", "Lee"]]


def test_a_wal_with_no_file_beside_it_is_not_applied(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    keep = with_changes_in_its_wal(a, ["Ann", "Al"])
    b.mkdir()
    shutil.copy(side(a, "-wal"), side(b, "-wal"))
    assert players(b) == []  # a new, empty store
    del keep


def test_the_phones_are_told_in_one_line_without_the_servers_paths(tmp_path):
    from companion.ui.app import store_error_view

    a, b = tmp_path / "a", tmp_path / "b"
    closed_store(b, ["Bea", "Bo"])
    keep = with_changes_in_its_wal(a, ["Ann", "Al"])
    shutil.copy(side(a, "-wal"), side(b, "-wal"))
    err = refused_as_it_is(b)
    texts = [c.value for c in store_error_view(err).controls if hasattr(c, "value")]
    assert any(f"{DB_NAME}-wal" in text for text in texts)
    assert not any(str(tmp_path) in text or os.sep + "tmp" in text for text in texts)
    del keep
