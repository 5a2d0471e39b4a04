"""The backup file (companion/storage/backup.py, docs/backup.md).

- Export → import into an empty data folder gives the same tables, logs, sheets and
  box values (hypothesis: random tables, events, sheets, box values).
- Importing twice adds nothing; merging never overwrites a newer change, and says what
  it skipped and why.
- A damaged, hostile or future-version backup is refused with one message and nothing
  changes; rows of an older store version (without later columns) are taken.
- The command line: export and import, exit 2 with one line on bad input.
"""

from __future__ import annotations

import copy
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.catalog import GAMES
from companion.flows import FLOWS, FlowError, replay
from companion.i18n import speaking
from companion.storage import backup
from companion.storage.backup import BackupError, export_backup, import_backup, load
from companion.storage.store import DB_NAME, LATEST_VERSION, Store, expected_columns
from companion.table.setup import flow_config
from tests.flows.replay_corpus import _tap
from tests.hostile import EXAMPLES, big_number, nested, to_text

ROOT = Path(__file__).resolve().parents[2]
SLOW = settings(max_examples=15, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def taps(store: Store, table_id: str, count: int, seed: int,
         after: list[dict] | None = None) -> list[dict]:
    """``count`` events a player could have tapped on the table's Play, after ``after``
    (default: its saved log): an imported log is replayed, and one its game refuses is
    refused."""
    session = store.get_table(table_id)
    flow = FLOWS[session.game]
    log = store.events(table_id) if after is None else after
    state = replay(session.game, flow_config(session, store), log)
    rng = random.Random(seed)
    made: list[dict] = []
    for _ in range(count * 40):
        view = flow.view(state)
        if len(made) == count or view.finished:
            break
        event = _tap(rng, view)
        try:
            state = flow.apply(state, event)
        except FlowError:
            continue
        made.append(event)
    return made


def dump(data_dir: Path) -> dict[str, list[tuple]]:
    """Every row of the store's tables, as saved (compared byte for byte)."""
    with closing(sqlite3.connect(data_dir / DB_NAME)) as conn:
        return {name: sorted(conn.execute(f"SELECT * FROM {name}").fetchall(), key=repr)
                for name in ("tables", "events", "box_values")}


# ------------------------------------------------------------------ random stores

names = st.text(st.characters(codec="utf-8", categories=("L", "N")), min_size=1, max_size=12)
box_values = st.one_of(st.integers(0, 20), st.dictionaries(
    st.sampled_from(["multiplier", "stars"]), st.integers(0, 9), min_size=1))


@st.composite
def table_plans(draw: st.DrawFn) -> dict:
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    variant = draw(st.sampled_from(game.variants))
    counts = [n for n in game.player_counts if variant.players is None or n in variant.players]
    players = draw(st.lists(names, min_size=min(counts), max_size=min(counts),
                            unique_by=lambda s: s.strip().casefold()))
    sheet = None
    if game.id in EXAMPLES and draw(st.booleans()):
        sheet = copy.deepcopy(EXAMPLES[game.id])
    return {"game": game.id, "variant": variant.id, "players": players,
            "seed": draw(st.none() | st.integers(0, 2**31)),
            "taps": draw(st.integers(0, 6)), "tap_seed": draw(st.integers(0, 10**6)),
            "undo": draw(st.integers(0, 2)),
            "ticks": draw(st.lists(st.integers(1, 12), max_size=4)), "sheet": sheet,
            "finished": draw(st.booleans())}


stores = st.fixed_dictionaries({
    "tables": st.lists(table_plans(), max_size=4),
    "boxes": st.dictionaries(st.tuples(st.sampled_from(sorted(GAMES)),
                                       st.sampled_from(["polaris_3", "second_value", "k"])),
                             box_values, max_size=3),
})


def fill(store: Store, plan: dict) -> list[str]:
    ids = []
    for t in plan["tables"]:
        table = store.create_table(t["game"], t["variant"], t["players"], seed=t["seed"])
        log = taps(store, table.id, t["taps"], t["tap_seed"])
        for i, event in enumerate(log):
            store.append_event(table.id, event, i)
        last = store.last_seq(table.id)
        for _ in range(min(t["undo"], len(log))):
            store.drop_last_event(table.id, last)
            last = store.last_seq(table.id)
        store.set_setup_ticks(table.id, t["ticks"])
        if t["sheet"] is not None:
            store.set_score_sheet(table.id, t["sheet"])
        if t["finished"]:
            store.set_status(table.id, "finished")
        ids.append(table.id)
    for (game, key), value in plan["boxes"].items():
        store.set_box_value(game, key, value)
    return ids


def backup_of(store: Store, settings_: dict | None = None) -> bytes:
    return backup.backup_bytes(export_backup(store, settings_).backup)


# ------------------------------------------------------------------ round trip


@SLOW
@given(plan=stores)
def test_export_then_import_into_an_empty_folder_gives_the_same_tables(plan):
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        here, there = Store(Path(a)), Store(Path(b))
        ids = fill(here, plan)
        report = import_backup(there, backup_of(here))
        assert report.added == len(ids) and report.updated == 0 and not report.skipped
        assert report.boxes_added == len(plan["boxes"])
        # The same rows, byte for byte: tables (every column), logs, box values.
        assert dump(Path(a)) == dump(Path(b))
        for table_id in ids:
            assert there.get_table(table_id) == here.get_table(table_id)
            assert there.log(table_id) == here.log(table_id)
        for game in GAMES:
            assert there.box_values(game) == here.box_values(game)


@SLOW
@given(plan=stores)
def test_importing_twice_adds_nothing(plan):
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        here, there = Store(Path(a)), Store(Path(b))
        ids = fill(here, plan)
        data = backup_of(here)
        import_backup(there, data)
        before = dump(Path(b))
        again = import_backup(there, data)
        assert (again.added, again.updated, again.boxes_added, again.boxes_updated) == (0,) * 4
        assert again.skipped[backup.SAME_HERE] == len(ids)
        assert not again.changed_anything
        assert dump(Path(b)) == before


def test_the_backup_names_its_versions_and_carries_the_settings(tmp_path):
    store = Store(tmp_path)
    store.create_table("latoro", "standard", ["Ann", "Ben"])
    made = export_backup(store, {"theme": "dark", "language": "ja"}).backup
    assert (made["format"], made["version"], made["store_version"]) == (
        "table-companion-backup", backup.FORMAT_VERSION, LATEST_VERSION)
    assert made["settings"] == {"theme": "dark", "language": "ja"}
    assert load(backup.backup_bytes(made))["settings"] == {"theme": "dark", "language": "ja"}
    report = import_backup(Store(tmp_path / "other"), backup.backup_bytes(made))
    assert report.settings == {"theme": "dark", "language": "ja"}


# ------------------------------------------------------------------ merging


def stamp(base: str, seconds: float) -> str:
    return (datetime.fromisoformat(base) + timedelta(seconds=seconds)).isoformat(
        timespec="microseconds")


@SLOW
@given(plan=stores.filter(lambda p: p["tables"]), shifts=st.lists(
    st.sampled_from([-60.0, 0.0, 60.0]), min_size=4, max_size=4))
def test_a_table_here_is_replaced_only_by_a_newer_change(plan, shifts):
    """Each table of the backup is older, the same, or newer than this phone's copy:
    only the newer ones replace it (row, events and sheet as one unit)."""
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        here = Store(Path(a))
        fill(here, plan)
        made = export_backup(here).backup
        there = Store(Path(b))
        import_backup(there, backup.backup_bytes(made))  # the other phone has them too
        # …and then each plays on: this phone a tap, the backup's another one
        on_this_phone, in_the_backup = {}, {}
        for table in made["tables"]:
            ours_next = taps(there, table["id"], 1, 1)
            theirs_next = next((tap for seed in range(2, 40)
                                if (tap := taps(there, table["id"], 1, seed)) != ours_next),
                               ours_next)
            on_this_phone[table["id"]], in_the_backup[table["id"]] = ours_next, theirs_next
            for event in ours_next:
                there.append_event(table["id"], event, there.last_seq(table["id"]))
        ours = {t.id: t for t in there.list_tables(status=None)}
        expected = {"newer": 0, "same": 0, "older": 0}
        for table, shift in zip(made["tables"], shifts, strict=False):
            table["updated_at"] = stamp(ours[table["id"]].updated_at.isoformat(), shift)
            for event in in_the_backup[table["id"]]:
                table["events"].append({"seq": (table["events"][-1]["seq"] if table["events"]
                                                else 0) + 1, "event": event,
                                        "created_at": table["updated_at"]})
            expected["newer" if shift > 0 else "same" if shift == 0 else "older"] += 1
        changed_ids = {t["id"] for t, s in zip(made["tables"], shifts, strict=False) if s > 0}
        made["box_values"] = []
        report = import_backup(there, backup.backup_bytes(made))
        assert report.updated == expected["newer"] and report.added == 0
        assert report.skipped[backup.SAME_HERE] == expected["same"]
        assert report.skipped[backup.NEWER_HERE] == expected["older"]
        assert set(report.changed_tables) == set(report.replaced_tables) == changed_ids
        for table in made["tables"]:
            log = there.events(table["id"])
            if table["id"] in changed_ids:
                assert log == [e["event"] for e in table["events"]]
                assert there.get_table(table["id"]).updated_at == datetime.fromisoformat(
                    table["updated_at"])
            elif on_this_phone[table["id"]]:
                assert log[-1:] == on_this_phone[table["id"]]


def test_a_replaced_log_gets_a_last_number_no_screen_here_was_drawn_from(tmp_path):
    """A phone here drew its screen from our log at seq N: after the backup's log
    replaced ours, its tap naming N is refused (the store's Conflict), not mixed in."""
    from companion.storage.store import Conflict

    here = Store(tmp_path / "a")
    table = here.create_table("luna", "standard", ["A", "B"])
    for n, event in enumerate(taps(here, table.id, 3, 1)):
        here.append_event(table.id, event, n)
    made = export_backup(here).backup
    entry = made["tables"][0]
    ours = [e["event"] for e in entry["events"]]
    other = next(log for seed in range(2, 200)
                 if len(log := taps(here, table.id, 3, seed, after=[])) == 3 and log != ours)
    entry["events"] = [{"seq": n, "event": event, "created_at": entry["updated_at"]}
                       for n, event in enumerate(other, 1)]
    entry["updated_at"] = stamp(entry["updated_at"], 5)
    import_backup(here, backup.backup_bytes(made))
    assert here.events(table.id) == other
    with pytest.raises(Conflict):
        here.append_event(table.id, {"type": "step"}, 3)  # drawn from our old event 3
    assert here.last_seq(table.id) > 3


def test_box_values_merge_by_game_and_key_keeping_the_newer(tmp_path):
    here = Store(tmp_path / "a")
    here.set_box_value("latria", "polaris_3", 3)
    here.set_box_value("luna", "second_value", 2)
    made = export_backup(here).backup
    there = Store(tmp_path / "b")
    there.set_box_value("latria", "polaris_3", 4)  # later, on the other phone
    for box in made["box_values"]:
        if box["game"] == "luna":
            box["updated_at"] = stamp(box["updated_at"], 3600)
    import_backup(there, backup.backup_bytes(made))
    assert there.box_values("latria") == {"polaris_3": 4}
    assert there.box_values("luna") == {"second_value": 2}
    there.set_box_value("luna", "second_value", 1)
    report = import_backup(there, backup.backup_bytes(made))  # the backup's is newer
    assert report.boxes_updated == 1 and there.box_values("luna") == {"second_value": 2}
    assert report.boxes_skipped[backup.NEWER_HERE] == 1


def test_the_summary_speaks_the_players_words(tmp_path):
    report = backup.Report(added=3, updated=1)
    report.skipped[backup.NEWER_HERE] = 1
    assert report.summary() == ("Added 3 tables. Updated 1 table with a newer change. "
                                "Skipped 1 table: this phone has a newer change.")
    with speaking("ja"):
        assert report.summary() == ("3テーブルを追加しました。1テーブルを新しい変更で更新しました。"
                                    "1テーブルはスキップしました：この端末により新しい変更があります。")
    assert backup.Report().summary() == "Nothing new: everything in the backup is already here."


# ------------------------------------------------------------------ older store versions


def test_rows_from_an_older_store_version_take_the_later_columns_defaults(tmp_path):
    """A backup made before the readings and setup choices columns existed (store
    version 2): its rows lack them, and the columns' defaults apply."""
    here = Store(tmp_path / "a")
    table = here.create_table("carpe_astra", "standard", ["Ann", "Ben"], seed=7)
    played = taps(here, table.id, 1, 1)
    here.append_event(table.id, played[0], 0)
    made = export_backup(here).backup
    made["store_version"] = 2
    older = expected_columns(2)["tables"]
    for entry in made["tables"]:  # every column added since version 2
        for name in [n for n in entry if n not in older and n != "events"]:
            del entry[name]
        assert "readings" not in entry and "setup_choices" not in entry
    there = Store(tmp_path / "b")
    assert import_backup(there, backup.backup_bytes(made)).added == 1
    got = there.get_table(table.id)
    assert (got.readings, got.setup_choices, got.seed) == ({}, {}, 7)
    assert there.events(table.id) == played


def test_a_column_newer_than_the_backups_own_version_is_damage(tmp_path):
    here = Store(tmp_path / "a")
    here.create_table("carpe_astra", "standard", ["Ann", "Ben"])
    made = export_backup(here).backup
    made["store_version"] = 3  # which had no readings column, yet the rows have one
    with pytest.raises(BackupError) as err:
        load(backup.backup_bytes(made))
    assert err.value.kind == "damaged" and "readings" in str(err.value)


# ------------------------------------------------------------------ refused files


@pytest.fixture
def full_store(tmp_path) -> tuple[Store, bytes]:
    store = Store(tmp_path / "here")
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"])
    store.append_event(table.id, taps(store, table.id, 1, 1)[0], 0)
    store.set_score_sheet(table.id, copy.deepcopy(EXAMPLES["latria"]))
    store.set_box_value("latria", "polaris_3", 3)
    return store, backup_of(store)


def refused(store: Store, data: bytes | str) -> BackupError:
    before = dump(store.path.parent)
    with pytest.raises(BackupError) as err:
        import_backup(store, data)
    assert dump(store.path.parent) == before  # nothing changed
    message = err.value.message()
    assert message.strip() and "\n" not in message and "nothing was restored" in message.lower()
    assert "\n" not in str(err.value)
    return err.value


def one_table(data: bytes) -> dict:
    return json.loads(data)


def test_a_future_version_is_refused(full_store, tmp_path):
    store, data = full_store
    target = Store(tmp_path / "there")
    for key in ("version", "store_version"):
        made = one_table(data)
        made[key] += 1
        assert refused(target, json.dumps(made)).kind == "newer"
    assert "newer version" in refused(target, json.dumps({**one_table(data), "version": 99})
                                      ).message()


@pytest.mark.parametrize("data, kind", [
    (b"", "not_json"), (b"\xff\xfe not text", "not_json"), (b"{\"format\": ", "not_json"),
    (b"[]", "not_backup"), (b'{"tables": []}', "not_backup"), (b"NaN", "not_json"),
    ("[" * 100_000 + "]" * 100_000, "not_json"),
    (b'{"format": "table-companion-backup", "version": "1", "store_version": 4}', "damaged"),
    (b'{"format": "table-companion-backup", "version": 1, "store_version": 4, "tables": {}}',
     "damaged"),
])
def test_a_file_that_is_not_a_backup_is_refused(tmp_path, data, kind):
    assert refused(Store(tmp_path), data).kind == kind


def test_a_file_too_big_is_refused_before_it_is_read(tmp_path):
    err = refused(Store(tmp_path), b" " * (backup.MAX_BACKUP_BYTES + 1))
    assert err.kind == "too_big" and "10 MB" in err.message()


@settings(max_examples=20, deadline=None)
@given(cut=st.floats(0.0, 0.999))
def test_a_cut_short_backup_is_refused(cut):
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "a")
        table = store.create_table("altar", "standard", ["Ann", "Ben"])
        store.append_event(table.id, taps(store, table.id, 1, 1)[0], 0)
        data = backup_of(store)
        target = Store(Path(folder) / "b")
        refused(target, data[:min(int(len(data) * cut), len(data) - 2)])  # past "}\n"


