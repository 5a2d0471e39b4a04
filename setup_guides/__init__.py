"""Setup checklists for the five games: ``(game, players, variant, seed) → Setup``.

Pure Python, no flet. The interface is docs/setup-guides.md:

- ``SETUP_VARIANTS``: game id → {player count: allowed variants}, the first variant the default;
- ``make_setup(game, players, variant=None, seed=None) -> Setup``, raising ``SetupError``
  (a ``ValueError``) whose message names the allowed games, counts, variants or seeds;
- ``draws(setup)``: what was drawn from the seed, readable, e.g.
  ``[("Start player", "Seat 2"), ("Seat 1", "Admiral Ch'un (red, Military)")]``;
- ``Setup.to_json_dict()``: the JSON of docs/setup-guides.md.

The same seed gives the same setup on every machine; without one a seed is drawn (and
is part of the setup, so a table can share it).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from types import ModuleType

from scorers.boxes import GAME_IDS
from scorers.limits import quote
from scorers.messages import Msg
from scorers.readings import chosen, setting_out
from setup_guides.base import MAX_SEED, Setup, SetupError, Step

__all__ = [
    "SETUP_VARIANTS",
    "GAME_NAMES",
    "MAX_SEED",
    "Setup",
    "SetupError",
    "Step",
    "default_variant",
    "draws",
    "make_setup",
    "new_seed",
]

# game id → its module ``setup_guides/<game>.py``: one per game of the pure packages' one
# list (scorers/boxes/__init__.py)
MODULES: dict[str, ModuleType] = {
    game: importlib.import_module(f"setup_guides.{game}") for game in GAME_IDS
}

# game id → {player count: allowed variants (the first is the default)}
SETUP_VARIANTS: dict[str, dict[int, tuple[str, ...]]] = {
    game: dict(module.VARIANTS) for game, module in MODULES.items()
}

# game id → the game's name as printed (a ``Msg``: "ラトリア・オーパス" in Japanese)
GAME_NAMES: dict[str, str] = {game: module.NAME for game, module in MODULES.items()}


def _counts(game: str) -> str:
    counts = sorted(SETUP_VARIANTS[game])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def check_game(game: object) -> str:
    if not isinstance(game, str) or game not in SETUP_VARIANTS:
        raise SetupError(Msg("setup.common.error.game", game=quote(game),
                             games=", ".join(SETUP_VARIANTS)))
    return game


def check_players(game: str, players: object) -> int:
    if (isinstance(players, bool) or not isinstance(players, int)
            or players not in SETUP_VARIANTS[game]):
        raise SetupError(Msg("setup.common.error.players", game=game, players=quote(players),
                             counts=_counts(game)))
    return players


def default_variant(game: str, players: int) -> str:
    """The variant used when none is given: the first one allowed for this count."""
    return SETUP_VARIANTS[check_game(game)][check_players(game, players)][0]


def check_variant(game: str, players: int, variant: object) -> str:
    allowed = SETUP_VARIANTS[game][players]
    if variant is None:
        return allowed[0]
    if not isinstance(variant, str) or variant not in allowed:
        raise SetupError(Msg("setup.common.error.variant", game=game, count=players,
                             variant=quote(variant), variants=", ".join(allowed)))
    return variant


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SetupError(Msg("setup.common.error.seed", max=MAX_SEED, seed=quote(seed)))
    return seed


def new_seed() -> int:
    """A fresh seed for a table that gave none (short, so it is easy to share)."""
    return random.SystemRandom().randrange(10**6)


def check_campaign(game: str, players: int, variant: str, campaign_game: object,
                   first_parent: object) -> dict[str, int]:
    """The Latria campaign's options, checked: which game of the series (1…N) and game 1's
    starting parent (a seat 1…N)."""
    options: dict[str, int] = {}
    for key, value, only, bounds in (
            ("campaign_game", campaign_game, "setup.latria.error.campaign_game_only",
             "setup.latria.error.campaign_game_range"),
            ("first_parent", first_parent, "setup.latria.error.first_parent_only",
             "setup.latria.error.first_parent_range")):
        if value is None:
            continue
        if variant != "campaign":  # (Latria's: the one game with a campaign)
            raise SetupError(Msg(only))
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
            # Latria, Extension Rules 3: as many games as players, each player parent once
            raise SetupError(Msg(bounds, players=players, value=repr(value)))
        options[key] = value
    if "first_parent" in options and options.get("campaign_game", 1) < 2:
        raise SetupError(Msg("setup.latria.error.first_parent_game_1"))
    return options


def make_setup(
    game: str, players: int, variant: str | None = None, seed: int | None = None, *,
    campaign_game: int | None = None, first_parent: int | None = None,
    characters: list[str] | None = None, readings: Mapping[str, str] | None = None,
) -> Setup:
    """The setup of ``game`` for ``players`` in ``variant`` (default: the game's first
    variant for that count), with its draws made from ``seed`` (default: a new seed).

    Latria campaign only: ``campaign_game`` (2…N: a later game, whose starting parent
    follows game 1's) and ``first_parent`` (game 1's starting parent, by default the seat
    drawn from the seed). Carpe Astra only: ``characters``, one per seat, chosen at the
    table instead of the draw. ``readings``: the table's own readings (scorers/readings.py);
    those that change what is set out (``SETS_OUT``: Carpe Astra's C-1) are followed, the
    others concern Play or Score only."""
    game = check_game(game)
    players = check_players(game, players)
    variant = check_variant(game, players, variant)
    seed = new_seed() if seed is None else check_seed(seed)
    options: dict = check_campaign(game, players, variant, campaign_game, first_parent)
    if characters is not None:
        if "characters" not in MODULES[game].TABLE_CHOICES:
            raise SetupError(Msg("setup.carpe_astra.error.characters_only"))
        options["characters"] = characters
    if chosen(setting_out(readings, game), "C-1"):  # C-1's other reading (Carpe Astra)
        options["other_reading"] = True
    return MODULES[game].build(players, variant, seed, **options)


def draws(setup: Setup) -> list[tuple[str, str]]:
    """The assignments drawn from the seed, as (label, value) rows for display."""
    return setup.draws()
