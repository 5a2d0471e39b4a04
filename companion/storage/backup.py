"""A backup: every table, its event log and score sheet, the remembered box values and
the phone's own settings, in one JSON file (the format is docs/backup.md), and the import
that merges one into this store.

Export reads the store in one read transaction (``Store._snapshot``); the columns are
read generically (``Database.columns``: SQLite's ``PRAGMA table_info``, PostgreSQL's
information_schema), so a column a later migration adds travels without a change here.
Both go through the store's connection, so a backup made from an SQLite file imports
into a PostgreSQL database and back. The file names its format version
(``FORMAT_VERSION``) and the store's schema version (``store.LATEST_VERSION``) it was
made from.

Import reads the whole file and checks all of it before anything is written, with the
same checks the store applies to what a phone enters (``store._event_problems``,
``_box_value_problems``, ``scorers.sheets.written_problems``, ``scorers.limits``): a
damaged, hostile or newer file is refused with one ``BackupError`` and nothing changes.
So is a table the app could not use (``check_usable``): a play log its game refuses on
replay, a score sheet that cannot be scored; the message names the table and why.
Then it merges in one transaction of the store's own (``Store._transaction``): a table
whose id is new here is added; one this phone has too is taken only when its
``updated_at`` is later than ours (its row, events and sheet replace ours as one unit),
else kept as it is here (docs/DESIGN.md: never overwrite a newer change). Box values merge
the same way by (game, key). ``Report`` says what was added, updated and skipped, and
why, in the players' words.

The command line for a computer: ``python -m companion.backup export FILE`` and
``python -m companion.backup import FILE`` (``--data-dir DIR``, or ``--database URL``: an
SQLite file elsewhere or a PostgreSQL database); exit status 2 with one line on bad
input, never a traceback. No flet here.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sqlite3
import sys
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.catalog import GAMES
from companion.i18n import LANGUAGES, say, t
from companion.storage import store as store_module
from companion.storage.database import SQLite, database_for
from companion.storage.store import Store, StoreError
from scorers import limits
from scorers.base import name_issues
from scorers.limits import depth_position, value_problems
from scorers.sheets import written_problems

FORMAT = "table-companion-backup"  # the file's "format": what it is
FORMAT_VERSION = 2  # docs/backup.md, "Versions": raised when a reader must change
MAX_BACKUP_MB = 10  # a real backup of a few hundred plays is well under 2 MB
MAX_BACKUP_BYTES = MAX_BACKUP_MB * 1024 * 1024
# root → tables → table → events → entry → event (4 deep of its own): 9; a sheet (5 deep)
# inside a table: 8. One more is never needed.
MAX_DEPTH = 9
MAX_TABLES = 5000
MAX_EVENTS = 10_000  # per table; a long game of Latria is a few hundred taps
MAX_BOX_VALUES = 1000  # the five boxes have a handful each
MAX_NUMBER = 2**53  # sequence numbers, versions and seeds: exact in any JSON reader
MAX_SCALAR_TEXT = 200  # a column a later version added (e.g. a date), as scalars go
# A plain event (``_plainly_an_event``): scorers/limits.py's bounds, keys of at most 40
# characters, so that 20 keys stay far under the store's 16 kB an event.
MAX_PLAIN_KEY = 40
ID = re.compile(r"[0-9A-Za-z_-]{1,40}")  # store.create_table: 12 hex digits
# Columns the store keeps as JSON text: in the file they are the JSON values themselves.
JSON_COLUMNS = ("players", "setup_ticks", "setup_choices", "readings", "score_sheet",
                "score_prefilled")
STATUSES = ("in_progress", "finished")  # store.py, the tables' status column
READINGS = ("documented", "alternative")  # scorers/readings.py
SETTINGS = {  # companion/ui/preferences.py and companion/ui/language.py: what each may be
    "theme": ("system", "light", "dark"),
    "keep_awake": (True, False),
    "larger_text": (True, False),
    "language": tuple(LANGUAGES),
}


class BackupError(Exception):
    """The file cannot be imported; nothing was changed. ``kind``: too_big | not_json |
    not_backup | newer | damaged (``where``: the place in the file, ``detail``: what
    is wrong there) | read_only | store. ``message()`` is the line for a player;
    ``str()`` the line for the command line."""

    def __init__(self, kind: str, where: str = "", detail: str = "", table: int = 0,
                 unusable: tuple[str, str, Any] | None = None):
        self.kind = kind
        self.where = where
        self.detail = detail
        self.table = table  # the table's number in the file (1, 2…), 0 for none
        # A table the app could not use: ("play" | "sheet", its game's id, why: the
        # game's or the scorer's sentence, said in the reader's language).
        self.unusable = unusable
        text = kind + (f": {where}" if where else "") + (f": {detail}" if detail else "")
        super().__init__(" ".join(text.split()))  # one line, whatever the file held

    def message(self) -> str:
        if self.kind == "too_big":
            return t("backup.too_big", limit=MAX_BACKUP_MB)
        if self.kind == "not_json":
            return t("backup.not_readable")
        if self.kind == "not_backup":
            return t("backup.not_backup")
        if self.kind == "newer":
            return t("backup.newer")
        if self.kind == "read_only":
            return t("backup.read_only")
        if self.kind == "store":
            return t("backup.store_problem")
        if self.unusable is not None:
            what, game, why = self.unusable
            words = " ".join(say(why).split())[:300]  # one line, whatever the file held
            return t(f"backup.table_{what}_refused", number=self.table,
                     game=t(GAMES[game].name), why=words)
        if self.table:
            return t("backup.damaged_table", number=self.table)
        return t("backup.damaged")


# ------------------------------------------------------------------ export


def _exported_row(row: sqlite3.Row, columns: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in columns:
        value = row[name]
        if name in JSON_COLUMNS and isinstance(value, str):
            value = json.loads(value)
        out[name] = value
    return out


@dataclass
class Export:
    """What ``export_backup`` made: the file's contents, and how many tables could not
    be read from this store (a damaged row) and were left out."""

    backup: dict[str, Any]
    left_out: int = 0

    @property
    def tables(self) -> int:
        return len(self.backup["tables"])

    @property
    def box_values(self) -> int:
        return len(self.backup["box_values"])


def export_backup(store: Store, settings: dict[str, Any] | None = None,
                  only: Collection[str] | None = None) -> Export:
    """Every table with its events (``only``: these tables, a phone's own with private
    tables), every box value, and ``settings`` (the phone's own; None from a computer),
    read in one read transaction. A row this store cannot read back, or that would not
    pass the import's checks, is left out (counted)."""
    tables: list[dict[str, Any]] = []
    boxes: list[dict[str, Any]] = []
    left_out = 0
    columns = store.database.columns
    with store._snapshot() as conn:  # a tap made meanwhile is all in or all out
        table_columns = columns(conn, "tables")
        for row in conn.execute("SELECT * FROM tables ORDER BY created_at, rowid"):
            if only is not None and row["id"] not in only:
                continue
            try:
                table = _exported_row(row, table_columns)
                table["events"] = [
                    {"seq": e["seq"], "event": json.loads(e["event"]),
                     "created_at": e["created_at"]}
                    for e in conn.execute("SELECT seq, event, created_at FROM events"
                                          " WHERE table_id = ? ORDER BY seq", (row["id"],))]
                _check_table(table, set(table_columns), len(tables) + 1)
            except (ValueError, TypeError, RecursionError, BackupError):
                left_out += 1
                continue
            tables.append(table)
        box_columns = columns(conn, "box_values")
        for row in conn.execute("SELECT * FROM box_values ORDER BY game, key"):
            box = dict(zip(box_columns, row, strict=True))
            try:
                box["value"] = json.loads(box["value"])
                _check_box(box, set(box_columns))
            except (ValueError, TypeError, RecursionError, BackupError):
                continue  # a damaged remembered value is asked for again
            boxes.append(box)
    backup = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "store_version": store_module.LATEST_VERSION,
        "made_at": store_module.now(),
        "tables": tables,
        "box_values": boxes,
        "settings": dict(settings or {}),
    }
    return Export(backup=backup, left_out=left_out)


