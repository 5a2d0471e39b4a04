"""Finished plays: finishing and reopening, the dated corrections, History's
queries with their filters, the players remembered by name, Rematch, and the CSV file."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import history as history_command
from companion.i18n import ENGLISH, speaking
from companion.storage import store as store_module
from companion.storage.store import DB_NAME, LATEST_VERSION, MIGRATIONS, Store
from companion.table import history
from companion.table.plays import play_record, player_key
from companion.ui.score_forms import empty_sheet

DATA = Path(__file__).parents[1] / "data"


def sheet_for(name: str, players: list[str] | None = None) -> dict:
    from companion.table.renaming import rename_sheet

    sheet = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    if players is not None:
        old = [p["name"] for p in sheet["players"]]
        sheet = rename_sheet(sheet, dict(zip(old, players[:len(old)], strict=False)))
    return sheet


def finished_table(store: Store, name: str = "latria_example3",
                   players: list[str] | None = None, variant: str | None = None):
    sheet = sheet_for(name, players)
    names = [p["name"] for p in sheet["players"]]
    table = store.create_table(sheet["game"], variant or sheet.get("variant", "standard"),
                               names)
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)
    return store.get_table(table.id)


@pytest.fixture
def clock(monkeypatch):
    """The store's clock, moved on by hand: one minute a tick."""
    ticks = iter(range(10_000))

    def now():
        return f"2026-03-04T10:{0:02d}:00.000000+00:00".replace(
            "10:00", f"{10 + (n := next(ticks)) // 60:02d}:{n % 60:02d}")
    monkeypatch.setattr(store_module, "now", now)


# ------------------------------------------------------------------ finishing


def test_finishing_dates_the_play_once_and_reopening_keeps_the_date(tmp_path, clock):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"])
    assert table.finished_at is None and table.status == "in_progress"
    store.finish(table.id)
    first = store.get_table(table.id)
    assert first.status == "finished" and first.finished_at is not None
    store.reopen(table.id)
    reopened = store.get_table(table.id)
    assert reopened.status == "in_progress"
    assert [s.id for s in store.list_tables()] == [table.id]  # back on Home
    assert store.history() == []  # out of History
    store.finish(table.id)
    again = store.get_table(table.id)
    assert again.finished_at == first.finished_at  # the day it was played
    assert [s.id for s in store.history()] == [table.id]


def test_a_sheet_changed_after_the_finish_is_a_dated_correction(tmp_path, clock):
    store = Store(tmp_path)
    sheet = sheet_for("latria_example3")
    table = store.create_table("latria", "standard", [p["name"] for p in sheet["players"]])
    store.set_score_sheet(table.id, sheet)  # entered before the finish: no correction
    store.change_score_sheet(table.id, [(("players", 0, "name"), sheet["players"][0]["name"])])
    assert store.get_table(table.id).corrected_at is None
    store.finish(table.id)
    assert store.get_table(table.id).corrected_at is None
    store.change_score_sheet(table.id, [(("players", 0, "name"), sheet["players"][0]["name"])])
    corrected = store.get_table(table.id)
    assert corrected.corrected_at is not None
    assert corrected.corrected_at > corrected.finished_at
    assert play_record(corrected).corrected_at == corrected.corrected_at
    store.set_score_sheet(table.id, sheet)  # an import over it: a later correction
    assert store.get_table(table.id).corrected_at > corrected.corrected_at


