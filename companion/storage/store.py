"""Persistence of table sessions: an SQLite file in the user's data folder, or a
PostgreSQL database (companion/storage/database.py says what differs between the two;
what follows holds on both, the file's own checks aside).

A table session is its configuration (game, variant, players, seed) plus an append-only
event log (docs/DESIGN.md: state is the fold of the events), the setup ticks and the score
sheet. Every change is one transaction, so a killed process loses nothing already saved.

The schema version is SQLite's ``user_version`` (PostgreSQL: the row of
``companion_schema``). ``MIGRATIONS[i]`` takes a database from version i to i + 1. A
file that is not a database, is damaged, belongs to another program or comes from a
newer version is never written to: opening raises StoreError, and the file is left byte
for byte as it was. Opening reads the file first without
writing (``mode=ro``): its header, ``application_id`` (ours is ``APPLICATION_ID``),
``user_version``, the tables and columns that version has, and ``integrity_check``; only
then is it opened for writing and switched to WAL. A file (or folder) that cannot be
written is opened read-only (``Store.read_only``): it can be read, and every change
raises ``StoreError("read_only")``. A PostgreSQL database is looked at the same way
before anything is written to it (``_open_server``): one without our mark and with tables
is another program's, one of a newer version is refused.

What is written is checked first (``scorers/limits.py``, ``scorers.sheets``): a score
sheet's values have the types and bounds a sheet allows, a box value and an event are
small JSON of bounded depth. Something out of range raises ``SheetProblems`` and
nothing is saved.

Several phones share one table (docs/DESIGN.md, "A table shared by several phones"): every
change names the state it was made on and is checked against the saved one in the same
transaction. A play tap or undo names the sequence number of the last event its screen
was drawn from, and raises ``Conflict`` when the log has moved on. Score-sheet edits are
field-level changes applied to the saved sheet (read, change, write in one transaction),
so two phones editing different players both land; a change that names the value it was
made from is refused when another phone changed that value first. Setup ticks likewise name the seed
the checklist was drawn from.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import sqlite3
import stat
import threading
import time
import uuid
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import closing, contextmanager, suppress
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel

from companion.sheet_changes import REMOVE, SheetChange, apply_change, same, value_at
from companion.storage.database import (
    APPLICATION_ID,
    DB_NAME,  # noqa: F401 - store.DB_NAME, as before
    HIDDEN,
    MARK,
    PostgreSQL,
    _text,
    database_for,
)
from companion.storage.database import connect_read_only as _connect_read_only
from companion.table.record import TableSession
from scorers.base import Problem, SheetProblems
from scorers.limits import depth_position, value_problems
from scorers.sheets import GAME_MODULES, location, written_problems

log = logging.getLogger(__name__)

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
        score_sheet TEXT,                 -- JSON, docs/score-sheets.md
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
    # 1 → 2: the score sheet's version, so a phone can tell a sheet changed elsewhere;
    # the last sequence number given to an event, so that an undone event's number is
    # never given again (a phone that saw event 5 must not take a new event 5, made
    # after an undo on another phone, for the one it saw)
    """
    ALTER TABLE tables ADD COLUMN sheet_version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN seq_issued INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET seq_issued =
        (SELECT COALESCE(MAX(seq), 0) FROM events WHERE events.table_id = tables.id)
    """,
    # 2 → 3: what the table chose on the Setup screen instead of the draw (JSON object,
    # e.g. {"characters": [...]} in Carpe Astra); a new draw clears it with the ticks
    """
    ALTER TABLE tables ADD COLUMN setup_choices TEXT NOT NULL DEFAULT '{}'
    """,
    # 3 → 4: the table's own readings of unclear rules (JSON object, ruling id →
    # "documented" | "alternative"; scorers/readings.py); kept through a new draw
    """
    ALTER TABLE tables ADD COLUMN readings TEXT NOT NULL DEFAULT '{}'
    """,
    # 4 → 5: when a play was finished (its Results first shown; kept when it is reopened
    # and finished again: the play's date is the day it was played) and when its score
    # sheet was last changed after that (History and Results say "Corrected on …").
    # Tables finished before this version take their last change as the finish.
    """
    ALTER TABLE tables ADD COLUMN finished_at TEXT;
    ALTER TABLE tables ADD COLUMN corrected_at TEXT;
    UPDATE tables SET finished_at = updated_at WHERE status = 'finished'
    """,
    # 5 → 6: what Play last wrote into the score sheet (JSON list of [path, value],
    # companion/screens/play_to_score.py play_changes): a field that still holds it
    # follows Play, one entered on Score stays
    """
    ALTER TABLE tables ADD COLUMN score_prefilled TEXT NOT NULL DEFAULT '[]'
    """,
    # 6 → 7: the play log names players by seat, not by name (companion/flows/base.py
    # ``seat``); no column changes, every saved event is rewritten (``REWRITES``)
    "",
]
LATEST_VERSION = len(MIGRATIONS)
SEATS_VERSION = 7  # from this schema on, the play log names seats (a backup's events too)
OUR_TABLES = {"tables", "events", "box_values"}
# APPLICATION_ID (companion/storage/database.py) is SQLite's header field for "which
# program's file is this" (PRAGMA application_id): b"TbCo" as a 32-bit number. New files
# get it; files of ours from before it (id 0, user_version ≥ 1, exactly our tables) are
# accepted and stamped with it.
SQLITE_MAGIC = b"SQLite format 3\x00"
# An event is one tap: a type and a few fields (companion/flows); a box value is one
# printed number or a small record of them.
MAX_EVENT_BYTES = 16 * 1024
MAX_EVENT_DEPTH = 4
MAX_BOX_VALUE_DEPTH = 2
MAX_KEY_LENGTH = 80


class StoreError(Exception):
    """The database cannot be used. ``kind``: corrupt | newer | foreign | io, or
    read_only for a change to a store opened read-only (``details["reason"]``: file or
    folder). ``path``: the file, or a PostgreSQL database's URL without its password.
    ``str()`` names it: for the console, never for a phone."""

    def __init__(self, kind: str, path: Path | str, **details: Any):
        self.kind = kind
        self.path = path
        self.details = details
        super().__init__(f"{kind}: {path} {details}")


class Conflict(Exception):
    """The table changed since the screen was drawn (on another phone): nothing was saved.

    ``kind``: ``play`` (the log moved on: ``expected`` / ``found`` are the last event's
    sequence numbers), ``setup`` (drawn again: seeds), ``sheet`` (the saved sheet no
    longer has the place a change names, ``found`` None; or holds another value there
    than the phone saw: ``found`` is that place and the value saved there)."""

    def __init__(self, kind: str, table_id: str, expected: Any = None, found: Any = None):
        self.kind = kind
        self.table_id = table_id
        self.expected = expected
        self.found = found
        super().__init__(f"{kind} conflict on {table_id}: expected {expected}, found {found}")


class DeletedTable(NamedTuple):
    """A deleted table as it was saved: its row and its play log's rows, column by column
    (kept by the phone that deleted it, to bring it back: ``Store.restore_table``)."""
    table: dict[str, Any]
    events: tuple[dict[str, Any], ...]


def insert_row(conn: sqlite3.Connection, table: str, row: dict[str, Any]) -> None:
    """Insert ``row`` as it was read (its columns are those of our own schema)."""
    columns = ", ".join(f'"{name}"' for name in row)
    marks = ", ".join("?" for _ in row)
    conn.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(row.values()))


class PlayersLocked(Exception):
    """The seats cannot be reordered any more (names can still be corrected): ``why`` is
    ``play`` (its first tap was made) or ``series`` (a later game of the series exists)."""

    def __init__(self, why: str):
        self.why = why
        super().__init__(f"the seats are fixed: {why}")


def _reseat_choices(text: str, order: list[int]) -> str:
    """Setup choices made per seat (Carpe Astra's chosen characters) follow their player
    to the new seat."""
    try:
        choices = json.loads(text or "{}")
    except ValueError:
        return text
    if isinstance(choices, dict):
        for key, value in choices.items():
            if isinstance(value, list) and len(value) == len(order):
                choices[key] = [value[i] for i in order]
    return json.dumps(choices, ensure_ascii=False)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _events_in_seats(conn: sqlite3.Connection) -> None:
    """Schema 7: every saved event naming players by name is rewritten to name them by
    seat (companion/table/renaming.py ``seated_event``, which the import of an older
    backup uses too). An event that cannot be read is left as it was."""
    from companion.table.renaming import seat_names, seated_event

    for row in conn.execute("SELECT id, game, variant, players FROM tables").fetchall():
        players = _loads(row["players"], [])
        if not isinstance(players, list):
            continue
        seats = seat_names(row["game"], row["variant"], [str(p) for p in players])
        for seq, text in conn.execute("SELECT seq, event FROM events WHERE table_id = ?",
                                      (row["id"],)).fetchall():
            event = _loads(text, None)
            if isinstance(event, dict):
                conn.execute("UPDATE events SET event = ? WHERE table_id = ? AND seq = ?",
                             (json.dumps(seated_event(event, seats), ensure_ascii=False),
                              row["id"], seq))


# Schema version → what rewrites the saved data on the way to it, after its statements
# (in the same transaction).
REWRITES: dict[int, Callable[[sqlite3.Connection], None]] = {SEATS_VERSION: _events_in_seats}


class Store:
    """The saved tables of one data folder (its ``tables.sqlite3``), or of the database a
    URL names (``sqlite:///path/to/file.sqlite3``, ``postgresql://user:password@host/db``;
    companion/storage/database.py).

    ``wal``: an SQLite file in WAL mode, so that several server processes can read while one
    writes; without it (the phone's browser, one process whose files are copied whole
    into the browser's storage: a -wal copied without its -shm would be refused as a
    stray) the rollback journal. ``on_saved`` is called after each change is saved (the
    browser copies the file into its storage then)."""

    def __init__(self, where: Path | str, *, wal: bool = True,
                 on_saved: Callable[[], None] | None = None):
        self.database = database_for(where)
        # The file, or the URL without its password: what the console may name.
        self.path = self.database.where
        self._journal = "WAL" if wal else "DELETE"
        self._on_saved = on_saved or (lambda: None)
        # Set when the file or its folder cannot be written: the tables can be read,
        # every change raises StoreError("read_only"). ``read_only_reason``: file | folder.
        self.read_only = False
        self.read_only_reason: str | None = None
        self._immutable = False
        self._local = threading.local()
        self._open_and_migrate()

    # -- connection -------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        return self.database.connect(read_only=self.read_only, immutable=self._immutable)

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection to the file, opened once and kept: opening one was a
        large part of every tap. A sqlite3 connection stays in the thread that
        opened it, so each thread keeps its own (a psycopg one likewise, so that one
        thread's transaction is not another's); each change is still one transaction."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def _forget_connection(self) -> None:
        """After an error from the database the next call opens a fresh connection."""
        conn, self._local.conn = getattr(self._local, "conn", None), None
        if conn is not None:
            with suppress(*self.database.errors):
                conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is saved, or none of it."""
        if self.read_only:
            raise StoreError("read_only", self.path, reason=self.read_only_reason)
        try:
            conn = self._connection()
            for statement in self.database.begin_write:  # writers take turns from here
                conn.execute(statement)
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except self.database.errors as err:
            self._forget_connection()
            # A file or folder that became read-only, a full disk, a server gone.
            self._raise_refusal(err, writing=True)
        self._on_saved()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = self._connection()
            yield conn
        except self.database.errors as err:
            self._forget_connection()
            self._raise_refusal(err, writing=False)

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: all it reads is the tables as they were at its start
        (a change saved meanwhile is all in or all out)."""
        with self._reading() as conn:
            conn.execute(self.database.begin_snapshot)
            try:
                yield conn
            finally:
                conn.execute("COMMIT")

    def _raise_refusal(self, err: Exception, writing: bool) -> None:
        """Raise the StoreError a database error means, or the error as it is."""
        refusal = self.database.refusal(err, writing)
        if refusal is None:
            raise err
        kind, details = refusal
        raise StoreError(kind, self.path, **details) from None

    def _open_and_migrate(self) -> None:
        """Check the file without writing to it, then open it for writing (or read-only
        when it cannot be written) and bring its schema up to date."""
        if isinstance(self.database, PostgreSQL):
            self._open_server()
            return
        try:
            if not self.path.exists() or self.path.stat().st_size == 0:
                self._create()
                return
            if (stray := _stray_wal_problem(self.path)) is not None:
                raise StoreError("io", self.path, detail=stray)
            found = _inspect(self.path)
            reason = _write_problem(self.path)
            if reason is not None:
                if found.version < LATEST_VERSION:
                    # It would need a migration, and it cannot be written.
                    raise StoreError("io", self.path,
                                     detail=f"the {reason} is read-only and the file needs "
                                     "an upgrade to this version")
                self.read_only, self.read_only_reason = True, reason
                self._immutable = reason == "folder" and not _side_file(self.path, "-wal")
                return
            with closing(self._connect()) as conn:
                if found.application_id != APPLICATION_ID:
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # ours from before
                conn.execute(f"PRAGMA journal_mode = {self._journal}")
                self._migrate(conn, found.version)
            self._on_saved()
        except sqlite3.DatabaseError as err:
            raise StoreError("corrupt", self.path, detail=str(err)) from None
        except OSError as err:
            raise StoreError("io", self.path, detail=err.strerror or str(err)) from None

    def _create(self) -> None:
        """A new file (or an empty one): our schema, our application_id, the journal."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        reason = _write_problem(self.path)
        if reason is not None:
            raise StoreError("io", self.path, detail=f"the {reason} is read-only, so the "
                             "saved tables cannot be created")
        try:
            with closing(self._connect()) as conn:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA journal_mode = {self._journal}")
                self._migrate(conn, 0)
        except sqlite3.OperationalError as err:
            raise StoreError("io", self.path, detail=str(err)) from None
        self._on_saved()

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        """From ``version`` to the latest, one transaction a version (a migration another
        process made meanwhile is not made again)."""
        for target in range(version + 1, LATEST_VERSION + 1):
            for statement in self.database.begin_write:
                conn.execute(statement)
            try:
                if self.database.version(conn) < target:
                    for statement in self.database.statements(MIGRATIONS[target - 1], target):
                        conn.execute(statement)
                    if target in REWRITES:
                        REWRITES[target](conn)
                    self.database.set_version(conn, target)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _open_server(self) -> None:
        """A PostgreSQL database: looked at without writing (our mark, its version, our
        tables and their columns), then marked as ours when it is new and brought up to
        date. One with tables and no mark of ours is another program's."""
        database = self.database
        assert isinstance(database, PostgreSQL)
        try:
            with closing(database.connect()) as conn:
                mark = database.mark(conn)
                names = database.table_names(conn) - {MARK}
                if mark is None:
                    if names:
                        raise StoreError("foreign", self.path, names=_names_text(names))
                    for statement in database.begin_write:
                        conn.execute(statement)
                    database.make_mark(conn)
                    conn.execute("COMMIT")
                    # as it is now (another process may have made it first, and more);
                    # the mark first: the tables read after it are those of its version
                    mark = database.mark(conn) or (0, 0)
                    names = database.table_names(conn) - {MARK}
                found, version = mark
                if found != APPLICATION_ID:
                    raise StoreError("foreign", self.path, names=_names_text(names))
                if version < 0:
                    raise StoreError("corrupt", self.path, detail=f"data version {version}")
                if version > LATEST_VERSION:
                    raise StoreError("newer", self.path, found=version, known=LATEST_VERSION)
                _check_tables(self.path, version, names, lambda t: database.columns(conn, t))
                self._migrate(conn, version)
        except database.errors as err:
            kind, details = database.refusal(err, writing=True) or (
                "io", {"detail": database.hide(str(err).strip().splitlines()[0][:200])})
            raise StoreError(kind, self.path, **details) from None

    # -- tables ----------------------------------------------------------------------
    def create_table(
        self,
        game: str,
        variant: str,
        players: list[str],
        seed: int | None = None,
        campaign_id: str | None = None,
        readings: dict[str, str] | None = None,
    ) -> TableSession:
        table_id = uuid.uuid4().hex[:12]
        stamp = now()
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO tables (id, game, variant, players, seed, created_at, updated_at,"
                " campaign_id, readings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, game, variant, json.dumps(players, ensure_ascii=False), seed,
                 stamp, stamp, campaign_id,
                 json.dumps(readings or {}, ensure_ascii=False, sort_keys=True)),
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
        return [session for r in rows if (session := _session(r)) is not None]

    def series(self, campaign_id: str) -> list[TableSession]:
        """The tables of one series (a Latria campaign), in the order they were started.
        The first table's own id is the series' id; the later ones carry it."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT * FROM tables WHERE id = ? OR campaign_id = ?"
                " ORDER BY created_at, rowid", (campaign_id, campaign_id)
            ).fetchall()
        return [session for r in rows if (session := _session(r)) is not None]

    def delete_table(self, table_id: str) -> DeletedTable | None:
        """Delete a table with its play log; returns what ``restore_table`` needs to
        bring it back as it was (None: there was no such table)."""
        with self._transaction() as conn:
            row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            events = conn.execute("SELECT * FROM events WHERE table_id = ? ORDER BY seq",
                                  (table_id,)).fetchall()
            conn.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        # (not PostgreSQL's rowid: the table comes back as a new row, as in SQLite)
        table = {name: row[name] for name in row.keys() if name not in HIDDEN}
        return DeletedTable(table, tuple(dict(e) for e in events))

    def restore_table(self, deleted: DeletedTable) -> None:
        """Bring back a table ``delete_table`` deleted: every column, its play log and
        its score sheet, as they were. ``Conflict`` when a table of that id is back
        already (restored on another phone)."""
        with self._transaction() as conn:
            table_id = deleted.table["id"]
            if conn.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone():
                raise Conflict("table", table_id, expected=None, found=table_id)
            insert_row(conn, "tables", deleted.table)
            for event in deleted.events:
                insert_row(conn, "events", event)

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
            ticks = set(_loads(row["setup_ticks"], []))
            if on:
                ticks.add(number)
            else:
                ticks.discard(number)
            saved = sorted(ticks)
            self._update(conn, table_id, setup_ticks=json.dumps(saved))
        return saved

    def set_seed(self, table_id: str, seed: int) -> None:
        """A new draw: the old ticks and choices belonged to the old setup."""
        with self._transaction() as conn:
            self._update(conn, table_id, seed=seed, setup_ticks="[]", setup_choices="{}")

    def set_setup_choice(self, table_id: str, key: str, value: Any,
                         seed: int | None) -> dict[str, Any]:
        """Choose one thing of the setup drawn from ``seed`` instead of the draw (``key``
        ``characters`` in Carpe Astra), or take the draw back (``value`` None); other
        choices are kept. Returns the saved choices. ``Conflict`` when the table was drawn
        again (another seed) or play has begun (its first tap was made with the setup
        as it was: the setup is chosen once)."""
        _refuse(_problems(value_problems(value, (key,), max_depth=MAX_BOX_VALUE_DEPTH)))
        with self._transaction() as conn:
            row = self._row(conn, table_id, "seed, setup_choices")
            if row["seed"] != seed:
                raise Conflict("setup", table_id, expected=seed, found=row["seed"])
            last = self._last_seq(conn, table_id)
            if last:
                raise Conflict("setup", table_id, expected="before play", found=last)
            choices = _loads(row["setup_choices"], {})
            choices = dict(choices) if isinstance(choices, dict) else {}
            if value is None:
                choices.pop(key, None)
            else:
                choices[key] = value
            self._update(conn, table_id,
                         setup_choices=json.dumps(choices, ensure_ascii=False))
        return choices

    def set_reading(self, table_id: str, ruling: str, choice: str) -> dict[str, str]:
        """The table's reading of ``ruling`` (a switchable one, scorers/readings.py):
        ``"alternative"`` or ``"documented"``. Any time, before or after scoring: the
        score sheet's ``readings`` follow (its version moves on, so an open Score screen
        sees it). Returns the table's readings. A reading Play applies (P-1, P-14) is
        chosen before the first tap: the log was made under it and is replayed under it,
        so a change after that is a ``Conflict`` (``play``)."""
        from scorers.readings import ALTERNATIVE, DOCUMENTED, SWITCHABLE

        if ruling not in SWITCHABLE or choice not in (ALTERNATIVE, DOCUMENTED):
            raise ValueError(f"no such reading: {ruling!r} {choice!r}")
        with self._transaction() as conn:
            row = self._row(conn, table_id,
                            "game, readings, score_sheet, sheet_version, finished_at")
            readings = _saved_readings(row["readings"])
            game, where = SWITCHABLE[ruling]
            last = self._last_seq(conn, table_id)
            if where == "play" and last and readings.get(ruling, DOCUMENTED) != choice:
                raise Conflict("play", table_id, expected="before play", found=last)
            readings[ruling] = choice
            columns: dict[str, Any] = {
                "readings": json.dumps(readings, ensure_ascii=False, sort_keys=True)}
            sheet = _saved_sheet(row["score_sheet"])
            if sheet is not None and where == "score" and sheet.get("game") == game:
                own = sheet.get("readings")
                own = dict(own) if isinstance(own, dict) else {}
                if choice == ALTERNATIVE:
                    own[ruling] = ALTERNATIVE
                else:
                    own.pop(ruling, None)
                if own:
                    sheet["readings"] = own
                else:
                    sheet.pop("readings", None)
                columns["score_sheet"] = json.dumps(sheet, ensure_ascii=False)
                columns["sheet_version"] = row["sheet_version"] + 1
                columns.update(_correction(row))
            self._update(conn, table_id, **columns)
        return readings

    def set_score_sheet(self, table_id: str, sheet: dict[str, Any] | None) -> int:
        """Replace the whole sheet (an import, starting again); returns its version. Play
        has then written nothing into it (``follow_play``)."""
        if sheet is not None:
            _refuse(written_problems(sheet, [()]))
        with self._transaction() as conn:
            row = self._row(conn, table_id, "sheet_version, finished_at")
            version = row["sheet_version"] + 1
            value = None if sheet is None else json.dumps(sheet, ensure_ascii=False)
            self._update(conn, table_id, score_sheet=value, sheet_version=version,
                         score_prefilled="[]", **_correction(row))
        return version

    def follow_play(self, table_id: str,
                    changes_for: Callable[[dict[str, Any], list[Any]],
                                          tuple[list[SheetChange], list[Any]]],
                    base: dict[str, Any]) -> list[SheetChange]:
        """Write what Play tracked into the saved sheet (``base`` when there is none yet):
        ``changes_for(sheet, written)`` gives the field changes and the new record of what
        Play wrote (companion/screens/play_to_score.py play_changes), worked out on the
        saved sheet in the transaction that saves them, so an entry another phone just
        made stays.
        Returns the changes; nothing is written when there are none."""
        with self._transaction() as conn:
            row = self._row(conn, table_id,
                            "score_sheet, score_prefilled, sheet_version, finished_at")
            sheet = _saved_sheet(row["score_sheet"]) or copy.deepcopy(base)
            changes, written = changes_for(sheet, _saved_list(row["score_prefilled"]))
            changes = [(path, value) for path, value in changes
                       if apply_change(sheet, path, value)]
            if not changes:
                return []
            _refuse(written_problems(sheet, [path for path, _ in changes]))
            self._update(conn, table_id, score_sheet=json.dumps(sheet, ensure_ascii=False),
                         sheet_version=row["sheet_version"] + 1,
                         score_prefilled=json.dumps(written, ensure_ascii=False),
                         **_correction(row))
        return changes

    def change_score_sheet(self, table_id: str, changes: Sequence[SheetChange],
                           base: dict[str, Any] | None = None,
                           seen: Sequence[Any] | None = None) -> tuple[dict[str, Any], int]:
        """Apply field-level ``changes`` to the saved sheet (``base`` when the table has
        none yet) and save it: what other phones changed elsewhere in the sheet stays.
        Returns the saved sheet and its version. ``Conflict`` when a change names a place
        the saved sheet does not have (it was replaced by an import; ``found`` None).

        ``seen``: for each change, the value the phone showed at its place when it was
        made (``REMOVE``: none). When the saved sheet holds another value there (another
        phone changed it first), nothing is saved: ``Conflict`` whose ``found`` is that
        place and the value saved there (None: none). Without it, the same field
        changed on two phones keeps the later change."""
        if seen is not None and len(seen) != len(changes):
            raise ValueError("one value seen for each change")
        with self._transaction() as conn:
            row = self._row(conn, table_id, "score_sheet, sheet_version, finished_at")
            # a copy of ``base``: the caller's sheet stays as it showed it
            sheet = _saved_sheet(row["score_sheet"]) or copy.deepcopy(base)
            if sheet is None:
                raise Conflict("sheet", table_id, expected="a sheet", found=None)
            for (path, _), was in zip(changes, seen or (), strict=False):
                now = value_at(sheet, path)
                if not same(now, was):
                    raise Conflict("sheet", table_id, expected=(tuple(path), was),
                                   found=(tuple(path), None if now is REMOVE else now))
            for path, value in changes:
                if not apply_change(sheet, path, value):
                    raise Conflict("sheet", table_id, expected=path, found=None)
            # What the changes wrote has the types and bounds a sheet allows (the rest of
            # an older sheet is the score screen's to show): else nothing is saved.
            _refuse(written_problems(sheet, [path for path, _ in changes]))
            version = row["sheet_version"] + 1
            self._update(conn, table_id, score_sheet=json.dumps(sheet, ensure_ascii=False),
                         sheet_version=version, **_correction(row))
        return sheet, version

    def set_status(self, table_id: str, status: str) -> None:
        """``finished`` (its Results were shown) or ``in_progress`` (reopened: back on
        Home, out of History). The first finish is the play's date and stays."""
        if status not in ("finished", "in_progress"):
            raise ValueError(f"no such status: {status!r}")
        with self._transaction() as conn:
            row = self._row(conn, table_id, "finished_at")
            columns: dict[str, Any] = {"status": status}
            if status == "finished" and row["finished_at"] is None:
                columns["finished_at"] = now()
            self._update(conn, table_id, **columns)

    def finish(self, table_id: str) -> None:
        self.set_status(table_id, "finished")

    def reopen(self, table_id: str) -> None:
        self.set_status(table_id, "in_progress")

    def history(self, game: str | None = None, player: str | None = None) -> list[TableSession]:
        """The finished plays, newest first (by their finish), of ``game`` and with
        ``player`` at the table (by ``plays.player_key``: "KIM" finds Kim's plays)."""
        from companion.table.plays import player_key

        query = "SELECT * FROM tables WHERE status = 'finished'"
        args: tuple = ()
        if game is not None:
            query += " AND game = ?"
            args = (game,)
        with self._reading() as conn:
            rows = conn.execute(query + " ORDER BY COALESCE(finished_at, updated_at) DESC,"
                                " rowid DESC", args).fetchall()
        found = [session for r in rows if (session := _session(r)) is not None]
        if player is not None:
            key = player_key(player)
            found = [s for s in found if key in {player_key(p) for p in s.players}]
        return found

    def recent_players(self, limit: int = 12, leave_out: Sequence[str] = (),
                       only: Collection[str] | None = None) -> list[str]:
        """The names players had at the latest tables, most recent table first, each
        player once (``plays.player_key``: the latest spelling), without ``leave_out``;
        ``only``: at these tables alone (a phone's own, with private tables)."""
        from companion.table.plays import player_key

        seen = {player_key(name) for name in leave_out}
        names: list[str] = []
        with self._reading() as conn:
            rows = conn.execute("SELECT id, players FROM tables ORDER BY created_at DESC,"
                                " rowid DESC")
            for row in rows:
                if only is not None and row[0] not in only:
                    continue
                players = _loads(row[1], [])
                for name in players if isinstance(players, list) else []:
                    if not isinstance(name, str) or not name.strip():
                        continue
                    key = player_key(name)
                    if key not in seen:
                        seen.add(key)
                        names.append(name.strip())
                        if len(names) >= limit:
                            return names
        return names

    def rematch(self, table_id: str, rotate: bool = True) -> TableSession:
        """A new table of the same game and variant with the same players and the same
        readings of unclear rules: seats moved one on (the second player takes the first
        seat, the first the last) or as they were, and a new setup draw. A Latria
        campaign's rematch is a new campaign: its own series, game 1 (the old series is
        left as it was; its next game comes from its Results' "Next game")."""
        import setup_guides

        old = self.get_table(table_id)
        if old is None:
            raise KeyError(table_id)
        players = list(old.players)
        if rotate and players:
            players = players[1:] + players[:1]
        return self.create_table(old.game, old.variant, players,
                                 seed=setup_guides.new_seed(), readings=old.readings)

    def edit_players(self, table_id: str, seats: list[tuple[int, str]],
                     expected_seq: int) -> TableSession:
        """New names and seat order for a table: ``seats`` gives, seat by seat, the old
        seat and the new name. A rename is written everywhere the table keeps the name,
        in one transaction: the players list and the score sheet (see
        companion/table/renaming.py), and in every game of the same series (a Latria
        campaign's tables share their players). The play log names seats, so it stays as
        it is. The seats can be reordered only before
        the first tap of play (the log counts seats) and before the series' second
        game: ``PlayersLocked``. ``Conflict`` when the log moved on since the screen was
        drawn (``expected_seq``, as for a tap)."""
        from companion.table.renaming import rename_sheet, renames
        from scorers.base import name_issues

        if name_issues([name for _, name in seats]):
            raise ValueError("every player needs a name of their own, at most 40 characters")
        seats = [(i, name.strip()) for i, name in seats]
        with self._transaction() as conn:
            row = self._row(conn, table_id, "*")
            old = json.loads(row["players"])
            if sorted(i for i, _ in seats) != list(range(len(old))):
                raise ValueError("every seat once")
            last = self._last_seq(conn, table_id)
            if last != expected_seq:
                raise Conflict("play", table_id, expected=expected_seq, found=last)
            root = row["campaign_id"] or row["id"]
            series = [r["id"] for r in conn.execute(
                "SELECT id FROM tables WHERE id = ? OR campaign_id = ?", (root, root))]
            order = [i for i, _ in seats]
            if order != sorted(order):
                if last:
                    raise PlayersLocked("play")
                if len(series) > 1:
                    raise PlayersLocked("series")
            mapping = renames(old, seats)
            for tid in series:
                this = self._row(conn, tid, "*")
                players = json.loads(this["players"])
                if tid == table_id:
                    players = [new for _, new in seats]
                else:
                    players = [mapping.get(p, p) for p in players]
                columns: dict[str, Any] = {"players": json.dumps(players, ensure_ascii=False)}
                if this["score_sheet"] and mapping:
                    sheet = rename_sheet(json.loads(this["score_sheet"]), mapping)
                    columns["score_sheet"] = json.dumps(sheet, ensure_ascii=False)
                    columns["sheet_version"] = this["sheet_version"] + 1
                if mapping and _column(this, "score_prefilled"):
                    columns["score_prefilled"] = _renamed_record(this["score_prefilled"],
                                                                 mapping)
                if "setup_choices" in this.keys() and order != sorted(order):
                    columns["setup_choices"] = _reseat_choices(this["setup_choices"], order)
                self._update(conn, tid, **columns)
        return self.get_table(table_id)

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
        (0 for an empty log); returns its sequence number (larger than any this table's
        events ever had: an undone event's number is not given again). ``Conflict`` when
        the log has moved on since. ``check`` is given the saved log with the new event at
        its end, inside the transaction; whatever it raises (the game refusing the log)
        leaves the log as it was."""
        _refuse(_event_problems(event))
        with self._transaction() as conn:
            issued = self._row(conn, table_id, "seq_issued")["seq_issued"]
            last = self._last_seq(conn, table_id)
            if last != expected_seq:
                raise Conflict("play", table_id, expected=expected_seq, found=last)
            if check is not None:
                check([*self._events(conn, table_id), event])
            seq = max(issued, last) + 1  # never a number an undone event had
            conn.execute(
                "INSERT INTO events (table_id, seq, event, created_at) VALUES (?, ?, ?, ?)",
                (table_id, seq, json.dumps(event, ensure_ascii=False), now()),
            )
            self._update(conn, table_id, seq_issued=seq)
        return seq

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
        return _loads(row[0], UNREADABLE_EVENT)

    def log(self, table_id: str) -> tuple[list[dict[str, Any]], int]:
        """The events and the last one's sequence number (0 for none), read together."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        return [_loads(r[1], UNREADABLE_EVENT) for r in rows], (rows[-1][0] if rows else 0)

    def last_seq(self, table_id: str) -> int:
        with self._reading() as conn:
            return self._last_seq(conn, table_id)

    def events(self, table_id: str) -> list[dict[str, Any]]:
        with self._reading() as conn:
            return self._events(conn, table_id)

    def event_times(self, table_id: str) -> tuple[datetime, datetime] | None:
        """When the first and the last event of the log were saved (None for an empty
        log): how long play took, for a play sent to BG Stats (scorers/bgstats.py)."""
        with self._reading() as conn:
            first, last = conn.execute(
                "SELECT MIN(created_at), MAX(created_at) FROM events WHERE table_id = ?",
                (table_id,)).fetchone()
        if first is None:
            return None
        return datetime.fromisoformat(first), datetime.fromisoformat(last)

    @staticmethod
    def _events(conn: sqlite3.Connection, table_id: str) -> list[dict[str, Any]]:
        rows = conn.execute(
            "SELECT event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [_loads(r[0], UNREADABLE_EVENT) for r in rows]

    # -- box values: printed numbers the rulebook text lacks, asked for once per game ---
    def box_values(self, game: str) -> dict[str, Any]:
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT key, value FROM box_values WHERE game = ?", (game,)
            ).fetchall()
        values = {r[0]: _loads(r[1], None) for r in rows}
        return {key: value for key, value in values.items() if value is not None}

    def set_box_value(self, game: str, key: str, value: Any) -> None:
        _refuse(_box_value_problems(game, key, value))
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO box_values (game, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (game, key, json.dumps(value, ensure_ascii=False), now()),
            )


# ------------------------------------------------------------------ what may be written


def _refuse(problems: Sequence[Problem]) -> None:
    if problems:
        raise SheetProblems(problems)


def _problems(found: Sequence[tuple[tuple, str]]) -> list[Problem]:
    return [Problem(where=location(loc), message=message) for loc, message in found]


def _event_problems(event: Any) -> list[Problem]:
    """An event is a JSON object with a "type", small and shallow (one tap's fields)."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return [Problem(where="", message="an event is an object with a \"type\"")]
    problems = _problems(value_problems(event, max_depth=MAX_EVENT_DEPTH))
    if not problems and len(json.dumps(event, ensure_ascii=False)) > MAX_EVENT_BYTES:
        problems.append(Problem(where="", message=f"more than {MAX_EVENT_BYTES:,} bytes"))
    return problems


def _box_value_problems(game: Any, key: Any, value: Any) -> list[Problem]:
    """A box value is one printed number, or a small record of them, of a known game."""
    if not isinstance(game, str) or game not in GAME_MODULES:
        return [Problem(where="game", message="not a game here")]
    # (no NUL: PostgreSQL's text cannot hold it, and no key of a box has one)
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_LENGTH or "\x00" in key:
        return [Problem(where="key", message=f"a box value's key is 1–{MAX_KEY_LENGTH} "
                        "characters")]
    return _problems(value_problems(value, (key,), max_depth=MAX_BOX_VALUE_DEPTH))


# ------------------------------------------------------------------ opening a file


class Found(BaseModel):
    """What the read-only look at a file found (it passed every check)."""

    application_id: int
    version: int


def _side_file(path: Path, suffix: str) -> bool:
    return Path(f"{path}{suffix}").exists()


# sqlite.org/fileformat2.html, "The Write-Ahead Log": a -wal is a 32-byte header (its salts
# at bytes 16–23) and frames after it; sqlite.org/walformat.html: the -shm begins with the
# WAL-index header, whose copy of those salts is at bytes 32–39.
WAL_HEADER_BYTES = 32
WAL_SALTS = slice(16, 24)
SHM_SALTS = slice(32, 40)
WAL_LOOK_AGAIN = 0.05  # s


def _stray_wal_problem(path: Path) -> str | None:
    """Why the -wal beside the file cannot be taken for its own, or None.

    SQLite applies any -wal it finds beside a database, whichever file it was written
    for: one from another copy of the data folder replaces this file's tables with that
    copy's, without a word. Nothing in a -wal names its database. What pairs them is the
    -shm SQLite keeps beside both while the file is open, and leaves there when the
    program is killed: its header holds the salts of the -wal it indexes. So a -wal with
    frames is taken only with a -shm holding its salts; the files are left as they are.
    A clean close removes both, and an empty -wal has nothing to apply. (Another server
    process writing the file starts a new -wal by giving the -shm its new salts first,
    then the -wal: a look between the two sees them differ, so a second look follows.)"""
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    for look in range(2):
        if look:
            time.sleep(WAL_LOOK_AGAIN)
        try:
            if not wal.exists() or wal.stat().st_size <= WAL_HEADER_BYTES:
                return None
            with wal.open("rb") as f:
                salts = f.read(WAL_HEADER_BYTES)[WAL_SALTS]
            if shm.exists():
                with shm.open("rb") as f:
                    if f.read(SHM_SALTS.stop)[SHM_SALTS] == salts:
                        return None
        except OSError as err:
            return f"the {wal.name} beside it cannot be read ({err.strerror or err})"
    return (f"the {wal.name} beside it was not written for this file (it may be another "
            f"copy's) and was not applied; moved away, it leaves the file as last saved "
            f"in it")


@cache
def expected_columns(version: int) -> dict[str, frozenset[str]]:
    """Our tables and their columns at a schema version (the migrations, run in memory)."""
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        for migration in MIGRATIONS[:version]:
            for statement in migration.split(";"):
                if statement.strip():
                    conn.execute(statement)
        return {name: frozenset(r[1] for r in conn.execute(f"PRAGMA table_info({name})"))
                for name in OUR_TABLES}


def _header_problem(path: Path) -> str | None:
    """What is wrong with the file's SQLite header or size, or None (sqlite.org/fileformat)."""
    size = path.stat().st_size
    with path.open("rb") as f:
        header = f.read(100)
    if len(header) < 100 or header[:16] != SQLITE_MAGIC:
        return "not an SQLite database"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return "the header's page size is not valid"
    if header[18] != header[19] or header[18] not in (1, 2):
        return "the header is damaged"  # the write and read versions: 1 rollback, 2 WAL
    if header[21:24] != bytes([64, 32, 32]) or any(header[72:92]):
        # the payload fractions are fixed; bytes 72–91 are reserved and must be zero
        return "the header is damaged"
    if size % page_size:
        return f"the file is cut short ({size:,} bytes is not a whole number of pages)"
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]  # the in-header size is up to date
    if valid and pages and pages * page_size > size and not _side_file(path, "-wal"):
        return f"the file is cut short ({size:,} of {pages * page_size:,} bytes)"
    return None