def backup_bytes(backup: dict[str, Any]) -> bytes:
    # Compact: a few hundred plays of 200 taps each stay a few MB (indented: 3× that).
    return (json.dumps(backup, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def file_name(when: datetime) -> str:
    """``table-companion-backup-2026-12-01.json``."""
    return f"{FORMAT}-{when:%Y-%m-%d}.json"


# ------------------------------------------------------------------ reading a file


class _Long:
    """An integer too long for any field here (json would take 4,300 digits)."""


def _parse_int(digits: str) -> int | _Long:
    return _Long() if len(digits.lstrip("-")) > 20 else int(digits)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load(data: bytes | str) -> dict[str, Any]:
    """The backup in ``data``, checked from top to bottom; BackupError otherwise."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_BACKUP_BYTES:
        raise BackupError("too_big", detail=f"{len(raw):,} bytes, at most {MAX_BACKUP_BYTES:,}")
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise BackupError("not_json", detail=f"not UTF-8 text at byte {err.start:,}") from None
    if depth_position(text, MAX_DEPTH) is not None:
        raise BackupError("not_json", detail=f"nested more than {MAX_DEPTH} deep")
    try:
        backup = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise BackupError("not_json", detail=f"line {err.lineno}, column {err.colno}: "
                          f"{err.msg}") from None
    except (ValueError, RecursionError) as err:
        raise BackupError("not_json", detail=str(err)[:80]) from None
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        raise BackupError("not_backup")
    version, made_by = backup.get("version"), backup.get("store_version")
    for name, value in (("version", version), ("store_version", made_by)):
        if not _whole(value) or value < 1:
            raise BackupError("damaged", where=name, detail="not a version number")
    if version > FORMAT_VERSION or made_by > store_module.LATEST_VERSION:
        raise BackupError("newer", detail=f"format {version}, data {made_by}; this app "
                          f"reads format {FORMAT_VERSION}, data {store_module.LATEST_VERSION}")
    _check_all(backup)
    return backup


def _whole(value: Any, low: int = 0, high: int = MAX_NUMBER) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _stamp(value: Any) -> datetime | None:
    """An ISO date and time with its offset (as ``store.now()`` writes), or None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _list(backup: dict[str, Any], key: str, limit: int) -> list[Any]:
    items = backup.get(key, [])
    if not isinstance(items, list):
        raise BackupError("damaged", where=key, detail="not a list")
    if len(items) > limit:
        raise BackupError("damaged", where=key, detail=f"{len(items):,} items, at most {limit:,}")
    return items


def _check_all(backup: dict[str, Any]) -> None:
    known = {"format", "version", "store_version", "made_at", "tables", "box_values",
             "settings"}
    if extra := sorted(set(backup) - known):
        raise BackupError("damaged", where=extra[0][:40], detail="not part of a backup")
    if "made_at" in backup and _stamp(backup["made_at"]) is None:
        raise BackupError("damaged", where="made_at", detail="not a date and time")
    table_columns = set(store_module.expected_columns(backup["store_version"])["tables"])
    box_columns = set(store_module.expected_columns(backup["store_version"])["box_values"])
    ids: set[str] = set()
    for number, table in enumerate(_list(backup, "tables", MAX_TABLES), 1):
        _check_table(table, table_columns, number)
        if table["id"] in ids:
            raise BackupError("damaged", where=f"tables[{number - 1}].id",
                              detail="the same table twice", table=number)
        ids.add(table["id"])
    places: set[tuple[str, str]] = set()
    for i, box in enumerate(_list(backup, "box_values", MAX_BOX_VALUES)):
        _check_box(box, box_columns, f"box_values[{i}]")
        if (box["game"], box["key"]) in places:
            raise BackupError("damaged", where=f"box_values[{i}]", detail="the same value twice")
        places.add((box["game"], box["key"]))
    settings = backup.get("settings", {})
    if not isinstance(settings, dict):
        raise BackupError("damaged", where="settings", detail="not an object")
    if len(settings) > 20:
        raise BackupError("damaged", where="settings", detail="too many settings")
    for name, value in settings.items():
        # A setting this version does not know is left alone (a later one may add some).
        if name in SETTINGS and not any(value == choice and type(value) is type(choice)
                                        for choice in SETTINGS[name]):
            raise BackupError("damaged", where=f"settings.{name}"[:60], detail="not a choice here")


def _problem_text(problems: list) -> str:
    first = problems[0]
    if isinstance(first, tuple):  # value_problems: (location, message)
        return f"{'.'.join(map(str, first[0]))}: {first[1]}"[:200]
    return f"{first.where}: {first.message}"[:200]


def _column_problem(name: str, value: Any, table: dict[str, Any]) -> str | None:
    """What is wrong with one column of a table row, or None. The checks are those the
    store and the screens apply when a phone writes the column."""
    game = GAMES.get(table.get("game")) if isinstance(table.get("game"), str) else None
    if name == "id":
        return None if isinstance(value, str) and ID.fullmatch(value) else "not a table's id"
    if name == "campaign_id":
        return None if value is None or isinstance(value, str) and ID.fullmatch(value) \
            else "not a table's id"
    if name == "game":
        return None if game is not None else "not a game here"
    if name == "variant":  # companion/catalog.py: the game's variants
        ok = game is not None and any(v.id == value for v in game.variants)
        return None if ok else "not a variant of the game"
    if name == "players":  # a new table's names (docs/score-sheets.md: names)
        if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
            return "not a list of names"
        if game is not None and len(value) not in game.player_counts:
            return f"{len(value)} players"
        return "the names are not all different, 1–40 characters" if name_issues(value) else None
    if name == "status":
        return None if value in STATUSES else "not a table's state"
    if name in ("created_at", "updated_at"):
        return None if _stamp(value) is not None else "not a date and time"
    if name == "seed":
        return None if value is None or _whole(value, -MAX_NUMBER) else "not a seed"
    if name in ("sheet_version", "seq_issued"):
        return None if _whole(value) else "not a count"
    if name == "setup_ticks":  # step numbers of the setup checklist
        ok = isinstance(value, list) and len(value) <= 100 and all(_whole(v, 0, 1000)
                                                                   for v in value)
        return None if ok else "not a list of setup steps"
    if name == "setup_choices":  # store.set_setup_choice checks each value so
        if not isinstance(value, dict) or len(value) > 20:
            return "not the setup's choices"
        for key, choice in value.items():
            problems = value_problems(choice, (key,),
                                      max_depth=store_module.MAX_BOX_VALUE_DEPTH)
            if problems or len(key) > store_module.MAX_KEY_LENGTH:
                return _problem_text(problems) if problems else "a choice's name is too long"
        return None
    if name == "readings":  # scorers/readings.py: ruling → documented | alternative
        from scorers.readings import SWITCHABLE

        ok = isinstance(value, dict) and all(k in SWITCHABLE and v in READINGS
                                             for k, v in value.items())
        return None if ok else "not the table's readings"
    if name == "score_sheet":  # store.set_score_sheet: the whole sheet written
        if value is None:
            return None
        problems = written_problems(value, [()])
        return _problem_text(problems) if problems else None
    if name == "score_prefilled":  # store.follow_play: [[path, value], …] Play wrote
        ok = isinstance(value, list) and all(
            isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], list)
            for pair in value) and not value_problems(value)
        return None if ok else "not what play wrote into the sheet"
    # A column a later version added (a date, a flag, a count): one scalar value.
    if name.endswith("_at") and value is not None:
        return None if _stamp(value) is not None else "not a date and time"
    if value is None or isinstance(value, bool) or _whole(value, -MAX_NUMBER):
        return None
    if isinstance(value, float) and math.isfinite(value):
        return None
    if isinstance(value, str) and len(value) <= MAX_SCALAR_TEXT:
        return None
    return "not a value this column takes"


