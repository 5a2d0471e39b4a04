"""The routes of the screens, as the app and a screen's Back read them (no flet)."""

from __future__ import annotations


def parent_route(route: str) -> str:
    """The screen below ``route`` in the stack."""
    parts = [p for p in route.split("/") if p]
    if (parts[:1] == ["table"] and len(parts) > 2) or (parts[:1] == ["rules"] and len(parts) > 1):
        return "/" + "/".join(parts[:-1])
    return "/"
