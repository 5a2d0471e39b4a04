"""Each table's play state kept between taps: without it a tap replayed the whole log,
twice, and most of a replay was copying the whole state for every event (a flow now
copies only the fields an event changes, ``own`` in companion/flows/base.py).

A kept state is handed as it is to the next tap's ``apply``, which never changes its
input (tests/flows/test_held_state.py), so earlier states stay as they were.

A table's sequence number names exactly one log: an undone event's number is never given
again (companion/storage/store.py), and a rename leaves the log as it is (it names seats).
So the state after (table, last sequence number, flow config) never changes and can be
kept; the config is part of the key because it holds the names (a state holds them too,
so a renamed table's state is replayed, not taken from before) and the setup's choices.
A tap applies its one event to the kept state and keeps the result under the number the
store gave it; a log that changed in any other way (another phone, another process) is a
new key, replayed.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

from companion.flows import FlowState, PlayView, replay
from companion.flows.base import Flow

T = TypeVar("T")
KEPT = 64  # tables × recent numbers; a state is a few kB
_states: OrderedDict[tuple[str, int, str], FlowState] = OrderedDict()
# What is made from a kept state (the game's view of it) or from such a view (its words in
# a language), by the source's identity (the source is held with it, so its id is not
# given to another): after a change every phone on the table draws the same kept state,
# and what is made from it is the same for all of them.
_made: OrderedDict[tuple[int, Hashable], tuple[object, Any]] = OrderedDict()
_lock = threading.Lock()


def _key(table_id: str, seq: int, config: Mapping[str, Any]) -> tuple[str, int, str]:
    return table_id, seq, json.dumps(config, sort_keys=True, default=str, ensure_ascii=False)


def current(store: Any, game: str, config: Mapping[str, Any],
            table_id: str) -> tuple[FlowState, int]:
    """The table's state now and the last sequence number it is the state of. Only the
    number is read when the state is kept; else the log is read (with its number, in one
    read) and replayed once. ``FlowError`` as ``replay`` when the log cannot be
    replayed; ``KeyError`` for a table that is gone."""
    seq = store.last_seq(table_id)
    state = _kept(table_id, seq, config)
    if state is None:
        events, seq = store.log(table_id)
        state = _kept(table_id, seq, config)
        if state is None:
            state = replay(game, config, events)
            keep(config, table_id, seq, state)
    return state, seq


def _kept(table_id: str, seq: int, config: Mapping[str, Any]) -> FlowState | None:
    key = _key(table_id, seq, config)
    with _lock:
        state = _states.get(key)
        if state is not None:
            _states.move_to_end(key)
        return state


def keep(config: Mapping[str, Any], table_id: str, seq: int, state: FlowState) -> None:
    """Remember ``state`` as the table's state at ``seq`` (after a tap was saved)."""
    key = _key(table_id, seq, config)
    with _lock:
        _states[key] = state
        _states.move_to_end(key)
        while len(_states) > KEPT:
            _states.popitem(last=False)


def view(flow: Flow, state: FlowState) -> PlayView:
    """``flow.view(state)``, made once for a state however many phones draw it."""
    return once_for(state, "view", lambda: flow.view(state))


def once_for(source: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once for ``source`` (a kept state, a view) and ``key`` however
    many phones draw it. What is made is read, never changed, by the screens."""
    at = (id(source), key)
    with _lock:
        kept = _made.get(at)
        if kept is not None and kept[0] is source:
            _made.move_to_end(at)
            return kept[1]
    made = make()
    with _lock:
        _made[at] = (source, made)
        _made.move_to_end(at)
        while len(_made) > 2 * KEPT:  # a view, and its words in a language or two
            _made.popitem(last=False)
    return made