def test_an_unknown_status_is_refused(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"])
    with pytest.raises(ValueError):
        store.set_status(table.id, "done")
    with pytest.raises(KeyError):
        store.finish("nosuchtable")


def test_a_version_4_file_takes_its_finished_tables_last_change_as_their_finish(tmp_path):
    path = tmp_path / DB_NAME
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA application_id = {store_module.APPLICATION_ID}")
        for migration in MIGRATIONS[:4]:
            for statement in migration.split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute("PRAGMA user_version = 4")
        for tid, status in (("a1", "finished"), ("b2", "in_progress")):
            conn.execute("INSERT INTO tables (id, game, variant, players, status, created_at,"
                         " updated_at) VALUES (?, 'luna', 'standard', '[\"Ann\", \"Ben\"]', ?,"
                         " '2025-01-02T10:00:00+00:00', '2025-01-02T11:00:00+00:00')",
                         (tid, status))
    store = Store(tmp_path)
    done, going = store.get_table("a1"), store.get_table("b2")
    assert done.finished_at == done.updated_at and done.corrected_at is None
    assert going.finished_at is None
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


# ------------------------------------------------------------------ History's queries


def test_history_is_newest_first_and_filters_by_game_and_player(tmp_path, clock):
    store = Store(tmp_path)
    one = finished_table(store, "latria_example3", ["Ann", "Ben", "Cleo", "Dan", "Eve"])
    two = finished_table(store, "luna_example", None)
    three = finished_table(store, "carpe_astra_example", None)
    going = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"])
    assert [s.id for s in store.history()] == [three.id, two.id, one.id]
    assert going.id not in {s.id for s in store.history()}
    assert [s.id for s in store.history(game="latria")] == [one.id]
    assert [s.id for s in store.history(game="altar")] == []
    assert [s.id for s in store.history(player="ANN")] == [one.id]
    assert [s.id for s in store.history(player="Ａｎｎ", game="latria")] == [one.id]
    assert store.history(player="Ann", game="luna") == []
    assert [s.id for s in store.history(player="yellow")] == [two.id]


def test_japanese_names_are_one_player_across_tables(tmp_path, clock):
    store = Store(tmp_path)
    a = finished_table(store, "latoro_example", ["さくら", "ｹﾝ", "Kim"])
    b = finished_table(store, "latoro_example", ["ケン", "Ｋｉｍ", "Zoe"])
    assert {s.id for s in store.history(player="ケン")} == {a.id, b.id}
    assert {s.id for s in store.history(player="kim")} == {a.id, b.id}
    assert [s.id for s in store.history(player="さくら")] == [a.id]
    assert store.history(player="サクラ") == []  # hiragana and katakana are two names
    met = history.players_met(store.history())
    assert [player_key(n) for n in met].count(player_key("ケン")) == 1
    assert "ケン" in met  # the latest table's spelling


NAMES = st.sampled_from(["Ann", "ann", "ＡＮＮ", "Ben", "さくら", "サクラ", "ｻｸﾗ", "Kim", "KIM"])


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables=st.lists(st.lists(NAMES, min_size=2, max_size=4, unique_by=player_key),
                       min_size=1, max_size=5),
       who=NAMES)
def test_the_player_filter_finds_exactly_the_tables_with_that_player(tmp_path_factory,
                                                                     tables, who):
    store = Store(tmp_path_factory.mktemp("h"))
    ids = []
    for players in tables:
        table = store.create_table("luna", "standard", players)
        store.finish(table.id)
        ids.append((table.id, players))
    found = {s.id for s in store.history(player=who)}
    assert found == {tid for tid, players in ids
                     if player_key(who) in {player_key(p) for p in players}}
    recent = store.recent_players()
    assert len({player_key(n) for n in recent}) == len(recent)  # each player once
    assert {player_key(n) for n in recent} == {player_key(p) for _, ps in ids for p in ps}


def test_recent_players_are_most_recent_first_each_once_at_most_the_limit(tmp_path, clock):
    store = Store(tmp_path)
    store.create_table("luna", "standard", ["Ann", "Ben"])
    store.create_table("luna", "standard", ["Cleo", "ben", "Dan"])
    store.create_table("latria", "standard", ["ｻｸﾗ", "Eve", "Ann"])
    assert store.recent_players() == ["ｻｸﾗ", "Eve", "Ann", "Cleo", "ben", "Dan"]
    assert store.recent_players(limit=2) == ["ｻｸﾗ", "Eve"]
    assert store.recent_players(leave_out=["サクラ", "ANN"]) == ["Eve", "Cleo", "ben", "Dan"]
    many = Store(tmp_path / "many")
    for i in range(10):
        many.create_table("luna", "standard", [f"P{i}a", f"P{i}b"])
    assert len(many.recent_players()) == 12
    assert many.recent_players()[:2] == ["P9a", "P9b"]


# ------------------------------------------------------------------ Rematch


