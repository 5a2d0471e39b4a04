"""Setup: the table's checklist for its game, player count, variant and seed, the steps
ticked (saved with the table at every tap, another phone's kept), drawing again (a new
seed: a new setup, its ticks cleared), and Carpe Astra's characters chosen instead of
drawn.

The checklist comes from ``setup_guides``, so two phones with the same seed show the same
setup. The helpers from ``number_parts`` to ``kept_ticks`` word and group its lines."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Protocol

import setup_guides
from companion.i18n import say_error
from companion.screens.answers import Told, told
from companion.table.record import TableSession
from companion.table.setup import setup_for

# A number worth bolding in a checklist line: 12, 1–3, −1, 1st–2nd. Not the digits of a
# ruling's name ("S-1") or glued to a word ("x2").
NUMBER = re.compile(
    r"(?<![\w\-–])[−+]?\d+(?:st|nd|rd|th)?(?:–\d+(?:st|nd|rd|th)?)?(?!\w)"
)
# "Seat 2" in English, "2番席" in Japanese (setup_guides' catalogs)
SEAT = re.compile(r"\b([Ss]eat (\d+))\b|((\d+)番席)")


def number_parts(text: str) -> list[tuple[str, bool]]:
    """``"Deal 10 cards"`` → ``[("Deal ", False), ("10", True), (" cards", False)]``:
    the text cut into runs, each marked True where it is a number to show in bold.
    The runs joined give the text back."""
    parts: list[tuple[str, bool]] = []
    at = 0
    for match in NUMBER.finditer(text):
        if match.start() > at:
            parts.append((text[at:match.start()], False))
        parts.append((match.group(), True))
        at = match.end()
    if at < len(text) or not parts:
        parts.append((text[at:], False))
    return parts


def with_seat_names(text: str, players: list[str]) -> str:
    """``"Seat 2"`` (``"2番席"``) → ``"Ben"``: the setup guides number the seats, the
    screen names who sits there (seats are numbered clockwise from the first player
    entered, ruling S-1)."""

    def name(match: re.Match) -> str:
        seat = int(match.group(2) or match.group(4))
        if 1 <= seat <= len(players):
            return players[seat - 1]
        return match.group(0)

    return SEAT.sub(name, text)


def first_player_mode(setup: setup_guides.Setup) -> str:
    """How the first player is found: ``"rule"`` where the rulebook names a rule for people
    (the oldest, the most confident in astrology, …) and the drawn seat is the
    alternative; ``"drawn"`` where the rulebook says to choose at random, so the seat drawn
    from the seed is the answer; ``"fixed"`` where a rule decides with no choice (Luna
    solo: the virtual opponent starts)."""
    drawn = "drawn from the seed" in setup.first_player_text()
    if not drawn:
        return "fixed"
    return "drawn" if "random" in setup.first_player_rule.lower() else "rule"


def split_draws(rows: list[tuple[str, str]]) -> tuple[tuple[str, str] | None,
                                                      list[tuple[str, str]]]:
    """The first player row (every game's draws start with it) and the other draws."""
    if not rows:
        return None, []
    return rows[0], rows[1:]


def sections(steps: list) -> list[tuple[str, list[tuple[int, object]]]]:
    """The steps numbered from 1 and grouped by section, in checklist order (a section
    that comes back later starts a new group, as the CLI prints it)."""
    numbered = list(enumerate(steps, start=1))
    return [(name, list(group)) for name, group in
            groupby(numbered, key=lambda pair: pair[1].section)]


def kept_ticks(ticks: list[int], steps: int) -> set[int]:
    """The saved ticks that name a step of this checklist (1…steps)."""
    return {n for n in ticks if 1 <= n <= steps}


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def last_seq(self, table_id: str) -> int: ...
    def series(self, series_id: str) -> list[TableSession]: ...
    def events(self, table_id: str) -> list[dict]: ...


class Changes(Protocol):
    def tick(self, table_id: str, number: int, on: bool, seed: int | None) -> Any: ...
    def choose_setup(self, table_id: str, key: str, value: Any, seed: int | None) -> Any: ...
    def draw_again(self, table_id: str, *, first: bool = False) -> Any: ...


@dataclass
class Checklist:
    """The Setup screen of one table as saved when it was opened. ``session`` None: the
    table is gone; ``unavailable``: why its game has no checklist for it, in the players'
    words; ``started``: play has begun (Carpe Astra's characters are fixed then)."""

    table_id: str
    session: TableSession | None = None
    setup: setup_guides.Setup | None = None
    unavailable: str | None = None
    ticked: set[int] = field(default_factory=set)
    started: bool = False

    @classmethod
    def open(cls, reads: Reads, engine: Changes, table_id: str) -> Checklist:
        """The checklist as saved. A table from before seeds draws its seed here, once:
        the first screen to open it saves it (a store that can only be read refuses, and
        the checklist is drawn for this screen only)."""
        session = reads.get_table(table_id)
        if session is None:
            return cls(table_id)
        if session.seed is None and told(engine.draw_again(table_id, first=True)).saved:
            session = reads.get_table(table_id) or session
        try:
            # (a later Latria campaign game follows game 1's parent: table/setup.py)
            setup = setup_for(session, reads)
        except setup_guides.SetupError as err:
            return cls(table_id, session, unavailable=say_error(err))
        return cls(table_id, session, setup, None,
                   kept_ticks(session.setup_ticks, len(setup.steps)),
                   reads.last_seq(table_id) > 0)

    @property
    def total(self) -> int:
        return len(self.setup.steps) if self.setup else 0

    def tick(self, engine: Changes, reads: Reads, number: int, on: bool) -> Told:
        """Tick (or untick) one step on the saved ticks: another phone on the same table
        may have ticked other steps since this screen was drawn, and keeps them. Stale:
        drawn again or deleted on another phone; refused (the saved tables can only be
        read): the ticks go back to the saved ones."""
        outcome = engine.tick(self.table_id, number, on, self.setup.seed)
        answer = told(outcome)
        if answer.saved:
            self.ticked = kept_ticks(outcome.value, self.total)
        elif not answer.stale:
            saved = reads.get_table(self.table_id)
            self.ticked = kept_ticks(saved.setup_ticks if saved else [], self.total)
        return answer

    def choose_characters(self, engine: Changes, characters: list[str] | None) -> Told:
        """Carpe Astra: the characters chosen (None: the draw again). Stale: drawn again,
        play begun, or deleted on another phone."""
        return told(engine.choose_setup(self.table_id, "characters", characters,
                                        self.session.seed))

    def draw_again(self, engine: Changes) -> Told:
        """A new seed: a new setup, its ticks and choices cleared (the screen opens it
        again)."""
        return told(engine.draw_again(self.table_id))

    @staticmethod
    def ticks_saved(reads: Reads, table_id: str) -> int:
        """How many steps are ticked now (what "Draw again" would clear)."""
        saved = reads.get_table(table_id)
        return len(saved.setup_ticks) if saved else 0

    def change_from_elsewhere(self, reads: Reads) -> str:
        """What another phone's change to the table was, seen from this checklist:
        ``"ticks"`` (ticked here now), ``"characters"`` (chosen elsewhere: open again) or
        ``"redrawn"`` (drawn again, deleted, or no checklist: open again)."""
        saved = reads.get_table(self.table_id)
        if saved is None or self.session is None or self.setup is None \
                or saved.seed != self.session.seed:
            return "redrawn"
        if saved.setup_choices != self.session.setup_choices:
            return "characters"
        self.ticked = kept_ticks(saved.setup_ticks, self.total)
        return "ticks"
