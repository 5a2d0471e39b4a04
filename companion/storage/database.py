"""Where the saved tables are kept, and what differs between the databases that can keep
them: an SQLite file (the default, ``tables.sqlite3`` in the data folder; nothing to
install) or a PostgreSQL database (``companion --database postgresql://…``, through
psycopg 3, imported here only for such a URL).

companion/storage/store.py says its SQL once, as SQLite takes it, and keeps its promises
the same way on both (one transaction per change, nothing written to a database it
refuses). A ``Database`` says, for its own:

- how to connect (rows read by name or by place, ``?`` marks for the values);
- how a write begins so that writers take turns: SQLite's ``BEGIN IMMEDIATE`` locks the
  file; on PostgreSQL a write transaction first takes the store's advisory lock
  (``LOCK_KEY``, one for the database), the same turn for every writer of every process;
- where the schema's version is kept, and the mark that the database is ours: SQLite's
  ``user_version`` and ``application_id`` in the file's header; on PostgreSQL a table of
  one row, ``companion_schema``;
- how a migration's statements are said: PostgreSQL's ``INTEGER`` has 32 bits, so it is
  ``BIGINT`` there (SQLite's has 64), and ``tables`` gets an explicit ``rowid``
  (SQLite's own) for the store to order by; no list of columns (``columns``, a backup's)
  names it;
- which of the driver's errors mean the database cannot be used (``refusal``).
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

DB_NAME = "tables.sqlite3"  # the data folder's file
APPLICATION_ID = int.from_bytes(b"TbCo", "big")  # the mark that a database is ours
UNREACHABLE = "the database server cannot be reached"
DISK_FULL = "the disk is full"


def database_for(where: Path | str) -> SQLite | PostgreSQL:
    """The database ``where`` names: a data folder (its ``tables.sqlite3``), or a URL,
    ``sqlite:///path/to/file.sqlite3`` (an absolute path, as in a file:// URL) or
    ``postgresql://user:password@host:port/dbname``. ValueError (one line, no password)
    for anything else."""
    if not isinstance(where, str) or "://" not in where:
        return SQLite(Path(where) / DB_NAME)
    scheme = where.split("://", 1)[0].lower()
    if scheme == "sqlite":
        parts = urlsplit(where)
        path = unquote(parts.path)
        if parts.netloc or not path.startswith("/") or path.endswith("/"):
            raise ValueError("an SQLite URL names a file by its absolute path: "
                             "sqlite:///path/to/tables.sqlite3")
        return SQLite(Path(path))
    if scheme in ("postgresql", "postgres"):
        return PostgreSQL(where)
    raise ValueError(f"a database URL begins sqlite:/// or postgresql://, not {scheme}://")


# ------------------------------------------------------------------ SQLite


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def connect_read_only(path: Path, immutable: bool = False) -> sqlite3.Connection:
    """A connection that cannot write to the file. ``immutable`` also keeps SQLite from
    making the -wal and -shm files beside it (for a look at a file no one is writing)."""
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
    if immutable:
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None)


class SQLite:
    """One SQLite file; store.py makes the checks of the file itself (its header, a
    -wal beside it, a file or folder that cannot be written)."""

    errors: tuple[type[Exception], ...] = (sqlite3.Error, UnicodeDecodeError)
    refused_values: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    begin_write = ("BEGIN IMMEDIATE",)
    begin_snapshot = "BEGIN"

    def __init__(self, path: Path):
        self.path = path
        self.where = path  # what the console may name

    def connect(self, read_only: bool = False, immutable: bool = False) -> sqlite3.Connection:
        if read_only:
            conn = connect_read_only(self.path, immutable=immutable)
        else:
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        conn.text_factory = _text  # a damaged text shows as "�", it does not stop the app
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 10000")
        return conn

    @staticmethod
    def columns(conn: Any, table: str) -> list[str]:
        return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]

    @staticmethod
    def version(conn: Any) -> int:
        return conn.execute("PRAGMA user_version").fetchone()[0]

    @staticmethod
    def set_version(conn: Any, version: int) -> None:
        conn.execute(f"PRAGMA user_version = {int(version)}")

    @staticmethod
    def statements(migration: str, target: int) -> list[str]:
        """A migration's statements, one by one (executescript() would commit midway)."""
        return [s for s in migration.split(";") if s.strip()]

    @staticmethod
    def refusal(err: Exception, writing: bool) -> tuple[str, dict[str, Any]] | None:
        """The StoreError (kind, details) ``err`` means, or None to raise it as it is."""
        if writing:
            if not isinstance(err, sqlite3.OperationalError):
                return None
            # The file or folder became read-only, or the disk is full, while the app ran.
            text = str(err).lower()
            if "readonly" in text or "read-only" in text:
                return "read_only", {"reason": "file"}
            if "full" in text:
                return "io", {"detail": DISK_FULL}
            return None
        if not isinstance(err, sqlite3.DatabaseError | UnicodeDecodeError):
            return None
        # Damage quick_check did not see at opening, met while reading: nothing written.
        if isinstance(err, sqlite3.OperationalError) and "locked" in str(err):
            return None
        return "corrupt", {"detail": str(err)[:200]}


