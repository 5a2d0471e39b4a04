"""The store on PostgreSQL (companion/storage/database.py): what tests/storage/
test_store_damaged.py asks of an SQLite file, asked of a database on a server. Another
program's database, or one of a newer version, is refused and left exactly as it was;
an older one of ours is brought up to date version by version; a server that cannot be
reached is one StoreError that names neither the URL's password nor, for a phone, the
server. (The store's other tests run on both databases: ``database``, tests/postgres.py.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from contextlib import closing

import pytest

from companion.engine import Engine, Refused, Saved
from companion.i18n import say
from companion.storage.database import MARK, UNREACHABLE, PostgreSQL, database_for
from companion.storage.store import (
    APPLICATION_ID,
    LATEST_VERSION,
    MIGRATIONS,
    OUR_TABLES,
    Store,
    StoreError,
)

NOWHERE = "postgresql://ann:s3cret-word@127.0.0.1:1/tables"  # port 1: nothing listens


def run(url: str, *statements: str) -> None:
    with closing(PostgreSQL(url).connect()) as conn:
        for statement in statements:
            conn.execute(statement)


def everything(url: str) -> dict[str, list[tuple]]:
    """Every table of the database and its rows, in order: what "left as it was" compares."""
    database = PostgreSQL(url)
    with closing(database.connect()) as conn:
        return {name: sorted(tuple(map(str, row)) for row in conn.execute(
            f"SELECT * FROM {name}")) for name in sorted(database.table_names(conn))}


def refused(url: str) -> StoreError:
    before = everything(url)
    with pytest.raises(StoreError) as err:
        Store(url)
    assert everything(url) == before  # not one row or table more, less or changed
    return err.value


def test_a_new_database_is_marked_ours_at_the_latest_version(postgres_url):
    Store(postgres_url)
    tables = everything(postgres_url)
    assert set(tables) == OUR_TABLES | {MARK}
    assert tables[MARK] == [(str(APPLICATION_ID), str(LATEST_VERSION))]
    Store(postgres_url)  # and opened again as it is
    assert everything(postgres_url) == tables


def test_processes_opening_a_new_database_at_once_make_it_once(postgres_url):
    opened, failed = [], []

    def start() -> None:
        try:
            opened.append(Store(postgres_url))
        except Exception as err:  # noqa: BLE001 - reported below
            failed.append(err)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == [] and len(opened) == 4
    assert everything(postgres_url)[MARK] == [(str(APPLICATION_ID), str(LATEST_VERSION))]


@pytest.mark.parametrize("statements", [
    ["CREATE TABLE contacts (name TEXT)", "INSERT INTO contacts VALUES ('Ann')"],
    # our tables' names, without our mark: another program's (or a copy by hand)
    ["CREATE TABLE tables (id TEXT)", "CREATE TABLE events (id TEXT)",
     "CREATE TABLE box_values (id TEXT)"],
    # a table of our mark's name, of another shape or of another program's id
    [f"CREATE TABLE {MARK} (name TEXT)"],
    [f"CREATE TABLE {MARK} (application_id BIGINT, version INTEGER)",
     f"INSERT INTO {MARK} VALUES (1297106502, 1)"],
], ids=["contacts", "our names", "mark of another shape", "another id"])
def test_another_programs_database_is_refused_untouched(postgres_url, statements):
    run(postgres_url, *statements)
    assert refused(postgres_url).kind == "foreign"


def test_a_newer_version_of_ours_is_refused_untouched(postgres_url):
    store = Store(postgres_url)
    store.create_table("luna", "standard", ["Ann", "Ben"], seed=3)
    run(postgres_url, f"UPDATE {MARK} SET version = {LATEST_VERSION + 1}")
    err = refused(postgres_url)
    assert err.kind == "newer"
    assert err.details == {"found": LATEST_VERSION + 1, "known": LATEST_VERSION}


@pytest.mark.parametrize("table", sorted(OUR_TABLES))
def test_ours_with_a_table_missing_is_refused_untouched(postgres_url, table):
    Store(postgres_url)
    run(postgres_url, f"DROP TABLE {table} CASCADE")
    err = refused(postgres_url)
    assert err.kind == "corrupt" and table in err.details["detail"]


def test_a_version_1_database_is_brought_up_to_date_and_keeps_its_tables(postgres_url):
    """Migrations by version on PostgreSQL too: each one in its transaction, the play
    log rewritten to name seats (store.SEATS_VERSION) as in an SQLite file."""
    database = PostgreSQL(postgres_url)
    with closing(database.connect()) as conn:
        database.make_mark(conn)
        for statement in database.statements(MIGRATIONS[0], 1):
            conn.execute(statement)
        database.set_version(conn, 1)
        conn.execute("INSERT INTO tables (id, game, variant, players, created_at, updated_at)"
                     " VALUES ('t1', 'latoro', 'standard', '[\"Ann\", \"Ben\"]',"
                     " '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
        conn.execute("INSERT INTO events (table_id, seq, event, created_at) VALUES"
                     " ('t1', 1, ?, '2026-01-01T00:00:00+00:00')",
                     (json.dumps({"type": "start", "player": "Ben"}),))
    store = Store(postgres_url)
    table = store.get_table("t1")
    assert table.players == ["Ann", "Ben"] and table.sheet_version == 0
    assert store.events("t1") == [{"type": "start", "player": 2}]  # Ben's seat
    assert store.append_event("t1", {"type": "x"}, 1) == 2  # seq_issued was filled in
    assert everything(postgres_url)[MARK] == [(str(APPLICATION_ID), str(LATEST_VERSION))]


def test_big_numbers_fit_as_in_sqlite(postgres_url):
    """SQLite's integers have 64 bits: PostgreSQL's columns are BIGINT."""
    store = Store(postgres_url)
    table = store.create_table("luna", "standard", ["Ann", "Ben"], seed=2**53)
    assert Store(postgres_url).get_table(table.id).seed == 2**53


def test_a_server_that_cannot_be_reached_is_one_error_without_the_password():
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as err:
        Store(NOWHERE)
    assert err.value.kind == "io" and err.value.details["detail"] == UNREACHABLE
    assert err.value.path == "postgresql://ann@127.0.0.1:1/tables"
    assert "s3cret" not in str(err.value)


def test_a_lost_connection_refuses_that_change_and_the_next_one_lands(postgres_url):
    """The server drops the store's connection (restarted, or a network cut): that
    change is refused with the store's reason, nothing of it saved, and the phone is told
    no server, URL or password; the next change opens a new connection."""
    store = Store(postgres_url)
    table = store.create_table("luna", "standard", ["Ann", "Ben"], seed=3)
    engine = Engine(store)
    pid = store._connection()._conn.info.backend_pid
    run(postgres_url, f"SELECT pg_terminate_backend({pid})")
    outcome = engine.tick(table.id, 1, True, 3)
    assert isinstance(outcome, Refused)
    assert outcome.why.key == "store.not_saved_io"
    assert "127.0.0.1" not in say(outcome.why) and "companion" not in say(outcome.why)
    assert store.get_table(table.id).setup_ticks == []
    assert isinstance(engine.tick(table.id, 1, True, 3), Saved)
    assert Store(postgres_url).get_table(table.id).setup_ticks == [1]


@pytest.mark.parametrize("url", [
    "mysql://ann@host/tables",
    "sqlite://relative.sqlite3",
    "sqlite://host/tables.sqlite3",
    "sqlite:///",
    "postgresql://ann:s3cret-word@host:port/tables",
])
def test_a_url_that_names_no_database_here_is_one_line_without_the_password(url):
    pytest.importorskip("psycopg")
    with pytest.raises(ValueError) as err:
        database_for(url)
    assert "s3cret" not in str(err.value) and "\n" not in str(err.value)


def test_an_sqlite_url_names_the_file(tmp_path):
    path = tmp_path / "elsewhere" / "mine.sqlite3"
    Store(f"sqlite://{path}").create_table("luna", "standard", ["Ann", "Ben"])
    assert [t.players for t in Store(f"sqlite://{path}").list_tables()] == [["Ann", "Ben"]]
    assert path.is_file()


@pytest.mark.parametrize(("url", "said"), [
    ("mysql://ann:s3cret-word@host/tables", "begins sqlite:/// or postgresql://"),
    (NOWHERE, "postgresql://ann@127.0.0.1:1/tables cannot be opened (io): " + UNREACHABLE),
])
def test_companion_refuses_a_database_it_cannot_open_in_one_line(tmp_path, capsys, url, said):
    """``companion --database URL``: exit status 2 and one line that may name the server
    but never the password, before anything is served."""
    pytest.importorskip("psycopg")
    from companion.__main__ import main

    assert main(["--web", "--data-dir", str(tmp_path), "--database", url]) == 2
    err = capsys.readouterr().err
    assert said in err and "s3cret" not in err and err.count("\n") == 1, err


def test_the_sqlite_store_and_the_app_never_import_psycopg(tmp_path):
    code = ("import sys; from pathlib import Path; from companion.storage.store import Store; "
            "import companion.ui.app, companion.__main__; "
            f"Store(Path({str(tmp_path)!r})).create_table('luna', 'standard', ['A', 'B']); "
            "assert 'psycopg' not in sys.modules, 'psycopg imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
