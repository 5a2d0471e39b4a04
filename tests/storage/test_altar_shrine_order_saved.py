"""Altar's sheet gained ``last_shrine_order``: the store's field merge
saves it, and a backup carries sheets with and without it, both ways."""

from __future__ import annotations

import copy
from pathlib import Path

from companion.storage import backup
from companion.storage.backup import export_backup, import_backup
from companion.storage.store import Store
from scorers.sheets import score_sheet

OLD = {"game": "altar", "end": "deck_exhausted", "players": [
    {"name": "Ann", "last_shrine_turn": 3, "realms": [{"god": "", "shrines": 1,
                                                       "active_altars": 0}]},
    {"name": "Ben", "last_shrine_turn": 4, "realms": [{"god": "", "shrines": 1,
                                                       "active_altars": 0}]},
    {"name": "Cat", "realms": [{"god": "", "shrines": 0, "active_altars": 0}]}]}


def test_the_merge_saves_the_place_in_the_turn_and_old_sheets_stay_as_they_were(tmp_path):
    store = Store(Path(tmp_path))
    old = store.create_table("altar", "standard", ["Ann", "Ben", "Cat"]).id
    store.set_score_sheet(old, copy.deepcopy(OLD))
    new = store.create_table("altar", "standard", ["Ann", "Ben", "Cat"]).id
    store.set_score_sheet(new, copy.deepcopy(OLD))
    store.change_score_sheet(new, [(("players", 0, "last_shrine_turn"), 4),
                                   (("players", 0, "last_shrine_order"), 2),
                                   (("players", 1, "last_shrine_order"), 1)])
    saved = store.get_table(new).score_sheet
    assert [p.get("last_shrine_order") for p in saved["players"]] == [2, 1, None]
    assert score_sheet(copy.deepcopy(saved)).winners == ["Ann"]

    there = Store(Path(tmp_path) / "there")
    report = import_backup(there, backup.backup_bytes(export_backup(store).backup))
    assert report.added == 2 and not report.skipped
    assert there.get_table(old).score_sheet == OLD
    assert there.get_table(new).score_sheet == saved
    assert score_sheet(copy.deepcopy(there.get_table(old).score_sheet)).winners == ["Ben"]