HOSTILE_EVENTS = [
    {"no": "type"}, "text", [1, 2], {"type": 3}, {"type": "x", "n": 10**7},
    {"type": "x", "deep": [[[[[1]]]]]}, {"type": "x", "big": "y" * 201},
    {"type": "x", "many": list(range(101))}, {"type": "x", "f": 1e300},
]


@pytest.mark.parametrize("event", HOSTILE_EVENTS, ids=range(len(HOSTILE_EVENTS)))
def test_a_hostile_event_is_refused_as_on_a_phone(full_store, tmp_path, event):
    _, data = full_store
    made = one_table(data)
    made["tables"][0]["events"][0]["event"] = event
    err = refused(Store(tmp_path / "there"), json.dumps(made))
    if err.kind != "not_json":  # nested past any backup: refused before it is parsed
        assert err.kind == "damaged" and err.table == 1 and "table 1" in err.message()


@pytest.mark.parametrize("splice", [big_number(5000), big_number(30, True), nested(100_000),
                                    nested(50, "{")], ids=["long", "negative", "deep", "deep{"])
def test_numbers_and_nesting_no_json_reader_survives_are_refused(full_store, tmp_path, splice):
    _, data = full_store
    made = one_table(data)
    made["tables"][0]["events"][0]["event"] = {"type": "x", "n": splice}
    refused(Store(tmp_path / "there"), to_text(made))


