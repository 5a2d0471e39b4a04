"""What a screen says when the store does not save a change: the data can only be read,
the disk is full, or the value is one no sheet can hold (companion/storage/store.py).

Every screen that writes catches ``NOT_SAVED`` around the store call and shows
``not_saved(err)`` in view; nothing else on the screen changes. Messages for a phone
never name a server path (the console gets the full error).
"""

from __future__ import annotations

import logging

from companion.i18n import t
from companion.storage.store import Store, StoreError
from scorers.base import SheetProblems

log = logging.getLogger(__name__)

# What a store write raises when it saved nothing (besides Conflict and KeyError, which
# the screens already take as "another phone changed it").
NOT_SAVED = (StoreError, SheetProblems)


def read_only_reason(reason: str | None) -> str:
    return t("store.read_only_folder" if reason == "folder" else "store.read_only_file")


def not_saved(err: Exception) -> str:
    """One line for the phone: why nothing was saved."""
    if isinstance(err, SheetProblems):
        problem = err.problems[0] if err.problems else ""
        text = problem.message if hasattr(problem, "message") else str(problem)
        return t("store.not_saved_value", problem=text)
    if isinstance(err, StoreError) and err.kind == "read_only":
        return t("store.not_saved_read_only", reason=read_only_reason(err.details.get("reason")))
    log.warning("a change was not saved: %s", err)  # the path, for whoever runs the server
    detail = err.details.get("detail") if isinstance(err, StoreError) else None
    return t("store.not_saved_io", detail=t("store.not_saved_disk") if detail == "the disk is full"
             else t("store.not_saved_other"))


def read_only_notice(store: Store) -> str | None:
    """The line Home shows while the saved tables can only be read."""
    if not store.read_only:
        return None
    return t("store.read_only_notice", reason=read_only_reason(store.read_only_reason))