REQUIRED = ("id", "game", "variant", "players", "created_at", "updated_at")


def _check_table(table: Any, columns: set[str], number: int) -> None:
    where = f"tables[{number - 1}]"

    def refuse(place: str, detail: str) -> BackupError:
        return BackupError("damaged", where=f"{where}.{place}"[:120], detail=detail,
                           table=number)

    if not isinstance(table, dict):
        raise BackupError("damaged", where=where, detail="not a table", table=number)
    for name in REQUIRED:
        if name not in table:
            raise refuse(name, "missing")
    for name, value in table.items():
        if name == "events":
            continue
        if name not in columns:
            raise refuse(str(name)[:40], "not part of a table")
        if (problem := _column_problem(name, value, table)) is not None:
            raise refuse(name, problem)
    events = table.get("events", [])
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise refuse("events", f"not a list of at most {MAX_EVENTS:,} events")
    last = 0
    for i, entry in enumerate(events):
        place = f"events[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"seq", "event", "created_at"}:
            raise refuse(place, "not an event with its number and time")
        if not _whole(entry["seq"], last + 1):
            raise refuse(f"{place}.seq", "not after the event before")
        last = entry["seq"]
        if _stamp(entry["created_at"]) is None:
            raise refuse(f"{place}.created_at", "not a date and time")
        if not _plainly_an_event(entry["event"]) and (
                problems := store_module._event_problems(entry["event"])):
            raise refuse(f"{place}.event", _problem_text(problems))