COLUMN_DAMAGE = [
    ("id", "../../etc"), ("id", 12), ("game", "chess"), ("variant", "campaign2"),
    ("players", ["Ann", "ann", "Ben"]), ("players", ["Ann"]), ("players", "Ann"),
    ("players", ["x" * 41, "B", "C"]), ("status", "won"), ("updated_at", "yesterday"),
    ("updated_at", "2026-01-01T10:00:00"), ("created_at", None), ("seed", 2**60),
    ("seed", "7"), ("sheet_version", -1), ("seq_issued", True), ("setup_ticks", [1, "2"]),
    ("setup_choices", {"characters": [[[1]]]}), ("readings", {"P-1": "maybe"}),
    ("readings", {"no-such-ruling": "alternative"}),
    ("score_sheet", {"game": "latria", "players": "nobody"}), ("score_sheet", [1]),
    ("campaign_id", "x" * 41), ("colour", "red"),
]


@pytest.mark.parametrize("column, value", COLUMN_DAMAGE, ids=[c for c, _ in COLUMN_DAMAGE])
def test_a_damaged_table_row_is_refused_whole(full_store, tmp_path, column, value):
    _, data = full_store
    made = one_table(data)
    made["tables"][0][column] = value
    target = Store(tmp_path / "there")
    target.create_table("luna", "standard", ["Kept", "Here"])
    err = refused(target, json.dumps(made))
    assert err.kind == "damaged" and column in str(err)


