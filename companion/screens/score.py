"""What Score shows of a sheet, in plain Python: each player's chip and total, the
summary under the entries (every point, or what to fix first), the problems in the
players' words, why a pasted sheet cannot replace the table's, and the sheet it shows
before anything is entered (``blank_sheet``). The Score screen
(companion/ui/views/score.py) draws it; tests/screens/ test it in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.catalog import GAMES
from companion.i18n import listed, say, t, t_for
from companion.i18n import name as player_name
from companion.table.record import TableSession
from companion.table.result_text import total_words
from companion.table.setup import setup_json, sheet_with_readings
from scorers.base import Result, SheetProblems
from scorers.limits import MAX_SHEET_MB, SheetTextError, crop, load_sheet_text, value_problems
from scorers.sheets import location, parse_sheet, score_sheet

# The empty score form of a table's game given its box values and setup, or None: the
# screens' forms draw with flet, so the view hands it in (companion/ui/score_forms).
EmptySheet = Callable[[TableSession, dict, "dict | None"], "dict | None"]


def blank_sheet(empty_sheet: EmptySheet, session: TableSession,
                box_values: dict) -> dict | None:
    """The sheet Score shows before anything is entered (every entry 0), or None for a
    game with no form: the form's ``empty_sheet`` with the table's setup, which Carpe
    Astra's characters and Luna's Council start from (None before the table has a seed).
    The setup is drawn from the table alone: only a Latria campaign's needs its earlier
    games, and Latria's sheet does not start from the setup."""
    return empty_sheet(session, box_values, setup_json(session))


def shown_sheet(empty_sheet: EmptySheet, session: TableSession,
                box_values: dict) -> dict | None:
    """The sheet Score shows and Results score: the saved one, else the blank one, with
    the table's own readings (its Rulings screen) in it, which the scorer reads. None
    for a game with no form."""
    sheet = session.score_sheet or blank_sheet(empty_sheet, session, box_values)
    return sheet_with_readings(session, sheet) if sheet is not None else None


