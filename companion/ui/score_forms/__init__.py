"""Per game: how its score sheet is entered on a phone.

Each module has ``empty_sheet(session, box_values, setup) -> dict`` (the score-sheet JSON
with nothing counted yet), ``player_controls(editor, index)`` (the fields of one player)
and ``table_controls(editor)`` (fields for the whole table, e.g. Luna's Council order).
``setup`` is the table's setup as the setup guide's JSON (None before it has a seed),
which Carpe Astra's characters and Luna's Council start from: the screens' models work it
out (companion/screens/score.py ``blank_sheet``), so that a form only draws.

What Play tracked reaches the sheet through companion/screens/play_to_score.py.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from companion.catalog import GAMES

# game id → its score form's module, as the catalog record names it (imported when a
# Score screen first needs it)
FORMS = {game.id: game.score_form for game in GAMES.values()}


def form_for(game: str) -> ModuleType | None:
    name = FORMS.get(game)
    return importlib.import_module(name) if name else None


def empty_sheet(session, box_values: dict, setup: dict | None) -> dict | None:
    """The sheet the Score screen shows before anything is entered (every entry 0), or
    None for a game with no form."""
    form = form_for(session.game)
    return form.empty_sheet(session, box_values, setup) if form is not None else None
