"""Play's model (companion/screens/play.py) on a real store and engine: a tap saved and
the screen moved on, a tap drawn before another phone's refused and told, this phone's
own quick second tap redrawn without a word, a refusal that keeps the screen, Undo
naming its button, a broken log repaired by Undo, and which changes draw Play again.
Two phones over one store in any order: Hypothesis."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.flows import build_event
from companion.flows.base import Action, Field
from companion.i18n import speaking
from companion.screens.play import Play, draft_for, unsaved, where_now
from companion.storage.store import Store

PLAYERS = ["Ann", "Ben", "Cat"]


def latria(store: Store) -> str:
    return store.create_table("latria", "standard", PLAYERS, seed=1).id


def big_button(play: Play) -> dict:
    """The event of the big button, its questions answered with their first choice."""
    primary = next(a for a in play.view.actions if a.primary)
    return build_event(primary, {f.id: f.choices[0] if f.choices else f.default
                                 for f in primary.fields})


def test_a_tap_is_saved_and_the_screen_opened_again_has_moved_on(store):
    table_id, engine = latria(store), Engine(store)
    play = Play.open(store, table_id)
    step = play.view.step
    tapped = play.tap(engine, big_button(play))
    assert tapped.saved and not tapped.notice
    again = Play.open(store, table_id)
    assert again.seq == play.seq + 1 and again.view.step != step
    assert not again.moved_on(store, "play")  # its own tap: drawn from it already
    assert play.moved_on(store, "play")
    assert not play.moved_on(store, "sheet")  # a Score entry leaves Play as it is
    assert play.moved_on(store, "setup") and play.moved_on(store, "table")


def test_a_tap_drawn_before_another_phones_is_not_applied_and_is_told(store):
    table_id = latria(store)
    a_engine, b_engine = Engine(store), Engine(store)
    a, b = Play.open(store, table_id), Play.open(store, table_id)
    assert a.tap(a_engine, big_button(a)).saved
    late = b.tap(b_engine, big_button(b))
    assert late.stale and late.missed and not late.saved
    assert store.last_seq(table_id) == a.seq + 1  # B's tap saved nothing
    # A's own quick second tap, on the screen its first tap left: redrawn, not told.
    again = a.tap(a_engine, big_button(a))
    assert again.stale and again.own and not again.missed
    b = Play.open(store, table_id)
    assert b.tap(b_engine, big_button(b)).saved


def test_a_tap_the_game_refuses_says_why_and_saves_nothing(store):
    table_id, engine = latria(store), Engine(store)
    play = Play.open(store, table_id)
    with speaking("en"):
        why = play.refusal({"type": "no-such-tap"})
        tapped = play.tap(engine, {"type": "no-such-tap"})
    assert why and tapped.notice and not tapped.saved and not tapped.stale
    assert tapped.kind == "refused" and store.last_seq(table_id) == play.seq
    assert play.refusal(big_button(play)) is None


def test_undo_names_the_button_of_the_tap_taken_back(store):
    table_id, engine = latria(store), Engine(store)
    with speaking("en"):
        nothing = Play.open(store, table_id).undo(engine, store)
        assert not nothing.saved and nothing.kind == "done" and nothing.notice == "Nothing to undo"
        play = Play.open(store, table_id)
        primary = next(a for a in play.view.actions if a.primary)
        assert play.tap(engine, big_button(play)).saved
        undone = Play.open(store, table_id).undo(engine, store)
    assert undone.saved and undone.kind == "done"
    assert undone.notice in (f"Undid: {primary.label}", "Undid the last tap") \
        and primary.label in undone.notice
    assert Play.open(store, table_id).seq == play.seq


def test_a_log_the_game_refuses_opens_broken_and_undo_repairs_it(store):
    table_id, engine = latria(store), Engine(store)
    store.append_event(table_id, {"type": "no-such-tap"}, 0)  # saved behind the app's back
    play = Play.open(store, table_id)
    assert play.broken is not None and play.state is None
    with speaking("en"):
        assert play.broken_text and where_now(store, table_id)
    assert play.undo(engine, store).saved
    assert Play.open(store, table_id).broken is None


def test_where_the_table_is_in_one_line_and_a_table_gone(store):
    table_id = latria(store)
    with speaking("en"):
        assert where_now(store, table_id) == "Setup · Before the first round"
        play = Play.open(store, table_id)
        assert play.tap(Engine(store), big_button(play)).saved
        assert where_now(store, table_id) == "Round 1 of 11 · Step 1 — Reveal celestial cards"
        store.delete_table(table_id)
        assert where_now(store, table_id) == "This table no longer exists."
    assert Play.open(store, table_id) is None


def test_entries_not_recorded_in_another_form_are_named_before_the_big_button():
    form = Action(event={"type": "override"}, label="Override", fields=[
        Field(key="taker", label="Took", kind="player", choices=[0, 1, 2], default=0)])
    drafts: dict = {}
    key, values = draft_for(drafts, "t1", form)
    forms = [(form, key)]
    assert unsaved(forms, drafts, None) == []
    values["taker"] = 1
    assert unsaved(forms, drafts, None) == [form]
    assert unsaved(forms, drafts, key) == []  # the form being recorded itself


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from([0, 1]), st.booleans(), st.booleans()),
                     max_size=10))
def test_two_phones_in_any_order_save_only_taps_made_on_the_saved_log(tmp_path_factory,
                                                                       steps):
    """Each step: a phone taps the big button of the screen it shows, having heard the
    last change first or not. A tap on a screen drawn from the saved log saves; any other
    saves nothing, and is told unless this phone's own change moved the log on (a quick
    second tap, made before its screen was drawn again)."""
    store = Store(tmp_path_factory.mktemp("store"))
    table_id = latria(store)
    engines = [Engine(store), Engine(store)]
    shown = [Play.open(store, table_id), Play.open(store, table_id)]
    last_by: int | None = None
    for phone, hears_first, quick in steps:
        if hears_first:
            shown[phone] = Play.open(store, table_id)
        play = shown[phone]
        current = store.last_seq(table_id)
        tapped = play.tap(engines[phone], big_button(play))
        if play.seq == current:
            assert tapped.saved and store.last_seq(table_id) == current + 1
            last_by = phone
        else:
            assert tapped.stale and store.last_seq(table_id) == current
            assert tapped.missed == (last_by != phone)
        shown[phone] = Play.open(store, table_id) if tapped.saved and not quick else play
