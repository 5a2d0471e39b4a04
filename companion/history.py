"""``python -m companion.history csv FILE [--data-dir DIR | --database URL]``: the
finished plays as a
spreadsheet file (docs/history.md). The command line only: the plays and the CSV are
companion/table/history.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli_output import refused_store, write_output
from companion.storage import data_folder
from companion.storage.database import database_for
from companion.storage.store import Store, StoreError
from companion.table import history
from companion.ui.score_forms import empty_sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.history",
                                     description="The finished plays as a spreadsheet file.")
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("csv", help="one row per player per finished play")
    export.add_argument("file", type=Path, help="the file to write (- for the output)")
    export.add_argument("--data-dir", type=Path, default=None,
                        help="folder of the saved tables (default: as the app finds it)")
    export.add_argument("--database", metavar="URL", default=None,
                        help="the saved tables' database instead of the data folder's file: "
                        "sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/db")
    args = parser.parse_args(argv)
    data_dir = args.data_dir or data_folder.default_data_dir()
    where = args.database or data_dir
    try:
        named = database_for(where).where if args.database else data_dir  # no password
    except ValueError as err:
        print(f"companion.history: --database: {err}", file=sys.stderr)
        return 2
    try:
        store = Store(where)
    except StoreError as err:
        return refused_store("companion.history", named, err.kind, err.details)
    records = history.plays(store, empty_sheet)
    data = (history.csv_text(records).encode("utf-8") if str(args.file) == "-"
            else history.csv_bytes(records))
    why = write_output(args.file, data)
    if why is not None:
        print(f"companion.history: {args.file}: {why}", file=sys.stderr)
        return 2
    if str(args.file) != "-":
        print(f"{len(records)} plays written to {args.file}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
