"""Play flows: each game's rounds, phases and steps, and the markers kept beside the board.

Pure (no flet, no I/O, no randomness). A session is ``config`` plus a list of events; its
state is the fold of the events over ``initial(config)``. Undo = drop the last event and
``replay``; resuming after a restart = ``replay``. See ``base`` for the types the Play
screen renders (``PlayView``, ``Action``, ``Field``, ``Marker``) and ``build_event``.

    from companion.flows import FLOWS, replay
    flow = FLOWS["luna"]
    state = replay("luna", config, events)
    view = flow.view(state)            # what to show
    event = build_event(view.actions[0], {"player": 1})   # seat 1: the first player
    state = flow.apply(state, event)   # FlowError: show the message, do not record
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from companion.catalog import GAMES

from .base import (
    NOT_PICKED,
    Action,
    Field,
    Flow,
    FlowError,
    FlowState,
    Marker,
    PlayView,
    Section,
    build_event,
    message,
    seat,
    seat_key,
)
from .i18n import Msg

# game id → its flow: the module each catalog record names (companion/catalog.py)
FLOWS: dict[str, Flow] = {
    game.id: importlib.import_module(game.flow).FLOW for game in GAMES.values()
}


def get_flow(game: str) -> Flow:
    try:
        return FLOWS[game]
    except KeyError:
        raise FlowError(Msg("flow.base.no_flow", game=game)) from None


def replay(game: str, config: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> FlowState:
    """The state after ``events`` (the fold of ``apply`` over ``initial(config)``).

    An event the flow refuses raises ``FlowError`` naming its place in the log (a log
    only ever holds events that were accepted, so this means the log was damaged).
    """
    flow = get_flow(game)
    state = flow.initial(config)
    for number, event in enumerate(events, start=1):
        try:
            state = flow.apply(state, event)
        except FlowError as err:
            raise FlowError(Msg("flow.base.replay_failed", number=number,
                                error=message(err))) from err
    return state


def load_state(game: str, data: Mapping[str, Any]) -> FlowState:
    """A state from its JSON form (``state.model_dump(mode="json")``)."""
    return get_flow(game).state_model.model_validate(data)


__all__ = [
    "FLOWS", "NOT_PICKED", "Action", "Field", "Flow", "FlowError", "FlowState", "Marker",
    "PlayView", "Section", "build_event", "get_flow", "load_state", "message", "replay",
    "seat", "seat_key",
]
