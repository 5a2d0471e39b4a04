"""The table's own readings picked on its Rulings screen and named on Results; a Latria
campaign game scored by an import, with its standings; a Luna solo play's Stats without
the virtual opponent. On a real store and engine, through the screens' models."""

from __future__ import annotations

import json
import re

import pytest

from companion.engine import Engine
from companion.i18n import say, speaking, t
from companion.screens.player_stats import StatsFigures
from companion.screens.results import Results
from companion.screens.rulings_list import RulingsList
from companion.screens.score import header, import_problem
from companion.screens.score_entries import Entries
from companion.storage.store import Store
from companion.ui.score_forms import empty_sheet
from scorers.readings import ALTERNATIVE

RULING_ID = re.compile(r"\b[A-Z]{1,2}-\d+\b")


pytestmark = pytest.mark.usefixtures("english")


def notes(results: Results) -> list[str]:
    return [say(n.text) for n in results.ties + results.others]


def pick_the_other_reading(store: Store, table_id: str, ruling: str) -> None:
    shown = RulingsList.open(store, table_id)
    assert ruling in [r.entry.id for r in shown.table_readings]
    assert shown.pick(Engine(store), ruling, ALTERNATIVE).saved


def test_the_other_reading_of_the_three_player_tokens_reaches_the_results(store):
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben", "Cleo"], seed=1)
    pick_the_other_reading(store, table.id, "C-1")
    shown = notes(Results.open(store, Engine(store), table.id, empty_sheet))
    assert any(n.startswith("The table's reading: with 3 players, every guild") for n in shown)
    assert not [n for n in shown if RULING_ID.search(n)]


def test_the_polaris_card_may_remove_itself_by_the_tables_reading(store):
    """Holding the card, Sun 4 and Sun 3: the other reading removes the card and Sun 3,
    and Ann keeps Sun 4."""
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"], seed=1)
    pick_the_other_reading(store, table.id, "L-3")
    saved = store.get_table(table.id)
    entries = Entries(table.id, empty_sheet(saved, {}, None), store)
    assert entries.enter(Engine(store), [(("players", 0, "cards"), [
        {"celestial": "sun", "vp": 4}, {"celestial": "sun", "vp": 3},
        {"celestial": "polaris", "special": "discard_two"}])]).saved
    sheet = {**entries.saved, "readings": store.get_table(table.id).readings}
    assert header("latria", sheet, 0).total == "Ann: 4 points"
    results = Results.open(store, Engine(store), table.id, empty_sheet)
    assert results.winners == "Ann wins"
    shown = notes(results)
    assert any(n.startswith("The table's reading: the Polaris two-red-symbols card counts "
                            "among its holder's cards") for n in shown), shown
    assert not [n for n in shown if RULING_ID.search(n)]


def test_the_new_readings_in_japanese():
    with speaking("ja"):
        assert "北極星のカードも持ち主の獲得したカードに数え" in t("readings.other.l3")
        assert "背教者では数＋1をそのまま失い" in t("readings.other.p11")


def test_a_campaign_game_scored_by_an_import_then_its_standings(store):
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "Cleo"], seed=1)
    sheet = json.dumps({"game": "latria", "players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 4}]},
        {"name": "Ben", "cards": [{"celestial": "moon", "vp": 2}]},
        {"name": "Cleo", "cards": []}]})
    session = store.get_table(table.id)
    half = import_problem(sheet[:len(sheet) // 2], session, session.players)
    assert half.startswith("This is not valid JSON")
    assert import_problem(sheet, session, session.players) is None
    entries = Entries(table.id, empty_sheet(session, {}, None), store)
    assert entries.replace_sheet(Engine(store), json.loads(sheet)).saved
    assert [c.label for c in header("latria", entries.saved, 0).chips] == [
        "Ann, 4 points", "Ben, 2 points", "Cleo, 0 points"]
    standings = Results.open(store, Engine(store), table.id, empty_sheet).campaign
    assert standings.heading == "Campaign standings after game 1 of 3"
    # Extension Rules 3: 1st (Ann) 3, 2nd (Ben) 2, last (Cleo) −1.
    assert [(r.name, r.per_game) for r in standings.rows] == [
        ("Ann", "+3"), ("Ben", "+2"), ("Cleo", "-1")]
    assert standings.next_label == "Start campaign game 2"


def test_stats_of_a_luna_solo_play_count_no_virtual_opponent(store):
    table = store.create_table("luna", "solo1", ["Ann"], seed=1)
    store.set_score_sheet(table.id, {
        "game": "luna", "council_order": ["Ann", "Virtual opponent"], "players": [
            {"name": "Ann", "influence": 30, "shrines": 2, "unused_favors": 1,
             "council_points": 3},
            {"name": "Virtual opponent", "influence": 41, "shrines": 1, "unused_favors": 0,
             "council_points": 1, "virtual": True}]})
    store.finish(table.id)
    figures = StatsFigures.open(store, empty_sheet)
    shown = repr(figures)
    assert "Ann" in shown
    assert "Virtual opponent" not in shown and "仮想の対戦相手" not in shown
