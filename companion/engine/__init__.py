"""The one way a table changes (docs/DESIGN.md, "How a tap travels"): ``Engine`` checks a
change, saves it in one transaction, keeps the play state and tells the other phones; each
change answers ``Saved``, ``Refused`` or ``Stale``. No flet: the screens draw the answer."""

from companion.engine.changes import Engine, Outcome, Refused, Saved, Stale

__all__ = ["Engine", "Outcome", "Refused", "Saved", "Stale"]
