"""The finished plays as the History screen and its spreadsheet file read them: the plays
(newest first, filtered by game and by player), the players met in them, and the CSV.

No flet: a finished table with nothing entered is scored on the empty score form that
its caller passes in (``empty_sheet``, the screens' forms). The CSV has one row per
player per play, for spreadsheets:

    date, game, variant, player, seat, total, rank, winner

``date`` is the finish in local time (``YYYY-MM-DD HH:MM``), ``seat`` counts from 1 in
the table's seat order, ``winner`` is 1 or 0 (a column a spreadsheet can add up). The
header and the game and variant names are in the reader's language (docs/history.md).

The command line is companion/history.py: ``python -m companion.history csv FILE``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from typing import Protocol

from companion.catalog import GAMES
from companion.i18n import local_time, t
from companion.table.plays import PlayRecord, play_record, player_key
from companion.table.record import TableSession
from companion.table.setup import setup_json

# The empty score form of a table's game given its box values and setup, or None (the
# screens' forms draw with flet).
EmptySheet = Callable[[TableSession, dict, "dict | None"], "dict | None"]


class Store(Protocol):
    """What is read of the saved tables (companion/storage/store.py's Store)."""

    def history(self, game: str | None, player: str | None) -> list[TableSession]: ...

    def box_values(self, game: str) -> dict: ...

CSV_COLUMNS = ("date", "game", "variant", "player", "seat", "total", "rank", "winner")


def plays(store: Store, empty_sheet: EmptySheet, game: str | None = None,
          player: str | None = None) -> list[PlayRecord]:
    """The finished plays, newest first; a table whose sheet does not score is left out
    (it has no result to list). History, its spreadsheet file and Stats all read these."""
    return [record for session in store.history(game, player)
            if (record := finished_record(store, session, empty_sheet)) is not None]


def finished_record(store: Store, session: TableSession,
                    empty_sheet: EmptySheet) -> PlayRecord | None:
    """The play as its Results showed it: a table finished with nothing entered is scored
    on the sheet the Score screen shows (views/results.py), every entry 0."""
    if session.score_sheet is None:
        empty = empty_sheet(session, store.box_values(session.game), setup_json(session))
        if empty is not None:
            session = session.model_copy(update={"score_sheet": empty})
    return play_record(session)


def players_met(sessions: Iterable[TableSession]) -> list[str]:
    """Everyone who sat at these tables, once each (``player_key``), in the spelling of
    their latest table, most plays first, then by name."""
    count: dict[str, int] = {}
    spelling: dict[str, str] = {}
    for session in sessions:  # newest first: the first spelling met is the latest
        for name in session.players:
            key = player_key(name)
            count[key] = count.get(key, 0) + 1
            spelling.setdefault(key, name)
    return [spelling[k] for k in sorted(count, key=lambda k: (-count[k], k))]


def game_name(game: str) -> str:
    known = GAMES.get(game)
    return t(known.name) if known else game


def variant_name(game: str, variant: str) -> str:
    known = GAMES.get(game)
    try:
        return t(known.variant(variant).label) if known else variant
    except StopIteration:
        return variant


def csv_rows(records: Iterable[PlayRecord]) -> list[list[str]]:
    rows = [[t(f"history.csv_{column}") for column in CSV_COLUMNS]]
    for record in records:
        date = local_time.local(record.finished_at).strftime("%Y-%m-%d %H:%M")
        for p in record.players:
            rows.append([date, game_name(record.game), variant_name(record.game, record.variant),
                         p.name, str(p.seat + 1), str(p.total), str(p.rank),
                         "1" if p.winner else "0"])
    return rows


def csv_text(records: Iterable[PlayRecord]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(csv_rows(records))  # RFC 4180
    return out.getvalue()


def csv_bytes(records: Iterable[PlayRecord]) -> bytes:
    """UTF-8 with a byte-order mark: without it Excel reads Japanese names as mojibake."""
    return csv_text(records).encode("utf-8-sig")
