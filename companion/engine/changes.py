"""Every change to a table, made in one place: a Play tap, an Undo, a score entry, a setup
tick, a new table, a delete…

A screen hands the engine the change and what it was drawn from (the log's last number,
the seed, the sheet's base); the engine checks it (the game's flow for a tap), saves it
in one transaction of the store, keeps the play state after it
(companion/table/play_state.py) and tells the other phones through ``announce``, the
callable it was given (the app's wraps companion/web/sync.py, so the engine needs no
flet). The answer is one of:

- ``Saved``: done; ``seq`` is the log's last number after a tap or an undo, ``value``
  what the change gives back (the state after a tap, the saved ticks, the new table…);
- ``Refused``: nothing saved, and ``why`` (a message: the game's reason, or the store's
  from companion/storage/saving.py: read-only, the disk full, a value no sheet holds);
- ``Stale``: nothing saved, because another phone changed the table first (``kind``
  says what changed: ``play``, ``setup``, ``sheet``, ``table``; ``gone``: it was
  deleted). ``own`` when the log moved on by this engine's own last change (a quick
  second tap of the same phone), which the screen does not report as another phone's.

One engine per browser session (the app's ``Context``), over the one store of the
server; two engines over one database file are two phones on two server processes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import say
from companion.sheet_changes import REMOVE, SheetChange
from companion.storage.backup import Report as ImportReport
from companion.storage.backup import import_backup
from companion.storage.saving import NOT_SAVED, why_not_saved
from companion.storage.store import Conflict, DeletedTable, PlayersLocked, Store
from companion.table import campaign
from companion.table.setup import flow_config
from scorers.messages import Msg

log = logging.getLogger(__name__)

# (table id, kind, paths, values): what ``sync.Change`` carries to the other phones.
Announcer = Callable[[str, str, tuple, tuple], None]


@dataclass(frozen=True)
class Saved:
    seq: int | None = None
    value: Any = None


@dataclass(frozen=True)
class Refused:
    why: Msg | str
    kind: str = "refused"  # the notice's look: "done" for an Undo with nothing to undo
    ends_game: bool = False  # a tap that ends the game, not made before the players agree

    def text(self) -> str:
        return say(self.why)


@dataclass(frozen=True)
class Stale:
    kind: str
    found: Any = None
    own: bool = False


Outcome = Saved | Refused | Stale


def _quiet(*args: Any) -> None:
    pass




class Engine:
    def __init__(self, store: Store, announce: Announcer = _quiet):
        self.store = store
        self._announce = announce
        self.own_seq: dict[str, int] = {}  # the last number this engine's change left
        # How many changes this engine has saved (each is told): a screen's notices go
        # once a tap's change lands (companion/ui/app.py ``notices_follow_taps``).
        self.changes_saved = 0

    # -- the parts every change shares -------------------------------------------------
    def _tell(self, table_id: str, kind: str, paths: tuple = (), values: tuple = ()) -> None:
        self.changes_saved += 1
        try:
            self._announce(table_id, kind, tuple(paths), tuple(values))
        except Exception:  # noqa: BLE001 - the change is saved; the others redraw on reload
            log.exception("could not announce a %s change of %s", kind, table_id)

    def _tell_entries(self, table_id: str, changes: Sequence[SheetChange]) -> None:
        """Score entries: the places that changed and their new values (None: removed)."""
        self._tell(table_id, "sheet", tuple(path for path, _ in changes),
                   tuple(None if v is REMOVE else v for _, v in changes))

    def _stale(self, table_id: str, kind: str, found: Any) -> Stale:
        own = kind == "play" and found is not None and found == self.own_seq.get(table_id)
        return Stale(kind, found, own=own)

    def _write(self, table_id: str, write: Callable[[], Any]) -> tuple[Any, Outcome | None]:
        """``write()``'s value, or the answer for a store that saved nothing."""
        try:
            return write(), None
        except Conflict as err:
            return None, self._stale(table_id, err.kind, err.found)
        except KeyError:  # deleted on another phone
            return None, Stale("gone")
        except NOT_SAVED as err:
            return None, Refused(why_not_saved(err))

    def _moved(self, table_id: str, seq: int, kind: str = "play") -> None:
        self.own_seq[table_id] = seq
        self._tell(table_id, kind)

    # -- Play ------------------------------------------------------------------------
    def tap(self, table_id: str, event: dict[str, Any], seen_seq: int, *,
            config: Mapping[str, Any] | None = None, ending: bool = True) -> Outcome:
        """One Play tap on a screen drawn from the log up to ``seen_seq`` (with the flow
        ``config`` it was drawn with; else the saved table's). The game's flow checks it
        on that log's state; the store saves it only while that log is still the saved
        one, so the check holds for the saved log. ``ending=False``: a tap that would end
        the game is refused with ``ends_game`` (the screen asks the table first)."""
        # Here, not at the top: the server starts without the play flows (the first
        # screen needs none of them).
        from companion.flows import FLOWS, FlowError, message
        from companion.table.play_state import current, keep

        session = self.store.get_table(table_id)
        if session is None or session.game not in FLOWS:
            return Stale("gone")
        config = flow_config(session, self.store) if config is None else config
        flow = FLOWS[session.game]
        try:
            state, seq = current(self.store, session.game, config, table_id)
        except KeyError:
            return Stale("gone")
        except FlowError as err:  # a log the game refuses: Play offers Undo only
            return Refused(message(err))
        if seq != seen_seq:
            return self._stale(table_id, "play", seq)
        try:
            after = flow.apply(state, event)
        except FlowError as err:
            return Refused(message(err))
        if not ending and flow.view(after).finished and not flow.view(state).finished:
            return Refused(Msg("play.end_body"), ends_game=True)
        new_seq, failed = self._write(
            table_id, lambda: self.store.append_event(table_id, event, seen_seq))
        if failed is not None:
            return failed
        keep(config, table_id, new_seq, after)
        self._moved(table_id, new_seq)
        return Saved(new_seq, after)

    def undo(self, table_id: str, seen_seq: int) -> Outcome:
        """Take back the last event of the log the screen was drawn from; ``value`` is
        the event taken back (the screen names its button)."""
        dropped, failed = self._write(
            table_id, lambda: self.store.drop_last_event(table_id, seen_seq))
        if failed is not None:
            return failed
        if dropped is None:
            return Refused(Msg("play.nothing_to_undo"), kind="done")
        seq = self.store.last_seq(table_id)
        self._moved(table_id, seq)
        return Saved(seq, dropped)

    # -- Score -------------------------------------------------------------------------
    def change_sheet(self, table_id: str, changes: Sequence[SheetChange],
                     base: dict[str, Any] | None = None,
                     seen: Sequence[Any] | None = None) -> Outcome:
        """Score entries, field by field, into the saved sheet (``base``: the sheet the
        screen shows when none is saved yet). ``value``: the saved sheet and its version.
        ``seen``: the value the screen showed at each change's place (``REMOVE``: none),
        as a Play tap names the log it was drawn from. Stale (``sheet``) when a change
        names a place the saved sheet no longer has (an import replaced it: ``found``
        None), or when another phone changed a value first (``found``: its place and the
        value saved there, None for none); without ``seen``, the same field entered on
        another phone keeps the later."""
        saved, failed = self._write(
            table_id,
            lambda: self.store.change_score_sheet(table_id, changes, base=base, seen=seen))
        if failed is not None:
            return failed
        if changes:
            self._tell_entries(table_id, changes)
        return Saved(value=saved)

    def replace_sheet(self, table_id: str, sheet: dict[str, Any] | None) -> Outcome:
        """An imported sheet, or None (starting again): the whole sheet changes."""
        version, failed = self._write(table_id,
                                      lambda: self.store.set_score_sheet(table_id, sheet))
        if failed is not None:
            return failed
        self._tell(table_id, "sheet", ((),))
        return Saved(value=version)

    def follow_play(self, table_id: str,
                    changes_for: Callable[[dict[str, Any], list[Any]],
                                          tuple[list[SheetChange], list[Any]]],
                    base: dict[str, Any]) -> Outcome:
        """What Play tracked, into the saved sheet (``Store.follow_play``); ``value``: the
        changes written (none: nothing was)."""
        changes, failed = self._write(
            table_id, lambda: self.store.follow_play(table_id, changes_for, base=base))
        if failed is not None:
            return failed
        if changes:
            self._tell_entries(table_id, changes)
        return Saved(value=changes)

    def remember_box_value(self, game: str, key: str, value: Any) -> Outcome:
        """A value of the game's box (Luna's second priestess value) kept for the next
        table: no table changes, so nobody is told."""
        _, failed = self._write("", lambda: self.store.set_box_value(game, key, value))
        return failed or Saved(value=value)

    # -- Setup -------------------------------------------------------------------------
    def tick(self, table_id: str, number: int, on: bool, seed: int | None) -> Outcome:
        """Tick (or untick) one step of the checklist drawn from ``seed``; ``value``: the
        saved ticks (another phone's kept). Stale (``setup``) when it was drawn again."""
        ticks, failed = self._write(
            table_id, lambda: self.store.set_setup_tick(table_id, number, on, seed))
        if failed is not None:
            return failed
        self._tell(table_id, "setup")
        return Saved(value=ticks)

    def choose_setup(self, table_id: str, key: str, value: Any, seed: int | None) -> Outcome:
        """A setup choice instead of the draw (Carpe Astra's characters; None: the draw
        again). Stale (``setup``) when drawn again or once play has begun."""
        choices, failed = self._write(
            table_id, lambda: self.store.set_setup_choice(table_id, key, value, seed))
        if failed is not None:
            return failed
        self._tell(table_id, "setup")
        return Saved(value=choices)

    def draw_again(self, table_id: str, *, first: bool = False) -> Outcome:
        """A new setup draw (the old ticks and choices go with the old draw); ``value``:
        the seed. ``first``: the first draw of a table from before seeds, made by the
        screen that opens it, which the others make alike when they open it."""
        seed = new_seed()
        _, failed = self._write(table_id, lambda: self.store.set_seed(table_id, seed))
        if failed is not None:
            return failed
        if not first:
            self._tell(table_id, "setup")
        return Saved(value=seed)

    # -- the table -------------------------------------------------------------------
    def set_reading(self, table_id: str, ruling: str, choice: str) -> Outcome:
        """The table's reading of a switchable ruling; Stale (``play``) for a reading
        Play applies once the first tap was made."""
        readings, failed = self._write(
            table_id, lambda: self.store.set_reading(table_id, ruling, choice))
        if failed is not None:
            return failed
        self._tell(table_id, "table")
        return Saved(value=readings)

    def edit_players(self, table_id: str, seats: list[tuple[int, str]],
                     seen_seq: int) -> Outcome:
        """New names and seat order (``Store.edit_players``); every table of the series
        is told. Stale (``play``) when the log moved on, or seats may no longer move."""
        try:
            session, failed = self._write(
                table_id, lambda: self.store.edit_players(table_id, seats, seen_seq))
        except PlayersLocked as err:
            return Stale("play", err.args[0] if err.args else None)
        if failed is not None:
            return failed
        series = (self.store.series(campaign.series_id(session))
                  if session.variant == "campaign" else [session])
        for other in series:
            self._tell(other.id, "table")
        return Saved(value=session)

    def create_table(self, game: str, variant: str, players: list[str],
                     seed: int | None = None, campaign_id: str | None = None) -> Outcome:
        """A new table (a seed drawn when none is given); ``value``: the table."""
        seed = new_seed() if seed is None else seed
        session, failed = self._write("", lambda: self.store.create_table(
            game, variant, players, seed=seed, campaign_id=campaign_id))
        if failed is not None:
            return failed
        self._tell(session.id, "table")
        return Saved(value=session)

    def rematch(self, table_id: str, rotate: bool = True) -> Outcome:
        """A new table from a finished one (``Store.rematch``); ``value``: the table."""
        session, failed = self._write(table_id,
                                      lambda: self.store.rematch(table_id, rotate=rotate))
        if failed is not None:
            return failed
        self._tell(session.id, "table")
        return Saved(value=session)

    def finish(self, table_id: str) -> Outcome:
        """Results shown: the table leaves Home for History."""
        return self._status(table_id, self.store.finish)

    def reopen(self, table_id: str) -> Outcome:
        """In progress again: back on Home, out of History."""
        return self._status(table_id, self.store.reopen)

    def _status(self, table_id: str, write: Callable[[str], None]) -> Outcome:
        _, failed = self._write(table_id, lambda: write(table_id))
        if failed is not None:
            return failed
        self._tell(table_id, "table")
        return Saved()

    def delete(self, table_id: str) -> Outcome:
        """Delete a table with its log; ``value``: what ``restore`` needs (None: there
        was no such table)."""
        deleted, failed = self._write(table_id, lambda: self.store.delete_table(table_id))
        if failed is not None:
            return failed
        self._tell(table_id, "table")
        return Saved(value=deleted)

    def restore(self, deleted: DeletedTable) -> Outcome:
        """Bring a deleted table back as it was; one brought back on another phone
        already is back all the same."""
        table_id = deleted.table["id"]
        _, failed = self._write(table_id, lambda: self.store.restore_table(deleted))
        if failed is not None and not isinstance(failed, Stale):
            return failed
        self._tell(table_id, "table")
        return Saved()

    def read_backup(self, data: bytes | str) -> ImportReport:
        """A backup file read in (companion/storage/backup.py checks and writes it, in one
        transaction; ``BackupError`` when nothing was). The phones are told by
        ``imported``, on the event loop: this may run in a thread."""
        return import_backup(self.store, data)

    def imported(self, report: ImportReport) -> None:
        """A backup was read in (companion/storage/backup.py writes it, in one
        transaction): the phones showing a replaced table redraw it, and Home lists the
        new ones (one message to the list of tables is enough, however many came)."""
        for table_id in report.replaced_tables:
            self._tell(table_id, "table")
        if report.changed_tables and not report.replaced_tables:
            self._tell(report.changed_tables[0], "table")


def new_seed() -> str:
    # setup_guides builds its models as it is imported: a start (Home) does not need them.
    from setup_guides import new_seed

    return new_seed()
