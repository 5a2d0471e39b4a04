"""The store never changes a file it refuses.

A corpus of damaged database files is built here from a real one of ours (cut short at
several offsets, random bytes in the header and in the pages, another program's
database, a newer user_version, missing tables or columns, a read-only file or folder).
Each is refused with one StoreError, or opened (read-only where it cannot be written);
either way its bytes (sha256) are the same afterwards, and no -wal/-shm file is left
beside a refused one.
"""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from companion.storage.store import (
    APPLICATION_ID,
    DB_NAME,
    LATEST_VERSION,
    MIGRATIONS,
    OUR_TABLES,
    Store,
    StoreError,
)
from companion.ui.app import store_error_view


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def good_bytes(tmp_path_factory) -> bytes:
    """A database of ours with a few tables, events, sheets and box values, checkpointed
    (no -wal), as the app leaves it when it stops."""
    folder = tmp_path_factory.mktemp("good")
    store = Store(folder)
    for i in range(30):
        table = store.create_table("luna", "standard", [f"P{i}", "B", "C"], seed=i)
        store.append_event(table.id, {"type": "start"}, 0)
        store.set_score_sheet(table.id, {"game": "luna", "council_order": [], "players": []})
    store.set_box_value("luna", "second", 2)
    path = folder / DB_NAME
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    return path.read_bytes()


def page_size(data: bytes) -> int:
    size = int.from_bytes(data[16:18], "big")
    return 65536 if size == 1 else size


def put(folder: Path, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / DB_NAME
    path.write_bytes(data)
    return path


def opened_or_refused(folder: Path) -> str:
    """Open the store as the app does and read everything a screen would; return what
    happened: the StoreError's kind, "read_only" or "opened"."""
    try:
        store = Store(folder)
    except StoreError as err:
        return err.kind
    try:
        for table in store.list_tables(status=None):
            store.get_table(table.id)
            store.log(table.id)
        store.box_values("luna")
    except StoreError as err:  # damage met while reading: one error, nothing written
        return f"{err.kind} while reading"
    return "read_only" if store.read_only else "opened"


def assert_left_alone(folder: Path, before: str) -> str:
    path = folder / DB_NAME
    outcome = opened_or_refused(folder)
    assert sha256(path) == before, outcome
    if outcome in ("corrupt", "newer", "foreign", "io"):
        assert sorted(p.name for p in folder.iterdir()) == [DB_NAME]  # no -wal, -shm
    return outcome


# ---------------------------------------------------------------- the corpus


def cut_offsets(data: bytes) -> list[int]:
    size = page_size(data)
    return sorted({1, 50, 99, 100, size - 1, size, size + 1, len(data) // 2,
                   len(data) - size, len(data) - 1})


def test_cut_short_at_any_offset_is_refused(tmp_path, good_bytes):
    outcomes = []
    for offset in cut_offsets(good_bytes):
        folder = tmp_path / f"cut{offset}"
        path = put(folder, good_bytes[:offset])
        outcomes.append(assert_left_alone(folder, sha256(path)))
    # A whole number of pages may still be a sound (shorter) file; everything else is not.
    assert outcomes.count("corrupt") >= len(outcomes) - 2, outcomes
    assert set(outcomes) <= {"corrupt", "opened"}


def test_cut_by_one_byte_is_refused(tmp_path, good_bytes):
    path = put(tmp_path, good_bytes[:-1])
    before = sha256(path)
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "corrupt" and "cut short" in err.value.details["detail"]
    assert sha256(path) == before


@pytest.mark.parametrize("seed", range(int(__import__("os").environ.get("CORPUS_SEEDS", 40))))
def test_random_bytes_in_the_header(tmp_path, good_bytes, seed):
    rng = random.Random(seed)
    data = bytearray(good_bytes)
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(100)] = rng.randrange(256)
    path = put(tmp_path, bytes(data))
    # Refused, or (a byte SQLite does not rely on, e.g. the change counter) opened:
    # either way not one byte of it is written.
    assert_left_alone(tmp_path, sha256(path))


@pytest.mark.parametrize("seed", range(int(__import__("os").environ.get("CORPUS_SEEDS", 40))))
def test_random_bytes_in_the_pages(tmp_path, good_bytes, seed):
    rng = random.Random(1000 + seed)
    data = bytearray(good_bytes)
    start = rng.choice([100, page_size(good_bytes)])
    for _ in range(rng.randint(1, 64)):
        data[rng.randrange(start, len(data))] = rng.randrange(256)
    path = put(tmp_path, bytes(data))
    # Damage quick_check cannot see (inside a saved text) may open: but nothing is
    # written by opening and reading it, and nothing crashes.
    assert_left_alone(tmp_path, sha256(path))