@pytest.mark.parametrize("change", [
    lambda m: m["tables"][0]["events"].append(dict(m["tables"][0]["events"][0])),  # seq twice
    lambda m: m["tables"][0]["events"][0].update(seq=0),
    lambda m: m["tables"][0]["events"][0].update(created_at="now"),
    lambda m: m["tables"][0]["events"][0].update(extra=1),
    lambda m: m["tables"][0].update(events={"1": {}}),
    lambda m: m["tables"].append(dict(m["tables"][0])),  # the same table twice
    lambda m: m["tables"][0].pop("players"),
    lambda m: m["box_values"][0].update(game="chess"),
    lambda m: m["box_values"][0].update(value=[[[1]]]),
    lambda m: m["box_values"][0].update(key=""),
    lambda m: m["box_values"].append(dict(m["box_values"][0])),
    lambda m: m.update(settings={"theme": "purple"}),
    lambda m: m.update(settings={"keep_awake": 1}),
    lambda m: m.update(settings=[]),
    lambda m: m.update(made_at=3),
    lambda m: m.update(extra=[]),
])
def test_a_damaged_part_refuses_the_whole_file(full_store, tmp_path, change):
    _, data = full_store
    made = one_table(data)
    change(made)
    assert refused(Store(tmp_path / "there"), json.dumps(made)).kind == "damaged"


