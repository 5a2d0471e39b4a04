"""New table: the player count, the variant, the names of recent tables offered under the
name fields, and what Create table does with the names and the seed typed.

The names themselves are in the screen's fields (each field's value follows its typing,
and a field kept on screen keeps its keyboard): the model is given them when it needs
them. The names offered are the players of the latest tables (``recent_players``, most
recent first) but a name already at this table (the same name is the same player:
``plays.player_key``) and the fields' default names ("Player 3"), which are hints, not
someone who played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import setup_guides
from companion.catalog import GAMES, Game
from companion.i18n import t
from companion.screens.answers import Told, told
from companion.screens.names import default_name, default_names, name_error
from companion.screens.seed_entry import parse_seed, seed_error
from companion.table.plays import player_key
from scorers.base import name_issues

RECENT_SHOWN = 12  # two or three rows of chips on a phone


class Reads(Protocol):
    def recent_players(self, limit: int = 12, leave_out: Sequence[str] = ()) -> list[str]: ...


class Makes(Protocol):
    def create_table(self, game: str, variant: str, players: list[str],
                     seed: int | None = None): ...


@dataclass
class Refusals:
    """Why Create table made nothing: a line under each name field that cannot be taken
    (by seat), under the seed field, and above the button."""

    names: dict[int, str] = field(default_factory=dict)
    seed: str | None = None
    form: str = ""


@dataclass
class NewTable:
    game: Game
    count: int
    variant: str
    recent: list[str]  # the names that may be offered, most recent first

    @classmethod
    def open(cls, reads: Reads, game_id: str) -> NewTable | None:
        """The form as it opens (None: no such game)."""
        game = GAMES.get(game_id)
        if game is None:
            return None
        count = game.opening_count
        defaults = default_names()
        recent = [n for n in reads.recent_players(limit=RECENT_SHOWN + game.max_players + 8)
                  if player_key(n) not in defaults]
        return cls(game, count, game.variants_for(count)[0].id, recent)

    def variants(self) -> list:
        return self.game.variants_for(self.count)

    def choose_count(self, n: int) -> None:
        """``n`` players; a variant the count does not allow gives way to the first one."""
        if n not in self.game.player_counts:
            return
        self.count = n
        if self.variant not in {v.id for v in self.variants()}:
            self.variant = self.variants()[0].id

    def choose_variant(self, variant: str) -> None:
        if variant in {v.id for v in self.variants()}:
            self.variant = variant

    def offered(self, typed: Sequence[str]) -> list[str]:
        """The recent names shown as chips, while a seat is still empty."""
        if all(n.strip() for n in typed[: self.count]):
            return []
        used = {player_key(n) for n in typed[: self.count] if n.strip()}
        return [n for n in self.recent if player_key(n) not in used][:RECENT_SHOWN]

    def seat_for(self, typed: Sequence[str], name: str) -> int | None:
        """The seat a tapped name fills: the first empty one; None when the name is at
        the table already (a second quick tap on its chip) or no seat is empty."""
        seated = typed[: self.count]
        if player_key(name) in {player_key(n) for n in seated if n.strip()}:
            return None
        return next((i for i, n in enumerate(seated) if not n.strip()), None)

    def names(self, typed: Sequence[str]) -> list[str]:
        """The players as the table will have them: a field left empty is its hint."""
        return [n.strip() or default_name(i) for i, n in enumerate(typed[: self.count])]

    def refusals(self, typed: Sequence[str], seed_text: str) -> Refusals | None:
        """Why these names and this seed make no table (None: they make one)."""
        refused = Refusals()
        for index, issue, other in name_issues(self.names(typed)):
            refused.names[index] = name_error(issue, other)
        try:
            parse_seed(seed_text)
        except ValueError as err:
            refused.seed = seed_error(str(err))
        if not refused.names and refused.seed is None:
            return None
        refused.form = t("new.error.fix") if refused.names else t("setup.seed_error.fix")
        return refused

    def create(self, engine: Makes, typed: Sequence[str], seed_text: str
               ) -> tuple[str | None, Refusals | None]:
        """Create table: the new table's id, or why there is none (the form's lines; the
        store's refusal, e.g. saved tables that can only be read, above the button)."""
        refused = self.refusals(typed, seed_text)
        if refused is not None:
            return None, refused
        seed = parse_seed(seed_text)
        if seed is None:
            seed = setup_guides.new_seed()
        outcome = engine.create_table(self.game.id, self.variant, self.names(typed), seed=seed)
        answer: Told = told(outcome)
        if not answer.saved:
            return None, Refusals(form=answer.notice or "")
        return outcome.value.id, None