def _plainly_an_event(event: Any) -> bool:
    """True for the usual event, a flat object of short texts and small whole numbers,
    which the store's check (``store._event_problems``) certainly passes: that check
    walks every value and cost most of an import of thousands of events. Anything else
    (lists, decimals, long keys…) goes to the store's check itself; a test holds the
    two to the same answers."""
    if not isinstance(event, dict) or len(event) > limits.MAX_KEYS \
            or not isinstance(event.get("type"), str):
        return False
    for key, value in event.items():
        if not isinstance(key, str) or len(key) > MAX_PLAIN_KEY:
            return False
        if isinstance(value, str):
            if len(value) > limits.MAX_TEXT:
                return False
        elif isinstance(value, bool) or value is None:
            continue
        elif not (isinstance(value, int) and -limits.MAX_NUMBER <= value <= limits.MAX_NUMBER):
            return False
    return True


def _check_box(box: Any, columns: set[str], where: str = "box_values") -> None:
    if not isinstance(box, dict) or not {"game", "key", "value", "updated_at"} <= set(box):
        raise BackupError("damaged", where=where, detail="not a remembered value")
    if extra := sorted(set(box) - columns):
        raise BackupError("damaged", where=f"{where}.{extra[0]}"[:80], detail="not part of it")
    if problems := store_module._box_value_problems(box["game"], box["key"], box["value"]):
        raise BackupError("damaged", where=where, detail=_problem_text(problems))
    if _stamp(box["updated_at"]) is None:
        raise BackupError("damaged", where=f"{where}.updated_at", detail="not a date and time")


