"""Field-level changes of a score sheet, so phones editing one sheet merge, not overwrite.

A sheet is the score-sheet JSON (dicts, lists, numbers, strings). A change is a path into it
(as the score forms bind their controls, e.g. ``("players", 1, "support", "military")``)
and the new value there, or ``REMOVE`` to leave an optional key out.

A change may name the value it was made from (what the phone showed there): the store
then refuses it when the saved sheet holds another value there now (docs/DESIGN.md, "A
table shared by several phones": a tap is a change of what that phone saw).

What counts as one field (the same field entered on two phones without naming what it
was keeps the later entry):
- a key of an object, recursively;
- a player of the ``players`` list (and any list of objects that kept its length), by
  position, recursively;
- any other list as a whole: a pile of cards, an order of names. Changing such a list
  element by element could merge two phones' edits into one that neither made (two
  different swaps of the Council order would leave a name twice).

Pure: no flet, no I/O.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

Path = tuple[str | int, ...]
REMOVE: Any = type("Remove", (), {"__repr__": lambda self: "REMOVE"})()
SheetChange = tuple[Path, Any]


def _by_position(before: Any, after: Any) -> bool:
    """Lists compared element by element: same length, objects on both sides."""
    return (len(before) == len(after) and bool(before)
            and all(isinstance(x, dict) for x in before)
            and all(isinstance(x, dict) for x in after))


def diff(before: Any, after: Any, path: Path = ()) -> list[SheetChange]:
    """The changes that turn ``before`` into ``after`` (``apply_all(before, ...)``)."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[SheetChange] = []
        for key in before:
            if key not in after:
                changes.append(((*path, key), REMOVE))
        for key, value in after.items():
            if key not in before:
                changes.append(((*path, key), copy.deepcopy(value)))
            else:
                changes += diff(before[key], value, (*path, key))
        return changes
    if isinstance(before, list) and isinstance(after, list) and _by_position(before, after):
        changes = []
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            changes += diff(old, new, (*path, i))
        return changes
    if before == after and type(before) is type(after):
        return []
    if not path:
        raise ValueError("a sheet is an object")
    return [(path, copy.deepcopy(after))]


def value_at(sheet: Any, path: Sequence[str | int]) -> Any:
    """The value at ``path`` in ``sheet`` (a copy), or ``REMOVE`` when there is none."""
    node: Any = sheet
    for key in path:
        if isinstance(key, str) and isinstance(node, dict) and key in node:
            node = node[key]
        elif (isinstance(key, int) and not isinstance(key, bool) and isinstance(node, list)
              and 0 <= key < len(node)):
            node = node[key]
        else:
            return REMOVE
    return copy.deepcopy(node)


def same(a: Any, b: Any) -> bool:
    """The same value as a sheet holds it (True is not 1; ``REMOVE`` is only itself)."""
    return not diff({"v": a}, {"v": b})


def apply_change(sheet: dict[str, Any], path: Sequence[str | int], value: Any) -> bool:
    """Set (or with REMOVE, leave out) the value at ``path`` in ``sheet``, making the
    objects on the way. False, changing nothing, when the path runs through something
    that is not there (a player index past the list, a number where an object was)."""
    if not path:
        return False
    node: Any = sheet
    for key in path[:-1]:
        if isinstance(key, str) and isinstance(node, dict):
            nxt = node.get(key)
            if nxt is None:
                if value is REMOVE:
                    return True  # nothing there to leave out
                nxt = node[key] = {}
            node = nxt
        elif (isinstance(key, int) and not isinstance(key, bool) and isinstance(node, list)
              and 0 <= key < len(node)):
            node = node[key]
        else:
            return False
    last = path[-1]
    if isinstance(last, str) and isinstance(node, dict):
        if value is REMOVE:
            node.pop(last, None)
        else:
            node[last] = value
        return True
    if (isinstance(last, int) and not isinstance(last, bool) and isinstance(node, list)
            and 0 <= last < len(node) and value is not REMOVE):
        node[last] = value  # a list keeps its places (players)
        return True
    return False


def sync_into(target: Any, source: Any) -> Any:
    """Make ``target`` equal to ``source`` in place, keeping the objects and lists that
    are still there (the score forms hold on to a player's dict or a pile's list)."""
    if isinstance(target, dict) and isinstance(source, dict):
        for key in [k for k in target if k not in source]:
            del target[key]
        for key, value in source.items():
            if key in target and _same_kind(target[key], value):
                target[key] = sync_into(target[key], value)
            else:
                target[key] = copy.deepcopy(value)
        return target
    if isinstance(target, list) and isinstance(source, list):
        if len(target) == len(source):
            for i, value in enumerate(source):
                target[i] = (sync_into(target[i], value) if _same_kind(target[i], value)
                             else copy.deepcopy(value))
        else:
            target[:] = copy.deepcopy(source)
        return target
    return copy.deepcopy(source)


def _same_kind(a: Any, b: Any) -> bool:
    return (isinstance(a, dict) and isinstance(b, dict)) or (
        isinstance(a, list) and isinstance(b, list))
