"""A table's setup and its play configuration, from the table session's game, players,
variant and seed (setup_guides draws everything from the seed), and what the table chose
on the Setup screen instead of the draw (Carpe Astra's characters, ``setup_choices``).

A Latria campaign game after the first also follows game 1 of its series: its starting
parent is game 1's, one seat on clockwise per game (Extension Rules 3; ruling S-3). That
needs the store (``companion.table.campaign.setup_options``); without one, a table is set up
from its own seed alone.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from companion.table.record import TableSession


def setup_for(session: TableSession, store=None):
    """The setup guide's ``Setup`` for this table (``SetupError`` when there is none)."""
    return _make_setup(session.game, len(session.players), session.variant, session.seed,
                       *_chosen(session, store))


def _chosen(session: TableSession, store=None) -> tuple[Any, dict]:
    """What the table's setup follows besides its seed: Carpe Astra's characters, chosen
    on Setup (None: the draw), a later campaign game's options, and the table's own
    readings that change what is set out (Carpe Astra's C-1: ``setup_readings``)."""
    options: dict = {}
    if store is not None and session.variant == "campaign":
        from companion.table.campaign import setup_options

        options = setup_options(store, session)
    if setup_readings(session):
        options["readings"] = setup_readings(session)
    from setup_guides import MODULES

    chosen = session.setup_choices.get("characters")  # Carpe Astra, chosen on Setup
    return (chosen if "characters" in MODULES[session.game].TABLE_CHOICES else None), options


def setup_readings(session: TableSession) -> dict[str, str]:
    """The table's own readings that change what its setup sets out (scorers/readings.py
    ``SETS_OUT``: C-1, the support tokens of each guild with 3 players): the setup
    checklist, Play's supply and Score's limits all follow them."""
    from scorers.readings import setting_out

    return setting_out(session.readings, session.game)


def _make_setup(game: str, players: int, variant: str, seed: int | None, chosen: Any,
                options: dict):
    from setup_guides import SetupError, make_setup

    if chosen is not None:
        try:
            return make_setup(game, players, variant, seed, characters=chosen, **options)
        except SetupError:
            pass  # a choice that no longer fits the table: the draw stands
    return make_setup(game, players, variant, seed, **options)


def setup_json(session: TableSession, store=None) -> dict[str, Any] | None:
    """The setup guide's JSON for this table, or None when it has no seed yet."""
    if session.seed is None:
        return None
    from setup_guides import SetupError

    try:
        chosen, options = _chosen(session, store)
    except SetupError:
        return None
    text = _setup_text(json.dumps([session.game, len(session.players), session.variant,
                                   session.seed, chosen, options], default=str))
    return None if text is None else json.loads(text)


@functools.lru_cache(maxsize=64)
def _setup_text(request: str) -> str | None:
    """``setup_json``'s answer as text, drawn once for each request: the same request
    draws the same setup (setup_guides draws from the seed), and every phone on a table
    asks for it at every change. A copy for each caller, read from the text."""
    from setup_guides import SetupError

    game, players, variant, seed, chosen, options = json.loads(request)
    try:
        setup = _make_setup(game, players, variant, seed, chosen, options)
    except SetupError:
        return None
    return json.dumps(setup.to_json_dict())


def flow_config(session: TableSession, store=None) -> dict[str, Any]:
    """What a play flow starts from (companion.flows: ``initial(config)``)."""
    return {"players": list(session.players), "variant": session.variant,
            "setup": setup_json(session, store), "readings": play_readings(session)}


def play_readings(session: TableSession) -> dict[str, str]:
    """The table's own readings that its play flow applies (P-1, P-14: "alternative"),
    and those that change what the setup sets out, which Play starts from (C-1)."""
    from scorers.readings import for_game

    return {**for_game(session.readings, session.game, "play"), **setup_readings(session)}


def sheet_with_readings(session: TableSession, sheet: dict[str, Any] | None
                        ) -> dict[str, Any] | None:
    """``sheet`` with the table's own readings in its ``readings`` (the scorer applies
    them): the table's choices on its Rulings screen win over the sheet's own (an
    imported sheet's); a reading left documented is left out."""
    from scorers.readings import ALTERNATIVE, SWITCHABLE

    if not isinstance(sheet, dict):
        return sheet
    game = sheet.get("game")
    own = sheet.get("readings")
    merged = dict(own) if isinstance(own, dict) else {}
    for ruling, choice in session.readings.items():
        if SWITCHABLE.get(ruling) == (game, "score"):
            if choice == ALTERNATIVE:
                merged[ruling] = ALTERNATIVE
            else:
                merged.pop(ruling, None)
    out = {k: v for k, v in sheet.items() if k != "readings"}
    if merged:
        out["readings"] = merged
    return out