# ------------------------------------------------------------------ merging


NEWER_HERE = "newer_here"  # this phone's copy changed later: kept
SAME_HERE = "same_here"  # the same change is already here (an import made twice)


@dataclass
class Report:
    """What an import did. ``skipped`` counts the reasons (``NEWER_HERE``,
    ``SAME_HERE``); ``settings`` is the backup's settings, for the phone to apply."""

    added: int = 0
    updated: int = 0
    skipped: Counter = field(default_factory=Counter)
    boxes_added: int = 0
    boxes_updated: int = 0
    boxes_skipped: Counter = field(default_factory=Counter)
    settings: dict[str, Any] = field(default_factory=dict)
    changed_tables: list[str] = field(default_factory=list)  # added or replaced: ids
    replaced_tables: list[str] = field(default_factory=list)  # of those, the replaced

    @property
    def changed_anything(self) -> bool:
        return bool(self.added or self.updated or self.boxes_added or self.boxes_updated)

    def lines(self, settings_applied: bool = False) -> list[str]:
        """What happened, one sentence each, in the reader's language."""
        out: list[str] = []
        if self.added:
            out.append(t("backup.added_tables", count=self.added))
        if self.updated:
            out.append(t("backup.updated_tables", count=self.updated))
        if self.skipped[NEWER_HERE]:
            out.append(t("backup.skipped_newer", count=self.skipped[NEWER_HERE]))
        if self.skipped[SAME_HERE]:
            out.append(t("backup.skipped_same", count=self.skipped[SAME_HERE]))
        boxes = self.boxes_added + self.boxes_updated
        if boxes:
            out.append(t("backup.added_boxes", count=boxes))
        if self.boxes_skipped[NEWER_HERE]:
            out.append(t("backup.skipped_boxes_newer", count=self.boxes_skipped[NEWER_HERE]))
        if settings_applied:
            out.append(t("backup.settings_applied"))
        if not out or not (self.changed_anything or settings_applied):
            out.insert(0, t("backup.nothing_new"))
        return out

    def summary(self, settings_applied: bool = False) -> str:
        return t("backup.sentence_gap").join(self.lines(settings_applied))