def test_rematch_rotates_the_seats_or_keeps_them_with_the_same_game_and_readings(tmp_path):
    store = Store(tmp_path)
    old = finished_table(store, "latria_example3", variant="star_eclipse")
    rotated = store.rematch(old.id)
    assert rotated.id != old.id and rotated.status == "in_progress"
    assert (rotated.game, rotated.variant) == ("latria", "star_eclipse")
    assert rotated.players == old.players[1:] + old.players[:1]
    assert rotated.seed is not None and rotated.score_sheet is None
    same = store.rematch(old.id, rotate=False)
    assert same.players == old.players
    assert store.get_table(old.id).status == "finished"  # the finished play stays
    assert {s.id for s in store.list_tables()} == {rotated.id, same.id}


def test_rematch_keeps_the_tables_readings(tmp_path):
    from scorers.readings import SWITCHABLE

    store = Store(tmp_path)
    old = finished_table(store, "latria_example3")
    ruling = next(r for r, (game, where) in SWITCHABLE.items()
                  if game == "latria")
    store.set_reading(old.id, ruling, "alternative")
    assert store.rematch(old.id).readings == {ruling: "alternative"}


def test_a_campaign_rematch_is_a_new_series_and_leaves_the_old_one(tmp_path):
    from companion.table import campaign

    store = Store(tmp_path)
    game1 = finished_table(store, "latria_example3", variant="campaign")
    game2 = store.create_table("latria", "campaign", game1.players, seed=1,
                               campaign_id=game1.id)
    before = [s.id for s in store.series(game1.id)]
    new = store.rematch(game2.id)
    assert new.variant == "campaign" and new.campaign_id is None
    assert [s.id for s in store.series(game1.id)] == before == [game1.id, game2.id]
    assert [s.id for s in store.series(campaign.series_id(new))] == [new.id]
    assert campaign.game_number(store.series(new.id), new) == 1


# ------------------------------------------------------------------ the CSV file


def test_the_csv_has_one_row_per_player_per_play_with_the_scorers_figures(tmp_path, clock):
    store = Store(tmp_path)
    a = finished_table(store, "latria_example3")
    b = finished_table(store, "altar_example")
    records = history.plays(store, empty_sheet)
    with speaking(ENGLISH):
        text = history.csv_text(records)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["date", "game", "variant", "player", "seat", "total", "rank", "winner"]
    assert len(rows) == 1 + len(a.players) + len(b.players)
    by_play = {}
    for row in rows[1:]:
        by_play.setdefault(row[1], []).append(row)
    latria = by_play["Latria"]
    record = play_record(store.get_table(a.id))
    assert [r[3] for r in latria] == a.players
    assert [r[4] for r in latria] == [str(i + 1) for i in range(len(a.players))]
    for row, outcome in zip(latria, record.players, strict=True):
        assert row[5:] == [str(outcome.total), str(outcome.rank),
                           "1" if outcome.winner else "0"]
    assert sum(int(r[7]) for r in latria) == len(record.winners)
    assert latria[0][0] == record.finished_at.astimezone().strftime("%Y-%m-%d %H:%M")
    assert latria[0][2] == "Standard"
    assert [r[1] for r in rows[1:]].count("Altar: Realms of the Gods") == len(b.players)
    assert history.csv_bytes(records).startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8


def test_the_command_line_writes_the_csv(tmp_path, capsys):
    store = Store(tmp_path / "data")
    finished_table(store, "luna_example")
    out = tmp_path / "plays.csv"
    assert history_command.main(["csv", str(out), "--data-dir", str(tmp_path / "data")]) == 0
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"))))
    assert len(rows) == 1 + len(sheet_for("luna_example")["players"])
    assert history_command.main(["csv", "-", "--data-dir", str(tmp_path / "data")]) == 0
    assert capsys.readouterr().out.startswith("date,game,variant")
    url = f"sqlite://{(tmp_path / 'data' / 'tables.sqlite3').as_posix()}"
    assert history_command.main(["csv", "-", "--database", url]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(rows)
    assert history_command.main(["csv", "-", "--database", "mysql://x/y"]) == 2
    assert "begins sqlite:/// or postgresql://" in capsys.readouterr().err
