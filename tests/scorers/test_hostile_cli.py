"""``python -m scorers`` and ``python -m setup_guides`` take any input —
a result, or exit 2 with one readable line per problem; never a traceback.

Hypothesis feeds every game's example sheet and mutations of it (tests/hostile.py)
through ``main()`` in this process; a few real runs cover what only a process has: a
closed standard input, a closed or full standard output, an ASCII-only terminal.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorers import __main__ as scorers_cli
from scorers.limits import MAX_SHEET_BYTES
from scorers.sheet_models import sheet_model
from scorers.sheets import game_module
from setup_guides import SETUP_VARIANTS as SETUP_GAMES
from setup_guides import __main__ as setup_cli
from tests.hostile import EXAMPLES, GAMES, any_sheet, big_number, nested, to_text

ROOT = Path(__file__).resolve().parents[2]
LONGEST_LINE = 600  # a problem line names a place, a value (≤ 40 characters) and a rule


class Stdin:
    """Standard input as ``main`` reads it: ``sys.stdin.buffer``."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


def run_in_process(main, argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = Stdin(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def scored_directly(data: dict) -> dict:
    """The result as the game module gives it, without the command line's checks."""
    game = data["game"]
    return game_module(game).score(sheet_model(game).model_validate(data)).to_json_dict()


def assert_readable(code: int, out: str, err: str) -> None:
    assert code in (0, 2), err
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert out == ""
        lines = err.splitlines()
        assert lines and all(line.strip() for line in lines)
        assert max(len(line) for line in lines) <= LONGEST_LINE, max(lines, key=len)[:200]
    else:
        assert err == ""


# ---------------------------------------------------------------- generated sheets


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow,
                                                   HealthCheck.data_too_large])
@given(data=st.data())
def test_any_sheet_gives_a_result_or_readable_problems(game, data):
    text = data.draw(any_sheet(game))
    raw = text.encode("utf-8", "surrogatepass")  # a lone surrogate is not UTF-8: refused
    code, out, err = run_in_process(scorers_cli.main, ["-", "--json"], raw)
    assert_readable(code, out, err)
    if code == 0:
        # A sheet the command line scores, it scores as the game module does.
        assert json.loads(out) == scored_directly(json.loads(text))


@pytest.mark.parametrize("game", GAMES)
def test_the_valid_examples_score_as_before(game):
    code, out, err = run_in_process(scorers_cli.main, ["-", "--json"],
                                    to_text(EXAMPLES[game]).encode())
    assert (code, err) == (0, "")
    assert json.loads(out) == scored_directly(EXAMPLES[game])


# ---------------------------------------------------------------- hand-made input

HOSTILE = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "objects nested 100,000 deep": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "game is a list": '{"game": []}',
    "game is an object": '{"game": {"x": 1}}',
    "game is a number": '{"game": 7}',
    "players is an object": '{"game": "luna", "council_order": [], "players": {}}',
    "players is a text": '{"game": "latria", "players": "Ann"}',
    "a sheet that is a list": "[1, 2]",
    "a sheet that is a number": "12",
    "NaN": '{"game": "luna", "players": NaN}',
    "empty": "",
    "a long game name": json.dumps({"game": "g" * 100_000}),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hand_made_hostile_sheets(name):
    code, out, err = run_in_process(scorers_cli.main, ["-"], HOSTILE[name].encode())
    assert code == 2
    assert_readable(code, out, err)


def test_deep_nesting_is_refused_before_parsing():
    code, _, err = run_in_process(scorers_cli.main, ["-"], HOSTILE["nested 100,000 deep"].encode())
    assert err == ("-: nested more than 5 levels deep (line 1, column 6); a score sheet is at "
                   "most 5 levels deep\n")


def test_a_game_that_is_a_list_is_one_line():
    _, _, err = run_in_process(scorers_cli.main, ["-"], b'{"game": []}')
    assert err.splitlines() == ["game: a list is not a game name; one of: latria, "
                                "latria_campaign, carpe_astra, luna, luna_round, altar, latoro"]


def test_a_4301_digit_number_is_reported_at_its_field_cropped():
    sheet = json.loads(json.dumps(EXAMPLES["luna"]))
    sheet["players"][0]["influence"] = big_number(4301)
    code, _, err = run_in_process(scorers_cli.main, ["-"], to_text(sheet).encode())
    assert code == 2
    assert err.splitlines() == [
        "players[0].influence: a number of 4,301 digits, but numbers here are at most "
        "1,000,000"]


