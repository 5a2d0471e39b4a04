"""What a Altar: Realms of the Gods score sheet may hold, as pydantic checks it (the scoring and the
game's own checks: ``scorers/altar.py``; the sheet: docs/score-sheets.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt

from scorers.sheet_models.base import Model


class Realm(Model):
    # Optional: the gods are not in the text (AL-6); a Realm without one is named by its
    # player ("Realm 1"). Missing, null or blank all mean "not named".
    god: str | None = None
    shrines: StrictInt
    active_altars: StrictInt


class Player(Model):
    name: str
    last_shrine_turn: StrictInt | None = None
    # When another player's last Shrine came in the same turn (a card's ability can place
    # one on another player's Realm): this one's place among that turn's Shrines, 1 for
    # the first placed (AL-2, AL-3). Left out on sheets saved before it existed.
    last_shrine_order: StrictInt | None = None
    realms: list[Realm]


class Sheet(Model):
    game: Literal["altar"]
    end: Literal["realm_completed", "shrines_depleted", "deck_exhausted"]
    players: list[Player]
    # The player a god's or follower's ability makes the winner, as the table read it off
    # the cards (AL-3), and which ability that was (optional, free text).
    ability_winner: str | None = None
    ability: str | None = None
