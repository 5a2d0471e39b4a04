"""What is in each game's box: the player counts, the variants, the sheets it is scored
on, and the printed numbers more than one package uses (Latria's hand size, the card
numbers in play), each stated once, in ``scorers/boxes/<game>.py``.

``GAME_IDS`` is the one list of games of the pure packages: ``scorers.sheets.GAME_MODULES``
and ``setup_guides.MODULES`` are made from it, and ``companion/catalog.py`` builds each
game's record from the same module (docs/DESIGN.md, "Where a game's knowledge lives").
A box module imports nothing, so the setup guides, the play flows and the catalog take
these facts from it without loading a scorer.

Each module has ``GAME`` (its id), ``NAME`` (the box's English name), ``PLAYER_COUNTS``,
``VARIANTS`` (player count → the variants allowed, the first the default), ``SHEETS`` (the
``"game"`` of each sheet its scorers read: ``scorers/<sheet>.py``) and ``POINTS`` (whether
the winner is decided by points).
"""

from __future__ import annotations

import importlib
from types import ModuleType

# The five games, in the order the app lists them (Home).
GAME_IDS = ("latria", "carpe_astra", "luna", "altar", "latoro")


def box(game: str) -> ModuleType:
    """The box module of ``game`` (one of ``GAME_IDS``)."""
    if game not in GAME_IDS:
        raise KeyError(game)
    return importlib.import_module(f"scorers.boxes.{game}")


def sheets() -> tuple[str, ...]:
    """Every sheet's ``"game"``, game by game (Latria's, then its campaign's, …)."""
    return tuple(sheet for game in GAME_IDS for sheet in box(game).SHEETS)


def player_range(module: ModuleType) -> tuple[int, int]:
    """The fewest and the most players of a box module's game."""
    return min(module.PLAYER_COUNTS), max(module.PLAYER_COUNTS)


def variant_ids(module: ModuleType) -> tuple[str, ...]:
    """Every variant of a box module's game once: those of the most players first (the
    game as most tables play it, then a solo game's levels).

    >>> from scorers.boxes import luna
    >>> variant_ids(luna)
    ('standard', 'preselected', 'solo1', 'solo2', 'solo3')
    """
    seen: dict[str, None] = {}
    for players in sorted(module.VARIANTS, reverse=True):
        seen.update(dict.fromkeys(module.VARIANTS[players]))
    return tuple(seen)
