"""An engine answer as a screen tells it, written once: ``Saved`` goes on quietly, ``Stale``
draws the screen again from the store (another phone changed the table first, or it is
gone), ``Refused`` says why where the player is looking and changes nothing on the screen."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Outcome, Refused, Saved, Stale


@dataclass(frozen=True)
class Told:
    """What a screen does after an answer: ``saved`` (the change is in the store);
    ``stale`` (draw again from the store: nothing was saved; ``gone``: the table was
    deleted); ``notice``, the line to show, in the phone's language, and its ``kind``
    ("refused", "done", "conflict")."""

    saved: bool = False
    stale: bool = False
    gone: bool = False
    notice: str | None = None
    kind: str = "refused"


def told(outcome: Outcome) -> Told:
    if isinstance(outcome, Saved):
        return Told(saved=True)
    if isinstance(outcome, Stale):
        return Told(stale=True, gone=outcome.kind == "gone")
    if isinstance(outcome, Refused):
        return Told(notice=outcome.text(), kind=outcome.kind)
    raise TypeError(f"not an engine answer: {outcome!r}")