def _later(theirs: str, ours: str | None) -> bool | None:
    """True when ``theirs`` is later than ``ours``, None when they are the same time."""
    mine = _stamp(ours)
    if mine is None:  # a damaged date here: the backup's copy is the readable one
        return True
    other = _stamp(theirs)
    assert other is not None  # checked by load()
    if other == mine:
        return None
    return other > mine


def _stored(name: str, value: Any) -> Any:
    if name in JSON_COLUMNS and value is not None:
        return json.dumps(value, ensure_ascii=False)
    return value


def import_backup(store: Store, data: bytes | str) -> Report:
    """Merge the backup in ``data`` into ``store`` in one transaction; BackupError (and
    nothing changed) when it cannot be."""
    backup = load(data)
    report = Report(settings=dict(backup.get("settings", {})))
    tables = backup.get("tables", [])
    if backup["store_version"] < store_module.SEATS_VERSION:
        tables = [_seated(table) for table in tables]
    # What the app could not use is refused before anything is written (or begun).
    check_usable(tables, store)
    try:
        with store._transaction() as conn:
            table_columns = set(store.database.columns(conn, "tables"))
            for table in tables:
                _merge_table(conn, table, table_columns, report)
            for box in backup.get("box_values", []):
                _merge_box(conn, box, report)
    except StoreError as err:
        raise BackupError("read_only" if err.kind == "read_only" else "store",
                          detail=str(err)) from None
    except store.database.refused_values as err:  # a value a column of this version refuses
        raise BackupError("damaged", detail=str(err)[:200]) from None
    except store.database.errors as err:
        raise BackupError("store", detail=str(err)[:200]) from None
    return report


def _merge_table(conn: sqlite3.Connection, table: dict[str, Any], columns: set[str],
                 report: Report) -> None:
    row = conn.execute("SELECT updated_at, seq_issued FROM tables WHERE id = ?",
                       (table["id"],)).fetchone()
    values = {name: _stored(name, value) for name, value in table.items()
              if name != "events" and name in columns}
    events = table.get("events", [])
    last = events[-1]["seq"] if events else 0
    if row is None:
        # A sequence number is never given twice (store.append_event): past the log's.
        values["seq_issued"] = max(values.get("seq_issued", 0), last)
        names = list(values)
        conn.execute(f"INSERT INTO tables ({', '.join(names)}) VALUES "
                     f"({', '.join('?' for _ in names)})", [values[n] for n in names])
        report.added += 1
    else:
        later = _later(table["updated_at"], row["updated_at"])
        if not later:
            report.skipped[SAME_HERE if later is None else NEWER_HERE] += 1
            return
        # The backup's log replaces ours. Its last event gets a number no event of ours
        # had, so a phone whose screen was drawn from our log is refused at its next tap
        # and draws again.
        issued = max(values.get("seq_issued", 0), row["seq_issued"] or 0, last)
        if events and last <= (row["seq_issued"] or 0):
            events = [*events[:-1], {**events[-1], "seq": issued + 1}]
            issued += 1
        values["seq_issued"] = issued
        table_id = values.pop("id")
        conn.execute(f"UPDATE tables SET {', '.join(f'{n} = ?' for n in values)} WHERE id = ?",
                     [*values.values(), table_id])
        conn.execute("DELETE FROM events WHERE table_id = ?", (table_id,))
        report.updated += 1
        report.replaced_tables.append(table_id)
    conn.executemany(
        "INSERT INTO events (table_id, seq, event, created_at) VALUES (?, ?, ?, ?)",
        [(table["id"], e["seq"], json.dumps(e["event"], ensure_ascii=False), e["created_at"])
         for e in events])
    report.changed_tables.append(table["id"])