@SLOW
@given(where=st.integers(0, 10**9), byte=st.integers(0, 255))
def test_any_changed_byte_is_imported_or_refused_never_a_crash(where, byte):
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "a")
        table = store.create_table("latoro", "standard", ["Ann", "Ben"])
        store.append_event(table.id, taps(store, table.id, 1, 1)[0], 0)
        store.set_score_sheet(table.id, copy.deepcopy(EXAMPLES["latoro"]))
        data = bytearray(backup_of(store))
        data[where % len(data)] = byte
        target = Store(Path(folder) / "b")
        try:
            import_backup(target, bytes(data))
        except BackupError as err:
            assert err.message().strip()
            assert dump(Path(folder) / "b")["tables"] == []
        else:  # what was taken passed every check: the app can read it back
            for saved in target.list_tables(status=None):
                assert target.events(saved.id)


def test_a_read_only_store_refuses_with_one_message(full_store, tmp_path):
    _, data = full_store
    Store(tmp_path / "ro")
    (tmp_path / "ro" / DB_NAME).chmod(0o444)
    try:
        err = refused(Store(tmp_path / "ro"), data)
        assert err.kind == "read_only"
    finally:
        (tmp_path / "ro" / DB_NAME).chmod(0o644)


# ------------------------------------------------------------------ the command line


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.backup", *args], cwd=ROOT,
                          capture_output=True, input=stdin, timeout=60)