# ------------------------------------------------------------------ PostgreSQL

MARK = "companion_schema"  # its one row: our APPLICATION_ID and the schema's version
LOCK_KEY = APPLICATION_ID  # pg_advisory_xact_lock's: the writers' turn
HIDDEN = frozenset({"rowid"})  # ours, but not a column of the tables as SQLite has them
# What the schema has on PostgreSQL besides the migration's own statements, by version.
ADDED = {1: ("ALTER TABLE tables ADD COLUMN rowid BIGINT GENERATED BY DEFAULT AS IDENTITY",)}


class Row(tuple):
    """A row read by place or by column name, as sqlite3.Row is (``dict(row)`` too)."""

    _names: dict[str, int]

    def __new__(cls, values: Any, names: dict[str, int]) -> Row:
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        return super().__getitem__(self._names[key] if isinstance(key, str) else key)

    def keys(self) -> list[str]:
        return list(self._names)


def _rows(cursor: Any) -> Any:
    names = {column.name: i for i, column in enumerate(cursor.description or ())}
    return lambda values: Row(values, names)


class ServerConnection:
    """A psycopg connection (autocommit: the store says BEGIN and COMMIT) that takes the
    store's SQL as sqlite3 does: ``?`` marks the values (psycopg's mark is ``%s``)."""

    def __init__(self, conn: Any):
        self._conn = conn

    @staticmethod
    def _marked(sql: str) -> str:
        return sql.replace("%", "%%").replace("?", "%s")

    def execute(self, sql: str, params: Any = ()) -> Any:
        if not params:
            return self._conn.execute(sql)
        return self._conn.execute(self._marked(sql), tuple(params))

    def executemany(self, sql: str, rows: Any) -> None:
        with self._conn.cursor() as cursor:
            cursor.executemany(self._marked(sql), [tuple(row) for row in rows])

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return self._conn.info.transaction_status != TransactionStatus.IDLE

    def close(self) -> None:
        self._conn.close()


