"""``python -m scorers`` for Luna, Luna round scoring, Altar and Latoro: table, --json, stdin,
and invalid sheets (exit 2, one line per problem, no traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorers.__main__ import main
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = {
    "luna": DATA / "luna_example.json",
    "luna_round": DATA / "luna_round_example.json",
    "altar": DATA / "altar_example.json",
    "latoro": DATA / "latoro_example.json",
}


def run(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "scorers", *args], cwd=ROOT, input=stdin, capture_output=True,
        text=True, encoding="utf-8", env=env, timeout=60, check=False,
    )


# ---------------------------------------------------------------- valid sheets


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_json_output_has_the_result_shape(game):
    proc = run(str(EXAMPLES[game]), "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["game"] == game
    # The format's fields, and each note's sentence and rulings apart (for screens).
    assert set(out) == {"game", "players", "winners", "notes", "note_details"}
    assert [f"{d['text']} ({', '.join(d['rulings'])})" if d["rulings"] else d["text"]
            for d in out["note_details"]] == out["notes"]
    sheet = json.loads(EXAMPLES[game].read_text(encoding="utf-8"))
    assert [p["name"] for p in out["players"]] == [p["name"] for p in sheet["players"]]
    for p in out["players"]:
        assert {"name", "total", "rank", "breakdown"} <= set(p)
        assert sum(line["points"] for line in p["breakdown"]) == p["total"]
        assert all(set(line) == {"label", "points"} for line in p["breakdown"])
    assert out["winners"] == [p["name"] for p in out["players"] if p["rank"] == 1]
    assert out == score_sheet(sheet).to_json_dict()


def test_luna_table_is_readable():
    proc = run(str(EXAMPLES["luna"]))
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["Rank", "Player", "Total"]
    assert lines[1].split() == ["1", "Red", "65"]
    assert lines[2].split() == ["2", "Blue", "65"]
    assert "Yellow: 64" in lines
    assert "    +16  Shrines 4 × 4 = 16" in lines
    assert "     +6  Council seat: 6" in lines
    assert "Winner: Red" in lines
    assert ("Note: Red and Blue tie on 65; Red is further ahead in the Council "
            "(Luna, Game End) (LU-4)") in lines


def test_luna_round_table_shows_losses():
    proc = run(str(EXAMPLES["luna_round"]))
    assert proc.returncode == 0
    assert "     -4  Apostate: 3 Novices → −4" in proc.stdout.splitlines()
    # Red and Blue tie 2–2; the breakdown says the Council decided it.
    assert ("Moon Priestess: 2nd place (2 on the isle; tie with Blue decided by the Council) "
            "→ 3") in proc.stdout


def test_altar_json_has_complete_and_missing():
    out = json.loads(run(str(EXAMPLES["altar"]), "--json").stdout)
    fields = {p["name"]: (p["complete"], p["missing"], p["rank"]) for p in out["players"]}
    assert fields == {"Ann": (True, "", 2), "Ben": (True, "", 1),
                      "Cat": (False, "1 active altar or Shrine", 3)}
    assert out["winners"] == ["Ben"]


def test_altar_without_a_complete_realm_the_most_shrines_wins():
    """Altar, Winner of the Game: "If there is a tie, the player with the most Shrines is
    the winner." — the deck ran out and nobody completed (ruling AL-3)."""
    sheet = {"game": "altar", "end": "deck_exhausted", "players": [
        {"name": "Ann", "realms": [{"god": "Goddess of Love", "shrines": 1, "active_altars": 1}]},
        {"name": "Ben", "realms": [{"god": "Ancient God", "shrines": 0, "active_altars": 2}]},
        {"name": "Cy", "realms": [{"god": "God of War", "shrines": 0, "active_altars": 0}]}]}
    proc = run("-", stdin=json.dumps(sheet))
    assert proc.returncode == 0
    assert "Winner: Ann" in proc.stdout.splitlines()
    assert "the player with the most Shrines wins" in proc.stdout
    assert "A god's or follower's ability can change the winner" in proc.stdout
    # Nobody with a Shrine: no winner, and the rulebook's deferral to the abilities.
    sheet["players"][0]["realms"][0]["shrines"] = 0
    proc = run("-", stdin=json.dumps(sheet))
    assert "Winner: none" in proc.stdout.splitlines()
    assert "gods' and followers' abilities" in proc.stdout
    # A winner by an ability, as the Results screen records it.
    sheet["ability_winner"] = "Cy"
    sheet["ability"] = "Ancient God"
    proc = run("-", stdin=json.dumps(sheet))
    assert "Winner: Cy" in proc.stdout.splitlines()


