"""What every game's scorer shares: the sheet base model, the result, ranking, problems.

A game module (``scorers/<game>.py``) defines a pydantic ``Sheet`` (subclass of
``SheetBase``) and ``score(sheet) -> Result``. Checks that need more than one field
raise ``SheetProblems`` with one ``Problem`` per mistake, each naming where it is
(``players[1].support.military``) and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic_core import to_jsonable_python

from scorers.limits import crop
from scorers.messages import ENGLISH, Msg, Text, render

MAX_NAME_LENGTH = 40


class Model(BaseModel):
    """Strict base: an unknown key is an error (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid")


def with_rulings(text: str, rulings: Sequence[str]) -> str:
    """The command line's wording: the sentence, then the rulings it rests on in brackets
    ("… (L-10)"), so a reader can look them up in docs/RULINGS.md."""
    return f"{text} ({', '.join(rulings)})" if rulings else text


class Note(BaseModel):
    """A sentence for the players, and the rulings (docs/RULINGS.md ids) it rests on,
    kept apart: a screen shows the sentence with a "Why?" for each ruling, the command
    line prints both (``str(note)``)."""

    text: Text
    rulings: list[str] = []

    def __str__(self) -> str:
        return with_rulings(self.text, self.rulings)

    def render(self, language: str = ENGLISH) -> str:
        """The sentence in ``language``, its rulings in brackets."""
        return with_rulings(render(self.text, language), self.rulings)


def comma_list(items: Sequence[Any]) -> Any:
    """Items shown as one list joined by commas, no "and" ("Ann 3, Ben 2"; "Ann 3、Ben 2"
    in Japanese): nested ``Msg``s, so each language joins with its own comma."""
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = Msg("scorers.base.comma", first=item, rest=joined)
    return joined


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


class Problem(BaseModel):
    where: str  # e.g. "players[1].support.military"; "" for the whole sheet
    message: Text
    rulings: list[str] = []  # the readings (docs/RULINGS.md) the message rests on

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


class Line(BaseModel):
    """One line of a player's breakdown: the rule that gave the points, and the points."""

    label: Text
    points: int


class PlayerResult(BaseModel):
    """The fields every game's result has; a game may subclass it to add its own."""

    name: str
    total: int
    rank: int
    breakdown: list[Line]


class Result(BaseModel):
    """``notes`` may be given as ``Note`` (a sentence and its rulings) or as strings.
    ``notes`` keeps each as one string, rulings in brackets (the JSON's and the command
    line's, as the spec has it); ``note_details`` keeps each sentence and its rulings
    apart (what the app shows)."""

    game: str
    players: list[PlayerResult]
    winners: list[str]
    notes: list[str] = []
    note_details: list[Note] = []

    @model_validator(mode="before")
    @classmethod
    def _split_notes(cls, data: Any) -> Any:
        if isinstance(data, dict) and "note_details" not in data:
            details = [n if isinstance(n, Note) else Note(text=n)
                       for n in data.get("notes", [])]
            data = {**data, "notes": [str(n) for n in details], "note_details": details}
        return data

    def to_json_dict(self, language: str = ENGLISH) -> dict[str, Any]:
        """The result as JSON values, its sentences in ``language`` (the keys, numbers and
        names are the same in every language)."""
        # serialize_as_any keeps the fields a game's PlayerResult subclass adds.
        if language == ENGLISH:
            return self.model_dump(mode="json", serialize_as_any=True)
        data = _rendered(self.model_dump(serialize_as_any=True), language)
        data["notes"] = [note.render(language) for note in self.note_details]
        return to_jsonable_python(data)


def _rendered(value: Any, language: str) -> Any:
    """``value`` (a model's Python dump) with every ``Msg`` in it rendered in ``language``."""
    if isinstance(value, Msg):
        return render(value, language)
    if isinstance(value, dict):
        return {k: _rendered(v, language) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rendered(v, language) for v in value]
    return value


def name_issues(names: Sequence[str]) -> list[tuple[int, str, int]]:
    """Names are non-empty, unique, at most 40 characters, any script (spec, Score sheets).

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