def another_programs_database(path: Path, user_version: int = 0, app_id: int = 0,
                              tables: tuple[str, ...] = ("contacts",)) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        for name in tables:
            conn.execute(f"CREATE TABLE {name} (name TEXT)")
        conn.execute(f"PRAGMA user_version = {user_version}")
        conn.execute(f"PRAGMA application_id = {app_id}")


@pytest.mark.parametrize(("user_version", "app_id", "tables"), [
    (0, 0, ("contacts",)),
    (1, 0, ("contacts",)),  # the probe's case: user_version 1 was taken for ours
    (2, 0, ("tables", "events")),
    (1, 0, ("tables", "events", "box_values", "contacts")),
    (1, 0x4D504246, ("tables", "events", "box_values")),  # "MPBF": someone else's id
    (0, 0x4D504246, ()),
])
def test_another_programs_database_is_refused(tmp_path, user_version, app_id, tables):
    path = tmp_path / DB_NAME
    another_programs_database(path, user_version, app_id, tables)
    before = sha256(path)
    assert assert_left_alone(tmp_path, before) == "foreign"


@pytest.mark.parametrize(("user_version", "tables"), [
    (53, ("moz_places", "moz_historyvisits")),  # a browser's history
    (LATEST_VERSION + 1, ("tables", "events", "box_values")),  # our tables, not our id
    (-5, ("contacts",)),
])
def test_a_file_without_our_id_is_foreign_whatever_its_version(tmp_path, user_version,
                                                               tables):
    """Only our application_id makes a file ours: a database without it
    whose user_version is past ours is not a newer Table Companion file, and its line,
    in both languages, says it is not one of Table Companion's."""
    from companion.i18n import speaking

    path = tmp_path / DB_NAME
    another_programs_database(path, user_version, 0, tables)
    assert assert_left_alone(tmp_path, sha256(path)) == "foreign"
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    for language, ours, newer in (("en", "not one of Table Companion's", "newer"),
                                  ("ja", "テーブル・コンパニオンのものではありません",
                                   "新しいバージョン")):
        with speaking(language):
            shown = " ".join(str(getattr(c, "value", ""))
                             for c in store_error_view(err.value).controls)
        assert ours in shown and newer not in shown, shown


def test_a_newer_version_of_ours_is_refused(tmp_path, good_bytes):
    path = put(tmp_path, good_bytes)
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 7}")
    assert assert_left_alone(tmp_path, sha256(path)) == "newer"


@pytest.mark.parametrize("table", sorted(OUR_TABLES))
def test_ours_with_a_table_missing_is_refused(tmp_path, good_bytes, table):
    path = put(tmp_path, good_bytes)
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(f"DROP TABLE {table}")
    before = sha256(path)
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "corrupt" and table in err.value.details["detail"]
    assert sha256(path) == before


def test_ours_with_a_column_missing_is_refused(tmp_path, good_bytes):
    path = put(tmp_path, good_bytes)
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("ALTER TABLE box_values DROP COLUMN updated_at")
    assert assert_left_alone(tmp_path, sha256(path)) == "corrupt"


def test_not_a_database_at_all(tmp_path):
    for name, data in {"text": b"hello " * 1000, "zeros": bytes(8192),
                       "random": random.Random(5).randbytes(16384),
                       "header only": b"SQLite format 3\x00" + bytes(84)}.items():
        folder = tmp_path / name.replace(" ", "_")
        path = put(folder, data)
        assert assert_left_alone(folder, sha256(path)) == "corrupt", name


# ---------------------------------------------------------------- read-only


def read_only(path: Path) -> None:
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH | (
        stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH if path.is_dir() else 0))


def test_a_read_only_file_opens_read_only_and_is_not_changed(tmp_path, good_bytes):
    path = put(tmp_path, good_bytes)
    read_only(path)
    before = sha256(path)
    store = Store(tmp_path)
    assert store.read_only and store.read_only_reason == "file"
    tables = store.list_tables()
    assert len(tables) == 30 and store.events(tables[0].id) == [{"type": "start"}]
    for write in (lambda: store.create_table("luna", "standard", ["A", "B"]),
                  lambda: store.append_event(tables[0].id, {"type": "x"}, 1),
                  lambda: store.set_box_value("luna", "second", 3),
                  lambda: store.set_score_sheet(tables[0].id, None),
                  lambda: store.delete_table(tables[0].id)):
        with pytest.raises(StoreError) as err:
            write()
        assert err.value.kind == "read_only"
    assert sha256(path) == before


