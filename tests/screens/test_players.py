"""Players' model (companion/screens/players.py) on a real store and engine."""

from __future__ import annotations

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.players import Players
from tests.engine.test_outcomes import read_only


def test_names_and_seats_are_saved_and_unchanged_is_said(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    model = Players.open(store, table.id)
    assert model.locked is None and model.note == "players.order_hint"
    assert model.save(Engine(store), [(0, "Ann"), (1, "Ben"), (2, "Cy")]).done == "unchanged"
    assert model.save(Engine(store), [(1, " Benny "), (0, "Ann"), (2, "Cy")]).done == "saved"
    assert store.get_table(table.id).players == ["Benny", "Ann", "Cy"]


def test_bad_names_are_refused_seat_by_seat(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    with speaking("en"):
        saving = Players.open(store, table.id).save(
            Engine(store), [(0, "Ann"), (1, "ANN"), (2, "")])
    assert saving.done == "names"
    assert saving.names == {1: "Player 1 already has this name", 2: "Enter a name"}
    assert store.get_table(table.id).players == ["Ann", "Ben", "Cy"]


def test_seats_are_locked_once_play_began_and_a_tap_meanwhile_is_moved_on(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    model = Players.open(store, table.id)
    store.append_event(table.id, {"type": "start", "player": 1}, 0)  # Play, on another phone
    saving = model.save(Engine(store), [(1, "Ben"), (0, "Ann"), (2, "Cy")])
    assert saving.done == "moved_on" and store.get_table(table.id).players == ["Ann", "Ben",
                                                                                "Cy"]
    again = Players.open(store, table.id)
    assert again.locked == "play" and again.note == "players.locked_play"
    assert again.save(Engine(store), [(0, "Annie"), (1, "Ben"), (2, "Cy")]).done == "saved"


def test_a_campaigns_later_game_keeps_its_seats(store):
    first = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"])
    store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"], campaign_id=first.id)
    assert Players.open(store, first.id).locked == "series"


def test_a_store_that_can_only_be_read_says_so_and_a_table_gone_is_gone(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    ro = read_only(store)
    with speaking("en"):
        saving = Players.open(ro, table.id).save(Engine(ro), [(0, "Annie"), (1, "Ben"),
                                                              (2, "Cy")])
    assert saving.done == "not_saved" and saving.told.notice and not saving.told.gone


def test_a_table_deleted_meanwhile_is_gone(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    model = Players.open(store, table.id)
    Engine(store).delete(table.id)
    saving = model.save(Engine(store), [(0, "Annie"), (1, "Ben"), (2, "Cy")])
    assert saving.done == "not_saved" and saving.told.gone
    assert Players.open(store, table.id) is None
