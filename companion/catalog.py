"""The five games the app knows: id, names, player range and variants.

Data only; the screens render whatever is declared here. Labels are message-catalog keys.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    id: str
    label: str  # message key
    players: tuple[int, ...] | None = None  # None: every count the game has


@dataclass(frozen=True)
class Game:
    id: str
    name: str  # message key
    min_players: int
    max_players: int
    variants: tuple[Variant, ...]
    rulebook: str  # file in seeds/
    native_name: str = ""  # shown beside the name (Latoro: ラトーロ)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def variants_for(self, players: int) -> list[Variant]:
        return [v for v in self.variants if v.players is None or players in v.players]

    def variant(self, variant_id: str) -> Variant:
        return next(v for v in self.variants if v.id == variant_id)


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        # Latria, Game Setup and Extension Rules: 3–6 players; simple, star eclipse, campaign
        Game(
            "latria", "game.latria", 3, 6,
            (
                Variant("standard", "variant.standard"),
                Variant("simple", "variant.latria.simple"),
                Variant("star_eclipse", "variant.latria.star_eclipse"),
                Variant("campaign", "variant.latria.campaign"),
            ),
            "000_fa82990554f63f12.txt",
        ),
        # Carpe Astra: 2–4 players; the advanced game
        Game(
            "carpe_astra", "game.carpe_astra", 2, 4,
            (Variant("standard", "variant.standard"),
             Variant("advanced", "variant.carpe_astra.advanced")),
            "001_0024dcda2c461955.txt",
        ),
        # Luna: 2–4 players, preselected setup; solo rules with three levels for 1 player
        Game(
            "luna", "game.luna", 1, 4,
            (
                Variant("standard", "variant.standard", (2, 3, 4)),
                Variant("preselected", "variant.luna.preselected", (2, 3, 4)),
                Variant("solo1", "variant.luna.solo1", (1,)),
                Variant("solo2", "variant.luna.solo2", (1,)),
                Variant("solo3", "variant.luna.solo3", (1,)),
            ),
            "002_127c424ddd4c3ef4.txt",
        ),
        # Altar: Realms of the Gods: 2–5 players (2 players: two realms each)
        Game("altar", "game.altar", 2, 5, (Variant("standard", "variant.standard"),),
             "003_563a4ead36616b5c.txt"),
        # Latoro (ラトーロ): 2–4 players
        Game("latoro", "game.latoro", 2, 4, (Variant("standard", "variant.standard"),),
             "004_452c00d70235e76d.txt", native_name="ラトーロ"),
    )
}