@pytest.mark.parametrize(("field", "value"), [
    ("influence", 10**6 + 1), ("council_points", 10**100), ("influence", -(10**7))])
def test_every_number_has_a_bound(field, value):
    sheet = json.loads(json.dumps(EXAMPLES["luna"]))
    sheet["players"][1][field] = value
    code, _, err = run_in_process(scorers_cli.main, ["-"], json.dumps(sheet).encode())
    assert code == 2
    assert err.startswith(f"players[1].{field}: ")
    assert "1,000,000" in err


def test_altar_last_shrine_turn_and_latoro_points_are_bounded():
    altar = json.loads(json.dumps(EXAMPLES["altar"]))
    altar["players"][0]["last_shrine_turn"] = 10**100
    latoro = json.loads(json.dumps(EXAMPLES["latoro"]))
    latoro["players"][0]["honor_points"] = [10**7]
    for sheet, where in ((altar, "players[0].last_shrine_turn"),
                         (latoro, "players[0].honor_points[0]")):
        code, _, err = run_in_process(scorers_cli.main, ["-"], json.dumps(sheet).encode())
        assert code == 2 and err.startswith(f"{where}: "), err


def test_values_in_messages_are_cropped_at_40_characters():
    sheet = json.loads(json.dumps(EXAMPLES["luna"]))
    sheet["council_order"][0] = "Z" * 150
    code, _, err = run_in_process(scorers_cli.main, ["-"], json.dumps(sheet).encode())
    assert code == 2 and "Z" * 41 not in err
    assert "council_order[0]: “" + "Z" * 40 + "…” is not a player here" in err
    sheet = json.loads(json.dumps(EXAMPLES["luna"]))
    sheet["players"][0]["k" * 100] = 1
    sheet["players"][1]["\r\n"] = 1
    code, _, err = run_in_process(scorers_cli.main, ["-"], json.dumps(sheet).encode())
    assert code == 2 and "k" * 41 not in err
    assert err.splitlines() == ["players[0]." + "k" * 40 + "…: unknown key (check the spelling)",
                                "players[1].\\r\\n: unknown key (check the spelling)"]


def test_invalid_utf8_and_binary_input():
    for raw in (b'{"game": "\xff"}', bytes(range(256)) * 4, b"\x00" * 100):
        code, out, err = run_in_process(scorers_cli.main, ["-"], raw)
        assert code == 2 and len(err.splitlines()) == 1, err
        assert_readable(code, out, err)
    _, _, err = run_in_process(scorers_cli.main, ["-"], b'{"game": "\xff"}')
    assert err == "-: not UTF-8 text (byte 0xFF at offset 10); a score sheet is JSON text\n"


def test_more_than_5_mb_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"1," * (MAX_SHEET_BYTES // 2) + b"1]")
    code, _, err = run_in_process(scorers_cli.main, [str(big)])
    assert code == 2
    assert err.splitlines() == [f"{big}: {big.stat().st_size:,} bytes; a score sheet is at "
                                "most 5 MB"]
    code, _, err = run_in_process(scorers_cli.main, ["-"], b" " * (MAX_SHEET_BYTES + 1))
    assert (code, err) == (2, "-: more than 5 MB; a score sheet is at most 5 MB\n")


def test_a_folder_or_a_missing_file_is_one_line(tmp_path):
    for name in (str(tmp_path), str(tmp_path / "missing.json")):
        code, _, err = run_in_process(scorers_cli.main, [name])
        assert code == 2 and len(err.splitlines()) == 1 and "cannot read the sheet" in err


def test_unknown_arguments_are_one_line_cropped():
    with pytest.raises(SystemExit) as exit_:
        run_in_process(scorers_cli.main, ["-", "--nope", "n" * 500])
    assert exit_.value.code == 2
    proc = subprocess.run([sys.executable, "-m", "scorers", "-", "--nope", "n" * 500],
                          capture_output=True, text=True, timeout=60, cwd=ROOT, check=False)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "python -m scorers: unrecognized arguments: '--nope' '" + "n" * 40 + "…' (see --help)"]


# ---------------------------------------------------------------- real processes


def shell(command: str, env: dict | None = None, stdin: bytes | None = None):
    return subprocess.run(["sh", "-c", command], cwd=ROOT, input=stdin, capture_output=True,
                          env={**os.environ, **(env or {})}, timeout=60, check=False)


