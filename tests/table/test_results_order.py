"""What Results lead with and how they order the players (companion/table/result_text.py,
companion/ui/views/results.py), the solo game's rematch (companion/ui/views/rematch.py) and
Luna's virtual opponent in Stats (companion/table/stats.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import flet as ft

from companion.i18n import speaking
from companion.table import result_text
from companion.table.plays import play_record
from companion.table.record import TableSession
from companion.table.stats import compute
from companion.ui.score_forms import form_for
from companion.ui.views import rematch
from scorers.sheets import score_sheet
from scorers.ties import tie_notes

DATA = Path(__file__).parents[1] / "data"
WHEN = datetime(2026, 3, 4, 20, 15, tzinfo=UTC)


def scored(name: str):
    return score_sheet(json.loads((DATA / name).read_text(encoding="utf-8")))


def session(game: str, variant: str, players: list[str], sheet=None) -> TableSession:
    return TableSession(id="t1", game=game, variant=variant, players=players,
                        status="finished", created_at=WHEN, updated_at=WHEN,
                        score_sheet=sheet)


def altar_two_behind():
    """Ben completes his Realm; Aiko (3 toward completion) and Chiara (4) do not, and
    share rank 2: the rulebook does not order them."""
    return score_sheet({"game": "altar", "end": "realm_completed", "players": [
        {"name": "Aiko", "realms": [{"shrines": 1, "active_altars": 2}]},
        {"name": "Ben", "last_shrine_turn": 9, "realms": [{"shrines": 2, "active_altars": 4}]},
        {"name": "Chiara", "realms": [{"shrines": 1, "active_altars": 3}]},
    ]})


def test_a_shared_rank_lists_the_higher_total_first():
    """Altar: Chiara (4) above Aiko (3) at the rank they share, not by name or seat."""
    result = altar_two_behind()
    assert [(p.name, p.rank, p.total) for p in result_text.ranking(result)] == [
        ("Ben", 1, 6), ("Chiara", 2, 4), ("Aiko", 2, 3)]
    with speaking("en"):
        text = result_text.summary("altar", "standard", result, WHEN).splitlines()
    assert text[1:4] == ["1. Ben: Realm complete", "2. Chiara: 4 toward completion",
                         "2. Aiko: 3 toward completion"]


def test_equal_totals_at_a_shared_rank_keep_the_seats():
    """Level on rank and total: as entered (Latoro's shared tie)."""
    result = score_sheet({"game": "latoro", "players": [
        {"name": name, "clan_tag_points": 5, "honor_points": [],
         "resources": {"black": 0, "white": 0, "brown": 0}}
        for name in ("Mia", "Kai", "Lee")]})
    assert [p.name for p in result_text.ranking(result)] == ["Mia", "Kai", "Lee"]
    assert result_text.tie_broken(result) == set()  # shared, not broken


def test_a_tie_broken_pair_is_marked_and_its_reason_found():
    """Latria: Dee and Eve tie on 0, Dee has fewer eclipse points: both lines are
    marked, and the reason is a tie note, which Results put first."""
    result = scored("latria_example3.json")
    assert result_text.tie_broken(result) == {"Dee", "Eve"}
    ties = tie_notes(result)
    assert len(ties) == 1 and "fewer eclipse points" in str(ties[0])
    assert result.note_details.index(ties[0]) > 0  # the scorer's order had it later


def test_altar_equal_totals_are_no_tie():
    """Altar's totals are progress, not points: Ann and Cat both complete on 5, placed
    by their Shrines (the rulebook's rule for the complete), not marked as a tie."""
    result = score_sheet({"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [{"shrines": 2, "active_altars": 3}]},
        {"name": "Ben", "realms": [{"shrines": 0, "active_altars": 2}]},
        {"name": "Cat", "realms": [{"shrines": 1, "active_altars": 4}]},
    ]})
    ranks = {p.name: (p.rank, p.total) for p in result.players}
    assert ranks == {"Ann": (1, 5), "Cat": (2, 5), "Ben": (3, 2)} and tie_notes(result)
    assert result_text.tie_broken(result) == set()


def button_labels(row: ft.Row) -> list[str]:
    """What a screen reader calls each button: its words' spoken name, else its words."""
    return [c.content.semantics_label or c.content.value if isinstance(c.content, ft.Text)
            else str(c.content) for c in row.controls]


def test_a_solo_game_offers_a_plain_rematch():
    """Luna solo: one player, no seats to move — one Rematch, no "one seat on"."""
    with speaking("en"):
        no_store = SimpleNamespace(store=None)  # (only a campaign's series is read)
        solo = button_labels(rematch.buttons(no_store, session("luna", "solo1", ["Ann"]),
                                             with_reopen=False))
        table = button_labels(rematch.buttons(no_store, session("luna", "standard",
                                                                ["Ann", "Ben"]),
                                              with_reopen=False))
    assert solo == ["Rematch: play the same game again"]
    assert table == ["Rematch, everyone moves one seat on",
                     "Same seats: rematch with the seats as they were"]


def test_the_virtual_opponent_is_not_a_player_in_stats():
    """Luna solo: Ann's play counts for Ann alone; the opponent's total is in her margin
    (the solo score is the difference, Luna, Solo Game Rules)."""
    table = session("luna", "solo1", ["Ann"])
    sheet = form_for("luna").empty_sheet(table, {}, None)
    sheet["players"][0]["influence"] = 30  # Ann 30
    sheet["players"][1]["influence"] = 41  # the virtual opponent 41: he wins
    record = play_record(table.model_copy(update={"score_sheet": sheet}), finished_at=WHEN)
    assert record is not None
    for game in (None, "luna"):
        stats = compute([record], game)
        assert [p.name for p in stats.players] == ["Ann"], game
        (ann,) = stats.players
        assert (ann.plays, ann.wins) == (1, 0)
    assert compute([record], "luna").players[0].margins == (30 - 41,)