class PostgreSQL:
    """A PostgreSQL database, named by its URL; ``where`` names it without the password
    (nor anything after ``?``), for the console."""

    begin_write = ("BEGIN", f"SELECT pg_advisory_xact_lock({LOCK_KEY})")
    # One snapshot for all of a backup's reads (READ COMMITTED takes one a statement).
    begin_snapshot = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    def __init__(self, url: str):
        self.url = url
        parts = urlsplit(url)
        self._password = parts.password or ""
        try:
            host = parts.hostname or ""
            port = f":{parts.port}" if parts.port else ""
        except ValueError:
            raise ValueError(self.hide(f"the PostgreSQL URL's port is not a number: "
                                       f"{url}")) from None
        user = f"{unquote(parts.username)}@" if parts.username else ""
        self.where = f"{parts.scheme}://{user}{host}{port}{parts.path}"
        try:
            from psycopg.conninfo import conninfo_to_dict
        except ImportError:
            raise ValueError("PostgreSQL needs psycopg: pip install "
                             "'table-companion[postgresql]'") from None
        try:
            conninfo_to_dict(url)
        except Exception as err:  # noqa: BLE001 - psycopg.ProgrammingError, said in one line
            raise ValueError(self.hide(f"not a PostgreSQL URL: {self.where} "
                                       f"({_first_line(err)})")) from None

    @property
    def errors(self) -> tuple[type[Exception], ...]:
        import psycopg

        return (psycopg.Error,)

    @property
    def refused_values(self) -> tuple[type[Exception], ...]:
        import psycopg

        return (psycopg.IntegrityError, psycopg.DataError)

    def hide(self, text: str) -> str:
        """``text`` without the URL's password (libpq's messages may quote the URL)."""
        for secret in {self._password, unquote(self._password)} - {""}:
            text = text.replace(secret, "…")
        return text

    def connect(self, read_only: bool = False, immutable: bool = False) -> ServerConnection:
        import psycopg

        return ServerConnection(psycopg.connect(self.url, autocommit=True, row_factory=_rows,
                                                connect_timeout=10))

    @staticmethod
    def columns(conn: Any, table: str) -> list[str]:
        names = [r[0] for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema ="
            " current_schema() AND table_name = ? ORDER BY ordinal_position", (table,))]
        return [name for name in names if name not in HIDDEN]

    @staticmethod
    def table_names(conn: Any) -> set[str]:
        """The tables of the database's schema (the first of its search_path)."""
        return {r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema()")}

    @staticmethod
    def mark(conn: Any) -> tuple[int, int] | None:
        """The database's mark, (application id, version), read without writing; None
        when it has none; (0, 0) when a table of that name is not ours (another shape)."""
        import psycopg

        if MARK not in PostgreSQL.table_names(conn):
            return None
        try:
            rows = conn.execute(f"SELECT application_id, version FROM {MARK}").fetchall()
        except psycopg.Error:
            return 0, 0
        if len(rows) != 1 or not all(isinstance(v, int) for v in rows[0]):
            return 0, 0
        return rows[0][0], rows[0][1]

    @staticmethod
    def make_mark(conn: Any) -> None:
        """Mark a new database as ours, at version 0, in a write transaction (a second
        process doing the same at once finds it made)."""
        conn.execute(f"CREATE TABLE IF NOT EXISTS {MARK} (application_id BIGINT NOT NULL,"
                     " version INTEGER NOT NULL)")
        conn.execute(f"INSERT INTO {MARK} (application_id, version) SELECT ?, 0"
                     f" WHERE NOT EXISTS (SELECT 1 FROM {MARK})", (APPLICATION_ID,))

    @staticmethod
    def version(conn: Any) -> int:
        row = conn.execute(f"SELECT version FROM {MARK}").fetchone()
        return row[0] if row else 0

    @staticmethod
    def set_version(conn: Any, version: int) -> None:
        conn.execute(f"UPDATE {MARK} SET version = ?", (version,))

    @staticmethod
    def statements(migration: str, target: int) -> list[str]:
        said = [re.sub(r"\bINTEGER\b", "BIGINT", s) for s in migration.split(";") if s.strip()]
        return [*said, *ADDED.get(target, ())]

    def refusal(self, err: Exception, writing: bool) -> tuple[str, dict[str, Any]] | None:
        """The StoreError (kind, details) ``err`` means, or None to raise it as it is:
        a server that cannot be reached (``server``: why, for the console) or whose disk
        is full."""
        import psycopg

        state = getattr(err, "sqlstate", None) or ""
        if state == "53100":
            return "io", {"detail": DISK_FULL}
        # No state: the connection failed or was lost; 08: a connection exception; 57P:
        # the server shut down; 53300: it has no connection left for us.
        if isinstance(err, psycopg.OperationalError) and (
                not state or state.startswith(("08", "57P")) or state == "53300"):
            return "io", {"detail": UNREACHABLE, "server": self.hide(_first_line(err))}
        return None


def _first_line(err: Exception) -> str:
    lines = str(err).strip().splitlines()
    return lines[0][:200] if lines else type(err).__name__