def test_the_command_line_exports_and_imports(full_store, tmp_path):
    store, _ = full_store
    file = tmp_path / "backup.json"
    done = run("export", str(file), "--data-dir", str(store.path.parent))
    assert done.returncode == 0, done.stderr
    assert b"1 table(s)" in done.stderr
    assert json.loads(file.read_text(encoding="utf-8"))["settings"] == {}
    empty = tmp_path / "empty"
    done = run("import", str(file), "--data-dir", str(empty))
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().strip() == "Added 1 table. Took 1 printed value the app remembered."
    assert dump(empty) == dump(store.path.parent)
    again = run("import", str(file), "--data-dir", str(empty))
    assert again.stdout.decode().startswith("Nothing new")


@pytest.mark.parametrize("content, words", [
    (b"not json", "not_json"), (b"{}", "not_backup"),
    (b'{"format": "table-companion-backup", "version": 3, "store_version": 1}', "newer"),
])
def test_the_command_line_refuses_bad_files_in_one_line(tmp_path, content, words):
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    done = run("import", str(file), "--data-dir", str(tmp_path / "data"))
    assert done.returncode == 2
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and words in lines[0] and "nothing was changed" in lines[0]
    assert "Traceback" not in done.stderr.decode()


def test_the_command_line_says_what_is_missing(tmp_path):
    done = run("import", str(tmp_path / "nowhere.json"), "--data-dir", str(tmp_path))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    done = run("export", str(tmp_path / "out.json"), "--data-dir", str(tmp_path / "none"))
    assert done.returncode == 2 and b"no saved tables" in done.stderr
    assert not (tmp_path / "none").exists()
    done = run("import", "-", "--data-dir", str(tmp_path / "d"), stdin=b"[")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1


# ------------------------------------------------------------------ the phone's own checks

from tests.hostile import deep, huge_numbers, unicode_text, wrong_types  # noqa: E402

hostile_values = st.one_of(wrong_types, huge_numbers, deep, unicode_text,
                           st.lists(st.integers(0, 9), min_size=95, max_size=105))


@SLOW
@given(key=st.sampled_from(["type", "n", "who", "cards", "k" * 40, "k" * 41, "k" * 20000]),
       value=hostile_values)
