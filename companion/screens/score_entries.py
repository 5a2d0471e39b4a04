"""Score's entries on one phone, in plain Python: the sheet as saved (what the phone
shows), the player shown, this phone's changes that Undo takes back, and the places this
phone entered (to name one another phone then changed). Its actions save through the
engine and return what to tell the player (``Entered``); what another phone changed
comes in through ``follow``. The Score screen (companion/ui/views/score.py) draws it.

A change names what the phone showed at each place (``seen``): when another phone
changed that first, nothing is saved and the phone is told what is saved there now, as
for a Play tap drawn before another phone's."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.engine import Engine, Stale
from companion.i18n import listed, t
from companion.i18n import name as player_name
from companion.screens.answers import told
from companion.screens.score import field_label, shown_value
from companion.sheet_changes import REMOVE, SheetChange, diff, same, value_at
from companion.table.record import TableSession
from scorers.sheets import location

Path = tuple[str | int, ...]
Labels = dict[str, str]  # a place in the sheet (``players[1].credits``) → its field's label
Count = tuple[str, Any]  # a count as the screen shows it: its label and number


@dataclass(frozen=True)
class Entered:
    """What came of an action: ``saved``; ``missed`` (another phone changed a place of
    the change first: nothing was saved; the place and the value saved there now);
    ``stale`` (the sheet was replaced or the table deleted on another phone: draw again
    from the store); ``notice``, the line to show, and its ``kind``."""

    saved: bool = False
    missed: tuple[Path, Any] | None = None
    stale: bool = False
    notice: str | None = None
    kind: str = "refused"


@dataclass(frozen=True)
class Followed:
    """Another phone's change, as Score shows it: the places it changed that this phone
    showed otherwise (``whole``: the sheet was replaced), and those this phone had
    entered itself (``overwritten``, with the value saved there now)."""

    paths: tuple[Path, ...]
    whole: bool
    overwritten: tuple[tuple[Path, Any], ...]

    @property
    def shown_already(self) -> bool:
        return not self.whole and not self.paths


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...


class Entries:
    """One phone's Score of table ``table_id``, from ``saved``, the sheet the phone shows."""

    def __init__(self, table_id: str, saved: dict[str, Any], reads: Reads):
        self.table_id = table_id
        self._reads = reads
        self.saved = copy.deepcopy(saved)
        self.player = 0  # whose entries are shown
        self._undo: list[tuple[list[SheetChange], str]] = []
        # The places this phone entered, each with the counts (as the screen names them)
        # typed or tapped there: Latria's counts share one list, a pile.
        self.mine: dict[str, list[str]] = {}

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def enter(self, engine: Engine, changes: list[SheetChange], name: str = "",
              counts: tuple[str, ...] = ()) -> Entered:
        """Save this phone's field ``changes``; ``name`` says what Undo takes back
        ("Kim · Moon 1"), ``counts`` the counts the change was made on."""
        before = self.saved
        entered = self._save(engine, changes)
        if entered.saved and changes:
            self._undo.append(([(path, value_at(before, path)) for path, _ in changes],
                               name or t("score.an_entry")))
            for path, _ in changes:
                where = self.mine.setdefault(location(path), [])
                where += [count for count in counts if count not in where]
        return entered

    def undo(self, engine: Engine) -> Entered:
        """Take back this phone's last change (what another phone changed stays)."""
        if not self._undo:
            return Entered(notice=t("score.nothing_to_undo"), kind="done")
        inverse, name = self._undo.pop()
        entered = self._save(engine, inverse)
        if entered.saved:
            return replace(entered, notice=t("score.undid", field=name), kind="done")
        return entered

    def replace_sheet(self, engine: Engine, sheet: dict[str, Any]) -> Entered:
        """An import: the whole sheet is replaced, and what Undo would take back is gone."""
        answer = told(engine.replace_sheet(self.table_id, sheet))
        if answer.saved:
            self.saved = copy.deepcopy(sheet)
            self._undo.clear()
            self.player = 0
            return Entered(saved=True, notice=t("score.imported"), kind="done")
        return Entered(stale=answer.stale, notice=answer.notice, kind=answer.kind)

    def follow(self, fresh: dict[str, Any], paths: tuple[Path, ...],
               from_play: bool = False) -> Followed:
        """Another phone's change (``paths``; ``()`` among them: the whole sheet), with
        ``fresh`` the sheet saved now: it becomes the sheet shown. From Play, the places
        are those where what this phone shows differs (its readings aside)."""
        whole = () in paths
        if from_play:
            paths = tuple(path for path, _ in diff(self.saved, fresh)
                          if path[:1] != ("readings",))
        if not whole and same(self.saved, fresh):
            paths = ()
        overwritten = tuple((path, value_at(fresh, path)) for path in paths
                            if location(path) in self.mine)
        self.saved = copy.deepcopy(fresh)
        return Followed(paths, whole, overwritten)

    def _save(self, engine: Engine, changes: list[SheetChange]) -> Entered:
        seen = [value_at(self.saved, path) for path, _ in changes]
        outcome = engine.change_sheet(self.table_id, changes, base=self.saved, seen=seen)
        if isinstance(outcome, Stale) and outcome.kind == "sheet" and outcome.found:
            now = self._reads.get_table(self.table_id)  # the sheet shown becomes the saved
            if now is not None and now.score_sheet is not None:
                self.saved = copy.deepcopy(now.score_sheet)
            return Entered(missed=tuple(outcome.found))
        answer = told(outcome)
        if answer.stale:  # replaced (an import) or deleted on another phone
            return Entered(stale=True, notice=t("score.changed_elsewhere_all"))
        if not answer.saved:  # read-only data, or a value no sheet can hold
            return Entered(notice=answer.notice, kind=answer.kind)
        self.saved, _ = outcome.value
        return Entered(saved=True)