def _names_text(names: set[str]) -> str:
    return ", ".join(sorted(names)) or "none"


def _check_tables(where: Path | str, version: int, names: set[str],
                  columns_of: Callable[[str], list[str]]) -> None:
    """A database of ours at ``version`` (0: new) has our tables (``names``: those it
    has) with that version's columns (``columns_of``); StoreError otherwise."""
    if not version:
        return
    missing = sorted(OUR_TABLES - names)
    if missing:
        raise StoreError("corrupt", where, detail=f"the table {', '.join(missing)} is missing")
    for table, columns in expected_columns(version).items():
        have = set(columns_of(table))
        if not columns <= have:
            raise StoreError("corrupt", where, detail=f"the table {table} lacks "
                             f"{', '.join(sorted(columns - have))}")


def _inspect(path: Path) -> Found:
    """Look at an existing file without writing to it; raise StoreError unless it is ours
    and sound. The file is left as it was, and so is its folder when no one has it open."""
    problem = _header_problem(path)
    if problem:
        raise StoreError("corrupt", path, detail=problem)
    # Nobody has it open in WAL mode (no -wal) or mid-transaction (no -journal): look at
    # it as immutable, so SQLite makes no -wal or -shm beside a file it may refuse.
    quiet = not _side_file(path, "-wal") and not _side_file(path, "-journal")
    try:
        with closing(_connect_read_only(path, immutable=quiet)) as conn:
            conn.text_factory = _text
            names = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")}
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id not in (0, APPLICATION_ID):
                raise StoreError("foreign", path, names=_names_text(names))
            if app_id == 0 and not 0 <= version <= LATEST_VERSION:
                # Only our application_id makes a file ours: one without it is ours
                # from before it (a version this app knows), or another program's
                # (a browser's history has user_version 53), never a newer one of ours.
                raise StoreError("foreign", path, names=_names_text(names))
            if version < 0:  # a signed 32-bit field: no version of ours is negative
                raise StoreError("corrupt", path, detail=f"data version {version}")
            if version > LATEST_VERSION:
                raise StoreError("newer", path, found=version, known=LATEST_VERSION)
            if version == 0 and (names or app_id):
                raise StoreError("foreign", path, names=_names_text(names))
            if version and app_id == 0 and names != OUR_TABLES:
                # Ours from before application_id has exactly our tables.
                raise StoreError("foreign", path, names=_names_text(names))
            _check_tables(path, version, names,
                          lambda table: [r[1] for r in conn.execute(
                              f"PRAGMA table_info({table})")])
            # integrity_check, not quick_check: that one does not compare an index with its
            # table, and a damaged index would then be written to and the damage grow.
            result = conn.execute("PRAGMA integrity_check(1)").fetchone()[0]
            if result != "ok":
                raise StoreError("corrupt", path, detail=result)
    except sqlite3.DatabaseError as err:
        raise StoreError("corrupt", path, detail=str(err)) from None
    except UnicodeDecodeError:  # SQLite's own message quoted a damaged name
        raise StoreError("corrupt", path, detail="the list of tables is damaged") from None
    return Found(application_id=app_id, version=version)


