"""Home's model (companion/screens/home.py) on a real store and engine: the tables in
progress as listed, a delete taken back, and the store that can only be read."""

from __future__ import annotations

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.home import Home
from tests.engine.test_outcomes import read_only


def test_tables_in_progress_last_changed_first_with_a_campaigns_game(store):
    first = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"])
    second = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"],
                                campaign_id=first.id)
    luna = store.create_table("luna", "standard", ["Dan", "Eve"])
    store.finish(luna.id)
    with speaking("en"):
        home = Home.open(store)
    assert [(tile.id, tile.players, tile.place) for tile in home.tables] == [
        (second.id, "Ann, Ben, Cy", "Campaign game 2 of 3"),
        (first.id, "Ann, Ben, Cy", "Campaign game 1 of 3")]
    assert all(tile.last_change.startswith("Last change ") for tile in home.tables)
    assert [g.id for g in home.games] == ["latria", "carpe_astra", "luna", "altar", "latoro"]
    assert home.finished == 1 and home.read_only is None


def test_a_delete_is_taken_back_with_its_log(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    store.append_event(table.id, {"type": "start", "player": 1}, 0)
    engine = Engine(store)
    answer, deleted = Home.delete(engine, table.id)
    assert answer.saved and deleted is not None and store.list_tables() == []
    # Deleted on another phone meanwhile: nothing to take back, nothing to tell.
    again, none = Home.delete(engine, table.id)
    assert again.notice is None and none is None
    assert Home.restore(engine, deleted).saved
    assert [t.id for t in Home.open(store).tables] == [table.id]
    assert store.events(table.id) == [{"type": "start", "player": 1}]
    assert Home.restore(engine, deleted).saved  # back already (another phone): back


def test_a_store_that_can_only_be_read_says_so_and_deletes_nothing(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    opened = read_only(store)
    with speaking("en"):
        home = Home.open(opened)
        answer, deleted = Home.delete(Engine(opened), table.id)
    assert home.read_only and answer.notice and answer.kind == "refused" and deleted is None
    assert [t.id for t in Home.open(opened).tables] == [table.id]
