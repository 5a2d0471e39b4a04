"""Where the app keeps its data, and the checks made before it starts."""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

from platformdirs import user_cache_dir, user_data_dir

APP_NAME = "TableCompanion"


def default_data_dir() -> Path:
    """COMPANION_DATA_DIR, else FLET_APP_STORAGE_DATA (set by `flet run` and built apps),
    else the per-user data folder (e.g. ~/.local/share/TableCompanion)."""
    for var in ("COMPANION_DATA_DIR", "FLET_APP_STORAGE_DATA"):
        value = os.environ.get(var)
        if value:
            return Path(value)
    return Path(user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Where the app keeps what it can make again (the web client compressed, the static
    site's compiled Python): ``COMPANION_CACHE_DIR``, else the per-user cache folder
    (``~/.cache/TableCompanion`` on Linux). Anything in it may be deleted at any time."""
    if os.environ.get("COMPANION_CACHE_DIR"):
        return Path(os.environ["COMPANION_CACHE_DIR"])
    return Path(user_cache_dir(APP_NAME, appauthor=False))


def write_cache_file(target: Path, data: bytes) -> None:
    """``target``, a file of the cache folder, written whole or not at all: another
    process may be writing or reading it at the same time."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    temporary.write_bytes(data)
    os.replace(temporary, target)


DB_NAME = "tables.sqlite3"  # companion/storage/store.py's file (not imported: --help stays fast)


def writable_problem(folder: Path) -> str | None:
    """None when the app can keep its data in ``folder``, or at least read the tables
    saved there (the store then opens read-only and Home says so); else why not, in
    one line."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".write-test-"):
            pass
    except OSError as err:
        saved = folder / DB_NAME
        if saved.is_file() and os.access(saved, os.R_OK):
            return None
        return f"cannot write to the data folder {folder}: {err.strerror or err}"
    return None


def database_problem(url: str) -> str | None:
    """None when the saved tables at ``url`` (``companion --database``) can be opened;
    else why not, in one line that names no password: a URL that names no database
    here, a server that cannot be reached, another program's database or a newer one."""
    from companion.cli_output import refusal_line
    from companion.storage.store import Store, StoreError

    try:
        Store(url)
    except ValueError as err:
        return f"--database: {err}"
    except StoreError as err:
        return refusal_line(err.path, err.kind, err.details)
    return None


def port_problem(host: str, port: int) -> str | None:
    """None when host:port can be served; else why not, in one line."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as err:
        return f"cannot serve on {host}:{port}: {err.strerror or err} (choose another --port)"
    return None
