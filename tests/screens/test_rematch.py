"""Rematch, Same seats, Reopen and a campaign's next game (companion/screens/rematch.py)
on a real store and engine."""

from __future__ import annotations

from companion.engine import Engine
from companion.screens import rematch
from companion.storage.store import Store
from tests.engine.test_outcomes import read_only


def finished(store: Store, game: str, variant: str, players: list[str], **kw):
    table = store.create_table(game, variant, players, **kw)
    store.finish(table.id)
    return store.get_table(table.id)


def test_a_rematch_moves_everyone_a_seat_on_and_same_seats_keeps_them(store):
    table = finished(store, "latria", "standard", ["Ann", "Ben", "Cy"])
    assert rematch.rematches(store, table) == "seats"
    moved = rematch.rematch(Engine(store), table, rotate=True)
    same = rematch.rematch(Engine(store), table, rotate=False)
    assert store.get_table(moved.table_id).players == ["Ben", "Cy", "Ann"]
    assert store.get_table(same.table_id).players == ["Ann", "Ben", "Cy"]


def test_a_solo_game_has_one_rematch_and_a_campaign_with_games_to_come_none(store):
    assert rematch.rematches(store, finished(store, "luna", "solo_easy", ["Ann"])) == "solo"
    first = finished(store, "latria", "campaign", ["Ann", "Ben", "Cy"])
    assert rematch.rematches(store, first) == "none"
    way = rematch.next_game(Engine(store), first, first.id)
    second = store.get_table(way.table_id)
    assert (second.variant, second.campaign_id, second.seed is not None) == (
        "campaign", first.id, True)


def test_reopen_puts_the_table_back_in_progress(store):
    table = finished(store, "latria", "standard", ["Ann", "Ben", "Cy"])
    way = rematch.reopen(Engine(store), table)
    assert way.table_id == table.id and store.get_table(table.id).status == "in_progress"


def test_a_table_deleted_on_another_phone_leads_to_history(store):
    table = finished(store, "latria", "standard", ["Ann", "Ben", "Cy"])
    Engine(store).delete(table.id)
    assert rematch.rematch(Engine(store), table, rotate=True).gone
    assert rematch.reopen(Engine(store), table).gone


def test_a_store_that_can_only_be_read_says_so(store):
    table = finished(store, "latria", "standard", ["Ann", "Ben", "Cy"])
    ro = read_only(store)
    way = rematch.rematch(Engine(ro), table, rotate=True)
    assert way.table_id is None and not way.gone and way.told.notice