class Summary(NamedTuple):
    """What the summary under the total says: for ``kind`` "total", a ``heading``, the
    breakdown's (label, points) rows and the notes' (text, rulings); for "fix", the
    ``heading`` says what to fix first."""
    kind: str
    heading: str
    breakdown: tuple[tuple[str, str], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()

    def same_rows(self, before: Summary | None) -> bool:
        """The same lines as ``before`` with perhaps other points: those numbers can
        change in place."""
        return (before is not None and self.kind == before.kind == "total"
                and self.heading == before.heading and self.notes == before.notes
                and [label for label, _ in self.breakdown]
                == [label for label, _ in before.breakdown])


def try_score(sheet: dict[str, Any]) -> tuple[Result | None, list]:
    try:
        return score_sheet(sheet), []
    except SheetProblems as err:
        return None, err.problems


def player_of(where: str) -> int | None:
    """players[2].support.military → 2"""
    if where.startswith("players["):
        try:
            return int(where[len("players["):where.index("]")])
        except ValueError:
            return None
    return None


@dataclass(frozen=True)
class Chip:
    """A player's chip above the entries: "Ann · 17" (just the name while the sheet has
    problems), what a screen reader hears, and whether a problem of theirs is marked."""

    text: str
    label: str
    troubled: bool


@dataclass(frozen=True)
class Header:
    """What Score shows around the entries of player ``player``: the chips, the total line
    (``fix``: it says what to fix first, in red), the summary with the notes that apply
    to the player shown, every problem (a field shows its own; the rest are listed), and
    whether Results can open (``scored``)."""

    chips: tuple[Chip, ...]
    total: str
    fix: bool
    summary: Summary
    notes: tuple = ()
    problems: tuple = ()
    scored: bool = False


def header(game: str, sheet: dict[str, Any], player: int) -> Header:
    """``game``: the table's (its wording: Altar's totals are progress, not points)."""
    result, problems = try_score(sheet)
    # a problem of every player's cards marks no one player's chip (it names them all)
    troubled = {player_of(p.where) for p in problems if not p.everyone}
    names = [p.get("name", "") for p in sheet.get("players", [])]
    totals = {p.name: p for p in result.players} if result else {}
    chips = []
    for i, name in enumerate(names):
        shown = player_name(name)
        if name in totals:
            chips.append(Chip(f"{shown} · {totals[name].total}",
                              total_words("score.player_chip", result, totals[name], name=name),
                              i in troubled))
        else:
            chips.append(Chip(shown, t_for(game, "score.player_chip", name=name, count="?"),
                              i in troubled))
    name = names[player] if 0 <= player < len(names) else ""
    if name in totals:
        # The readings (docs/RULINGS.md) and tie-breaks that apply to this player, each
        # with a "Why?".
        notes = tuple(n for n in result.note_details
                      if name in n.text or not any(o in n.text for o in names))
        summary = Summary("total", t_for(game, "results.breakdowns"),
                          tuple((say(line.label), t_for(game, "results.line_value",
                                                        points=line.points))
                                for line in totals[name].breakdown),
                          tuple((say(n.text), str(n.rulings)) for n in notes))
        return Header(tuple(chips), total_words("score.total", result, totals[name],
                                                 name=name),
                      False, summary, notes, tuple(problems), True)
    short, long = fix_words(name if player in troubled else None)
    return Header(tuple(chips), short, True, Summary("fix", long), (), tuple(problems),
                  result is not None)


def fix_words(name: str | None) -> tuple[str, str]:
    """What the total line says, short and long, while the sheet has problems: fix the
    marked entries of ``name``, the player shown; or, when none of theirs is marked (a
    problem of the whole table, such as a box's limit, or another player's), the
    problems shown."""
    if name is None:
        return t("score.fix_table_short"), t("score.fix_table")
    return t("score.fix_first_short", name=name), t("score.fix_first", name=name)


def field_label(labels: dict[str, str], where: str, names: list[str]) -> str | None:
    """What the screen calls the field a problem is at (``where``, e.g.
    ``players[1].realms[0].god``): the label of its control, or, when that player's form is
    not on screen, the label the same field has for the player shown (a player's fields
    are labelled alike, without their name). None when no control names it."""
    if where in labels:
        return labels[where]
    if not where.startswith("players[") or "]" not in where:
        return None
    rest = where[where.index("]"):]
    for path, label in labels.items():
        if (path.startswith("players[") and "]" in path and path[path.index("]"):] == rest
                and not any(name and name in label for name in names)):
            return label
    return None


def problem_text(problem, names: list[str], labels: dict[str, str] | None = None) -> str:
    """ "Ben · Realm 1 · Shrines: …": whose entry and which field (score_forms.field_label);
    "All players: …" for one about every player's entries together (a box's limit), whose
    ``where`` is only the entry past the limit."""
    message = say(problem.message)  # its rulings are not named on screen
    if problem.everyone:
        return t("results.problem", name=t("score.problem_everyone"), message=message)
    index = player_of(problem.where)
    label = field_label(labels or {}, problem.where, names)
    who = player_name(names[index]) if index is not None and index < len(names) else None
    place = " · ".join(x for x in (who, label) if x)
    return t("results.problem", name=place, message=message) if place else message


def shown_value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t("play.yes") if value else t("play.no")
    return say(value)


def import_problem(text: str, session, expected: list[str]) -> str | None:
    """Why a pasted sheet cannot replace this table's sheet, or None. Any text gives an
    answer: more than 5 MB, nesting deeper than a sheet's and numbers of 4,300 digits are
    refused before or while parsing (scorers/limits.py), wrong types by the scorer."""
    try:
        data = load_sheet_text(text)
    except SheetTextError as err:
        return import_text_problem(err)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in (session.game, f"{session.game}_campaign"):
        return t("score.import_wrong_game", game=t(GAMES[session.game].name))
    outer = value_problems(data)
    if outer:  # before anything counts or prints its values
        return "\n".join(f"{pasted_place(data, loc)}: {say(message)}"
                         for loc, message in outer[:6])
    names = data.get("players", [])
    if not isinstance(names, list):
        return t("score.import_wrong_players", players=listed(expected))
    names = [p.get("name") if isinstance(p, dict) else p for p in names]
    if sorted(map(str, names)) != sorted(expected):
        return t("score.import_wrong_players", players=listed(expected))
    try:
        parse_sheet(data)
    except SheetProblems as err:
        return "\n".join(f"{p.where}: {say(p.message)}" if p.where else say(p.message)
                         for p in err.problems)
    return None


def pasted_place(data: dict, loc: tuple) -> str:
    """Where in a pasted sheet: ``("players", 0, "influence")`` → "Ann · influence"."""
    players = data.get("players")
    if (len(loc) > 1 and loc[0] == "players" and isinstance(players, list)
            and isinstance(loc[1], int) and loc[1] < len(players)
            and isinstance(players[loc[1]], dict)
            and isinstance(players[loc[1]].get("name"), str) and players[loc[1]]["name"].strip()):
        rest = location(loc[2:]).replace("_", " ")
        name = crop(players[loc[1]]["name"].strip())
        return f"{name} · {rest}" if rest else name
    return location(loc).replace("_", " ")


def import_text_problem(err: SheetTextError) -> str:
    if err.kind == "too_big":
        return t("score.import_too_big", size=f"{err.details.get('size') or 0:,}",
                 limit=MAX_SHEET_MB)
    if err.kind == "too_deep":
        return t("score.import_too_deep", line=err.details["line"],
                 column=err.details["column"])
    if err.kind == "not_text":
        return t("score.import_not_text")
    return t("score.import_not_json", line=err.details["line"], column=err.details["column"])