def _no_write_bits(path: Path) -> bool:
    """Marked read-only: nobody may write to it (respected even by root, whom the
    permissions alone would not stop)."""
    return not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _write_problem(path: Path) -> str | None:
    """"file" or "folder" when the data file or its folder cannot (or must not) be
    written; None when both can."""
    folder = path.parent
    if path.exists() and (not os.access(path, os.W_OK) or _no_write_bits(path)):
        return "file"
    if folder.exists() and (not os.access(folder, os.W_OK | os.X_OK)
                            or _no_write_bits(folder)):
        return "folder"  # the -wal and -shm files beside the file cannot be made
    return None


# ------------------------------------------------------------------ reading what was saved

# An event whose saved text cannot be read: the game refuses it, so Play shows the
# broken-log screen (whose Undo takes it away) rather than failing.
UNREADABLE_EVENT: dict[str, Any] = {"type": "unreadable"}
SAVED_DEPTH_MAX = 16  # far past anything we write; the json module fails near 1,000


def _loads(text: Any, default: Any) -> Any:
    """Saved JSON, or ``default`` when it cannot be read (a damaged row; nesting or
    numbers json cannot take): the screens get something they can show."""
    if text is None:
        return default
    try:
        # Fewer opening brackets than the limit cannot nest past it (most rows): the
        # exact measure only for the others (it is slow to take for every event).
        deep = isinstance(text, str) and text.count("[") + text.count("{") > SAVED_DEPTH_MAX
        if deep and depth_position(text, SAVED_DEPTH_MAX) is not None:
            raise ValueError("nested too deep")
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as err:
        log.warning("an unreadable saved value was skipped: %s", str(err)[:80])
        return copy.deepcopy(default)


