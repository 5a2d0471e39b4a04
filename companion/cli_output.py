"""Writing a command line's output (``companion.history``, ``companion.backup``): a file or
standard output that cannot be written (a folder, a missing folder, a full disk, a closed
descriptor) is one line for the person and exit status 2, never a traceback; so are saved
tables that cannot be opened (``refused_store``), in the same words for every command."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from scorers.command_line import tell


def write_output(file: Path, data: bytes) -> str | None:
    """Write ``data`` to ``file`` (``-``: standard output). None when written, else why not
    (``strerror``-like words). A reader that went away (``| head``) is not an error."""
    if str(file) == "-":
        return _write_stdout(data)
    try:
        file.write_bytes(data)
    except OSError as err:
        return err.strerror or str(err)
    return None


def _write_stdout(data: bytes) -> str | None:
    stream = sys.stdout
    try:
        if stream is None:
            raise OSError(errno.EBADF, "standard output is closed")
        stream.flush()
        stream.buffer.write(data)
        stream.flush()
    except BrokenPipeError:
        _silence_stdout()
    except (OSError, ValueError) as err:  # a full disk, a closed descriptor
        _silence_stdout()
        return getattr(err, "strerror", None) or "standard output is closed"
    return None


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# Why the saved tables cannot be opened, by the kind of companion.storage's StoreError.
STORE_REFUSALS = {
    "corrupt": "the file is damaged or is not a Table Companion file ({detail})",
    "newer": "the file was written by a newer version of Table Companion (data version "
             "{found}; this version knows up to {known}): update the app to open it",
    "foreign": "the file is a database, but not a Table Companion file (its tables: "
               "{names})",
    "io": "{detail}",
}
# The same for a database server's (``--database postgresql://…``): no file there.
DATABASE_REFUSALS = {
    **STORE_REFUSALS,
    "corrupt": "the database's tables are damaged or are not Table Companion's ({detail})",
    "newer": STORE_REFUSALS["newer"].replace("the file", "the database", 1),
    "foreign": "the database holds another program's tables (its tables: {names})",
}


def refusal_line(where: Path | str, kind: str, details: dict) -> str:
    """One line: the saved tables in ``where`` (a data folder, or a database's URL without
    its password) cannot be opened, why (``kind`` and ``details`` of the store's refusal;
    ``server``: why a database server could not be reached) and that they were left as
    they are."""
    refusals = DATABASE_REFUSALS if isinstance(where, str) and "://" in where else STORE_REFUSALS
    why = refusals.get(kind, kind)
    try:
        why = why.format(**details)
    except (KeyError, IndexError, ValueError):
        why = kind
    if details.get("server"):
        why += f" ({details['server']})"
    line = (f"the saved tables in {where} cannot be opened ({kind}): {why}; "
            "they were left as they are")
    return line.replace("\r", " ").replace("\n", " ")  # one line, whatever the file held


def refused_store(program: str, data_dir: Path | str, kind: str, details: dict) -> int:
    """Say ``refusal_line`` for ``program``; the exit status, 2."""
    tell(f"{program}: {refusal_line(data_dir, kind, details)}")
    return 2
