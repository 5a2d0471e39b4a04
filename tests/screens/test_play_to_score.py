"""What Play tracked reaches the score sheet (companion/screens/play_to_score.py
play_changes and follow_play): it fills every field nobody entered on Score, an entry on
Score wins and stays when Play moves on, and opening Score when nothing changed writes
nothing."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.flows import FLOWS
from companion.screens.play_to_score import follow_play, play_changes
from companion.sheet_changes import apply_change
from companion.storage.store import Store, StoreError
from companion.table.record import TableSession
from companion.ui.score_forms import empty_sheet, form_for
from scorers.sheets import score_sheet


def session(game: str, players: list[str]) -> TableSession:
    now = datetime.now(UTC)
    return TableSession(id="t", game=game, variant="standard", players=players,
                        created_at=now, updated_at=now)


def apply(sheet: dict, changes: list) -> dict:
    sheet = copy.deepcopy(sheet)
    for path, value in changes:
        assert apply_change(sheet, path, value)
    return sheet


def opened(sheet: dict, empty: dict, prefill: dict, written: list) -> tuple[dict, list]:
    """Score opened: the sheet as saved after, and the record of what Play wrote."""
    changes, written = play_changes(sheet, empty, prefill, written)
    return apply(sheet, changes), written


def prefilled(game: str, names: list[str], prefill: dict, sheet: dict | None = None) -> dict:
    empty = form_for(game).empty_sheet(session(game, names), {}, None)  # no seed: no setup
    return opened(sheet or copy.deepcopy(empty), empty, prefill, [])[0]


# ---------------------------------------------------------------- the pure function

NAMES = ["Ann", "Ben", "Cleo"]
FIELDS = ("credits", "influence")
GUILDS = ("military", "priests")


def sheet_of(values: dict) -> dict:
    """A small sheet with what each kind of field looks like: numbers, an object of
    numbers (support), a list of objects (Realms) and a list of names (Council)."""
    return {"game": "test", "council_order": values["council"], "players": [
        {"name": n, **{f: values[f][i] for f in FIELDS},
         "support": {g: values[g][i] for g in GUILDS},
         "realms": [{"god": "", "shrines": values["shrines"][i]}]}
        for i, n in enumerate(NAMES)]}


def prefill_of(values: dict) -> dict:
    return {"game": "test", "council_order": values["council"], "players": [
        {"name": n, **{f: values[f][i] for f in FIELDS},
         "support": {g: values[g][i] for g in GUILDS},
         "realms": [{"shrines": values["shrines"][i]}]}
        for i, n in reversed(list(enumerate(NAMES)))]}  # by name, in any order


counts = st.lists(st.integers(0, 12), min_size=3, max_size=3)
tracked = st.fixed_dictionaries({**{f: counts for f in (*FIELDS, *GUILDS, "shrines")},
                                 "council": st.permutations(NAMES)})
def value_at(sheet: dict, path: tuple):
    node = sheet
    for key in path:
        node = node[key]
    return node


def field_paths() -> list[tuple]:
    paths = [("council_order",)]
    for i in range(3):
        paths += [("players", i, f) for f in FIELDS]
        paths += [("players", i, "support", g) for g in GUILDS]
        paths.append(("players", i, "realms", 0, "shrines"))
    return paths


PATHS = field_paths()
EMPTY = sheet_of({**{f: [0, 0, 0] for f in (*FIELDS, *GUILDS, "shrines")},
                  "council": list(NAMES)})


@settings(max_examples=200, deadline=None)
@given(play=tracked)
def test_play_fills_every_field_nobody_entered(play):
    sheet, _ = opened(copy.deepcopy(EMPTY), EMPTY, prefill_of(play), [])
    assert sheet == sheet_of(play)
    # opened again with nothing new: nothing to write
    again, _ = play_changes(sheet, EMPTY, prefill_of(play), opened(EMPTY, EMPTY,
                                                                   prefill_of(play), [])[1])
    assert again == []


@settings(max_examples=300, deadline=None)
@given(first=tracked, later=tracked, entered=st.data())
def test_an_entry_on_score_wins_and_stays_when_play_moves_on(first, later, entered):
    sheet, written = opened(copy.deepcopy(EMPTY), EMPTY, prefill_of(first), [])
    # On Score, players enter some fields (a value other than what is there)
    chosen = entered.draw(st.lists(st.sampled_from(PATHS), unique=True, max_size=6))
    typed = {}
    for path in chosen:
        now = value_at(sheet, path)
        if path == ("council_order",):
            value = entered.draw(st.permutations(NAMES).filter(lambda o, n=now: o != n))
        else:
            value = entered.draw(st.integers(0, 20).filter(lambda v, n=now: v != n))
        apply_change(sheet, path, value)
        typed[path] = value
    # Play moves on; Score is opened again (twice: the second time changes nothing)
    after, written = opened(sheet, EMPTY, prefill_of(later), written)
    assert play_changes(after, EMPTY, prefill_of(later), written)[0] == []
    wanted = sheet_of(later)
    for path in PATHS:
        expected = typed[path] if path in typed else value_at(wanted, path)
        assert value_at(after, path) == expected, path
    # and moves on again: the entries still stand
    final, _ = opened(after, EMPTY, prefill_of(first), written)
    for path in PATHS:
        expected = typed[path] if path in typed else value_at(sheet_of(first), path)
        assert value_at(final, path) == expected, path


def test_a_field_entered_on_score_before_play_gave_it_stays():
    sheet = copy.deepcopy(EMPTY)
    sheet["players"][1]["credits"] = 7  # on Score, before Play knew Ben's credits
    values = {**{f: [3, 3, 3] for f in (*FIELDS, *GUILDS, "shrines")}, "council": NAMES}
    after, _ = opened(sheet, EMPTY, prefill_of(values), [])
    assert [p["credits"] for p in after["players"]] == [3, 7, 3]


def test_what_play_takes_back_leaves_the_sheet_unless_it_was_entered():
    """A tap undone on Play: the field it had filled goes back to the empty sheet's
    value (an optional key leaves the sheet); one entered on Score stays."""
    empty = {"game": "test", "end": "deck_exhausted",
             "players": [{"name": "Ann", "support": {}}, {"name": "Ben", "support": {}}]}
    prefill = {"end": "realm_completed", "players": [
        {"name": "Ann", "support": {"military": 2}}, {"name": "Ben", "support": {"traders": 1}}]}
    sheet, written = opened(copy.deepcopy(empty), empty, prefill, [])
    sheet["players"][1]["support"]["traders"] = 3  # entered on Score
    back = {"players": [{"name": "Ann", "support": {}}, {"name": "Ben", "support": {}}]}
    after, written = opened(sheet, empty, back, written)
    assert after == {"game": "test", "end": "deck_exhausted", "players": [
        {"name": "Ann", "support": {}}, {"name": "Ben", "support": {"traders": 3}}]}
    assert play_changes(after, empty, back, written)[0] == []


@pytest.mark.parametrize("written", [None, "x", [[1, 2]], [["players", 0], 1], [[[], 3]],
                                     [[[True], 1]], [{"a": 1}]])
def test_a_damaged_record_is_taken_as_nothing_written(written):
    empty = {"game": "test", "players": [{"name": "Ann", "credits": 0}]}
    changes, record = play_changes(copy.deepcopy(empty), empty,
                                   {"players": [{"name": "Ann", "credits": 4}]}, written)
    assert changes == [(("players", 0, "credits"), 4)]
    assert record == [[["players", 0, "credits"], 4]]


# ---------------------------------------------------------------- each game's prefill


def test_carpe_astra_credits_from_play_reach_the_sheet_and_break_the_tie():
    flow = FLOWS["carpe_astra"]
    state = flow.initial({"players": ["Ann", "Ben"], "variant": "standard", "setup": None})
    prefill = flow.score_prefill(state)
    prefill["players"][1]["credits"] = 9  # as if Ben had saved money during play
    sheet = prefilled("carpe_astra", ["Ann", "Ben"], prefill)
    assert [p["credits"] for p in sheet["players"]] == [5, 9]
    result = score_sheet(sheet)  # still a valid sheet
    assert result.winners == ["Ben"]  # 0 points each; more credits wins (docs/score-sheets.md)


def test_latoro_resources_over_the_cap_mid_round_reach_the_sheet_capped():
    """Latoro, Preparation phase 1: at most 7 of each type; within a round Play may hold
    more, the sheet gets what the cap leaves."""
    flow = FLOWS["latoro"]
    state = flow.initial({"players": ["Ann", "Ben"], "variant": "standard", "setup": None})
    state = state.model_copy(update={"resources": [{"black": 9, "white": 2, "brown": 0},
                                                   {"black": 1, "white": 7, "brown": 8}]})
    sheet = prefilled("latoro", ["Ann", "Ben"], flow.score_prefill(state))
    assert [p["resources"] for p in sheet["players"]] == [
        {"black": 7, "white": 2, "brown": 0}, {"black": 1, "white": 7, "brown": 7}]
    score_sheet(sheet)


def test_prefill_matches_players_by_name_and_keeps_other_entries():
    empty = {"game": "luna", "players": [{"name": "A", "influence": 0, "shrines": 0},
                                         {"name": "B", "influence": 0, "shrines": 0}]}
    sheet = copy.deepcopy(empty)
    sheet["players"][0]["shrines"], sheet["players"][1]["shrines"] = 2, 1
    prefill = {"game": "luna", "players": [{"name": "B", "influence": 30},
                                           {"name": "A", "influence": 12}]}
    assert opened(sheet, empty, prefill, [])[0]["players"] == [
        {"name": "A", "influence": 12, "shrines": 2}, {"name": "B", "influence": 30, "shrines": 1}]


def altar_play_to_sheet(sheet: dict | None = None) -> dict:
    """Altar, 2 players: Ben's second Realm is the Goddess of Love's (Setup 2: it starts
    with an active Altar); Ann builds a Shrine on her first Realm by a Ritual."""
    flow = FLOWS["altar"]
    state = flow.initial({"players": ["Ann", "Ben"], "variant": "standard", "setup": None})
    for event in ({"type": "start", "player": 1, "love": "1-1"}, {"type": "next"},
                  {"type": "main", "action": "ritual", "realm": "0-0"}):
        state = flow.apply(state, event)
    return prefilled("altar", ["Ann", "Ben"], flow.score_prefill(state), sheet)


def test_altar_results_open_with_no_god_names_typed():
    """The gods are optional (ruling AL-6); play's Shrines and Altars reach the sheet
    without dropping its god fields, and the sheet scores at once."""
    sheet = altar_play_to_sheet()
    ann, ben = sheet["players"]
    assert ann["realms"][0] == {"god": "", "shrines": 1, "active_altars": 0}
    assert ann["last_shrine_turn"] == 1
    # The Realm chosen in Play as the Goddess of Love's is named after her.
    assert ben["realms"][1] == {"god": "Goddess of Love", "shrines": 0, "active_altars": 1}
    result = score_sheet(sheet)
    assert [p.name for p in result.players] == ["Ann", "Ben"]
    assert result.players[0].breakdown[0].label == "Realm 1: 1 Shrine (at least 1 needed)"
    assert result.players[1].breakdown[2].label.startswith("Goddess of Love: 0 Shrines")


def test_altar_prefill_keeps_a_god_typed_on_score():
    sheet = form_for("altar").empty_sheet(session("altar", ["Ann", "Ben"]), {}, None)
    sheet["players"][0]["realms"][0]["god"] = "God of War"
    sheet = altar_play_to_sheet(sheet)
    assert sheet["players"][0]["realms"][0] == {"god": "God of War", "shrines": 1,
                                                "active_altars": 0}
    score_sheet(sheet)


# ---------------------------------------------------------------- with the store


class Table:
    """A Luna table in a store, Score opened on it as the screen does (follow_play)."""

    def __init__(self, store: Store, table_id: str | None = None):
        self.store = store
        self.id = table_id or store.create_table("luna", "preselected", ["Ann", "Ben", "Cat"]).id
        self.told: list[tuple] = []
        self.engine = Engine(store, announce=lambda *told: self.told.append(told))

    def tap(self, event: dict) -> None:
        self.store.append_event(self.id, event, self.store.last_seq(self.id))

    def open_score(self) -> dict:
        return self.follow(self.store.get_table(self.id)).score_sheet

    def follow(self, table: TableSession, finished_too: bool = False) -> TableSession:
        return follow_play(self.store, self.engine, table, empty_sheet, finished_too)

    def enter(self, path: tuple, value) -> None:  # as Score's save does
        table = self.store.get_table(self.id)
        self.store.change_score_sheet(self.id, [(path, value)], base=table.score_sheet)


def test_score_opened_from_the_table_screen_follows_play_and_keeps_entries(tmp_path):
    table = Table(Store(tmp_path))
    assert table.open_score() is None  # no tap yet: nothing written
    table.tap({"type": "start", "player": 1})
    table.tap({"type": "influence", "player": 2, "amount": 4})
    table.tap({"type": "council", "player": 1, "place": 1})
    sheet = table.open_score()
    assert [p["influence"] for p in sheet["players"]] == [5, 9, 5]
    assert sheet["council_order"] == ["Ann", "Cat", "Ben"]
    version = table.store.get_table(table.id).sheet_version
    assert len(table.told) == 1

    table.open_score()  # nothing new: no write, nobody told
    assert table.store.get_table(table.id).sheet_version == version
    assert len(table.told) == 1

    table.enter(("players", 1, "influence"), 12)  # Ben's count, entered on Score
    table.tap({"type": "influence", "player": 2, "amount": 2})
    table.tap({"type": "influence", "player": 3, "amount": 3})
    table.tap({"type": "council", "player": 2, "place": 1})
    sheet = table.open_score()
    assert [p["influence"] for p in sheet["players"]] == [5, 12, 8]
    assert sheet["council_order"] == ["Ben", "Ann", "Cat"]

    table.store.drop_last_event(table.id, table.store.last_seq(table.id))  # Undo on Play
    assert table.open_score()["council_order"] == ["Ann", "Cat", "Ben"]


def test_a_renamed_player_still_follows_play(tmp_path):
    table = Table(Store(tmp_path))
    table.tap({"type": "start", "player": 1})
    table.open_score()
    seq = table.store.last_seq(table.id)
    table.store.edit_players(table.id, [(0, "Anna"), (1, "Ben"), (2, "Cat")], seq)
    table.tap({"type": "council", "player": 1, "place": 1})
    table.tap({"type": "influence", "player": 1, "amount": 1})
    sheet = table.open_score()
    assert sheet["council_order"] == ["Anna", "Cat", "Ben"]
    assert sheet["players"][0] == {"name": "Anna", "influence": 6, "shrines": 0,
                                   "unused_favors": 0, "council_points": 0}


def test_starting_the_sheet_again_takes_play_again(tmp_path):
    table = Table(Store(tmp_path))
    table.tap({"type": "start", "player": 1})
    table.tap({"type": "influence", "player": 2, "amount": 4})
    table.open_score()
    table.store.set_score_sheet(table.id, None)  # Score's "start again"
    assert table.open_score()["players"][1]["influence"] == 9


def test_a_finished_play_is_left_as_its_results_showed_it(tmp_path):
    table = Table(Store(tmp_path))
    table.tap({"type": "start", "player": 1})
    table.open_score()
    table.store.finish(table.id)
    table.tap({"type": "influence", "player": 2, "amount": 4})
    assert table.open_score()["players"][1]["influence"] == 5
    done = table.store.get_table(table.id)
    assert table.follow(done, finished_too=True).score_sheet["players"][1][
        "influence"] == 9  # Play's own "to Score" button


def test_read_only_data_shows_the_sheet_as_saved(tmp_path):
    table = Table(Store(tmp_path))
    table.tap({"type": "start", "player": 1})
    table.open_score()
    table.tap({"type": "influence", "player": 2, "amount": 4})
    table.store.read_only = True  # as a store opened on a file it cannot write
    assert table.open_score()["players"][1]["influence"] == 5  # no traceback
    with pytest.raises(StoreError):
        table.enter(("players", 0, "influence"), 1)


def test_what_play_wrote_travels_in_a_backup(tmp_path):
    from companion.storage.backup import (
        BackupError,
        backup_bytes,
        export_backup,
        import_backup,
        load,
    )

    table = Table(Store(tmp_path / "here"))
    table.tap({"type": "start", "player": 1})
    table.tap({"type": "council", "player": 2, "place": 1})
    table.open_score()
    made = export_backup(table.store).backup
    assert [["council_order"], ["Ben", "Cat", "Ann"]] in made["tables"][0]["score_prefilled"]
    there = Store(tmp_path / "there")
    assert import_backup(there, backup_bytes(made)).added == 1
    again = Table(there, table.id)
    again.tap({"type": "influence", "player": 3, "amount": 2})
    assert again.open_score()["players"][2]["influence"] == 7  # it still follows Play
    assert again.open_score()["council_order"] == ["Ben", "Cat", "Ann"]
    for damaged in ("x", [1], [[["players"], 1, 2]], [[["p"], "x" * 300]]):
        made["tables"][0]["score_prefilled"] = damaged
        with pytest.raises(BackupError):
            load(backup_bytes(made))