def _saved_readings(text: Any) -> dict[str, str]:
    """The table's readings as saved; anything but ruling → "documented"/"alternative"
    pairs (a damaged or hand-edited file) is left out."""
    readings = _loads(text, {})
    if not isinstance(readings, dict):
        return {}
    return {k: v for k, v in readings.items()
            if isinstance(k, str) and v in ("documented", "alternative")}


def _saved_choices(text: Any) -> dict[str, Any]:
    choices = _loads(text, {})
    return choices if isinstance(choices, dict) else {}


def _saved_sheet(text: Any) -> dict[str, Any] | None:
    sheet = _loads(text, None) if text else None
    return sheet if isinstance(sheet, dict) else None


def _renamed_record(text: Any, mapping: dict[str, str]) -> str:
    """What Play wrote into the sheet with the players renamed as the sheet is (a field
    of the whole table, Luna's Council order, holds names), so what followed Play still
    does."""
    from companion.table.renaming import rename_sheet

    out = []
    for pair in _saved_list(text):
        if (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], list)
                and len(pair[0]) == 1 and isinstance(pair[0][0], str)):
            key = pair[0][0]
            pair = [pair[0], rename_sheet({key: pair[1]}, mapping)[key]]
        out.append(pair)
    return json.dumps(out, ensure_ascii=False)


