"""What every game's setup shares: the step, the setup model, seeds, seats and wording.

A game module (``setup_guides/<game>.py``) has ``GAME`` (its id), ``NAME``, ``VARIANTS``
(player count → allowed variants, the first one the default), a ``Setup`` subclass with
the game's own fields, and ``build(players, variant, seed) -> Setup``. It keeps its
numbers in tables, each with a comment naming the rulebook line it comes from.

Seats are numbered 1…N clockwise around the table (ruling S-1). Every chance draw is
made with one ``random.Random(seed)`` in a fixed order, so the same seed gives the same
setup on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from scorers.messages import ENGLISH, AndList, Msg, Text, register, render

# The setup guides' sentences: setup_guides/i18n/<lang>/<game>.json (docs/DESIGN.md,
# "Words for players"). Every player-facing text here is a ``Msg``; as a str it is English.
register(Path(__file__).parent / "i18n")

# Seeds are whole numbers 0…2**53 − 1: small enough that any JSON reader keeps them exact.
MAX_SEED = 2**53 - 1


class SetupError(ValueError):
    """A game, player count, variant or seed the guides do not have; the message names
    the allowed ones. Its argument is a ``Msg`` (``str(err)`` is the English text)."""

    def text(self, language: str = ENGLISH) -> str:
        """The message for a reader of ``language``."""
        return render(self.args[0], language) if self.args else ""


class Step(BaseModel):
    """One checklist item. ``section`` groups steps for display (e.g. "Player setup");
    ``rulings`` names the readings of docs/RULINGS.md the step follows (the app offers
    a "Why?" for each). Neither is a field of the JSON (docs/setup-guides.md: steps are exactly
    ``{"title", "detail"}``): there, and on the command line, the detail names its
    rulings in brackets (``cited_detail``)."""

    model_config = ConfigDict(extra="forbid")

    title: Text
    detail: Text
    section: Text = Field(default="", exclude=True)
    rulings: list[str] = Field(default=[], exclude=True)

    @property
    def cited_detail(self) -> str:
        """The detail with its rulings: "… is not used with 2 players (see ruling S-5)."."""
        return self.cited(ENGLISH)

    def cited(self, language: str = ENGLISH) -> str:
        """``cited_detail`` in ``language``: "…使いません（裁定S-5を参照）。" in Japanese."""
        text = render(self.detail, language)
        if not self.rulings:
            return text
        see = Msg("setup.common.see_rulings", count=len(self.rulings),
                  rulings=AndList(self.rulings))
        text = text.rstrip()
        if text.endswith((".", "。")):
            return render(Msg("setup.common.cited_sentence", text=text[:-1], see=see),
                          language)
        return render(Msg("setup.common.cited", text=text, see=see), language)


class Setup(BaseModel):
    """The fields every game's setup has; a game subclasses it to add its own."""

    model_config = ConfigDict(extra="forbid")

    game: str
    players: int
    variant: str
    seed: int
    steps: list[Step]
    first_player: int
    first_player_rule: Text

    def draws(self) -> list[tuple[str, str]]:
        """The assignments drawn from the seed, readable: ``[("First player", "Seat 2")]``
        (each a ``Msg``)."""
        return [(Msg("setup.common.draw.first_player"),
                 Msg("setup.common.draw.seat", seat=self.first_player))]

    def first_player_text(self) -> str:
        """Who starts, readable: ``"seat 2 (drawn from the seed)"``."""
        return Msg("setup.common.first_player_drawn", seat=self.first_player)

    def to_json_dict(self, language: str = ENGLISH) -> dict[str, Any]:
        """The setup as JSON (a game's own fields included, sections left out;
        each step's detail names its rulings), its texts in ``language``: the numbers and
        keys are the same in every language."""
        data = self.model_dump(mode="json")
        for step, saved in zip(self.steps, data["steps"], strict=True):
            saved["title"] = render(step.title, language)
            saved["detail"] = step.cited(language)
        data["first_player_rule"] = render(self.first_player_rule, language)
        return data


# --- seats and draws -------------------------------------------------------------------


def draw_seat(rng: random.Random, players: int) -> int:
    """A seat 1…players drawn from ``rng``."""
    return rng.randrange(players) + 1


def seat_order(first: int, players: int) -> list[int]:
    """The seats in turn order starting at ``first``, going clockwise (ruling S-1)."""
    return [(first - 1 + i) % players + 1 for i in range(players)]


def rule_or_seat(rule: str, seat: int) -> Msg:
    """The checklist wording where the rulebook names a human rule: the rule, and the drawn
    seat as the alternative (ruling S-2)."""
    return Msg("setup.common.rule_or_seat", rule=rule, seat=seat)


# The rulings a step worded by ``rule_or_seat`` follows.
RULE_OR_SEAT_RULINGS = ["S-2", "S-1"]


# --- wording ---------------------------------------------------------------------------


def number_range(numbers: Sequence[int]) -> AndList:
    """Sorted numbers as ranges: ``[1, 2, 3, 13, 14, 15] → "1–3 and 13–15"`` (an
    ``AndList``: a message parameter, joined in the reader's language)."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]}–{run[-1]}")
        else:
            parts.extend(str(n) for n in run)
    return AndList(parts)
