"""The Rulings screen's model (companion/screens/rulings_list.py) on a real store and
engine: every game's rulings from Home, a table's game first, a search, a ruling named
by the route opened, and the table's own readings picked until Play fixes them."""

from __future__ import annotations

from companion.engine import Engine
from companion.i18n import speaking
from companion.rules.rulings_doc import entries
from companion.screens.play import Play
from companion.screens.rulings_list import RulingsList
from scorers.readings import ALTERNATIVE
from tests.engine.test_outcomes import read_only
from tests.screens.test_play import big_button


def test_from_home_every_games_rulings_each_once_those_of_every_game_first(store):
    shown = RulingsList.open(store)
    assert shown.session is None and shown.table_readings == ()
    groups = shown.groups()
    assert groups[0].game == ""
    listed = [e.id for g in groups for e, _ in g.rulings]
    assert sorted(listed) == sorted(e.id for e in entries())
    assert not any(unfolded for g in groups for _, unfolded in g.rulings)


def test_a_tables_rulings_are_its_games_then_every_games_the_named_one_open(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=1)
    shown = RulingsList.open(store, table.id)
    groups = shown.groups(opened="L-3")
    assert [g.game for g in groups] == ["latria", ""]
    assert {e.game for g in groups for e, _ in g.rulings} == {"latria", ""}
    assert [e.id for g in groups for e, unfolded in g.rulings if unfolded] == ["L-3"]


def test_a_search_finds_rulings_by_their_words_and_says_when_none(store):
    with speaking("en"):
        found = RulingsList.open(store).groups("eclipse")
        assert found and all(e.game in ("latria", "") for g in found for e, _ in g.rulings)
        assert RulingsList.open(store).groups("zzzqqq") is None
        # one letter is no search: everything is shown
        assert len(RulingsList.open(store).groups("e")) == len(RulingsList.open(store).groups())


def test_the_tables_readings_are_picked_and_fixed_once_play_uses_them(store):
    table = store.create_table("latria", "simple", ["Ann", "Ben", "Cy"], seed=1)
    shown = RulingsList.open(store, table.id)
    ids = [r.entry.id for r in shown.table_readings]
    assert "P-1" in ids and not any(r.other or r.fixed for r in shown.table_readings)
    assert shown.pick(Engine(store), "P-1", ALTERNATIVE).saved
    again = RulingsList.open(store, table.id)
    assert next(r for r in again.table_readings if r.entry.id == "P-1").other
    play = Play.open(store, table.id)
    assert play.tap(Engine(store), big_button(play)).saved
    fixed = {r.entry.id: r.fixed for r in RulingsList.open(store, table.id).table_readings}
    assert fixed["P-1"]  # Play's reading, fixed by its first tap
    assert not any(f for ruling, f in fixed.items() if ruling != "P-1")  # Score's stay


def test_a_pick_on_data_that_can_only_be_read_is_refused(store):
    table = store.create_table("latria", "simple", ["Ann", "Ben", "Cy"], seed=1)
    opened = read_only(store)
    with speaking("en"):
        answer = RulingsList.open(opened, table.id).pick(Engine(opened), "P-1", ALTERNATIVE)
    assert not answer.saved and answer.notice
