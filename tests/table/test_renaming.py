"""Renaming players keeps the game (companion/table/renaming.py, Store.edit_players): the log
names seats, so any log the Play screen can make replays, after a rename, to the same
game with the new names and nothing else changed; the sheet and a campaign's other
games follow; seats move only before play. A log saved when events named players is put
in seats (``seated_event``) without mistaking a word for a name."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import FLOWS, FlowError, build_event, replay
from companion.storage.store import Conflict, PlayersLocked, Store
from companion.table.play_state import current, keep
from companion.table.renaming import rename_sheet, renames, seated_event
from companion.table.setup import flow_config

# Names no word of the app contains, so a textual swap in the views' JSON is exact.
OLD = ["Qxa", "Qxb", "Qxc", "Qxd", "Qxe", "Qxf"]
NEW = ["Wvz", "Wvy", "Wvx", "Wvw", "Wvu", "Wvt"]
CONFIGS = ([("latria", n, "standard") for n in (3, 5)] + [("latria", 4, "simple")]
           + [("carpe_astra", n, "standard") for n in (2, 4)]
           + [("luna", n, "standard") for n in (2, 4)] + [("luna", 1, "solo1")]
           + [("altar", n, "standard") for n in (2, 3)]
           + [("latoro", n, "standard") for n in (2, 4)])


def swapped(text: str, mapping: dict[str, str]) -> str:
    for old, new in mapping.items():
        text = text.replace(old, new)
    return text


def draw_value(data, f):
    if f.kind == "bool":
        return data.draw(st.booleans())
    if f.kind == "number":
        return data.draw(st.integers(f.min, f.max))
    options = list(f.choices or [])
    if f.optional or not options:
        options.append(None)
    return data.draw(st.sampled_from(options))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_renaming_never_changes_a_replayed_state_except_the_names(data):
    game, n, variant = data.draw(st.sampled_from(CONFIGS))
    flow = FLOWS[game]
    config = {"players": OLD[:n], "variant": variant, "setup": None}
    if game == "carpe_astra":
        config["setup"] = {"characters": ["chun", "tyndar", "ichthon", "verron"][:n]}
    state, events = flow.initial(config), []
    for _ in range(data.draw(st.integers(1, 80))):
        view = flow.view(state)
        if view.finished:
            break
        action = data.draw(st.sampled_from(view.actions))
        values = {f.id: draw_value(data, f) for f in action.fields if data.draw(st.booleans())}
        event = build_event(action, values)
        try:
            state = flow.apply(state, event)
        except FlowError:
            continue
        events.append(event)
    mapping = dict(zip(OLD[:n], NEW[:n], strict=True))
    # The log names no player: the same log, replayed for the renamed table.
    assert json.dumps(events) == swapped(json.dumps(events), mapping)
    after = replay(game, {**config, "players": NEW[:n]}, events)
    assert after.model_dump_json() == swapped(state.model_dump_json(), mapping)
    assert (flow.view(after).model_dump_json()
            == swapped(flow.view(state).model_dump_json(), mapping))


def test_only_names_become_seats_not_words_that_equal_a_name():
    """A player called "moon" is not the Moon: only the places that named players change."""
    event = {"type": "acquire", "body": "moon", "taker": "moon", "kept": {"moon": True}}
    assert seated_event(event, ["Ann", "moon"]) == {
        "type": "acquire", "body": "moon", "taker": 2, "kept": {"2": True}}
    assert seated_event({"type": "council", "player": "Ben", "council_order": ["Ben", "Ann"]},
                        ["Ann", "Ben"]) == {"type": "council", "player": 2,
                                            "council_order": [2, 1]}
    # nobody stays nobody; a name not at the table stays, for the flow to refuse it
    assert seated_event({"type": "acquire", "taker": None, "kept": {"Zed": True}},
                        ["Ann"]) == {"type": "acquire", "taker": None, "kept": {"Zed": True}}
    sheet = {"game": "luna", "council_order": ["Ann", "Ben"],
             "players": [{"name": "Ann", "influence": 3}, {"name": "Ben", "influence": 4}]}
    assert rename_sheet(sheet, {"Ann": "Annie"}) == {
        "game": "luna", "council_order": ["Annie", "Ben"],
        "players": [{"name": "Annie", "influence": 3}, {"name": "Ben", "influence": 4}]}
    assert renames(["Ann", "Ben"], [(1, "Ben"), (0, "Annie")]) == {"Ann": "Annie"}


def test_a_rename_after_play_began_keeps_the_log_and_the_sheet(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=3)
    store.append_event(table.id, {"type": "start", "player": 2}, 0)
    store.append_event(table.id, {"type": "track_resources", "black": {"1": 1, "2": 2},
                                  "white": {"1": 0, "2": 0},
                                  "brown": {"1": 0, "2": 0}}, 1)
    store.set_score_sheet(table.id, {"game": "latoro", "players": [
        {"name": "Ann", "clan_tag_points": 3}, {"name": "Ben", "clan_tag_points": 4}]})
    before = store.events(table.id)
    edited = store.edit_players(table.id, [(0, "Annie"), (1, "Ben")], expected_seq=2)
    assert edited.players == ["Annie", "Ben"]
    events = store.events(table.id)
    assert events == before
    assert [p["name"] for p in edited.score_sheet["players"]] == ["Annie", "Ben"]
    state = replay("latoro", {"players": edited.players, "variant": "standard",
                              "setup": None}, events)
    assert state.players == ["Annie", "Ben"] and state.resources[0]["black"] == 1
    # The log is as it was, its numbers too: a tap of a Play screen drawn before the
    # rename (at 2) names the same seats, and is saved.
    assert store.last_seq(table.id) == 2
    assert store.append_event(table.id, {"type": "next"}, 2) == 3
    # The seats are fixed once play began; a screen drawn before the last tap is refused.
    with pytest.raises(PlayersLocked):
        store.edit_players(table.id, [(1, "Ben"), (0, "Annie")], expected_seq=3)
    with pytest.raises(Conflict):
        store.edit_players(table.id, [(0, "Ann"), (1, "Ben")], expected_seq=1)
    with pytest.raises(ValueError):
        store.edit_players(table.id, [(0, "Ben"), (1, "ben")], expected_seq=2)
    assert store.get_table(table.id).players == ["Annie", "Ben"]


def test_seats_move_before_play_and_a_campaign_renames_every_game(tmp_path):
    store = Store(tmp_path)
    first = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"], seed=1)
    moved = store.edit_players(first.id, [(2, "Cy"), (0, "Ann"), (1, "Ben")], 0)
    assert moved.players == ["Cy", "Ann", "Ben"]
    second = store.create_table("latria", "campaign", moved.players, seed=2,
                                campaign_id=first.id)
    with pytest.raises(PlayersLocked):  # game 2 exists: the seats of the series stay
        store.edit_players(first.id, [(1, "Ann"), (0, "Cy"), (2, "Ben")], 0)
    store.edit_players(second.id, [(0, "Cyrus"), (1, "Ann"), (2, "Ben")], 0)
    assert store.get_table(first.id).players == ["Cyrus", "Ann", "Ben"]
    assert store.get_table(second.id).players == ["Cyrus", "Ann", "Ben"]


def test_a_play_state_kept_before_a_rename_is_not_shown_after_it(tmp_path):
    """The log and its numbers stay; the kept state is keyed by the names too
    (companion/table/play_state.py), so the renamed table's state has the new names."""
    store = Store(tmp_path)
    table = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=3)
    seq = store.append_event(table.id, {"type": "start", "player": 2}, 0)
    state, at = current(store, "latoro", flow_config(table, store), table.id)
    keep(flow_config(table, store), table.id, at, state)
    assert state.players == ["Ann", "Ben"] and at == seq
    edited = store.edit_players(table.id, [(0, "Annie"), (1, "Ben")], expected_seq=seq)
    after, at = current(store, "latoro", flow_config(edited, store), table.id)
    assert at == seq and after.players == ["Annie", "Ben"] and after.start == state.start
