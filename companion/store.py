"""SQLite persistence of table sessions: one file in the user's data folder.

A table session is its configuration (game, variant, players, seed) plus an append-only
event log (DESIGN.md: state is the fold of the events), the setup ticks and the score
sheet. Every change is one transaction, so a killed process loses nothing already saved.

The schema version is SQLite's ``user_version``. ``MIGRATIONS[i]`` takes a database from
version i to i + 1. A file that is not a database, is damaged, belongs to another
program or comes from a newer version is never written to: opening raises StoreError.

Several phones share one table (DESIGN.md, "A table shared by several phones"): every
change names the state it was made on and is checked against the saved one in the same
transaction. A play tap or undo names the sequence number of the last event its screen
was drawn from, and raises ``Conflict`` when the log has moved on. Score-sheet edits are
field-level changes applied to the saved sheet (read, change, write in one transaction),
so two phones editing different players both land. Setup ticks likewise name the seed
the checklist was drawn from.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from companion.sheet_changes import SheetChange, apply_change

DB_NAME = "tables.sqlite3"

MIGRATIONS: list[str] = [
    # 0 → 1: tables, their event logs, and the printed values each game's box has
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        players TEXT NOT NULL,            -- JSON list of names, seat order
        seed INTEGER,
        status TEXT NOT NULL DEFAULT 'in_progress',   -- in_progress | finished
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        setup_ticks TEXT NOT NULL DEFAULT '[]',       -- JSON list of ticked step numbers
        score_sheet TEXT,                 -- JSON, the spec's score-sheet format
        campaign_id TEXT                  -- Latria campaign: the tables of one series
    );
    CREATE TABLE events (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,              -- JSON object with a "type"
        created_at TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE box_values (
        game TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,              -- JSON
        updated_at TEXT NOT NULL,
        PRIMARY KEY (game, key)
    );
    """,
    # 1 → 2: the score sheet's version, so a phone can tell a sheet changed elsewhere
    """
    ALTER TABLE tables ADD COLUMN sheet_version INTEGER NOT NULL DEFAULT 0
    """,
]
LATEST_VERSION = len(MIGRATIONS)
OUR_TABLES = {"tables", "events", "box_values"}


class StoreError(Exception):
    """The database cannot be used. ``kind``: corrupt | newer | foreign | io."""

    def __init__(self, kind: str, path: Path, **details: Any):
        self.kind = kind
        self.path = path
        self.details = details
        super().__init__(f"{kind}: {path} {details}")


class Conflict(Exception):
    """The table changed since the screen was drawn (on another phone): nothing was saved.

    ``kind``: ``play`` (the log moved on: ``expected`` / ``found`` are the last event's
    sequence numbers), ``setup`` (drawn again: seeds), ``sheet`` (the saved sheet no
    longer has the place a change names)."""

    def __init__(self, kind: str, table_id: str, expected: Any = None, found: Any = None):
        self.kind = kind
        self.table_id = table_id
        self.expected = expected
        self.found = found
        super().__init__(f"{kind} conflict on {table_id}: expected {expected}, found {found}")


