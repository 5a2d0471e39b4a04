"""What every game's scorer shares: the result, ranking, problems.

A game module (``scorers/<game>.py``) defines ``score(sheet) -> Result``; its sheet is a
pydantic ``Sheet`` in ``scorers/sheet_models/<game>.py`` (a subclass of
``scorers.sheet_models.base.Model``), checked by pydantic (``scorers/sheets.py``). Checks
that need more than one field raise ``SheetProblems`` with one ``Problem`` per mistake,
each naming where it is (``players[1].support.military``) and what is allowed.

The result types here are plain dataclasses, not pydantic models: our own code builds
them, so there is nothing to validate, and the command line does not pay for building
models it never checks with. This module imports no pydantic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorers.limits import crop
from scorers.messages import ENGLISH, Msg, Text, render
from scorers.messages import comma_list as comma_list  # the scorers' lists, from here

MAX_NAME_LENGTH = 40


def with_rulings(text: str, rulings: Sequence[str]) -> str:
    """The command line's wording: the sentence, then the rulings it rests on in brackets
    ("… (L-10)"), so a reader can look them up in docs/RULINGS.md."""
    return f"{text} ({', '.join(rulings)})" if rulings else text


@dataclass(kw_only=True)
class Note:
    """A sentence for the players, and the rulings (docs/RULINGS.md ids) it rests on,
    kept apart: a screen shows the sentence with a "Why?" for each ruling, the command
    line prints both (``str(note)``)."""

    text: Text
    rulings: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return with_rulings(self.text, self.rulings)

    def render(self, language: str = ENGLISH) -> str:
        """The sentence in ``language``, its rulings in brackets."""
        return with_rulings(render(self.text, language), self.rulings)


def ordinal(n: int) -> Msg:
    """A place in words: "1st", "2nd", "11th" (Japanese "1位")."""
    if 10 <= n % 100 <= 20:
        return Msg("scorers.base.ordinal.th", n=n)
    return {1: Msg("scorers.base.ordinal.st", n=n),
            2: Msg("scorers.base.ordinal.nd", n=n),
            3: Msg("scorers.base.ordinal.rd", n=n)}.get(
        n % 10, Msg("scorers.base.ordinal.th", n=n))


def ruled(text: str, *rulings: str) -> Note:
    """``ruled("Ann and Ben tie on 13; …", "L-10")``: a note and the rulings it rests on."""
    return Note(text=text, rulings=list(rulings))


@dataclass(kw_only=True)
class Problem:
    where: str  # e.g. "players[1].support.military"; "" for the whole sheet
    message: Text
    # the readings (docs/RULINGS.md) the message rests on
    rulings: list[str] = field(default_factory=list)
    # about every player's entries together (a box's or the rounds' limit over the table):
    # ``where`` is the entry past the limit, not the one player whose problem it is
    everyone: bool = False

    def __str__(self) -> str:
        return self.render()

    def render(self, language: str = ENGLISH) -> str:
        """The command line's line: where, then the message in ``language`` and its
        rulings."""
        message = with_rulings(render(self.message, language), self.rulings)
        return f"{self.where}: {message}" if self.where else message


class SheetProblems(ValueError):
    """One or more mistakes in a sheet; ``problems`` lists each with its place."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(kw_only=True)
class Line:
    """One line of a player's breakdown: the rule that gave the points, and the points.

    ``category`` is the message key naming what the line adds to across plays (Stats: a
    Latria body, Luna's Shrines, a Carpe Astra guild), set where the line is made; None
    for a line of no category (a points line of none counts as "other"). The JSON of a
    result leaves it out (docs/score-sheets.md, "Result")."""

    label: Text
    points: int
    category: str | None = None


@dataclass(kw_only=True)
class PlayerResult:
    """The fields every game's result has; a game may subclass it (a ``@dataclass(kw_only=True)``
    too) to add its own, which the JSON then carries after these."""

    name: str
    total: int
    rank: int
    breakdown: list[Line]


@dataclass(kw_only=True)
class Result:
    """``notes`` may be given as ``Note`` (a sentence and its rulings) or as strings.
    ``notes`` keeps each as one string, rulings in brackets (the JSON's and the command
    line's, as docs/score-sheets.md has it); ``note_details`` keeps each sentence and its rulings
    apart (what the app shows)."""

    game: str
    players: list[PlayerResult]
    winners: list[str]
    notes: list[Any] = field(default_factory=list)  # given: Note or str; kept: str
    note_details: list[Note] | None = None  # None: made from ``notes``

    def __post_init__(self) -> None:
        if self.note_details is None:
            details = [n if isinstance(n, Note) else Note(text=n) for n in self.notes]
            self.notes = [str(n) for n in details]
            self.note_details = details

    def to_json_dict(self, language: str = ENGLISH) -> dict[str, Any]:
        """The result as JSON values, its sentences in ``language`` (the keys, numbers and
        names are the same in every language): every field, a game's ``PlayerResult``
        subclass's too, in the order they are declared."""
        # Imported here: only a checked sheet gets this far, and checking it has imported
        # pydantic already; the parts of the sheet a result may hold (Latria's discarded
        # cards) become JSON by their models' serializers, the way the sheet spells them.
        from pydantic_core import to_jsonable_python

        data = _rendered(dataclasses.asdict(self), language)
        for player in data["players"]:  # the app's own (Stats), not the result's format
            for line in player["breakdown"]:
                del line["category"]
        data["notes"] = [note.render(language) for note in self.note_details]
        return to_jsonable_python(data)


def _rendered(value: Any, language: str) -> Any:
    """``value`` (a result's ``asdict``) with every ``Msg`` in it rendered in ``language``."""
    if isinstance(value, Msg):
        return render(value, language)
    if isinstance(value, dict):
        return {k: _rendered(v, language) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rendered(v, language) for v in value]
    return value


def name_issues(names: Sequence[str]) -> list[tuple[int, str, int]]:
    """Names are non-empty, unique, at most 40 characters, any script (docs/score-sheets.md).

    Returns (index, issue, other) for each bad name: issue is "empty", "too_long" or
    "duplicate" (then ``other`` is the index of the earlier player with that name).
    Names are compared ignoring case and surrounding spaces.
    """
    issues = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        name = raw.strip()
        if not name:
            issues.append((i, "empty", -1))
        elif len(name) > MAX_NAME_LENGTH:
            issues.append((i, "too_long", -1))
        elif name.casefold() in seen:
            issues.append((i, "duplicate", seen[name.casefold()]))
        else:
            seen[name.casefold()] = i
    return issues


def name_problems(names: Sequence[str], where: Callable[[int], str]) -> list[Problem]:
    """The name_issues as sheet problems, ``where(i)`` naming the field of player i."""
    messages = {
        "empty": lambda i, other: Msg("scorers.base.name_needed"),
        "too_long": lambda i, other: Msg("scorers.base.name_too_long",
                                         length=len(names[i].strip()), limit=MAX_NAME_LENGTH),
        "duplicate": lambda i, other: Msg("scorers.base.name_taken",
                                          name=crop(names[i].strip()), n=other + 1),
    }
    return [
        Problem(where=where(i), message=messages[issue](i, other))
        for i, issue, other in name_issues(names)
    ]


def shared_ranks(keys: Sequence[Hashable]) -> list[int]:
    """Competition ranks from sort keys where a *smaller* key is better.

    Equal keys share a rank and the next rank skips: keys (0, 1, 1, 2) → 1, 2, 2, 4.
    """
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other < key))
    return ranks


def winners_of(players: Sequence[PlayerResult]) -> list[str]:
    return [p.name for p in players if p.rank == 1]
