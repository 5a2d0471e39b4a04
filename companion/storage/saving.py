"""What a phone is told when the store does not save a change: the data can only be read,
the disk is full, or the value is one no sheet can hold (companion/storage/store.py).

The engine (companion/engine) catches ``NOT_SAVED`` around every store write and
refuses the change with ``why_not_saved(err)``; the screen shows it in view and nothing
else on it changes. Messages for a phone never name a server path (the console gets the
full error).
"""

from __future__ import annotations

import logging

from companion.i18n import say
from companion.storage.store import Store, StoreError
from scorers.base import SheetProblems
from scorers.messages import Msg

log = logging.getLogger(__name__)

# What a store write raises when it saved nothing (besides Conflict and KeyError: another
# phone changed the table first, or deleted it).
NOT_SAVED = (StoreError, SheetProblems)


def _read_only_reason(reason: str | None) -> Msg:
    return Msg("store.read_only_folder" if reason == "folder" else "store.read_only_file")


def why_not_saved(err: Exception) -> Msg:
    """Why nothing was saved, as a message for the phone (in its language when shown)."""
    if isinstance(err, SheetProblems):
        problem = err.problems[0] if err.problems else ""
        text = problem.message if hasattr(problem, "message") else str(problem)
        return Msg("store.not_saved_value", problem=text)
    if isinstance(err, StoreError) and err.kind == "read_only":
        return Msg("store.not_saved_read_only",
                   reason=_read_only_reason(err.details.get("reason")))
    log.warning("a change was not saved: %s", err)  # the path, for whoever runs the server
    detail = err.details.get("detail") if isinstance(err, StoreError) else None
    return Msg("store.not_saved_io", detail=Msg("store.not_saved_disk")
               if detail == "the disk is full" else Msg("store.not_saved_other"))


def not_saved(err: Exception) -> str:
    """One line for the phone: why nothing was saved."""
    return say(why_not_saved(err))


def read_only_notice(store: Store) -> str | None:
    """The line Home shows while the saved tables can only be read."""
    if not store.read_only:
        return None
    return say(Msg("store.read_only_notice",
                   reason=_read_only_reason(store.read_only_reason)))