def whose(sheet: dict[str, Any], path: Path) -> str | None:
    """The name of the player whose field ``path`` is, or None (a field of the table)."""
    players = sheet.get("players", [])
    if len(path) > 1 and path[0] == "players" and isinstance(path[1], int) \
            and 0 <= path[1] < len(players):
        return players[path[1]].get("name", "")
    return None


def change_name(sheet: dict[str, Any], labels: Labels, path: Path) -> str:
    """ "Kim · Moon 1": whose entry and which, for Undo's notice."""
    name = whose(sheet, path)
    label = labels.get(location(path))
    return " · ".join(x for x in (name and player_name(name), label) if x) or t("score.an_entry")


def field_value(sheet: dict[str, Any], labels: Labels, path: Path, value: Any,
                count: Count | None = None) -> tuple[str, str] | None:
    """ "Ben · Credits", "7": the field at ``path`` as the screen names it and ``value``
    (what the sheet holds there now), or ``count``'s label and number (a count kept in a
    list: as it shows). None when nothing on screen names it."""
    names = [p.get("name", "") for p in sheet.get("players", [])]
    label = labels.get(location(path))
    if label is None and count is not None:
        label, value = count
    if label is None:  # the same field of the player shown, when another's changed
        label = field_label(labels, location(path), names)
    value = None if value is REMOVE else value
    if not label or not isinstance(value, int | str | bool | type(None)):
        return None
    name = whose(sheet, path)
    return (f"{player_name(name)} · {label}" if name else label), shown_value(value)


def missed_notice(sheet: dict[str, Any], labels: Labels, path: Path, value: Any,
                  count: Count | None = None) -> str:
    """A tap not applied, and what is saved where it was made now."""
    field = field_value(sheet, labels, path, value, count)
    if field is None:
        return t("app.tap_missed")
    return t("app.tap_missed_now", now=t("score.field_is", field=field[0], value=field[1]))


def overwritten_notice(sheet: dict[str, Any], labels: Labels, path: Path, value: Any,
                       count: Count | None = None) -> str:
    """An entry of this phone's that another phone changed: which, and what it is now."""
    field = field_value(sheet, labels, path, value, count)
    if field is not None:
        return t("score.changed_elsewhere", field=field[0], value=field[1])
    name = whose(sheet, path)
    if name is not None:
        return t("score.changed_elsewhere_player", name=name)
    return t("score.changed_elsewhere_table")


def play_notice(sheet: dict[str, Any], labels: Labels, paths: tuple[Path, ...]) -> str:
    """What Play's move changed here: "Play changed on another phone: Ann · Credits is now
    7" (a few counts), else that Score follows it."""
    fields = [field_value(sheet, labels, path, value_at(sheet, path)) for path in paths]
    counts = [f for f, path in zip(fields, paths, strict=True)
              if f is not None and isinstance(value_at(sheet, path), int)]
    if not counts or len(counts) != len(paths) or len(counts) > 3:
        return t("score.play_followed_plain")
    return t("score.play_followed", changes=listed(
        t("score.field_is_now", field=field, value=value) for field, value in counts))
