"""A table's setup and its play configuration, from the table session's game, players,
variant and seed (setup_guides draws everything from the seed, so nothing else is kept)."""

from __future__ import annotations

from typing import Any

from companion.store import TableSession


def setup_json(session: TableSession) -> dict[str, Any] | None:
    """The setup guide's JSON for this table, or None when it has no seed yet."""
    if session.seed is None:
        return None
    from setup_guides import SetupError, make_setup

    try:
        setup = make_setup(session.game, len(session.players), session.variant, session.seed)
    except SetupError:
        return None
    return setup.to_json_dict()


def flow_config(session: TableSession) -> dict[str, Any]:
    """What a play flow starts from (companion.flows: ``initial(config)``)."""
    return {"players": list(session.players), "variant": session.variant,
            "setup": setup_json(session)}
