"""The five games the app knows, one record each: everything the app needs of a game.

Data only; the screens render whatever is declared here. Labels are message-catalog keys.
Each record names the game's parts by module (``companion.flows.latria``, …) rather than
importing them: this module is the lowest layer (nothing of it may import a flow or a
screen), and the app imports a game's screens only when they are opened. The registries
that need a part resolve it from here (``flows.FLOWS``, ``ui.score_forms.FORMS``, …).

What the box decides (player counts, variants, the sheets it is scored on, whether the
winner is decided by points) is read from the pure packages' box module,
``scorers/boxes/<game>.py``, so it is stated once for the setup guide, the flow, the
scorer and the app (docs/DESIGN.md, "Where a game's knowledge lives").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

from scorers import boxes


@dataclass(frozen=True)
class Variant:
    id: str
    label: str  # message key
    players: tuple[int, ...] | None = None  # None: every count the game has


@dataclass(frozen=True)
class Reading:
    """A switchable reading (scorers/readings.py ``SWITCHABLE``) of this game, and the
    tables it can matter at (its Rulings screen offers it there only)."""

    ruling: str  # docs/RULINGS.md id
    variants: tuple[str, ...] | None = None  # None: every variant
    players: tuple[int, ...] | None = None  # None: every count
    not_variants: tuple[str, ...] = ()  # variants it cannot matter in

    def applies(self, variant: str, players: int) -> bool:
        return ((self.variants is None or variant in self.variants)
                and variant not in self.not_variants
                and (self.players is None or players in self.players))


@dataclass(frozen=True)
class Names:
    """The keys that hold a player: in an event a value, the keys of a group (one entry per
    player) or a list, each a seat (they held names in logs saved before: table/renaming.py
    puts those in seats); in the score sheet a value holding a name (``lists`` hold names
    in the sheet too; a rename renames them)."""

    values: tuple[str, ...] = ("player",)
    keyed: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    sheet_values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    id: str
    name: str  # message key
    min_players: int
    max_players: int
    variants: tuple[Variant, ...]
    rulebook: str  # file in seeds/
    native_name: str = ""  # shown beside the name (Latoro: ラトーロ)
    rulebook_language: str = "en"  # the language its rulebook is written in
    # the game's name where a rule is quoted ("(Altar, End of the game)" in RULINGS.md)
    source_name: str = ""
    # The parts, by dotted module name (each resolved by the registry that uses it).
    flow: str = ""  # companion/flows/<game>.py: its ``FLOW``
    score_form: str = ""  # companion/ui/score_forms/<game>.py
    setup_guide: str = ""  # setup_guides/<game>.py
    box: str = ""  # scorers/boxes/<game>.py
    sheets: tuple[str, ...] = ()  # the "game" of each sheet: scorers/<sheet>.py scores it
    # docs/RULINGS.md: the id prefix of this game's scoring entries → what they read
    # ("score", or "campaign" for Latria's LC-); setup (S-) and play (P-) entries are
    # every game's and name theirs in the entry.
    ruling_prefixes: tuple[tuple[str, str], ...] = ()
    readings: tuple[Reading, ...] = ()
    # Stats: whether a total is a score to average and chart; each breakdown line names
    # its category itself (scorers.base.Line.category).
    points: bool = True
    # Stats: a pile whose cards take points from each player's total (Latria's eclipse
    # pile, Scoring step 2), counted on its own: what it cost per play (the scorer's
    # ``eclipse`` of each player's result).
    eclipse_pile: bool = False
    names: Names = field(default_factory=Names)
    # The player count New table opens at (None: the fewest; two for a game with a solo
    # mode, as a table of one is rare).
    first_count: int | None = None
    # A player can win by a card's ability, which the table records on Results (Altar,
    # ruling AL-3: the rulebook defers to the ability).
    ability_wins: bool = False

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def scorers(self) -> tuple[str, ...]:
        """The scorer's module of each of its sheets."""
        return tuple(f"scorers.{sheet}" for sheet in self.sheets)

    @property
    def opening_count(self) -> int:
        """The player count New table opens at."""
        if self.first_count is not None:
            return self.first_count
        return self.min_players if self.min_players > 1 else min(2, self.max_players)

    def variants_for(self, players: int) -> list[Variant]:
        return [v for v in self.variants if v.players is None or players in v.players]

    def variant(self, variant_id: str) -> Variant:
        return next(v for v in self.variants if v.id == variant_id)

    def reading(self, ruling: str) -> Reading | None:
        return next((r for r in self.readings if r.ruling == ruling), None)


