"""What the table chose on the Setup screen instead of the draw (Carpe Astra's characters):
saved with the table, kept across a restart, cleared by a new draw, and chosen once —
refused after play has begun and on a checklist drawn again elsewhere."""

from __future__ import annotations

import sqlite3

import pytest

from companion.storage.store import DB_NAME, MIGRATIONS, Conflict, Store


def test_a_choice_is_saved_and_kept_across_a_restart(database):
    store = Store(database)
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben"], seed=7)
    assert table.setup_choices == {}
    saved = store.set_setup_choice(table.id, "characters", ["verron", "chun"], 7)
    assert saved == {"characters": ["verron", "chun"]}
    assert Store(database).get_table(table.id).setup_choices == saved
    # None takes the draw back.
    assert store.set_setup_choice(table.id, "characters", None, 7) == {}


def test_a_new_draw_clears_the_choices_and_a_stale_choice_is_refused(database):
    store = Store(database)
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben"], seed=7)
    store.set_setup_choice(table.id, "characters", ["verron", "chun"], 7)
    store.set_seed(table.id, 8)
    assert store.get_table(table.id).setup_choices == {}
    with pytest.raises(Conflict) as err:  # a phone still showing the old draw
        store.set_setup_choice(table.id, "characters", ["chun", "verron"], 7)
    assert err.value.kind == "setup"
    assert store.get_table(table.id).setup_choices == {}


def test_characters_are_chosen_once_before_play(database):
    """Play's first tap is made with the characters as they were: Setup cannot change
    them afterwards (another phone may already be playing)."""
    store = Store(database)
    table = store.create_table("carpe_astra", "standard", ["Ann", "Ben"], seed=7)
    store.append_event(table.id, {"type": "start", "player": 1}, 0)
    with pytest.raises(Conflict):
        store.set_setup_choice(table.id, "characters", ["verron", "chun"], 7)
    assert store.get_table(table.id).setup_choices == {}


def test_a_file_of_the_previous_version_gets_the_column(tmp_path):
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        for migration in MIGRATIONS[:-1]:
            for statement in migration.split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
        conn.execute("INSERT INTO tables (id, game, variant, players, seed, created_at, "
                     "updated_at) VALUES ('t1', 'carpe_astra', 'standard', '[\"A\", \"B\"]', "
                     "7, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
    conn.close()
    store = Store(tmp_path)
    assert store.get_table("t1").setup_choices == {}
    assert store.set_setup_choice("t1", "characters", ["chun", "tyndar"], 7) == {
        "characters": ["chun", "tyndar"]}