def _saved_list(text: Any) -> list[Any]:
    value = _loads(text, [])
    return value if isinstance(value, list) else []


def _correction(row: sqlite3.Row) -> dict[str, str]:
    """A change to the sheet of a play already finished is dated: a correction."""
    return {"corrected_at": now()} if row["finished_at"] is not None else {}


def _column(row: sqlite3.Row, name: str) -> Any:
    """A column a read-only older file may not have yet (it cannot be migrated)."""
    return row[name] if name in row.keys() else None


def _session(row: sqlite3.Row) -> TableSession | None:
    """The table as saved; None when its row cannot be read (a damaged file)."""
    try:
        return TableSession(
            id=row["id"],
            game=row["game"],
            variant=row["variant"],
            players=_loads(row["players"], []),
            seed=row["seed"],
            status=row["status"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            setup_ticks=_loads(row["setup_ticks"], []),
            setup_choices=_saved_choices(row["setup_choices"]),
            readings=_saved_readings(row["readings"]) if "readings" in row.keys() else {},
            score_sheet=_saved_sheet(row["score_sheet"]),
            sheet_version=row["sheet_version"],
            score_prefilled=_saved_list(_column(row, "score_prefilled")),
            campaign_id=row["campaign_id"],
            finished_at=_column(row, "finished_at"),
            corrected_at=_column(row, "corrected_at"),
        )
    except (ValueError, TypeError) as err:  # pydantic's ValidationError is a ValueError
        log.warning("an unreadable table was skipped: %s", str(err)[:200])
        return None