def _variants(game: str, box: ModuleType) -> tuple[Variant, ...]:
    """The box's variants, each with the counts it is played with (None: all of them) and
    its label: ``variant.standard``, else ``variant.<game>.<id>``."""
    every = tuple(box.PLAYER_COUNTS)
    out = []
    for variant in boxes.variant_ids(box):
        counts = tuple(n for n in every if variant in box.VARIANTS[n])
        label = "variant.standard" if variant == "standard" else f"variant.{game}.{variant}"
        out.append(Variant(variant, label, None if counts == every else counts))
    return tuple(out)


def _game(game: str, rulebook: str, source_name: str, **parts) -> Game:
    box = boxes.box(game)
    lo, hi = boxes.player_range(box)
    return Game(
        game, f"game.{game}", lo, hi, _variants(game, box), rulebook,
        source_name=source_name,
        flow=f"companion.flows.{game}", score_form=f"companion.ui.score_forms.{game}",
        setup_guide=f"setup_guides.{game}", box=box.__name__, sheets=tuple(box.SHEETS),
        points=box.POINTS, **parts)


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        # Latria, Game Setup and Extension Rules: 3–6 players; simple, star eclipse, campaign
        _game(
            "latria", "000_fa82990554f63f12.txt", "Latria",
            ruling_prefixes=(("L", "score"), ("LC", "campaign")),
            readings=(
                Reading("LC-1", variants=("campaign",)),
                # Extension Rules 1: the Simple variant takes the two-red-symbols card out
                Reading("L-3", not_variants=("simple",)),
                Reading("P-1", variants=("simple",)),
            ),
            names=Names(values=("player", "taker"),
                        keyed=("suits", "numbers", "printed", "kept")),
            eclipse_pile=True,
        ),
        # Carpe Astra: 2–4 players; the advanced game
        _game(
            "carpe_astra", "001_0024dcda2c461955.txt", "Carpe Astra",
            ruling_prefixes=(("C", "score"),),
            readings=(Reading("C-1", players=(3,)),),
            names=Names(values=("player", "victim"), keyed=("characters",)),
        ),
        # Luna: 2–4 players, preselected setup; solo rules with three levels for 1 player
        _game(
            "luna", "002_127c424ddd4c3ef4.txt", "Luna",
            ruling_prefixes=(("LU", "score"),),
            readings=(Reading("P-11"),),
            names=Names(keyed=("priestess", "apostate", "temple", "changes"),
                        lists=("council_order",)),
            first_count=4,  # the most Luna seats
        ),
        # Altar: Realms of the Gods: 2–5 players (2 players: two realms each)
        _game(
            "altar", "003_563a4ead36616b5c.txt", "Altar",
            ruling_prefixes=(("AL", "score"),),
            readings=(Reading("P-14", players=(2,)),),
            names=Names(sheet_values=("ability_winner",)),  # who won by an ability
            ability_wins=True,
        ),
        # Latoro (ラトーロ): 2–4 players
        _game(
            "latoro", "004_452c00d70235e76d.txt", "Latoro", native_name="ラトーロ",
            rulebook_language="ja",
            ruling_prefixes=(("LT", "score"),),
            names=Names(keyed=("black", "white", "brown")),
        ),
    )
}
