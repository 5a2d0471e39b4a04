"""A table deleted on Home and taken back with Undo comes back with its Setup ticks too
(companion/screens/home.py, companion/screens/setup_checklist.py), on a real store and
engine. (Its log coming back: tests/screens/test_home.py.)"""

from __future__ import annotations

from companion.engine import Engine
from companion.screens.home import Home
from companion.screens.setup_checklist import Checklist
from companion.storage.store import Store


def test_a_deleted_table_comes_back_with_its_ticks(tmp_path):
    store = Store(tmp_path)
    engine = Engine(store)
    table = store.create_table("luna", "standard", ["Ann", "Ben"], seed=3)
    checklist = Checklist.open(store, engine, table.id)
    assert checklist.tick(engine, store, 1, True).saved
    answer, deleted = Home.delete(engine, table.id)
    assert answer.saved and Home.open(store).tables == []
    assert Home.restore(engine, deleted).saved
    (tile,) = Home.open(store).tables
    assert (tile.id, tile.players) == (table.id, "Ann, Ben")
    assert Checklist.open(store, engine, table.id).ticked == {1}