class TableSession(BaseModel):
    id: str
    game: str
    variant: str
    players: list[str]
    seed: int | None = None
    status: str = "in_progress"
    created_at: datetime
    updated_at: datetime
    setup_ticks: list[int] = []
    score_sheet: dict[str, Any] | None = None
    sheet_version: int = 0
    campaign_id: str | None = None


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class Store:
    def __init__(self, data_dir: Path):
        self.path = Path(data_dir) / DB_NAME
        self._open_and_migrate()

    # -- connection -------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 10000")
        return conn

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is saved, or none of it."""
        with closing(self._connect()) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with closing(self._connect()) as conn:
            yield conn

    def _open_and_migrate(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(self._connect()) as conn:
                self._check(conn)
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                # WAL lets several app sessions read while one writes.
                conn.execute("PRAGMA journal_mode = WAL")
                for target in range(version + 1, LATEST_VERSION + 1):
                    conn.execute("BEGIN IMMEDIATE")
                    try:
                        # Statement by statement: executescript() would commit midway.
                        for statement in MIGRATIONS[target - 1].split(";"):
                            if statement.strip():
                                conn.execute(statement)
                        conn.execute(f"PRAGMA user_version = {target}")
                    except BaseException:
                        conn.execute("ROLLBACK")
                        raise
                    conn.execute("COMMIT")
        except sqlite3.DatabaseError as err:
            raise StoreError("corrupt", self.path, detail=str(err)) from None
        except OSError as err:
            raise StoreError("io", self.path, detail=err.strerror or str(err)) from None

    def _check(self, conn: sqlite3.Connection) -> None:
        """Refuse a file we must not write to, before writing anything."""
        # Reading the schema fails at once on a file that is not SQLite.
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > LATEST_VERSION:
            raise StoreError("newer", self.path, found=version, known=LATEST_VERSION)
        if version == 0 and names:
            raise StoreError("foreign", self.path, names=", ".join(sorted(names)))
        if names:
            result = conn.execute("PRAGMA quick_check").fetchone()[0]
            if result != "ok":
                raise StoreError("corrupt", self.path, detail=result)

    # -- tables ----------------------------------------------------------------------
    def create_table(
        self,
        game: str,
        variant: str,
        players: list[str],
        seed: int | None = None,
        campaign_id: str | None = None,
    ) -> TableSession:
        table_id = uuid.uuid4().hex[:12]
        stamp = now()
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO tables (id, game, variant, players, seed, created_at, updated_at,"
                " campaign_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, game, variant, json.dumps(players, ensure_ascii=False), seed,
                 stamp, stamp, campaign_id),
            )
        return self.get_table(table_id)

    def get_table(self, table_id: str) -> TableSession | None:
        with self._reading() as conn:
            row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
        return _session(row) if row else None

    def list_tables(self, status: str | None = "in_progress") -> list[TableSession]:
        """Newest change first."""
        query = "SELECT * FROM tables"
        args: tuple = ()
        if status is not None:
            query += " WHERE status = ?"
            args = (status,)
        with self._reading() as conn:
            rows = conn.execute(query + " ORDER BY updated_at DESC, rowid DESC", args).fetchall()
        return [_session(r) for r in rows]

    def series(self, campaign_id: str) -> list[TableSession]:
        """The tables of one series (a Latria campaign), in the order they were started.
        The first table's own id is the series' id; the later ones carry it."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT * FROM tables WHERE id = ? OR campaign_id = ?"
                " ORDER BY created_at, rowid", (campaign_id, campaign_id)
            ).fetchall()
        return [_session(r) for r in rows]

    def delete_table(self, table_id: str) -> None:
        with self._transaction() as conn:
            conn.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def _update(self, conn: sqlite3.Connection, table_id: str, **columns: Any) -> None:
        columns["updated_at"] = now()
        assignments = ", ".join(f"{name} = ?" for name in columns)
        cur = conn.execute(
            f"UPDATE tables SET {assignments} WHERE id = ?", (*columns.values(), table_id)
        )
        if cur.rowcount != 1:
            raise KeyError(table_id)

    def set_setup_ticks(self, table_id: str, ticks: list[int]) -> None:
        with self._transaction() as conn:
            self._update(conn, table_id, setup_ticks=json.dumps(sorted(set(ticks))))

    def set_setup_tick(self, table_id: str, number: int, on: bool, seed: int | None) -> list[int]:
        """Tick (or untick) one step of the checklist drawn from ``seed``, on the saved
        ticks: another phone's ticks since this screen was drawn are kept. Returns the
        saved ticks. ``Conflict`` when the table was drawn again (another seed)."""
        with self._transaction() as conn:
            row = self._row(conn, table_id, "seed, setup_ticks")
            if row["seed"] != seed:
                raise Conflict("setup", table_id, expected=seed, found=row["seed"])
            ticks = set(json.loads(row["setup_ticks"]))
            if on:
                ticks.add(number)
            else:
                ticks.discard(number)
            saved = sorted(ticks)
            self._update(conn, table_id, setup_ticks=json.dumps(saved))
        return saved

    def set_seed(self, table_id: str, seed: int) -> None:
        """A new draw: the old ticks belonged to the old setup."""
        with self._transaction() as conn:
            self._update(conn, table_id, seed=seed, setup_ticks="[]")

    def set_score_sheet(self, table_id: str, sheet: dict[str, Any] | None) -> int:
        """Replace the whole sheet (an import, the prefill from play); returns its version."""
        with self._transaction() as conn:
            version = self._row(conn, table_id, "sheet_version")["sheet_version"] + 1
            value = None if sheet is None else json.dumps(sheet, ensure_ascii=False)
            self._update(conn, table_id, score_sheet=value, sheet_version=version)
        return version

    def change_score_sheet(self, table_id: str, changes: Sequence[SheetChange],
                           base: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
        """Apply field-level ``changes`` to the saved sheet (``base`` when the table has
        none yet) and save it: what other phones changed elsewhere in the sheet stays.
        The same field changed on two phones keeps the later change. Returns the saved
        sheet and its version. ``Conflict`` when a change names a place the saved sheet
        does not have (it was replaced by an import)."""
        with self._transaction() as conn:
            row = self._row(conn, table_id, "score_sheet, sheet_version")
            sheet = json.loads(row["score_sheet"]) if row["score_sheet"] else base
            if sheet is None:
                raise Conflict("sheet", table_id, expected="a sheet", found=None)
            for path, value in changes:
                if not apply_change(sheet, path, value):
                    raise Conflict("sheet", table_id, expected=path, found=None)
            version = row["sheet_version"] + 1
            self._update(conn, table_id, score_sheet=json.dumps(sheet, ensure_ascii=False),
                         sheet_version=version)
        return sheet, version

    def set_status(self, table_id: str, status: str) -> None:
        with self._transaction() as conn:
            self._update(conn, table_id, status=status)

    def _row(self, conn: sqlite3.Connection, table_id: str, columns: str) -> sqlite3.Row:
        row = conn.execute(f"SELECT {columns} FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        return row

    # -- the event log ---------------------------------------------------------------
    @staticmethod
    def _last_seq(conn: sqlite3.Connection, table_id: str) -> int:
        return conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (table_id,)
        ).fetchone()[0]

    def append_event(self, table_id: str, event: dict[str, Any], expected_seq: int,
                     check: Callable[[list[dict[str, Any]]], Any] | None = None) -> int:
        """Append one event made on a screen drawn from the log up to ``expected_seq``
        (0 for an empty log); returns its sequence number. ``Conflict`` when the log has
        moved on since. ``check`` is given the saved log with the new event at its end,
        inside the transaction; whatever it raises (the game refusing the log) leaves
        the log as it was."""
        with self._transaction() as conn:
            self._row(conn, table_id, "id")
            last = self._last_seq(conn, table_id)
            if last != expected_seq:
                raise Conflict("play", table_id, expected=expected_seq, found=last)
            if check is not None:
                check([*self._events(conn, table_id), event])
            conn.execute(
                "INSERT INTO events (table_id, seq, event, created_at) VALUES (?, ?, ?, ?)",
                (table_id, last + 1, json.dumps(event, ensure_ascii=False), now()),
            )
            self._update(conn, table_id)
        return last + 1

    def drop_last_event(self, table_id: str, expected_seq: int) -> dict[str, Any] | None:
        """Undo on a screen drawn from the log up to ``expected_seq``: remove that last
        event and return it (None when the log is empty). ``Conflict`` when the log has
        moved on since (another phone tapped or undid)."""
        with self._transaction() as conn:
            self._row(conn, table_id, "id")
            last = self._last_seq(conn, table_id)
            if last != expected_seq:
                raise Conflict("play", table_id, expected=expected_seq, found=last)
            if last == 0:
                return None
            row = conn.execute("SELECT event FROM events WHERE table_id = ? AND seq = ?",
                               (table_id, last)).fetchone()
            conn.execute("DELETE FROM events WHERE table_id = ? AND seq = ?", (table_id, last))
            self._update(conn, table_id)
        return json.loads(row[0])

    def log(self, table_id: str) -> tuple[list[dict[str, Any]], int]:
        """The events and the last one's sequence number (0 for none), read together."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        return [json.loads(r[1]) for r in rows], (rows[-1][0] if rows else 0)

    def last_seq(self, table_id: str) -> int:
        with self._reading() as conn:
            return self._last_seq(conn, table_id)

    def events(self, table_id: str) -> list[dict[str, Any]]:
        with self._reading() as conn:
            return self._events(conn, table_id)

    @staticmethod
    def _events(conn: sqlite3.Connection, table_id: str) -> list[dict[str, Any]]:
        rows = conn.execute(
            "SELECT event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    # -- box values: printed numbers the rulebook text lacks, asked for once per game ---
    def box_values(self, game: str) -> dict[str, Any]:
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT key, value FROM box_values WHERE game = ?", (game,)
            ).fetchall()
        return {r[0]: json.loads(r[1]) for r in rows}

    def set_box_value(self, game: str, key: str, value: Any) -> None:
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO box_values (game, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (game, key, json.dumps(value, ensure_ascii=False), now()),
            )


def _session(row: sqlite3.Row) -> TableSession:
    return TableSession(
        id=row["id"],
        game=row["game"],
        variant=row["variant"],
        players=json.loads(row["players"]),
        seed=row["seed"],
        status=row["status"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        setup_ticks=json.loads(row["setup_ticks"]),
        score_sheet=json.loads(row["score_sheet"]) if row["score_sheet"] else None,
        sheet_version=row["sheet_version"],
        campaign_id=row["campaign_id"],
    )

