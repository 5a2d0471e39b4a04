"""What every command line of the project shares (``python -m scorers``, ``python -m
setup_guides``): a mistake in its arguments is one line on standard error and exit status
2, and a line on standard error is written whatever state the stream is in."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from scorers.limits import crop


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        tell(f"{self.prog}: {crop(message, 300)} (see --help)")
        self.exit(2)


def tell(line: str) -> None:
    """One line on standard error, whatever state it is in (closed, full, ASCII-only)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        try:
            print(line, file=stream, flush=True)
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.buffer.write((line + "\n").encode(encoding, "backslashreplace"))
            stream.flush()
    except (OSError, ValueError, AttributeError):
        pass
