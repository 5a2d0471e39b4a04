"""Settings' Backup, in plain Python: every table saved as one file (its name and bytes,
with this phone's settings), and a backup file read in through the engine, which then
tells the other phones. What either did is said in the phone's language; the file's
format is docs/backup.md (companion/storage/backup.py reads and writes it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.engine import Engine
from companion.screens.saved_tables import SavedTables
from companion.storage.backup import (
    MAX_BACKUP_BYTES,
    SETTINGS,
    BackupError,
    Report,
    backup_bytes,
    file_name,
)


@dataclass(frozen=True)
class BackupMade:
    """The file to save: its ``name`` and ``data``; how many ``tables`` it holds, and
    how many could not be read from the saved tables (``left_out``: a damaged row)."""

    name: str
    data: bytes
    tables: int
    left_out: int


def make(tables: SavedTables, settings: dict[str, Any]) -> BackupMade:
    made = tables.backup(settings)
    return BackupMade(file_name(datetime.now()), backup_bytes(made.backup), made.tables,
                      made.left_out)


@dataclass(frozen=True)
class ReadIn:
    """A backup file read in (``report``: what it replaced and added, and this phone's
    settings it holds), or why nothing was (``error``: BackupError, ``message()`` in the
    phone's language)."""

    report: Report | None = None
    error: BackupError | None = None


def too_big(size: int) -> ReadIn | None:
    """A file too big to read in, refused before it is read."""
    return ReadIn(error=BackupError("too_big")) if size > MAX_BACKUP_BYTES else None


def file_bytes(path: str) -> bytes:
    """A picked file's bytes (a desktop picker may give its path only), at most one byte
    past the limit, so that a bigger file is refused as too big; b"" when it cannot be
    read."""
    try:
        with Path(path).open("rb") as f:
            return f.read(MAX_BACKUP_BYTES + 1)
    except OSError:
        return b""


def read_in(engine: Engine, data: bytes | None) -> ReadIn:
    """The file read in, in one transaction, or nothing changed. Runs off the event loop:
    the other phones are told afterwards (``Engine.imported``), on it."""
    try:
        return ReadIn(report=engine.read_backup(data or b""))
    except BackupError as err:
        return ReadIn(error=err)


def settings_to_take(settings: dict[str, Any]) -> dict[str, Any]:
    """The phone settings of a backup this app knows: the others are left as they are."""
    return {name: value for name, value in settings.items()
            if name in SETTINGS and value in SETTINGS[name]}
