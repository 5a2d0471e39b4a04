"""Which game of a Latria campaign a table is (shown on the table screen and Home)."""

from __future__ import annotations

from companion.storage.store import Store
from companion.table.campaign import place_in_series


def test_each_game_of_a_campaign_knows_its_place(tmp_path):
    store = Store(tmp_path)
    names = ["Ann", "Ben", "Cleo", "Dan"]
    first = store.create_table("latria", "campaign", names)
    second = store.create_table("latria", "campaign", names, campaign_id=first.id)
    third = store.create_table("latria", "campaign", names, campaign_id=first.id)
    assert [place_in_series(store, s) for s in (first, second, third)] == [
        (1, 4), (2, 4), (3, 4)]


def test_a_table_of_no_campaign_has_no_place(tmp_path):
    store = Store(tmp_path)
    assert place_in_series(store, store.create_table("latria", "standard", ["A", "B", "C"])) is None
    assert place_in_series(store, store.create_table("luna", "standard", ["A", "B"])) is None
