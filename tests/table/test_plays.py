"""A finished play as History and Stats read it (companion/table/plays.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.storage.store import Store
from companion.table.plays import play_record
from scorers.sheets import score_sheet

DATA = Path(__file__).parents[1] / "data"
SHEETS = ["latria_example3", "carpe_astra_example", "luna_example", "altar_example",
          "latoro_example"]


def scored_table(tmp_path, name):
    sheet = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    players = [p["name"] for p in sheet["players"]]
    store = Store(tmp_path)
    table = store.create_table(sheet["game"], sheet.get("variant", "standard"), players)
    store.set_score_sheet(table.id, sheet)
    return store.get_table(table.id), sheet


@pytest.mark.parametrize("name", SHEETS)
def test_the_record_has_the_scorers_totals_ranks_and_winners(tmp_path, name):
    session, sheet = scored_table(tmp_path, name)
    record = play_record(session)
    result = score_sheet(sheet)
    assert record.winners == tuple(result.winners)
    by_name = {p.name: p for p in result.players}
    for outcome in record.players:
        assert outcome.total == by_name[outcome.name].total
        assert outcome.rank == by_name[outcome.name].rank
        assert outcome.winner == (outcome.name in result.winners)
        # the categories add up to the total, as the breakdown does
        assert sum(outcome.categories.values()) == sum(
            line.points for line in by_name[outcome.name].breakdown)
    assert [p.seat for p in record.players] == sorted(p.seat for p in record.players)


def test_latria_keeps_what_the_eclipse_pile_cost(tmp_path):
    session, _ = scored_table(tmp_path, "latria_example3")
    record = play_record(session)
    assert all(p.eclipse is not None and p.eclipse >= 0 for p in record.players)
    assert record.points


def test_a_table_without_a_sheet_or_with_a_broken_one_is_not_a_play(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben"])
    assert play_record(store.get_table(table.id)) is None
    broken = store.get_table(table.id).model_copy(
        update={"score_sheet": {"game": "latria", "players": [{"name": "Ann"}]}})
    assert play_record(broken) is None


def test_altar_totals_are_not_points(tmp_path):
    session, _ = scored_table(tmp_path, "altar_example")
    assert play_record(session).points is False


def test_the_same_name_is_the_same_player_whatever_its_case_or_width():
    from companion.table.plays import player_key
    assert player_key("Kim") == player_key("KIM") == player_key("Ｋｉｍ") == player_key(" kim ")
    assert player_key("さくら") == player_key("さくら") != player_key("サクラ")
    assert player_key("ｻｸﾗ") == player_key("サクラ")
