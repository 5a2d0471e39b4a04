"""Settings' Backup as one phone saves it and another restores it, through its model
(companion/screens/backup_file.py) on real stores and engines: what the file holds, what
a restore says into an empty folder and again, and a damaged file or one that is no
backup refused in the players' words, nothing changed."""

from __future__ import annotations

import json

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens import backup_file
from companion.screens.saved_tables import SavedTables
from companion.storage.store import Store


def test_a_backup_saved_on_one_phone_restores_on_another_once(tmp_path):
    here = Store(tmp_path / "here")
    here.create_table("latoro", "standard", ["Ann", "Ben"])
    made = backup_file.make(SavedTables(here), {"theme": "dark", "language": "en"})
    assert made.name.startswith("table-companion-backup-") and made.name.endswith(".json")
    assert made.tables == 1 and made.left_out == 0
    held = json.loads(made.data.decode("utf-8"))
    assert [t["players"] for t in held["tables"]] == [["Ann", "Ben"]]
    assert held["settings"] == {"theme": "dark", "language": "en"}

    there = Store(tmp_path / "there")  # the other phone's server: an empty data folder
    with speaking("en"):
        first = backup_file.read_in(Engine(there), made.data)
        assert first.error is None
        assert first.report.summary() == "Added 1 table."
        # the backup's settings are this phone's now (Settings applies them)
        assert backup_file.settings_to_take(first.report.settings) == {"theme": "dark",
                                                                       "language": "en"}
        assert first.report.summary(settings_applied=True) == (
            "Added 1 table. This phone now uses the backup's settings.")
        again = backup_file.read_in(Engine(there), made.data)
        assert again.report.summary() == ("Nothing new: everything in the backup is already "
                                          "here. Skipped 1 table: already on this phone.")
    assert [t.players for t in there.list_tables()] == [["Ann", "Ben"]]


def test_a_damaged_file_and_one_that_is_no_backup_restore_nothing(tmp_path):
    here = Store(tmp_path / "here")
    here.create_table("latoro", "standard", ["Ann", "Ben"])
    data = backup_file.make(SavedTables(here), {}).data
    there = Store(tmp_path / "there")
    with speaking("en"):
        damaged = backup_file.read_in(Engine(there), data[:200])
        assert damaged.report is None and damaged.error.message() == (
            "This backup file is damaged and cannot be read. Nothing was restored.")
    with speaking("ja"):
        other = backup_file.read_in(Engine(there), b'{"tables": []}')
        assert other.error.message() == (
            "このファイルはTable Companionのバックアップではありません。何も復元していません。")
    assert there.list_tables() == []
