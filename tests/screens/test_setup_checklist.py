"""Setup's model (companion/screens/setup_checklist.py) on a real store and engine: ticks
kept across phones, drawing again, Carpe Astra's characters, a store that can only be
read, and what another phone's change was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.screens.setup_checklist import Checklist
from companion.storage.store import Store
from tests.engine.test_outcomes import read_only


def opened(store: Store, table_id: str) -> Checklist:
    return Checklist.open(store, Engine(store), table_id)


def test_two_phones_tick_steps_and_each_keeps_the_others(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    a, b = opened(store, table.id), opened(store, table.id)
    engine = Engine(store)
    assert a.tick(engine, store, 1, True).saved
    assert b.tick(engine, store, 3, True).saved
    assert b.ticked == {1, 3}  # A's tick kept
    assert a.change_from_elsewhere(store) == "ticks" and a.ticked == {1, 3}
    assert a.tick(engine, store, 1, False).saved and a.ticked == {3}
    assert Checklist.ticks_saved(store, table.id) == 1


def test_a_tick_on_a_checklist_drawn_again_elsewhere_is_stale(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    engine = Engine(store)
    a, b = opened(store, table.id), opened(store, table.id)
    assert b.draw_again(engine).saved
    assert a.change_from_elsewhere(store) == "redrawn"
    answer = a.tick(engine, store, 2, True)
    assert answer.stale and not answer.saved and answer.notice is None
    again = opened(store, table.id)
    assert again.session.seed != a.session.seed and again.ticked == set()


def test_a_table_from_before_seeds_draws_one_once(store):
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"])
    first = opened(store, table.id)
    assert isinstance(first.session.seed, int) and first.setup is not None
    assert opened(store, table.id).session.seed == first.session.seed


def test_characters_chosen_then_fixed_once_play_begins(store):
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben", "Cy"], seed=3)
    engine = Engine(store)
    model, other = opened(store, table.id), opened(store, table.id)
    chosen = list(reversed(model.setup.characters))
    assert model.choose_characters(engine, chosen).saved
    assert other.change_from_elsewhere(store) == "characters"
    assert opened(store, table.id).setup.characters == chosen
    assert store.get_table(table.id).setup_choices == {"characters": chosen}
    store.append_event(table.id, {"type": "next"}, 0)  # play has begun
    late = opened(store, table.id)
    assert late.started
    assert late.choose_characters(engine, None).stale  # the draw stays as chosen
    assert store.get_table(table.id).setup_choices == {"characters": chosen}


def test_a_store_that_can_only_be_read_refuses_a_tick_and_shows_the_saved_ones(store):
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    assert opened(store, table.id).tick(Engine(store), store, 2, True).saved
    ro = read_only(store)
    model = opened(ro, table.id)
    answer = model.tick(Engine(ro), ro, 4, True)
    assert answer.notice and answer.kind == "refused" and model.ticked == {2}


def test_a_deleted_table_and_a_checklist_the_guide_cannot_make(store):
    assert opened(store, "nope").session is None
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    Engine(store).delete(table.id)
    assert opened(store, table.id).session is None


@settings(max_examples=40, deadline=None)
@given(taps=st.lists(st.tuples(st.sampled_from("ab"), st.integers(1, 12), st.booleans()),
                     max_size=12))
def test_ticks_from_two_phones_in_any_order_end_as_the_last_tap_of_each_step(
        tmp_path_factory, taps):
    store = Store(tmp_path_factory.mktemp("data"))
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"], seed=7)
    engine = Engine(store)
    phones = {"a": opened(store, table.id), "b": opened(store, table.id)}
    last: dict[int, bool] = {}
    total = phones["a"].total
    for phone, number, on in taps:
        number = (number - 1) % total + 1
        assert phones[phone].tick(engine, store, number, on).saved
        last[number] = on
    expected = {n for n, on in last.items() if on}
    for model in phones.values():
        model.change_from_elsewhere(store)
        assert model.ticked == expected
