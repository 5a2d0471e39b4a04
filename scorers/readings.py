"""The table's own readings: where the rulebook's text allows two readings that change a
score or a winner, the table may choose the other one (docs/RULINGS.md, "The other
reading"; docs/score-sheets.md, "readings").

A sheet may carry ``"readings": {"LC-1": "alternative"}``; a ruling left out, or given as
``"documented"``, is the documented reading. ``SWITCHABLE`` names, per ruling, the game
whose scorer or play flow applies it; a scorer accepts only its own game's rulings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from scorers.messages import Msg

DOCUMENTED = "documented"
ALTERNATIVE = "alternative"
Choice = Literal["documented", "alternative"]

# ruling id → (the game whose rules it reads, where the app applies it: score | play)
SWITCHABLE: dict[str, tuple[str, str]] = {
    "LC-1": ("latria_campaign", "score"),
    "L-3": ("latria", "score"),
    "C-1": ("carpe_astra", "score"),
    "P-1": ("latria", "play"),
    "P-14": ("altar", "play"),
    # Luna's Play pays each round; its round calculator's sheet (luna_round) carries it too
    "P-11": ("luna", "play"),
}

# The readings that also change what the setup sets out, and so what Play starts from
# (ruling id → its game): the setup guide and the play flow are given them as well as the
# scorer (companion/table/setup.py). C-1: the support tokens of each guild in play.
SETS_OUT: dict[str, str] = {"C-1": "carpe_astra"}


def chosen(readings: Mapping[str, str] | None, ruling: str) -> bool:
    """Whether the table chose the other reading of ``ruling``."""
    return bool(readings) and readings.get(ruling) == ALTERNATIVE


def for_game(readings: Mapping[str, str] | None, game: str, where: str = "score"
             ) -> dict[str, str]:
    """The alternative readings among ``readings`` that ``game``'s scorer (or flow) applies."""
    return {r: ALTERNATIVE for r in sorted(readings or {})
            if chosen(readings, r) and SWITCHABLE.get(r, (None, None)) == (game, where)}


def setting_out(readings: Mapping[str, str] | None, game: str) -> dict[str, str]:
    """The alternative readings among ``readings`` that change ``game``'s setup (and so
    its Play): ``SETS_OUT``."""
    return {r: ALTERNATIVE for r in sorted(readings or {})
            if chosen(readings, r) and SETS_OUT.get(r) == game}


def applied_note(ruling: str) -> Msg:
    """The result's note: which reading the table chose (in the players' words)."""
    return {"LC-1": Msg("scorers.readings.lc1.applied"),
            "L-3": Msg("scorers.readings.l3.applied"),
            "C-1": Msg("scorers.readings.c1.applied"),
            "P-11": Msg("scorers.readings.p11.applied")}[ruling]