def test_latoro_japanese_names_from_stdin_stay_readable():
    text = EXAMPLES["latoro"].read_text(encoding="utf-8")
    proc = run("-", "--json", stdin=text)
    assert proc.returncode == 0
    assert "あおい" in proc.stdout and "\\u3042" not in proc.stdout
    out = json.loads(proc.stdout)
    assert out["players"][0]["name"] == "あおい"
    assert out["players"][0]["total"] == 23
    assert [p["rank"] for p in out["players"]] == [1, 2, 2]
    table = run("-", stdin=text)
    assert "あおい: 23" in table.stdout.splitlines()
    assert "けんた and Mia tie on 21" in table.stdout or "Mia and けんた tie on 21" in table.stdout


# ---------------------------------------------------------------- invalid sheets

INVALID = {
    "luna": {"game": "luna", "council_order": ["Red", "Bleu"], "players": [
        {"name": "Red", "influence": 10, "shrines": 7, "unused_favors": 8, "council_points": 2},
        {"name": "Blue", "influence": -1, "shrines": 0, "unused_favors": 0,
         "council_points": 1}]},
    "luna_round": {"game": "luna_round", "council_order": ["A", "B", "C"], "players": [
        {"name": "A", "priestess_isle": 1, "apostate_isle": 0, "temple_novices": 1,
         "temple_books": 2},
        {"name": "B", "priestess_isle": 1, "apostate_isle": 14, "temple_novices": 0,
         "temple_books": 0},
        {"name": "C", "priestess_isle": 0, "apostate_isle": 0, "temple_novices": 0,
         "temple_books": 0}]},
    "altar": {"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [{"god": "Goddess of Love", "shrines": 4, "active_altars": 1}]},
        {"name": "Ben", "realms": [{"god": "Ancient God", "shrines": 1, "active_altars": 1}]}]},
    "latoro": {"game": "latoro", "players": [
        {"name": "あおい", "clan_tag_points": 3, "honor_points": [1, 2, 3, 4],
         "resources": {"black": 8, "white": 9, "brown": 1}},
        {"name": "あおい", "clan_tag_points": 1, "honor_points": [],
         "resources": {"black": 0, "white": 0, "brown": 0}}]},
}


@pytest.mark.parametrize("game", list(INVALID))
def test_invalid_sheet_exits_2_with_one_line_per_problem(game, tmp_path):
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(INVALID[game], ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SheetProblems) as err:
        score_sheet(INVALID[game])
    expected = [str(p) for p in err.value.problems]
    assert len(expected) >= 2
    proc = run(str(path), "--json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == expected
    for line in expected:
        where, _, message = line.partition(": ")
        assert where.startswith(("players", "council_order", "priestess_values", "end"))
        assert message


def test_problem_lines_name_player_field_and_limit():
    path_text = json.dumps(INVALID["latoro"], ensure_ascii=False)
    proc = run("-", stdin=path_text)
    assert proc.returncode == 2
    assert ("players[0].resources.white: 9, but at most 7 of each resource are kept "
            "(Preparation phase, resource cap)") in proc.stderr.splitlines()
    assert "players[1].name: “あおい” is already the name of player 1" in proc.stderr


def test_shape_errors_exit_2_without_traceback(capsys):
    bad = {"game": "luna", "council_order": "Red", "players": [{"name": "Red", "shrines": "4"}]}
    proc = run("-", stdin=json.dumps(bad))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert "council_order: Input should be a valid list" in lines
    assert "players[0].shrines: Input should be a valid integer" in lines
    assert "players[0].influence: required" in lines


def test_main_can_be_called_directly(capsys):
    code = main([str(EXAMPLES["altar"]), "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ben"]
    code = main([str(DATA / "no_such_sheet.json")])
    assert code == 2
    assert "cannot read the sheet" in capsys.readouterr().err