def check_usable(tables: list[dict[str, Any]], store: Store | None = None) -> None:
    """Refuse (BackupError, the table's number and why) a table the app could not use,
    as a damaged one is refused: a play log its game refuses on replay (Play would show
    nothing but that), or a score sheet that cannot be scored (not the table's game, or
    not a sheet of it). A sheet that breaks a rule of the game is usable: Score shows the
    problems at their fields. ``store``: where a later game of a Latria campaign finds the
    games before it that are not in the file (its setup follows game 1's)."""
    from companion.flows import FlowError, message, replay
    from companion.table.setup import flow_config, sheet_with_readings

    series = _Series(tables, store)
    for number, table in enumerate(tables, 1):
        where = f"tables[{number - 1}]"
        session = series.sessions[table["id"]]
        if table.get("events"):
            try:
                replay(session.game, flow_config(session, series),
                       [entry["event"] for entry in table["events"]])
            except FlowError as err:
                raise _unusable(where + ".events", "play", session.game, message(err),
                                number) from None
            except Exception as err:  # noqa: BLE001 - any failure of a hostile log
                raise _unusable(where + ".events", "play", session.game,
                                f"{type(err).__name__}: {err}", number) from None
        sheet = table.get("score_sheet")
        if sheet is not None:
            why = _sheet_unusable(session, sheet_with_readings(session, sheet))
            if why is not None:
                raise _unusable(where + ".score_sheet", "sheet", session.game, why, number)


def _unusable(where: str, what: str, game: str, why: Any, number: int) -> BackupError:
    return BackupError("damaged", where=where, detail=say(why)[:200], table=number,
                       unusable=(what, game, why))


def _sheet_unusable(session: Any, sheet: dict[str, Any]) -> Any:
    """Why the app cannot score ``sheet`` as ``session``'s, or None."""
    from scorers.base import SheetProblems
    from scorers.sheets import game_module, parse_sheet

    game = sheet.get("game")
    if game not in (session.game, f"{session.game}_campaign"):
        return f"game: {game!r}"[:80]
    try:
        parsed = parse_sheet(sheet)
    except SheetProblems as err:
        first = err.problems[0]
        return f"{first.where}: {say(first.message)}" if first.where else first.message
    try:
        game_module(game).score(parsed)
    except SheetProblems:
        return None  # a rule broken: Score shows it at its field
    except Exception as err:  # noqa: BLE001 - the scorer fails on it: not usable
        return f"{type(err).__name__}: {err}"
    return None


class _Series:
    """The tables of a file as the app reads them (``sessions``), and, for a table's
    setup, the tables of a Latria campaign series: the file's, over the store's
    (``companion.table.campaign.setup_options`` asks for ``series`` and ``events``)."""

    def __init__(self, tables: list[dict[str, Any]], store: Store | None):
        from pydantic import ValidationError

        from companion.table.record import TableSession

        self.store = store
        self.tables = {table["id"]: table for table in tables}
        self.sessions = {}
        for number, table in enumerate(tables, 1):
            try:
                self.sessions[table["id"]] = TableSession.model_validate(
                    {k: v for k, v in table.items() if k != "events"})
            except ValidationError as err:  # (load's checks leave nothing for this)
                raise BackupError("damaged", where=f"tables[{number - 1}]",
                                  detail=str(err).splitlines()[0][:200],
                                  table=number) from None

    def series(self, campaign_id: str) -> list[Any]:
        kept = {s.id: s for s in (self.store.series(campaign_id) if self.store else [])}
        kept.update({s.id: s for s in self.sessions.values()
                     if campaign_id in (s.id, s.campaign_id)})
        return sorted(kept.values(), key=lambda s: s.created_at)

    def events(self, table_id: str) -> list[dict[str, Any]]:
        if table_id in self.tables:
            return [entry["event"] for entry in self.tables[table_id].get("events", [])]
        return self.store.events(table_id) if self.store else []


def _seated(table: dict[str, Any]) -> dict[str, Any]:
    """A table of a backup made when events named players, its events naming seats as
    the store's own migration puts them (store.SEATS_VERSION)."""
    from companion.table.renaming import seat_names, seated_event

    seats = seat_names(table["game"], table["variant"], table["players"])
    events = [{**e, "event": seated_event(e["event"], seats)} for e in table.get("events", [])]
    return {**table, "events": events}


