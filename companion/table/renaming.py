"""Renaming players of a saved table: the same new names everywhere a table keeps them.

A table names its players in its players list, and by name in its play log and its
score sheet (companion/flows/*.py, "Events"; docs/score-sheets.md). A rename rewrites
all of them together (``Store.edit_players`` does it in one transaction), so the log
replays to the same game with the new names and the sheet still matches the table.

Where events name players (the flows' own words for their events):
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

from collections.abc import Iterable, Mapping
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


def rename_event(event: Mapping[str, Any], mapping: Mapping[str, str]) -> dict[str, Any]:
    """``event`` with each old name in ``mapping`` replaced by its new one (a copy)."""
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key in NAME_VALUES:
            value = _name(value, mapping)
        elif key in NAME_KEYED and isinstance(value, Mapping):
            value = {_name(k, mapping): v for k, v in value.items()}
        elif key in NAME_LISTS and isinstance(value, list):
            value = [_name(v, mapping) for v in value]
        out[key] = value
    return out


def rename_events(events: Iterable[Mapping[str, Any]],
                  mapping: Mapping[str, str]) -> list[dict[str, Any]]:
    return [rename_event(e, mapping) for e in events]


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
