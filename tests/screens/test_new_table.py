"""New table's model (companion/screens/new_table.py), on a real store and engine: what
the form opens with, the names it offers, and what Create table makes or refuses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalog import GAMES
from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.new_table import RECENT_SHOWN, NewTable
from companion.storage.store import Store
from tests.engine.test_outcomes import read_only


def test_each_game_opens_at_its_first_count_with_a_variant_it_allows(store):
    for game in GAMES.values():
        form = NewTable.open(store, game.id)
        assert form.count in game.player_counts
        assert form.variant in {v.id for v in game.variants_for(form.count)}
    assert NewTable.open(store, "luna").count == 4
    assert NewTable.open(store, "latria").count == GAMES["latria"].min_players
    assert NewTable.open(store, "no-such-game") is None


def test_a_count_that_does_not_allow_the_variant_chosen_falls_back_to_the_first(store):
    form = NewTable.open(store, "latria")
    form.choose_variant("campaign")
    for n in GAMES["latria"].player_counts:
        form.choose_count(n)
        allowed = [v.id for v in form.variants()]
        assert form.variant in allowed
    form.choose_count(99)  # not a count of the game: nothing changes
    assert form.count == GAMES["latria"].max_players
    form.choose_variant("no-such-variant")
    assert form.variant in {v.id for v in form.variants()}


def test_recent_names_are_offered_but_those_seated_and_the_default_names(store):
    store.create_table("latria", "standard", ["Ann", "Ben", "Player 3"])
    store.create_table("luna", "standard", ["Cleo", "ann", "プレイヤー2"])
    form = NewTable.open(store, "latria")
    assert form.offered(["", "", ""]) == ["Cleo", "ann", "Ben"]  # the latest spelling
    assert form.offered(["ANN ", "", ""]) == ["Cleo", "Ben"]  # the same name: the same player
    assert form.offered(["Ann", "Ben", "Dan"]) == []  # no seat left to fill
    # A tap fills the first empty seat; a second quick tap on the same chip does nothing.
    assert form.seat_for(["Ann", "", ""], "Cleo") == 1
    assert form.seat_for(["Ann", "Cleo", ""], "cleo") is None
    assert form.seat_for(["Ann", "Cleo", "Dan"], "Ben") is None


def test_at_most_a_few_rows_of_names_are_offered(store):
    for i in range(5):
        store.create_table("latria", "standard", [f"P{i}a", f"P{i}b", f"P{i}c"])
    assert len(NewTable.open(store, "latria").offered(["", "", ""])) == RECENT_SHOWN


def test_create_makes_the_table_with_the_names_typed_and_the_hints_for_empty_seats(store):
    form = NewTable.open(store, "carpe_astra")
    form.choose_count(3)
    with speaking("en"):
        table_id, refused = form.create(Engine(store), ["Ann", "  ", " Ben "], "4242")
    assert refused is None
    table = store.get_table(table_id)
    assert (table.game, table.players, table.seed) == ("carpe_astra", ["Ann", "Player 2",
                                                                        "Ben"], 4242)


def test_create_refuses_bad_names_and_a_bad_seed_and_makes_nothing(store):
    form = NewTable.open(store, "latria")
    with speaking("en"):
        table_id, refused = form.create(Engine(store), ["Ann", "ann", "x" * 41], "12a")
    assert table_id is None and store.list_tables() == []
    assert refused.names == {1: "Player 1 already has this name", 2: "At most 40 characters"}
    assert refused.seed == "A seed is a whole number, like 123456"
    assert refused.form == "Fix the marked names first."
    with speaking("ja"):
        _, refused = form.create(Engine(store), ["Ann", "Ben", "Cy"], "１２ａ")
    assert refused.names == {} and refused.seed and refused.form != "Fix the marked names first."


def test_a_store_that_can_only_be_read_is_said_above_the_button(store):
    store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    form = NewTable.open(store, "latria")
    with speaking("en"):
        _, refused = form.create(Engine(read_only(store)), ["Dan", "Eve", "Fay"], "")
    assert refused.names == {} and refused.seed is None
    assert "read" in refused.form.lower(), refused.form  # the store's own line
    assert len(store.list_tables()) == 1


@settings(max_examples=60, deadline=None)
@given(typed=st.lists(st.sampled_from(["", " ", "Ann", "ann", "Ben", "Cleo", "x" * 41]),
                      min_size=3, max_size=6),
       seed=st.sampled_from(["", "7", "x", "9" * 5000]))
def test_create_makes_a_table_exactly_when_nothing_is_refused(tmp_path_factory, typed, seed):
    store = Store(tmp_path_factory.mktemp("data"))
    form = NewTable.open(store, "latria")
    form.choose_count(len(typed))
    refused = form.refusals(typed, seed)
    table_id, said = form.create(Engine(store), typed, seed)
    assert (table_id is None) == (refused is not None) == (said is not None)
    assert len(store.list_tables()) == (0 if refused else 1)
    if table_id is not None:
        names = store.get_table(table_id).players
        assert len({n.casefold() for n in names}) == len(names) == len(typed)
