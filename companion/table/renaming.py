"""Renaming players of a saved table, and the play logs saved when events named players.

A table names its players in its players list and in its score sheet (docs/score-sheets.md);
its play log names them by seat (companion/flows/base.py ``seat``). A rename changes the
players list and the sheet together (``Store.edit_players``, one transaction), and never
the log: it replays to the same game with the new names.

Logs saved before events named seats named players; ``seated_events`` rewrites one in seats
(the store's migration to schema 7 and the import of an older backup use it). Where those
events named players (the flows' own words for their events):
- a value: ``{"player": "Ann"}`` (start, next, council, influence, resources, convert),
  ``{"taker": …}`` (Latria, acquire), ``{"victim": …}`` (Carpe Astra, slander);
- the keys of a group, one entry per player: Latria's ``suits``, ``numbers``,
  ``printed``, ``kept``; Carpe Astra's ``characters``; Luna's ``priestess``,
  ``apostate``, ``temple`` and ``changes``; Latoro's ``black``, ``white``, ``brown``;
- a list: Luna's ``council_order``.
Nothing else in an event is a name (bodies, suits, guilds and Realms are not), so only
these places change: a player called "moon" stays apart from the Moon.

Pure: no flet, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.catalog import GAMES

# Every game's keys together (each game's catalog record names its own: companion/catalog.py
# ``names``): a key of one game means nothing in another's events.
NAME_VALUES = frozenset(k for g in GAMES.values() for k in g.names.values)
NAME_KEYED = frozenset(k for g in GAMES.values() for k in g.names.keyed)
NAME_LISTS = frozenset(k for g in GAMES.values() for k in g.names.lists)
SHEET_NAME_VALUES = frozenset(k for g in GAMES.values() for k in g.names.sheet_values)


def _name(value: Any, mapping: Mapping[str, str]) -> Any:
    return mapping.get(value, value) if isinstance(value, str) else value


def seated_event(event: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """``event`` as saved when events named players, naming them by seat instead (a copy):
    a value or a list item becomes the seat (1…n), a group's key the seat as text.
    ``seats`` are the names in seat order (the flow's players: Luna's solo opponent is
    seat 2). A name not at the table is left as it was, so the flow still refuses it."""
    numbers = {name: i + 1 for i, name in enumerate(seats)}

    def value(v: Any) -> Any:
        return numbers.get(v, v) if isinstance(v, str) else v

    out: dict[str, Any] = {}
    for key, v in event.items():
        if key in NAME_VALUES:
            v = value(v)
        elif key in NAME_KEYED and isinstance(v, Mapping):
            v = {str(numbers[k]) if k in numbers else k: x for k, x in v.items()}
        elif key in NAME_LISTS and isinstance(v, list):
            v = [value(x) for x in v]
        out[key] = v
    return out


def seated_events(events: Iterable[Mapping[str, Any]],
                  seats: Sequence[str]) -> list[dict[str, Any]]:
    return [seated_event(e, seats) for e in events]


def seat_names(game: str, variant: str, players: Sequence[str]) -> list[str]:
    """The names a game's events count seats over: the table's players, and the players
    its flow adds (Luna's solo opponent); the players as they are when the flow refuses
    the table."""
    from companion.flows import FLOWS, FlowError

    flow = FLOWS.get(game)
    if flow is None:
        return list(players)
    try:
        return list(flow.initial({"players": list(players), "variant": variant}).players)
    except FlowError:
        return list(players)


def rename_sheet(sheet: Mapping[str, Any] | None,
                 mapping: Mapping[str, str]) -> dict[str, Any] | None:
    """A score sheet with the players renamed: each player's ``name``, Luna's
    ``council_order`` and Altar's ``ability_winner`` (a copy)."""
    if sheet is None:
        return None
    out = dict(sheet)
    players = out.get("players")
    if isinstance(players, list):
        out["players"] = [
            {**p, "name": _name(p.get("name"), mapping)} if isinstance(p, Mapping) else p
            for p in players]
    for key in NAME_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [_name(v, mapping) for v in out[key]]
    for key in SHEET_NAME_VALUES:
        if key in out:
            out[key] = _name(out[key], mapping)
    return out


def renames(old: list[str], seats: list[tuple[int, str]]) -> dict[str, str]:
    """The names that change: ``seats`` gives, seat by seat, the old seat and the new
    name (``[(1, "Ben"), (0, "Annie")]``: Ben moves to seat 1, Ann becomes Annie)."""
    return {old[i]: new for i, new in seats if old[i] != new}
