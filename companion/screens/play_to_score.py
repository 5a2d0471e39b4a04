"""What Play tracked, into the table's saved score sheet, in plain Python: which fields
Play's knowledge changes (``play_changes``, pure) and writing them (``follow_play``),
whenever Score is built, when a Score screen hears another phone's Play, and by Play's
last button (companion/ui/views/score.py, companion/ui/views/play.py).

The game's empty score form is handed in (``empty_sheet``): the forms draw with flet."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from companion.catalog import GAMES
from companion.engine import Outcome, Saved
from companion.flows import FLOWS, FlowError
from companion.screens.score import EmptySheet, blank_sheet
from companion.sheet_changes import REMOVE, SheetChange
from companion.table.play_state import current
from companion.table.record import TableSession
from companion.table.setup import flow_config


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def box_values(self, game: str) -> dict[str, Any]: ...
    def last_seq(self, table_id: str) -> int: ...
    def log(self, table_id: str) -> tuple[list[dict], int]: ...
    # a later Latria campaign game's setup follows game 1 (companion.table.campaign)
    def series(self, series_id: str) -> list[TableSession]: ...
    def events(self, table_id: str) -> list[dict]: ...


class Changes(Protocol):
    def follow_play(self, table_id: str,
                    changes_for: Callable[[dict[str, Any], list[Any]],
                                          tuple[list[SheetChange], list[Any]]],
                    base: dict[str, Any]) -> Outcome: ...


MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()
Written = list[list[Any]]  # what Play wrote into a sheet: [[path as a list, value], …]


def play_changes(sheet: dict, empty: dict, prefill: dict,
                 written: Written) -> tuple[list[SheetChange], Written]:
    """What Play's knowledge (a flow's ``score_prefill``) changes in the saved ``sheet``,
    and the record of what Play has then written into it (kept with the table).

    A field follows Play while it still holds what Play last wrote there (``written``),
    or, where Play never wrote, what the ``empty`` sheet holds there: nobody entered it
    on Score. A field that holds anything else was entered on Score and stays as entered:
    Play moving on changes neither it nor its record. A field Play no longer gives (a
    tap taken back) goes back to the empty sheet's value, unless it was entered.

    Fields are those of companion/sheet_changes.py: a key of an object, a player (by
    name) and a list of objects that keeps its length (Altar's Realms) by position, any
    other list as a whole (Luna's Council order). Pure; no change when nothing differs,
    so opening Score writes nothing then."""
    before = _record(written)
    after = dict(before)
    known = dict(_leaves_of(sheet, prefill))
    changes: list[SheetChange] = []
    for path, value in known.items():
        now = _at(sheet, path)
        if not _same(now, before.get(path, _at(empty, path))):
            continue  # entered on Score
        after[path] = value
        if not _same(now, value):
            changes.append((path, copy.deepcopy(value)))
    for path, value in before.items():
        now = _at(sheet, path)
        if path in known or not _same(now, value):
            continue
        del after[path]  # Play took it back: the field as nobody had entered it
        blank = _at(empty, path)
        if not _same(now, blank):
            changes.append((path, REMOVE if blank is MISSING else copy.deepcopy(blank)))
    return changes, [[list(path), value] for path, value in after.items()]


def _leaves_of(sheet: dict, prefill: dict) -> Iterator[tuple[tuple, Any]]:
    """(path, value) for each field of the prefill, placed in ``sheet``: a player's by
    the index of the player of that name (a name the sheet lacks is left out)."""
    index = {p.get("name"): i for i, p in enumerate(sheet.get("players", []))
             if isinstance(p, dict)}
    for player in prefill.get("players", []):
        if player.get("name") in index:
            i = index[player["name"]]
            for key, value in player.items():
                if key != "name":
                    yield from _leaves(("players", i, key), value, sheet)
    for key, value in prefill.items():
        if key not in ("players", "game"):
            yield from _leaves((key,), value, sheet)


def _leaves(path: tuple, value: Any, sheet: dict) -> Iterator[tuple[tuple, Any]]:
    there = _at(sheet, path)
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves((*path, key), item, sheet)
    elif (isinstance(value, list) and isinstance(there, list) and len(value) == len(there)
          and value and all(isinstance(x, dict) for x in (*value, *there))):
        for j, item in enumerate(value):
            yield from _leaves((*path, j), item, sheet)
    else:
        yield path, value


def _at(sheet: Any, path: tuple) -> Any:
    node = sheet
    for key in path:
        if isinstance(node, dict) and isinstance(key, str) and key in node:
            node = node[key]
        elif (isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool)
              and 0 <= key < len(node)):
            node = node[key]
        else:
            return MISSING
    return node


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (True is not 1)."""
    if a is MISSING or b is MISSING:
        return a is b
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True,
                                                                     default=str)


def _record(written: Any) -> dict[tuple, Any]:
    """The saved record as path → value; anything else in it (a damaged row) is left out."""
    out: dict[tuple, Any] = {}
    for pair in written if isinstance(written, list) else []:
        if (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], list)
                and pair[0] and all(isinstance(k, str) or (isinstance(k, int)
                                                           and not isinstance(k, bool))
                                    for k in pair[0])):
            out[tuple(pair[0])] = pair[1]
    return out


def follow_play(reads: Reads, engine: Changes, session: TableSession,
                empty_sheet: EmptySheet, finished_too: bool = False) -> TableSession:
    """Write what Play tracked into the table's saved sheet (``play_changes``) and tell
    the other phones; returns the table as saved then. Nothing is written when nothing
    changed, before Play's first tap, on read-only data, or, unless ``finished_too``,
    for a finished play (its Results were shown from the sheet as it is: opening its
    Score does not change them). ``empty_sheet``: the game's score form (the view's)."""
    game, flow = GAMES.get(session.game), FLOWS.get(session.game)
    if (game is None or not game.score_form or flow is None
            or (session.status == "finished" and not finished_too)):
        return session
    try:
        state, seq = current(reads, session.game, flow_config(session, reads), session.id)
    except (FlowError, KeyError):  # a log the game refuses: Play says so; a table gone
        return session
    if seq == 0 and not session.score_prefilled:
        return session  # Play has tracked nothing
    prefill = flow.score_prefill(state)
    empty = blank_sheet(empty_sheet, session, reads.box_values(session.game))
    if empty is None:
        return session
    changes, _ = play_changes(session.score_sheet or empty, empty, prefill,
                              session.score_prefilled)
    if not changes:
        return session
    outcome = engine.follow_play(
        session.id, lambda sheet, written: play_changes(sheet, empty, prefill, written),
        base=empty)
    if not isinstance(outcome, Saved):  # read-only, a value no sheet can hold, a table gone
        return session
    return reads.get_table(session.id) or session
