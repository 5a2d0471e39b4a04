"""companion/engine: every change to a table answers saved, refused (a message key) or
stale (what another phone changed first), saves only when saved, and tells the other
phones only what was saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import Engine, Refused, Saved, Stale
from companion.flows import FLOWS, build_event, replay
from companion.sheet_changes import REMOVE
from companion.storage.backup import backup_bytes, export_backup, import_backup
from companion.storage.store import Store
from companion.table import play_state
from companion.table.setup import flow_config

PLAYERS = ["Ann", "Ben", "Cat"]
LATORO_SHEET = {"game": "latoro", "players": [{"name": n, "clan_tag_points": 0}
                                              for n in ("Kim", "Lee")]}


class Phone:
    """One engine, as one browser session has, with what it told the other phones."""

    def __init__(self, store: Store):
        self.told: list[tuple] = []
        self.engine = Engine(store, announce=lambda *change: self.told.append(change))
        self.store = store

    def next_event(self, table_id: str) -> tuple[dict, int]:
        """The big button of the Play screen drawn now (its form's questions answered with
        their first choice), and the number it records against."""
        session = self.store.get_table(table_id)
        state, seq = play_state.current(self.store, session.game,
                                        flow_config(session, self.store), table_id)
        primary = next(a for a in FLOWS[session.game].view(state).actions if a.primary)
        answers = {f.id: f.choices[0] if f.choices else f.default for f in primary.fields}
        return build_event(primary, answers), seq


@pytest.fixture
def store(database: Path | str) -> Store:
    """On each database (tests/postgres.py)."""
    return Store(database)


@pytest.fixture
def table(store: Store):
    return store.create_table("latria", "standard", PLAYERS, seed=1)


def read_only(store: Store) -> Store:
    """The same data folder opened again with its file read-only (as a copy on a
    read-only disk would be)."""
    store.path.chmod(0o444)
    opened = Store(store.path.parent)
    assert opened.read_only
    return opened


# ----------------------------------------------------------------------------- Play


def test_a_tap_is_saved_kept_and_told(store, table):
    phone = Phone(store)
    event, seq = phone.next_event(table.id)
    outcome = phone.engine.tap(table.id, event, seq)
    assert isinstance(outcome, Saved)
    events, last = store.log(table.id)
    assert events == [event] and outcome.seq == last
    config = flow_config(table, store)
    assert outcome.value == replay("latria", config, events)
    # the state after the tap is kept under its number: the next screen does not replay
    assert play_state.current(store, "latria", config, table.id)[0] is outcome.value
    assert phone.told == [(table.id, "play", (), ())]


def test_a_tap_the_game_refuses_is_not_saved_and_says_why(store, table):
    phone = Phone(store)
    outcome = phone.engine.tap(table.id, {"type": "nonsense"}, 0)
    assert isinstance(outcome, Refused) and outcome.why.key == "flow.latria.error.unknown"
    assert outcome.text()  # a sentence for the phone
    assert store.events(table.id) == [] and phone.told == []


def test_a_tap_on_a_screen_another_phone_moved_on_is_stale(store, table):
    first, second = Phone(store), Phone(store)
    event, seq = first.next_event(table.id)
    assert isinstance(first.engine.tap(table.id, event, seq), Saved)
    outcome = second.engine.tap(table.id, event, seq)  # drawn before the first tap
    assert outcome == Stale("play", found=store.last_seq(table.id), own=False)
    assert store.events(table.id) == [event] and second.told == []


def test_a_quick_second_tap_of_the_same_phone_is_its_own(store, table):
    phone = Phone(store)
    event, seq = phone.next_event(table.id)
    saved = phone.engine.tap(table.id, event, seq)
    again = phone.engine.tap(table.id, event, seq)  # Next tapped twice
    assert isinstance(again, Stale) and again.own and again.found == saved.seq
    assert len(store.events(table.id)) == 1


def test_a_tap_on_a_deleted_table_is_stale(store, table):
    phone = Phone(store)
    event, seq = phone.next_event(table.id)
    store.delete_table(table.id)
    assert phone.engine.tap(table.id, event, seq) == Stale("gone")
    assert phone.engine.undo(table.id, seq) == Stale("gone")


def test_undo_takes_back_the_last_tap_and_names_it(store, table):
    phone = Phone(store)
    event, seq = phone.next_event(table.id)
    tapped = phone.engine.tap(table.id, event, seq)
    outcome = phone.engine.undo(table.id, tapped.seq)
    assert outcome == Saved(0, event)
    assert store.events(table.id) == []
    assert phone.told == [(table.id, "play", (), ())] * 2
    # nothing left: said as done, nothing saved or told
    nothing = phone.engine.undo(table.id, 0)
    assert isinstance(nothing, Refused) and nothing.why.key == "play.nothing_to_undo"
    assert nothing.kind == "done" and len(phone.told) == 2


def test_undo_after_another_phones_tap_is_stale(store, table):
    first, second = Phone(store), Phone(store)
    event, seq = first.next_event(table.id)
    first.engine.tap(table.id, event, seq)
    assert isinstance(second.engine.undo(table.id, seq), Stale)
    assert store.events(table.id) == [event]


def test_a_game_ending_tap_waits_for_the_table_to_agree(store):
    table = store.create_table("latoro", "standard", PLAYERS, seed=3)
    phone = Phone(store)
    for _ in range(100):  # the big button, until the tap that would end the game
        event, seq = phone.next_event(table.id)
        outcome = phone.engine.tap(table.id, event, seq, ending=False)
        if isinstance(outcome, Refused):
            break
    assert isinstance(outcome, Refused) and outcome.ends_game, outcome
    assert store.last_seq(table.id) == seq  # not saved until agreed
    agreed = phone.engine.tap(table.id, event, seq, ending=True)
    assert isinstance(agreed, Saved) and FLOWS["latoro"].view(agreed.value).finished


def test_read_only_data_refuses_every_change_with_the_stores_reason(tmp_path):
    store = Store(tmp_path)  # a file that cannot be written: SQLite's
    table = store.create_table("latria", "standard", PLAYERS, seed=1)
    event, seq = Phone(store).next_event(table.id)
    phone = Phone(read_only(store))
    for outcome in (phone.engine.tap(table.id, event, seq),
                    phone.engine.undo(table.id, seq),
                    phone.engine.tick(table.id, 1, True, table.seed),
                    phone.engine.draw_again(table.id),
                    phone.engine.change_sheet(table.id, [(("players", 0, "clan_tag_points"), 3)],
                                              base=LATORO_SHEET),
                    phone.engine.replace_sheet(table.id, None),
                    phone.engine.create_table("luna", "standard", ["Ann", "Ben"]),
                    phone.engine.rematch(table.id),
                    phone.engine.delete(table.id),
                    phone.engine.finish(table.id),
                    phone.engine.remember_box_value("luna", "priestess_second", 2)):
        assert isinstance(outcome, Refused), outcome
        assert outcome.why.key == "store.not_saved_read_only"
        assert outcome.why.params["reason"].key == "store.read_only_file"
    assert phone.told == [] and store.events(table.id) == []


# ---------------------------------------------------------------------------- Score


def test_score_entries_are_saved_field_by_field_and_told(store):
    table = store.create_table("latoro", "standard", ["Kim", "Lee"])
    phone = Phone(store)
    points = ("players", 0, "clan_tag_points")
    outcome = phone.engine.change_sheet(table.id, [(points, 3)], base=LATORO_SHEET)
    assert isinstance(outcome, Saved)
    sheet, version = outcome.value
    assert sheet["players"][0]["clan_tag_points"] == 3
    assert store.get_table(table.id).score_sheet == sheet
    removed = phone.engine.change_sheet(table.id, [(points, REMOVE)])
    assert isinstance(removed, Saved) and removed.value[1] == version + 1
    assert "clan_tag_points" not in removed.value[0]["players"][0]
    assert phone.told == [(table.id, "sheet", (points,), (3,)),
                          (table.id, "sheet", (points,), (None,))]


def test_a_score_entry_into_a_place_an_import_took_away_is_stale(store, table):
    phone = Phone(store)
    outcome = phone.engine.change_sheet(table.id, [(("players", 2, "moon"), 1)])
    assert outcome == Stale("sheet", found=None)  # no sheet saved, none given


def test_a_value_no_sheet_can_hold_is_refused(store):
    table = store.create_table("latoro", "standard", ["Kim", "Lee"])
    phone = Phone(store)
    outcome = phone.engine.change_sheet(table.id, [(("players", 0, "name"), 7)],
                                        base=LATORO_SHEET)
    assert isinstance(outcome, Refused) and outcome.why.key == "store.not_saved_value"
    assert store.get_table(table.id).score_sheet is None and phone.told == []


def test_a_sheet_replaced_whole_tells_the_others_so(store, table):
    phone = Phone(store)
    assert isinstance(phone.engine.replace_sheet(table.id, None), Saved)
    assert phone.told == [(table.id, "sheet", ((),), ())]


# ---------------------------------------------------------------------------- Setup


def test_setup_ticks_keep_the_other_phones_and_a_new_draw_makes_them_stale(store, table):
    first, second = Phone(store), Phone(store)
    assert first.engine.tick(table.id, 1, True, table.seed) == Saved(value=[1])
    assert second.engine.tick(table.id, 2, True, table.seed) == Saved(value=[1, 2])
    drawn = first.engine.draw_again(table.id)
    assert isinstance(drawn, Saved) and store.get_table(table.id).seed == drawn.value
    assert store.get_table(table.id).setup_ticks == []
    stale = second.engine.tick(table.id, 3, True, table.seed)
    assert stale == Stale("setup", found=drawn.value)
    assert first.told == [(table.id, "setup", (), ())] * 2
    assert second.told == [(table.id, "setup", (), ())]


def test_the_first_draw_of_an_old_table_is_not_told(store):
    table = store.create_table("latria", "standard", PLAYERS)  # from before seeds
    phone = Phone(store)
    assert isinstance(phone.engine.draw_again(table.id, first=True), Saved)
    assert store.get_table(table.id).seed is not None and phone.told == []


def test_a_setup_choice_once_play_began_is_stale(store, table):
    phone = Phone(store)
    chosen = phone.engine.choose_setup(table.id, "characters", ["a", "b", "c"], table.seed)
    assert chosen == Saved(value={"characters": ["a", "b", "c"]})
    event, seq = phone.next_event(table.id)
    phone.engine.tap(table.id, event, seq)
    late = phone.engine.choose_setup(table.id, "characters", None, table.seed)
    assert isinstance(late, Stale) and late.kind == "setup"
    assert store.get_table(table.id).setup_choices == {"characters": ["a", "b", "c"]}


# ---------------------------------------------------------------------------- the table


def test_a_play_reading_after_the_first_tap_is_stale(store, table):
    phone = Phone(store)
    assert phone.engine.set_reading(table.id, "P-1", "alternative") == Saved(
        value={"P-1": "alternative"})
    event, seq = phone.next_event(table.id)
    phone.engine.tap(table.id, event, seq)
    assert isinstance(phone.engine.set_reading(table.id, "P-1", "documented"), Stale)
    assert store.get_table(table.id).readings == {"P-1": "alternative"}
    assert phone.told[0] == (table.id, "table", (), ())


def test_players_renamed_are_told_to_every_table_of_the_series(store, table):
    phone = Phone(store)
    outcome = phone.engine.edit_players(table.id, [(0, "Annie"), (1, "Ben"), (2, "Cat")], 0)
    assert isinstance(outcome, Saved) and outcome.value.players == ["Annie", "Ben", "Cat"]
    assert phone.told == [(table.id, "table", (), ())]
    event, seq = phone.next_event(table.id)
    phone.engine.tap(table.id, event, seq)
    # seats move only before the first tap; a rename on an older screen is stale
    assert isinstance(phone.engine.edit_players(
        table.id, [(1, "Ben"), (0, "Annie"), (2, "Cat")], seq + 1), Stale)
    assert isinstance(phone.engine.edit_players(
        table.id, [(0, "A"), (1, "Ben"), (2, "Cat")], 0), Stale)
    assert store.get_table(table.id).players == ["Annie", "Ben", "Cat"]


def test_new_tables_finish_reopen_delete_and_restore_are_told(store, table):
    phone = Phone(store)
    made = phone.engine.create_table("luna", "standard", ["Ann", "Ben"])
    assert isinstance(made, Saved) and made.value.seed is not None  # drawn when not given
    assert isinstance(phone.engine.finish(made.value.id), Saved)
    assert store.get_table(made.value.id).status == "finished"
    assert isinstance(phone.engine.reopen(made.value.id), Saved)
    again = phone.engine.rematch(made.value.id)
    assert isinstance(again, Saved) and again.value.players == ["Ben", "Ann"]
    deleted = phone.engine.delete(made.value.id)
    assert isinstance(deleted, Saved) and store.get_table(made.value.id) is None
    assert phone.engine.rematch(made.value.id) == Stale("gone")
    assert phone.engine.finish(made.value.id) == Stale("gone")
    assert phone.engine.restore(deleted.value) == Saved()
    # brought back on another phone already: back all the same, and told again
    assert Phone(store).engine.restore(deleted.value) == Saved()
    assert store.get_table(made.value.id) is not None
    ids = [change[0] for change in phone.told]
    assert ids == [made.value.id] * 3 + [again.value.id] + [made.value.id] * 2
    assert {change[1] for change in phone.told} == {"table"}


def test_a_backup_read_in_tells_the_phones_showing_what_it_changed(store, table, tmp_path):
    other = Store(tmp_path / "other")
    report = import_backup(other, backup_bytes(export_backup(store).backup))
    phone = Phone(other)
    phone.engine.imported(report)
    assert phone.told == [(table.id, "table", (), ())]  # one message for the list


def test_a_failing_announcer_never_loses_the_saved_change(store, table):
    def broken(*change):
        raise RuntimeError("the page is gone")

    engine = Engine(store, announce=broken)
    assert isinstance(engine.tick(table.id, 1, True, table.seed), Saved)
    assert store.get_table(table.id).setup_ticks == [1]