def test_an_event_is_imported_exactly_when_a_phone_could_have_saved_it(key, value):
    """The event check of the store (``Store.append_event``) is the import's: what a phone
    could not save, a backup cannot bring in, and the other way round, but for the game's
    own check: an event its play refuses is refused too (``unusable``)."""
    from companion.storage.store import SheetProblems

    event = {"type": "next_step", key: value}
    with tempfile.TemporaryDirectory() as folder:
        phone = Store(Path(folder) / "phone")
        table = phone.create_table("luna", "standard", ["A", "B"])
        made = export_backup(phone).backup
        text = to_text(made).replace('"events": []', '"events": [' + to_text(
            {"seq": 1, "event": event, "created_at": made["made_at"]}) + "]")
        try:
            phone.append_event(table.id, json.loads(to_text(event)), 0)
            phone_took = True
        except (SheetProblems, ValueError, RecursionError):
            phone_took = False
        target = Store(Path(folder) / "other")
        try:
            import_backup(target, text)
            imported, unusable = True, None
        except BackupError as err:
            imported, unusable = False, err.unusable
        assert imported or (unusable is not None) == phone_took
        assert unusable is None or unusable[0] == "play"


flat_events = st.dictionaries(
    st.one_of(st.sampled_from(["type", "n", "who"]), st.text(max_size=45)),
    st.one_of(st.none(), st.booleans(), st.integers(-(10**6) - 2, 10**6 + 2),
              st.text(min_size=195, max_size=205), st.text(max_size=10), st.floats()),
    max_size=22)


@settings(max_examples=200, deadline=None)
@given(event=flat_events)
def test_the_quick_look_at_a_plain_event_agrees_with_the_stores_check(event):
    from companion.storage.store import _event_problems

    if backup._plainly_an_event(event):
        assert _event_problems(event) == []


# ------------------------------------------------------------------ a later migration


def test_a_later_column_travels_and_an_older_backup_takes_its_default(tmp_path, monkeypatch):
    older = Store(tmp_path / "older")  # made by this version
    table = older.create_table("latoro", "standard", ["Ann", "Ben"])
    older.append_event(table.id, taps(older, table.id, 1, 1)[0], 0)
    old_backup = backup_of(older)

    from companion.storage import store as store_module

    monkeypatch.setattr(store_module, "MIGRATIONS", [
        *store_module.MIGRATIONS, "ALTER TABLE tables ADD COLUMN kept_at TEXT"])
    monkeypatch.setattr(store_module, "LATEST_VERSION", len(store_module.MIGRATIONS))
    store_module.expected_columns.cache_clear()
    try:
        newer = Store(tmp_path / "newer")
        assert import_backup(newer, old_backup).added == 1  # the column's default: NULL
        with closing(sqlite3.connect(newer.path)) as conn:
            assert conn.execute("SELECT kept_at FROM tables").fetchone() == (None,)
            conn.execute("UPDATE tables SET kept_at = ?, updated_at = ?",
                         ("2026-12-01T15:00:00+00:00", "2027-01-01T00:00:00+00:00"))
            conn.commit()
        made = export_backup(newer).backup
        assert made["store_version"] == store_module.LATEST_VERSION
        assert made["tables"][0]["kept_at"] == "2026-12-01T15:00:00+00:00"
        third = Store(tmp_path / "third")
        import_backup(third, backup.backup_bytes(made))
        with closing(sqlite3.connect(third.path)) as conn:
            assert conn.execute("SELECT kept_at FROM tables").fetchone() == (
                "2026-12-01T15:00:00+00:00",)
        # A later column is checked too: a date column holds a date.
        made["tables"][0]["kept_at"] = "soon"
        with pytest.raises(BackupError):
            load(backup.backup_bytes(made))
        made["tables"][0]["kept_at"] = "2026-12-01T15:00:00+00:00"
        from_newer = backup.backup_bytes(made)
    finally:
        monkeypatch.undo()
        store_module.expected_columns.cache_clear()
    # This version refuses what the later one made: its rows could hold what we would lose.
    err = refused(Store(tmp_path / "this"), from_newer)
    assert err.kind == "newer"
