"""History, its spreadsheet and Stats on a phone of a server with private tables
(``SavedTables.for_phone``): only the plays of the tables the phone has."""

from __future__ import annotations

from companion.screens.past_plays import PastPlays
from companion.screens.player_stats import StatsFigures
from companion.screens.saved_tables import SavedTables
from companion.ui.score_forms import empty_sheet
from tests.table.test_history import finished_table

OURS = ["Ann", "Ben", "Cleo", "Dee", "Eve"]
THEIRS = ["Zoe", "Yan", "Xia", "Wes", "Val"]


def test_history_its_spreadsheet_and_stats_hold_the_phones_plays_alone(store, english):
    ours = finished_table(store, players=OURS)
    finished_table(store, players=THEIRS)
    reads = SavedTables(store).for_phone({ours.id})
    shown = PastPlays.open(reads, empty_sheet)
    assert [p.session.id for p in shown.plays] == [ours.id]
    _, spreadsheet = shown.spreadsheet()
    text = spreadsheet.decode("utf-8-sig")
    assert "Ann" in text and not any(name in text for name in THEIRS)
    figures = repr(StatsFigures.open(reads, empty_sheet))
    assert "Ann" in figures and not any(name in figures for name in THEIRS)
    # The whole store, as whoever runs the server sees it, has both.
    assert len(PastPlays.open(SavedTables(store), empty_sheet).plays) == 2
