"""companion/table/play_state.py: a table's play state is kept between taps under its last
sequence number and config; a kept state is the replay of the log it names."""

from __future__ import annotations

from companion.flows import FLOWS, FlowError, build_event, replay
from companion.storage.store import Store
from companion.table import play_state

# The setup's draw names Ann first parent: the first tap is the start's primary button.
CONFIG = {"players": ["Ann", "Ben", "Cat"], "variant": "standard", "setup": {"first_player": 1}}


def primary_event(state) -> dict | None:
    view = FLOWS["latria"].view(state)
    primary = [a for a in view.actions if a.primary]
    return build_event(primary[0]) if primary else None


def test_a_tap_applies_to_the_kept_state_and_equals_the_replay(tmp_path, monkeypatch):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", CONFIG["players"], seed=1)
    flow = FLOWS["latria"]
    state, seq = play_state.current(store, "latria", CONFIG, table.id)
    for _ in range(12):  # the screen's way: apply to the held state, save, keep
        event = primary_event(state)
        if event is None:
            break
        try:
            after = flow.apply(state, event)
        except FlowError:  # a form the table must fill: far enough
            break
        seq = store.append_event(table.id, event, seq)
        play_state.keep(CONFIG, table.id, seq, after)
        state = after
    events, last = store.log(table.id)
    assert len(events) >= 3
    assert last == seq and state == replay("latria", CONFIG, events)

    # A kept state is used as it is: no replay for the number the screen knows …
    calls = []
    monkeypatch.setattr(play_state, "replay", lambda *a: calls.append(a) or replay(*a))
    assert play_state.current(store, "latria", CONFIG, table.id) == (state, seq)
    assert play_state.current(store, "latria", CONFIG, table.id)[0] is state
    assert calls == []
    # An undo goes back to a number the screen knew: that state, again without a replay.
    store.drop_last_event(table.id, seq)
    events, seq = store.log(table.id)
    assert play_state.current(store, "latria", CONFIG, table.id) == (
        replay("latria", CONFIG, events), seq)
    assert calls == []
    # New names (or another setup choice) are another config: replayed.
    renamed = {**CONFIG, "players": ["Annie", "Ben", "Cat"]}
    store.edit_players(table.id, [(0, "Annie"), (1, "Ben"), (2, "Cat")], seq)
    state, seq = play_state.current(store, "latria", renamed, table.id)
    assert len(calls) == 1 and state.players == renamed["players"]


def test_only_the_recent_states_are_kept():
    state = FLOWS["latria"].initial(CONFIG)
    for seq in range(play_state.KEPT * 2):
        play_state.keep(CONFIG, "t-bound", seq, state)
    assert len(play_state._states) <= play_state.KEPT


def test_the_phones_on_one_state_share_its_view_made_once(tmp_path, monkeypatch):
    """After a change every phone draws the table's one kept state: the game's view of it
    is made for the first phone and handed to the others."""
    from dataclasses import replace

    from companion.screens.play import Play

    store = Store(tmp_path)
    table = store.create_table("latria", "standard", CONFIG["players"], seed=1)
    flow = FLOWS["latria"]
    made = []
    monkeypatch.setitem(FLOWS, "latria", replace(
        flow, view=lambda state: made.append(state) or flow.view(state)))
    phones = [Play.open(store, table.id) for _ in range(5)]
    views = [phone.view for phone in phones]
    assert all(v is views[0] for v in views) and len(made) == 1
    assert views[0] == flow.view(phones[0].state)
    # A tap: a new state, a new view, made once again.
    seq = store.append_event(table.id, primary_event(phones[0].state), phones[0].seq)
    made.clear()
    after = [Play.open(store, table.id) for _ in range(5)]
    assert {phone.seq for phone in after} == {seq}
    assert all(phone.view is after[0].view for phone in after) and len(made) == 1
    assert after[0].view != views[0]


def test_a_views_marker_lines_are_made_once_for_each_language(tmp_path):
    """The markers' words of the one view every phone draws: made for the first phone in
    each language and handed to the others, the same as made afresh."""
    from companion.i18n import speaking
    from companion.screens.play import Play, _marker_lines, marker_lines

    store = Store(tmp_path)
    table = store.create_table("luna", "standard", ["Ann", "Ben", "Cat"], seed=1)
    view = Play.open(store, table.id).view
    english = [marker_lines(Play.open(store, table.id).view) for _ in range(3)]
    with speaking("ja"):
        japanese = [marker_lines(Play.open(store, table.id).view) for _ in range(3)]
        assert japanese[0] == _marker_lines(view)
    assert all(lines is english[0] for lines in english)
    assert all(lines is japanese[0] for lines in japanese)
    assert english[0] == _marker_lines(view) != japanese[0]
