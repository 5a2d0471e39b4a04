"""A backup whose table the app could not use is refused as a damaged one is: a play log its
game refuses on replay, a score sheet that cannot be scored (not a sheet, or not the
table's game). The line says which table and why, in the reader's language, and the data
folder is left byte for byte as it was, by the app's import and by the command line's. A
sheet that merely breaks a rule is taken: Score shows it."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.i18n import speaking
from companion.storage import backup
from companion.storage.backup import BackupError, export_backup, import_backup
from companion.storage.store import Store
from tests.hostile import EXAMPLES
from tests.storage.test_backup import taps

PLAYERS = [p["name"] for p in EXAMPLES["latria"]["players"]]


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by its path there, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def made(tmp_path) -> dict:
    """A backup of one Latria table: three taps of its play, its sheet."""
    store = Store(tmp_path / "phone")
    table = store.create_table("latria", "standard", PLAYERS, seed=11)
    for n, event in enumerate(taps(store, table.id, 3, 1)):
        store.append_event(table.id, event, n)
    store.set_score_sheet(table.id, copy.deepcopy(EXAMPLES["latria"]))
    return export_backup(store).backup


def with_log(made: dict, event: dict) -> dict:
    made = copy.deepcopy(made)
    events = made["tables"][0]["events"]
    events.append({"seq": events[-1]["seq"] + 1, "event": event,
                   "created_at": events[-1]["created_at"]})
    return made


def with_sheet(made: dict, sheet: dict) -> dict:
    made = copy.deepcopy(made)
    made["tables"][0]["score_sheet"] = sheet
    return made


UNUSABLE = {
    # events of a shape a phone could save, which Latria's play refuses
    "an event the game does not know": (lambda m: with_log(m, {"type": "bogus"}), "play"),
    "a tap out of its step": (lambda m: with_log(m, {"type": "start"}), "play"),
    # sheets within a sheet's limits that the scorer cannot score as this table's
    "a sheet without players": (lambda m: with_sheet(m, {"game": "latria",
                                                         "variant": "standard"}), "sheet"),
    "a sheet of another game": (lambda m: with_sheet(m, copy.deepcopy(EXAMPLES["luna"])),
                                "sheet"),
}


@pytest.fixture
def here(tmp_path) -> Store:
    """This phone's saved tables, which a refused import leaves as they are."""
    store = Store(tmp_path / "here")
    kept = store.create_table("luna", "standard", ["Kept", "Here"])
    store.append_event(kept.id, taps(store, kept.id, 1, 1)[0], 0)
    return store


@pytest.mark.parametrize("name", UNUSABLE)
def test_a_table_the_app_could_not_use_is_refused_with_which_and_why(made, here, name):
    change, what = UNUSABLE[name]
    before = folder_bytes(here.path.parent)
    with pytest.raises(BackupError) as refused:
        import_backup(here, backup.backup_bytes(change(made)))
    err = refused.value
    assert err.kind == "damaged" and err.table == 1 and err.unusable[0] == what
    assert folder_bytes(here.path.parent) == before  # byte for byte
    english = err.message()
    assert "Table 1" in english and "Latria" in english, english
    assert ("play log" if what == "play" else "score sheet") in english, english
    assert "Nothing was restored" in english and "\n" not in english
    with speaking("ja"):
        japanese = err.message()
    assert "1番目のテーブル" in japanese and "何も復元していません" in japanese, japanese
    assert ("プレイ記録" if what == "play" else "得点表") in japanese, japanese
    # why, in the reader's words: the game's refusal, or where the sheet is wrong
    if what == "play":
        assert "Event 4 of the log cannot be replayed" in english, english
    assert "\n" not in str(err) and "tables[0]" in str(err)


def test_the_same_tables_that_play_and_score_are_taken(made, here):
    report = import_backup(here, backup.backup_bytes(made))
    assert report.added == 1
    # A sheet breaking a rule of the game is the table's to fix on Score: taken.
    broken = copy.deepcopy(EXAMPLES["latria"])
    broken["players"][0]["cards"] = broken["players"][1]["cards"]  # the same cards twice
    other = Store(here.path.parent.parent / "other")
    assert import_backup(other, backup.backup_bytes(with_sheet(made, broken))).added == 1


@pytest.mark.parametrize("name", UNUSABLE)
def test_the_command_line_refuses_it_and_leaves_the_folder_byte_for_byte(made, here,
                                                                         tmp_path, name):
    change, what = UNUSABLE[name]
    data_dir = here.path.parent
    here._forget_connection()  # as the app leaves it when it stops
    file = tmp_path / "backup.json"
    file.write_bytes(backup.backup_bytes(change(made)))
    before = folder_bytes(data_dir)
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DATA_DIR"}
    proc = subprocess.run([sys.executable, "-m", "companion.backup", "--data-dir",
                           str(data_dir), "import", str(file)], capture_output=True,
                          text=True, timeout=60, env=env, check=False)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "tables[0]" in lines[0] and "nothing was changed" in lines[0], lines
    assert ("events" if what == "play" else "score_sheet") in lines[0], lines
    assert folder_bytes(data_dir) == before  # byte for byte, and no file more or less


def test_the_unusable_table_is_named_by_its_number_in_the_file(made, here):
    good = copy.deepcopy(made)["tables"][0]
    bad = with_log(made, {"type": "bogus"})
    second = {**bad["tables"][0], "id": "second0table"}
    bad["tables"] = [good, second]
    with pytest.raises(BackupError) as refused:
        import_backup(here, json.dumps(bad))
    assert refused.value.table == 2 and "Table 2" in refused.value.message()
