"""`python -m scorers` for Latria, the Latria campaign and Carpe Astra (docs/score-sheets.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorers.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parents[1] / "data"
EXAMPLES = {
    "latria": DATA / "latria_example3.json",
    "latria_campaign": DATA / "latria_campaign_example.json",
    "carpe_astra": DATA / "carpe_astra_example.json",
}


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorers", *map(str, args)],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def test_readable_table_latria():
    out = run(EXAMPLES["latria"])
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    text = out.stdout.splitlines()
    assert text[0].split() == ["Rank", "Player", "Total"]
    assert text[1].split() == ["1", "Ann", "17"]
    assert "Ann: 17" in text
    assert "    +12  Polaris (1+2) × 2 × 2 = 12" in text
    assert "    -10  Eclipse −((3+2) × 2)" in text
    assert "Winner: Ann" in text
    assert any(line.startswith("Note: ") and "L-10" in line for line in text)


def test_readable_table_campaign_and_carpe_astra():
    out = run(EXAMPLES["latria_campaign"])
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1].split() == ["1", "Player", "C", "12"]
    assert "Winner: Player C" in out.stdout
    out = run(EXAMPLES["carpe_astra"])
    assert out.returncode == 0, out.stderr
    assert "     +6  Priests: most (holds all 5 in play) → 6" in out.stdout.splitlines()
    assert "Winner: Ch'un" in out.stdout


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_json_output_shape(game):
    out = run(EXAMPLES[game], "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    # The format's fields, and the notes' sentences and rulings apart (an addition).
    assert set(result) == {"game", "players", "winners", "notes", "note_details"}
    assert result["game"] == game
    sheet = json.loads(EXAMPLES[game].read_text(encoding="utf-8"))
    names = [p if isinstance(p, str) else p["name"] for p in sheet["players"]]
    assert [p["name"] for p in result["players"]] == names  # the sheet's order
    for p in result["players"]:
        assert {"name", "total", "rank", "breakdown"} <= set(p)
        assert sum(line["points"] for line in p["breakdown"]) == p["total"]
        assert all(set(line) == {"label", "points"} for line in p["breakdown"])
    assert result["winners"] == [p["name"] for p in result["players"] if p["rank"] == 1]
    if game == "latria":
        ann = result["players"][0]
        assert (ann["total"], ann["eclipse"], ann["discarded"]) == (17, 10, [])


def test_stdin():
    text = EXAMPLES["carpe_astra"].read_text(encoding="utf-8")
    out = run("-", "--json", stdin=text)
    assert out.returncode == 0, out.stderr
    assert [p["total"] for p in json.loads(out.stdout)["players"]] == [14, 11, 12]


def test_latria_discard_reported_in_json():
    sheet = {
        "game": "latria",
        "players": [
            {
                "name": "Ann",
                "cards": [
                    {"celestial": "sun", "vp": 4},
                    {"celestial": "sun", "special": "x0"},
                    {"celestial": "moon", "vp": 1},
                    {"celestial": "polaris", "special": "discard_two"},
                ],
            },
            {"name": "Ben"},
            {"name": "Cy"},
        ],
    }
    out = run("-", "--json", stdin=json.dumps(sheet))
    assert out.returncode == 0, out.stderr
    ann = json.loads(out.stdout)["players"][0]
    assert ann["discarded"] == [
        {"celestial": "sun", "special": "x0"},
        {"celestial": "moon", "vp": 1},
    ]
    assert ann["total"] == 4


def test_invalid_sheet_one_line_per_problem():
    sheet = {
        "game": "carpe_astra",
        "players": [
            {"name": "Ann", "character": "chun", "credits": 3, "support": {"military": 7}},
            {"name": "ann", "character": "chun", "credits": 1},
            {"name": "Cy", "character": "verron", "credits": 1},
            {"name": "Dee", "character": "ichthon", "credits": 1},
        ],
    }
    out = run("-", stdin=json.dumps(sheet))
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.splitlines() == [
        "players[1].name: “ann” is already the name of player 1",
        "players[1].character: Admiral Ch'un is already Ann's character; each character is "
        "played at most once",
        "players[0].support.military: 7 tokens, but a 4-player game has only 6",
    ]


def test_unknown_key_exit_2():
    sheet = {
        "game": "latria",
        "varient": "simple",
        "players": [
            {"name": "Ann", "cards": [{"celestial": "sun", "vp": 3, "colour": "red"}]},
            {"name": "Ben"},
            {"name": "Cy"},
        ],
    }
    out = run("-", "--json", stdin=json.dumps(sheet))
    assert out.returncode == 2
    assert sorted(out.stderr.splitlines()) == [
        "players[0].cards[0].colour: unknown key (check the spelling)",
        "varient: unknown key (check the spelling)",
    ]
    assert "Traceback" not in out.stderr


def test_campaign_problems_exit_2():
    sheet = {"game": "latria_campaign", "players": ["A", "B", "C"], "games": [{"A": 1, "B": 2}] * 4}
    out = run("-", stdin=json.dumps(sheet))
    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert lines[0] == (
        "games[3]: 4 games; a campaign of 3 players has 3 games (fewer while it is in progress)"
    )
    assert len(lines) == 5  # the length, then "no VP for C" in each of the four games
    assert all(
        line.endswith("each game names every player of the campaign with their VP total")
        for line in lines[1:]
    )


def test_bad_json_and_missing_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "latria", "players": [', encoding="utf-8")
    out = run(bad)
    assert out.returncode == 2
    assert len(out.stderr.splitlines()) == 1
    assert "not valid JSON" in out.stderr and "Traceback" not in out.stderr
    out = run(tmp_path / "missing.json")
    assert out.returncode == 2
    assert len(out.stderr.splitlines()) == 1
    assert "cannot read the sheet" in out.stderr


def test_main_in_process(capsys):
    assert main([str(EXAMPLES["latria"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ann"]
    assert main([str(DATA / "latria_campaign_example.json")]) == 0
    assert "Player C" in capsys.readouterr().out


def test_table_columns_line_up_with_japanese_names(tmp_path):
    from scorers.__main__ import display_width, render_table
    from scorers.sheets import score_sheet

    sheet = {"game": "latoro", "players": [
        {"name": "あおい", "clan_tag_points": 3, "honor_points": [], "resources": {}},
        {"name": "Bob", "clan_tag_points": 1, "honor_points": [], "resources": {}}]}
    rows = render_table(score_sheet(sheet)).splitlines()[:3]
    assert len({display_width(row) for row in rows}) == 1


def test_a_closed_pipe_is_not_a_traceback():
    import subprocess
    import sys
    from pathlib import Path

    sheet = Path(__file__).parents[1] / "data" / "latria_example3.json"
    # The reader closes the pipe before the scorer writes (as `| head -c 0` would).
    proc = subprocess.Popen([sys.executable, "-m", "scorers", str(sheet), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    stderr = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in stderr
