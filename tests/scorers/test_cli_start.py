"""``python -m scorers`` imports only what the sheet's game needs, so that it
starts fast: a sheet that is not one, or names no game here, is answered without
pydantic, with the same words as ever; a sheet of a game imports that game's module and
its sheet models (``scorers/sheet_models/<game>.py``), and no other game's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorers.sheets import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = ", ".join(GAME_MODULES)

# The command itself (its ``__main__`` block, via runpy), then the modules it imported.
RUN = """\
import runpy, sys
sys.argv = ["python -m scorers", *sys.argv[1:]]
try:
    runpy.run_module("scorers", run_name="__main__")
except SystemExit as stop:
    code = stop.code
print(json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def run(sheet: Path, *args: str) -> tuple[int, str, str, list[str]]:
    """Exit status, standard output and error, and the modules imported."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    proc = subprocess.run(
        [sys.executable, "-c", "import json\n" + RUN, str(sheet), *args], cwd=ROOT,
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=60, check=False)
    *out, modules = proc.stdout.splitlines()
    return proc.returncode, "\n".join(out), proc.stderr, json.loads(modules)


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in ("pydantic", "pydantic_core")]


NOT_SHEETS = [  # the text of the sheet, the lines on standard error ({sheet}: its path)
    (b"nope", ["{sheet}: not valid JSON (line 1, column 1: Expecting value)"]),
    (b"\xff", ["{sheet}: not UTF-8 text (byte 0xFF at offset 0); a score sheet is JSON "
               "text"]),
    (b"[[[[[[1]]]]]]", ["{sheet}: nested more than 5 levels deep (line 1, column 6); a "
                        "score sheet is at most 5 levels deep"]),
    (b"[]", ["a sheet is a JSON object"]),
    (b'{"game": "chess"}', [f"game: 'chess' is not a game here; one of: {GAMES}"]),
    (b'{"players": []}', [f"game: required: one of {GAMES}"]),
    (b'{"game": 7}', [f"game: a number is not a game name; one of: {GAMES}"]),
    (b'{"game": "latria", "players": [{"name": "' + b"y" * 201 + b'"}]}',
     ["players[0].name: 201 characters, more than any text of a score sheet (names are at "
      "most 40)"]),
]


@pytest.mark.parametrize(("text", "lines"), NOT_SHEETS)
def test_a_sheet_that_names_no_game_is_answered_without_pydantic(tmp_path, text, lines):
    sheet = tmp_path / "sheet.json"
    sheet.write_bytes(text)
    code, out, err, modules = run(sheet)
    assert (code, out) == (2, "")
    assert err.splitlines() == [line.format(sheet=sheet) for line in lines]
    assert heavy(modules) == []
    assert not [m for m in modules if m.removeprefix("scorers.") in GAME_MODULES.values()]


def test_the_japanese_words_are_the_same_without_pydantic(tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_bytes(b"\xff")
    code, _, err, modules = run(sheet, "--lang", "ja")
    assert code == 2 and heavy(modules) == []
    assert err == (f"{sheet}: UTF-8のテキストではありません（位置0のバイト0xFF）。"
                   "スコアシートはJSONのテキストです\n")


@pytest.mark.parametrize("example", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_a_sheet_imports_its_games_module_and_no_other(example):
    game = json.loads(example.read_text(encoding="utf-8"))["game"]
    code, out, err, modules = run(example, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["game"] == game
    games = {m.removeprefix("scorers.") for m in modules if m.startswith("scorers.")}
    # Luna's round scoring is built on Luna's own module (the Council and the isles).
    wanted = {GAME_MODULES[game]} | ({"luna"} if game == "luna_round" else set())
    assert games & set(GAME_MODULES.values()) == wanted
    assert "scorers.bgstats" not in modules  # only with --bgstats
    models = {m.removeprefix("scorers.sheet_models.") for m in modules
              if m.startswith("scorers.sheet_models.")}
    assert models == {"base", game}  # the models checking the sheet, no other game's
    assert "pydantic" in modules