PY = sys.executable
LATORO = ROOT / "tests" / "data" / "latoro_example.json"


@pytest.mark.parametrize("cli", ["scorers", "setup_guides"])
def test_a_full_or_closed_stdout_is_one_line(cli):
    args = f"{LATORO}" if cli == "scorers" else "latoro --players 3"
    for redirect in (">/dev/full", ">&-"):
        proc = shell(f"exec {PY} -m {cli} {args} {redirect}")
        assert proc.returncode == 2, proc.stderr
        err = proc.stderr.decode()
        assert len(err.splitlines()) == 1 and "cannot write the" in err, err
        assert "Traceback" not in err and "Exception ignored" not in err


def test_a_closed_stdin_is_one_line():
    proc = shell(f"exec {PY} -m scorers - <&-")
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines() == ["-: cannot read the sheet (standard input is "
                                                 "closed)"]


def test_a_reader_that_goes_away_is_not_an_error():
    proc = shell(f"{PY} -m scorers {LATORO} --json | head -c 1 >/dev/null; "
                 f"{PY} -m setup_guides luna --players 4 --json | head -c 1 >/dev/null")
    assert proc.returncode == 0
    assert b"Traceback" not in proc.stderr and b"Exception ignored" not in proc.stderr


@pytest.mark.parametrize("env", [
    {"PYTHONIOENCODING": "ascii"},
    {"PYTHONIOENCODING": "ascii:strict"},
    {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
])
def test_an_ascii_only_terminal(env):
    proc = shell(f"exec {PY} -m scorers {LATORO} --json", env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["players"][0]["name"] == "あおい"
    proc = shell(f"exec {PY} -m scorers {LATORO}", env)
    assert proc.returncode == 0, proc.stderr
    assert "あおい: 23" in proc.stdout.decode("utf-8")
    # Problems quote names with “ ” and あおい: still one line each, never a traceback.
    bad = json.dumps({"game": "latoro", "players": [{"name": "あおい"}]}).encode()
    proc = shell(f"exec {PY} -m scorers -", env, stdin=bad)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    proc = shell(f"exec {PY} -m setup_guides latoro --players 3 --variant “x”", env)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


def test_real_runs_of_hostile_files(tmp_path):
    files = {
        "deep.json": b"[" * 100_000,
        "long.json": to_text({"game": "latoro", "players": [
            {"name": "A", "clan_tag_points": big_number(5000), "honor_points": [],
             "resources": {}}]}).encode(),
        "binary.json": bytes(range(256)) * 64,
        "latin1.json": '{"game": "latria", "players": [{"name": "José"}]}'.encode("latin-1"),
        "nested.json": to_text({"game": "altar", "end": "realm_completed",
                                "players": nested(10_000)}).encode(),
    }
    for name, data in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        proc = shell(f"exec {PY} -m scorers {path} --json")
        assert proc.returncode == 2, (name, proc.stderr)
        err = proc.stderr.decode()
        assert "Traceback" not in err and len(err.splitlines()) == 1, (name, err)


# ---------------------------------------------------------------- setup_guides

words = st.one_of(st.text(max_size=60), st.sampled_from(["4", "-1", "0", "1e3", "٣", " 3 ",
                                                          "9" * 5000, "x" * 1000, "--json"]))


@settings(max_examples=400)
@given(game=st.one_of(st.sampled_from(sorted(SETUP_GAMES)), words),
       players=st.one_of(st.integers(-3, 9).map(str), words),
       variant=st.one_of(st.none(), st.sampled_from(["standard", "simple", "solo1", "advanced",
                                                     "campaign", "preselected"]), words),
       seed=st.one_of(st.none(), st.integers(-5, 10**12).map(str), words),
       as_json=st.booleans())
def test_setup_guides_takes_any_arguments(game, players, variant, seed, as_json):
    argv = [game, "--players", players]
    if variant is not None:
        argv += ["--variant", variant]
    if seed is not None:
        argv += ["--seed", seed]
    if as_json:
        argv.append("--json")
    try:
        code, out, err = run_in_process(setup_cli.main, argv)
    except SystemExit as exit_:  # argparse: a flag-like value, --help
        code, err = exit_.code, ""
    assert code in (0, 2), err
    assert "Traceback" not in err and "internal error" not in err
    if code == 2 and err:
        assert len(err.splitlines()) == 1 and len(err) <= LONGEST_LINE, err[:300]
        assert "x" * 41 not in err and "9" * 41 not in err
