"""Private tables (``companion --private-tables``): each table's own link, the passes of
the phones that joined it, and the admin's link.

Everything here is made with the server's key (``access.kept_key``, kept in the data
folder), so nothing secret is stored with the tables and a restart keeps every link and
pass:

- a table's **link** carries a token of 128 bits, a keyed hash of the table's id and
  the link's generation: never the id itself (twelve hex digits, 48 bits, guessable in
  a way a token is not). Making the link anew (a new generation) ends the old one;
- a phone that opened the link keeps a **pass** for that table: the table's id and a
  keyed hash of it and the table's pass generation. Closing the table to the phones
  that joined (a new pass generation) ends every pass, and the link with it;
- the **admin link**, printed on the console for whoever runs the server, sees and can
  close every table.

The generations are kept in ``table-links.json`` in the data folder (a table never
renewed or closed has none there), read again whenever another server process on the same
folder wrote it. No Flet here: the screens that use this are
``companion/ui/views/access_code.py`` and ``companion/ui/views/invite.py``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger(__name__)

TOKEN_BYTES = 16  # 128 bits: a link cannot be guessed, even by a machine trying for years
LINKS_FILE = "table-links.json"
TABLE_PASS_PREFIX = "table:"  # a kept table pass, told from the server code's pass
LINK_QUERY = "table"  # /?table=TOKEN
ADMIN_QUERY = "admin"  # /?admin=TOKEN


class LinksUnreadable(Exception):
    """The tables' link generations cannot be read: refused, never started afresh."""

    def __init__(self, path: Path, err: Exception):
        super().__init__(f"{path} cannot be read ({err}); move it away to make every "
                         "table's link and pass anew")


def _token(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).rstrip(b"=").decode("ascii")


class TableLinks:
    """The links and passes of one server's tables (``key``: the server's; ``folder``:
    where the generations are kept, None for this run only)."""

    def __init__(self, key: bytes, folder: Path | None = None):
        self._key = key
        self._path = folder / LINKS_FILE if folder is not None else None
        self._lock = threading.Lock()
        self._stamp = self._stamp_now()
        self._generations = self._read()

    def _stamp_now(self) -> tuple[int, int, int] | None:
        """The file as last written: a new one each time (``_write`` replaces it), its
        time and size (None: there is none)."""
        try:
            found = os.stat(self._path) if self._path is not None else None
        except OSError:
            return None
        return (found.st_ino, found.st_mtime_ns, found.st_size) if found is not None else None

    def _follow(self) -> None:
        """Read the file again when another server process on this data folder wrote it
        (a new link or a table closed there holds here at once). Called with the lock."""
        stamp = self._stamp_now()
        if stamp == self._stamp:
            return
        try:
            self._generations = self._read()
        except LinksUnreadable as err:  # kept as it was: nothing ended comes back to life
            log.warning("%s", err)
        self._stamp = stamp

    def _read(self) -> dict[str, dict[str, int]]:
        if self._path is None:
            return {}
        try:
            found = json.loads(self._path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as err:
            # Refused rather than started afresh: every link and pass would come back
            # to life, the ones ended on purpose too.
            raise LinksUnreadable(self._path, err) from err
        try:
            return {str(k): {"link": int(v.get("link", 0)), "pass": int(v.get("pass", 0))}
                    for k, v in found.items() if isinstance(v, dict)}
        except (AttributeError, TypeError, ValueError) as err:
            raise LinksUnreadable(self._path, err) from err

    def _write(self) -> None:
        if self._path is None:
            return
        fresh = self._path.with_suffix(".tmp")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(self._generations, out, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(fresh, self._path)

    def _generation(self, table_id: str, which: str) -> int:
        self._follow()
        return self._generations.get(table_id, {}).get(which, 0)

    def _digest(self, *parts: object) -> bytes:
        text = "\0".join(str(p) for p in parts)
        return hmac.new(self._key, text.encode("utf-8"), hashlib.sha256).digest()

    # -- a table's link ------------------------------------------------------------------
    def link_token(self, table_id: str) -> str:
        """The token of the table's link in force."""
        with self._lock:
            link, passes = (self._generation(table_id, "link"),
                            self._generation(table_id, "pass"))
        return _token(self._digest("link", table_id, link, passes))

    def table_of_link(self, token: object, table_ids: Iterable[str]) -> str | None:
        """The table (one of ``table_ids``) whose link in force carries ``token``."""
        if not isinstance(token, str) or not token:
            return None
        found = None
        for table_id in table_ids:  # each compared in full: the time tells nothing
            if hmac.compare_digest(self.link_token(table_id).encode(), token.encode()):
                found = table_id
        return found

    def renew_link(self, table_id: str) -> None:
        """A new link for the table: the old one no longer lets a phone join (phones
        that joined keep their pass)."""
        self._next(table_id, "link")

    # -- the passes of the phones that joined --------------------------------------------
    def phone_pass(self, table_id: str) -> str:
        """What a phone that joined the table keeps (its id, and a keyed hash no one
        without the key can make)."""
        with self._lock:
            passes = self._generation(table_id, "pass")
        return f"{TABLE_PASS_PREFIX}{table_id}:{self._digest('pass', table_id, passes).hex()}"

    def table_of_pass(self, kept: object) -> str | None:
        """The table ``kept`` is a pass in force for, or None."""
        if not isinstance(kept, str) or not kept.startswith(TABLE_PASS_PREFIX):
            return None
        table_id, _, _ = kept[len(TABLE_PASS_PREFIX):].partition(":")
        if not table_id or not hmac.compare_digest(kept.encode(),
                                                   self.phone_pass(table_id).encode()):
            return None
        return table_id

    def close_to_phones(self, table_id: str) -> None:
        """The phones that joined the table are let in no more, and its link ends: only
        the admin has it, until the admin hands out its new link."""
        self._next(table_id, "pass")

    def _next(self, table_id: str, which: str) -> None:
        with self._lock:
            self._follow()
            entry = self._generations.setdefault(table_id, {"link": 0, "pass": 0})
            entry[which] += 1
            self._write()
            self._stamp = self._stamp_now()

    # -- the admin -----------------------------------------------------------------------
    def admin_token(self) -> str:
        return _token(self._digest("admin"))

    def is_admin(self, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(
            self.admin_token().encode(), token.encode())