def test_a_read_only_folder_opens_read_only(tmp_path, good_bytes):
    folder = tmp_path / "data"
    path = put(folder, good_bytes)
    before = sha256(path)
    read_only(folder)
    try:
        store = Store(folder)
        assert store.read_only and store.read_only_reason == "folder"
        assert len(store.list_tables()) == 30
        with pytest.raises(StoreError) as err:
            store.set_box_value("luna", "second", 3)
        assert err.value.kind == "read_only"
        assert sha256(path) == before
        assert sorted(p.name for p in folder.iterdir()) == [DB_NAME]
    finally:
        folder.chmod(0o755)


def test_a_read_only_file_that_needs_an_upgrade_is_refused(tmp_path):
    path = tmp_path / DB_NAME
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.executescript(MIGRATIONS[0])
        conn.execute("PRAGMA user_version = 1")
    read_only(path)
    before = sha256(path)
    with pytest.raises(StoreError) as err:
        Store(tmp_path)
    assert err.value.kind == "io" and "read-only" in err.value.details["detail"]
    assert sha256(path) == before


def test_no_file_in_a_read_only_folder_is_one_error(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    read_only(folder)
    try:
        with pytest.raises(StoreError) as err:
            Store(folder)
        assert err.value.kind == "io"
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


# ---------------------------------------------------------------- ours, new and old


def test_a_new_file_gets_our_application_id(tmp_path):
    Store(tmp_path)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_ours_from_before_the_application_id_is_accepted_and_stamped(tmp_path):
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:  # what version 1 of the app wrote: no id
        conn.executescript(MIGRATIONS[0])
        conn.execute("PRAGMA user_version = 1")
    store = Store(tmp_path)
    assert not store.read_only
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_an_empty_file_is_a_new_database(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"")
    store = Store(tmp_path)
    assert store.list_tables() == []


def test_an_accepted_file_is_not_rewritten_by_opening_it(tmp_path, good_bytes):
    path = put(tmp_path, good_bytes)
    before = sha256(path)
    assert opened_or_refused(tmp_path) == "opened"
    assert sha256(path) == before


# ---------------------------------------------------------------- what a phone is told


@pytest.mark.parametrize("kind", ["corrupt", "newer", "foreign", "io"])
def test_the_error_screen_names_no_server_path(tmp_path, kind):
    err = StoreError(kind, tmp_path / "secret-folder" / DB_NAME, detail="damaged",
                     found=9, known=2, names="contacts")
    shown = " ".join(str(getattr(c, "value", "")) for c in store_error_view(err).controls)
    assert "secret-folder" not in shown and str(tmp_path) not in shown
    assert shown.strip()


def test_the_console_names_the_path(tmp_path, capsys):
    from companion.ui.app import make_main

    put(tmp_path, b"not a database" * 100)
    make_main(tmp_path)
    assert str(tmp_path / DB_NAME) in capsys.readouterr().err
    os.chmod(tmp_path / DB_NAME, 0o644)


def index_pages(data: bytes, folder: Path) -> list[int]:
    """The page numbers of the store's indexes, read from a copy with SQLite's dbstat."""
    path = put(folder, data)
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return [n for (n,) in conn.execute(
            "SELECT pageno FROM dbstat WHERE name LIKE 'sqlite_autoindex_%' ORDER BY pageno")]


def checks(data: bytes, folder: Path) -> tuple[str, str]:
    path = put(folder, data)
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        try:
            return (conn.execute("PRAGMA quick_check").fetchone()[0],
                    conn.execute("PRAGMA integrity_check(1)").fetchone()[0])
        except sqlite3.DatabaseError as err:
            return str(err), str(err)


def test_a_damaged_index_that_quick_check_passes_is_refused(tmp_path, good_bytes):
    size = page_size(good_bytes)
    page = index_pages(good_bytes, tmp_path / "pages")[0]
    end = page * size  # an index page's keys sit at its end
    damaged = None
    for offset in range(end - 1, end - size // 2, -1):
        data = bytearray(good_bytes)
        data[offset] ^= 0x01  # one bit of a key, as a flipped byte on a disk
        quick, full = checks(bytes(data), tmp_path / "try")
        if quick == "ok" and full != "ok":
            damaged = bytes(data)
            break
    assert damaged is not None, "no flip found that only integrity_check sees"
    path = put(tmp_path / "store", damaged)
    assert assert_left_alone(tmp_path / "store", sha256(path)) == "corrupt"
