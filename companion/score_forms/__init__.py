"""Per game: how its score sheet is entered on a phone.

Each module has ``empty_sheet(session, box_values) -> dict`` (the spec's sheet JSON with
nothing counted yet), ``player_controls(editor, index)`` (the fields of one player) and
``table_controls(editor)`` (fields for the whole table, e.g. Luna's Council order).
"""

from __future__ import annotations

import importlib
from types import ModuleType

FORMS = {
    "latria": "latria",
    "carpe_astra": "carpe_astra",
    "luna": "luna",
    "altar": "altar",
    "latoro": "latoro",
}


def form_for(game: str) -> ModuleType | None:
    name = FORMS.get(game)
    return importlib.import_module(f"companion.score_forms.{name}") if name else None


def prefill_changes(sheet: dict, prefill: dict) -> list[tuple[tuple, object]]:
    """What play already knows (a flow's ``score_prefill``) as field changes of the sheet
    (companion.store.SheetChange): per player by name, and any table-level keys (e.g.
    Altar's ``end``). Field by field, so what was entered on Score already stays: a list
    of objects that the sheet holds with the same length (Altar's Realms) is changed key
    by key, so a god's name typed on Score is kept when play gives the Shrines."""
    by_name = {p.get("name"): p for p in prefill.get("players", [])}
    changes: list[tuple[tuple, object]] = []
    for i, player in enumerate(sheet.get("players", [])):
        known = by_name.get(player.get("name"), {})
        for key, value in known.items():
            if key != "name":
                changes += _known(("players", i, key), player.get(key), value)
    changes += [((k,), v) for k, v in prefill.items() if k not in ("players", "game")]
    return changes


def _known(path: tuple, entered: object, known: object) -> list[tuple[tuple, object]]:
    """The changes that write ``known`` over ``entered`` at ``path``."""
    if (isinstance(entered, list) and isinstance(known, list) and len(entered) == len(known)
            and all(isinstance(x, dict) for x in (*entered, *known))):
        return [((*path, j, key), value)
                for j, item in enumerate(known) for key, value in item.items()]
    return [(path, known)]


def with_prefill(sheet: dict, prefill: dict) -> dict:
    """The sheet with ``prefill_changes`` written in."""
    from companion.sheet_changes import apply_change

    for path, value in prefill_changes(sheet, prefill):
        apply_change(sheet, path, value)
    return sheet


def field_label(labels: dict[str, str], where: str, names: list[str]) -> str | None:
    """What the screen calls the field a problem is at (``where``, e.g.
    ``players[1].realms[0].god``): the label of its control, or, when that player's form is
    not on screen, the label the same field has for the player shown (a player's fields
    are labelled alike, without their name). None when no control names it."""
    if where in labels:
        return labels[where]
    if not where.startswith("players[") or "]" not in where:
        return None
    rest = where[where.index("]"):]
    for path, label in labels.items():
        if (path.startswith("players[") and "]" in path and path[path.index("]"):] == rest
                and not any(name and name in label for name in names)):
            return label
    return None