def _merge_box(conn: sqlite3.Connection, box: dict[str, Any], report: Report) -> None:
    row = conn.execute("SELECT updated_at FROM box_values WHERE game = ? AND key = ?",
                       (box["game"], box["key"])).fetchone()
    value = json.dumps(box["value"], ensure_ascii=False)
    if row is None:
        report.boxes_added += 1
    else:
        later = _later(box["updated_at"], row["updated_at"])
        if not later:
            report.boxes_skipped[SAME_HERE if later is None else NEWER_HERE] += 1
            return
        report.boxes_updated += 1
    conn.execute(
        "INSERT INTO box_values (game, key, value, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game, key) DO UPDATE SET value = excluded.value,"
        " updated_at = excluded.updated_at",
        (box["game"], box["key"], value, box["updated_at"]))


# ------------------------------------------------------------------ the command line


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m companion.backup",
        description="Save every table, its play and scores, and the remembered box values "
        "to one backup file, or merge a backup file into the saved tables (docs/backup.md).")
    parser.add_argument("action", choices=["export", "import"],
                        help="export: write FILE; import: merge FILE into the saved tables")
    parser.add_argument("file", type=Path, metavar="FILE", help="the backup file ('-': "
                        "standard output or input)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder of the saved tables (default: COMPANION_DATA_DIR, else "
                        "FLET_APP_STORAGE_DATA, else the per-user data folder)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="the saved tables' database instead of the data folder's file: "
                        "sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/db")
    return parser.parse_args(argv)


def _fail(message: str) -> int:
    print(f"companion.backup: {message}", file=sys.stderr)
    return 2


def _open_store(where: Path | str) -> Store:
    return Store(where)


def main(argv: list[str] | None = None) -> int:
    from companion.cli_output import refused_store, write_output
    from companion.storage import data_folder

    args = parse_args(argv)
    data_dir = args.data_dir or data_folder.default_data_dir()
    where = args.database or data_dir
    try:
        database = database_for(where)
    except ValueError as err:
        return _fail(f"--database: {err}")
    named = database.where if args.database else data_dir  # no password
    db = database.path if isinstance(database, SQLite) else None  # the file, if one
    if args.action == "export" and db is not None and not db.is_file():
        return _fail(f"there are no saved tables in {named}")
    if args.action == "import":
        # The file is read and checked before the store is opened: a refused backup leaves
        # no data folder or empty store behind.
        try:
            if str(args.file) == "-":
                data = sys.stdin.buffer.read(MAX_BACKUP_BYTES + 1)
            else:
                with args.file.open("rb") as f:
                    data = f.read(MAX_BACKUP_BYTES + 1)  # no more than the limit is read
            load(data)
        except (OSError, AttributeError, ValueError) as err:  # a closed stdin included
            return _fail(f"{args.file}: {getattr(err, 'strerror', None) or 'cannot be read'}")
        except BackupError as err:
            return _fail(f"{args.file}: {err}; nothing was changed")
    new_folders = [d for d in (db.parent, *db.parent.parents) if not d.exists()] if db else []
    had_store = db is None or db.exists()
    try:
        store = _open_store(where)
    except StoreError as err:
        return refused_store("companion.backup", named, err.kind, err.details)
    if args.action == "export":
        made = export_backup(store)
        why = write_output(args.file, backup_bytes(made.backup))
        if why is not None:
            return _fail(f"{args.file}: {why}")
        note = f"; {made.left_out} damaged table(s) left out" if made.left_out else ""
        print(f"saved {made.tables} table(s) and {made.box_values} remembered value(s) to "
              f"{args.file}{note}", file=sys.stderr)
        return 0
    try:
        report = import_backup(store, data)
    except BackupError as err:
        if not had_store:  # made for this import: nothing is left of it
            _remove_new_store(db, new_folders)
        return _fail(f"{args.file}: {err}; nothing was changed")
    said = report.summary() + ("\n" + t("backup.settings_not_here") if report.settings else "")
    why = write_output(Path("-"), (said + "\n").encode("utf-8"))
    if why is not None:  # imported all the same: say so where the person can see it
        return _fail(f"imported, but the report could not be shown: {why}")
    return 0


def _remove_new_store(db: Path, new_folders: list[Path]) -> None:
    for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        path.unlink(missing_ok=True)
    for folder in new_folders:  # the innermost first
        try:
            folder.rmdir()
        except OSError:
            break
