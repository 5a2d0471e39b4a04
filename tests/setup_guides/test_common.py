"""setup_guides as a whole: the public API, the JSON, seeds, errors and the CLI
(docs/setup-guides.md)."""

from __future__ import annotations

import ast
import json
import pathlib
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import setup_guides
from setup_guides import (
    MAX_SEED,
    SETUP_VARIANTS,
    Setup,
    SetupError,
    default_variant,
    draws,
    make_setup,
)
from setup_guides.__main__ import main, render_text

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "setup_guides"

COMBOS = [
    (game, players, variant)
    for game, counts in SETUP_VARIANTS.items()
    for players, variants in counts.items()
    for variant in variants
]

# docs/setup-guides.md's table: the fields each game's JSON has at least.
SPEC_FIELDS = {
    "latria": {"hand_size", "rounds", "removed_astrology", "deck_size", "eclipse_markers",
               "boards", "removed_celestial", "polaris_eclipsed"},
    "carpe_astra": {"characters", "support_tokens", "senate", "credits_each",
                    "network_cards_each", "starting_support", "events_in_timeline",
                    "face_up_guild_tiles", "rounds", "face_up_network", "face_up_slander"},
    "luna": {"priestess", "time_tokens", "temple_boards", "guard_tiles", "tiles_per_group",
             "rounds", "starting_influence", "temple_tile_owner", "preliminary_round"},
    "altar": {"cards_each", "face_up_cards", "shrine_tiles", "priestesses_removed",
              "realms_each"},
    "latoro": {"level1_face_up", "level2_face_up", "level2_deck", "level3_deck", "uka_each",
               "suma_each", "honor_cards_each", "rounds", "resource_cap",
               "starting_resources", "refills"},
}
COMMON_FIELDS = {"game", "players", "variant", "seed", "steps", "first_player",
                 "first_player_rule"}


def as_json(setup: Setup) -> str:
    return json.dumps(setup.to_json_dict(), ensure_ascii=False, sort_keys=True)


# --- the games, counts and variants docs/setup-guides.md names --------------------------


def test_games_are_the_spec_games_counts_and_variants():
    """Spec: latria 3–6 standard/simple/star_eclipse (+ campaign, ruling S-3); carpe_astra
    2–4 standard/advanced; luna 1–4 standard/preselected, solo1–3 with 1 player; altar 2–5;
    latoro 2–4."""
    assert list(SETUP_VARIANTS) == ["latria", "carpe_astra", "luna", "altar", "latoro"]
    assert SETUP_VARIANTS["latria"] == {
        n: ("standard", "simple", "star_eclipse", "campaign") for n in (3, 4, 5, 6)
    }
    assert SETUP_VARIANTS["carpe_astra"] == {n: ("standard", "advanced") for n in (2, 3, 4)}
    assert SETUP_VARIANTS["luna"] == {
        1: ("solo1", "solo2", "solo3"),
        2: ("standard", "preselected"),
        3: ("standard", "preselected"),
        4: ("standard", "preselected"),
    }
    assert SETUP_VARIANTS["altar"] == {n: ("standard",) for n in (2, 3, 4, 5)}
    assert SETUP_VARIANTS["latoro"] == {n: ("standard",) for n in (2, 3, 4)}


@pytest.mark.parametrize(("game", "players", "expected"), [
    ("latria", 3, "standard"), ("carpe_astra", 2, "standard"), ("luna", 1, "solo1"),
    ("luna", 4, "standard"), ("altar", 2, "standard"), ("latoro", 4, "standard"),
])
def test_default_variant_is_the_first_allowed(game, players, expected):
    assert default_variant(game, players) == expected
    assert make_setup(game, players, seed=1).variant == expected


# --- every game × count × variant gives a complete setup --------------------------------


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_every_combination_gives_a_complete_setup(game, players, variant):
    setup = make_setup(game, players, variant, seed=42)
    data = setup.to_json_dict()
    assert COMMON_FIELDS | SPEC_FIELDS[game] <= set(data)
    assert (data["game"], data["players"], data["variant"], data["seed"]) == (
        game, players, variant, 42)
    # steps: exactly {"title", "detail"}, both non-empty text
    assert data["steps"], "a checklist has steps"
    for step in data["steps"]:
        assert set(step) == {"title", "detail"}
        assert step["title"].strip() and step["detail"].strip()
    titles = [s["title"] for s in data["steps"]]
    assert len(titles) == len(set(titles)), "each step has its own title"
    assert 1 <= data["first_player"] <= players
    assert data["first_player_rule"].strip()
    # Not "see the table": the numbers are written in.
    for step in data["steps"]:
        assert "see the table" not in step["detail"].lower()
    # The JSON is plain JSON and reads back to the same setup.
    text = json.dumps(data, ensure_ascii=False)
    assert json.loads(text) == data
    assert type(setup).model_validate(data).to_json_dict() == data


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_every_ruling_cited_in_a_step_exists(game, players, variant):
    """A step that says "see ruling S-n" points at an entry of docs/RULINGS.md."""
    rulings = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    setup = make_setup(game, players, variant, seed=3)
    for step in setup.steps:
        for ruling in re.findall(r"S-\d+", step.detail):
            assert f"### {ruling} —" in rulings, ruling


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_draws_are_readable_rows_and_not_in_the_json(game, players, variant):
    setup = make_setup(game, players, variant, seed=9)
    rows = draws(setup)
    assert rows and all(isinstance(a, str) and isinstance(b, str) for a, b in rows)
    assert "draws" not in setup.to_json_dict()


def test_step_section_is_kept_out_of_the_json():
    setup = make_setup("latoro", 2, seed=1)
    assert setup.steps[0].section.startswith("Preparing the play area")
    assert "section" not in setup.to_json_dict()["steps"][0]


# --- seeds ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_same_seed_same_json(game, players, variant):
    assert as_json(make_setup(game, players, variant, 7)) == as_json(
        make_setup(game, players, variant, 7))


def test_without_a_seed_one_is_drawn_and_kept():
    setup = make_setup("altar", 3)
    assert 0 <= setup.seed < 10**6
    again = make_setup("altar", 3, seed=setup.seed)
    assert as_json(again) == as_json(setup)


def test_draws_are_pinned_for_every_machine():
    """random.Random(seed) with shuffle/sample/randrange in a fixed order is the same on
    every machine and Python ≥ 3.11: these values must never change."""
    assert make_setup("latria", 5, seed=2026).first_player == 1
    ca = make_setup("carpe_astra", 4, seed=2026)
    assert (ca.characters, ca.first_player) == (["chun", "tyndar", "verron", "ichthon"], 4)
    ca3 = make_setup("carpe_astra", 3, seed=2026)
    assert (ca3.characters, ca3.first_player) == (["chun", "tyndar", "verron"], 1)
    lu = make_setup("luna", 3, seed=2026)
    assert (lu.first_player, lu.temple_board_order, lu.temple_tile_owner) == (
        1, [3, 4, 1], {1: 3, 3: 2, 4: 1})
    solo = make_setup("luna", 1, "solo1", seed=2026)
    assert (solo.temple_board_order, solo.temple_tile_owner) == ([1, 2], {1: 1, 2: 0})


def test_different_seeds_give_different_draws():
    seen = {tuple(make_setup("carpe_astra", 4, seed=s).characters) for s in range(60)}
    assert len(seen) > 10


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "names"), [
    (("chess", 2), ["latria", "carpe_astra", "luna", "altar", "latoro"]),
    (("latria", 2), ["3–6"]),
    (("latria", 7), ["3–6"]),
    (("carpe_astra", 5), ["2–4"]),
    (("luna", 0), ["1–4"]),
    (("altar", 1), ["2–5"]),
    (("latoro", 5), ["2–4"]),
    (("latria", True), ["3–6"]),
    (("latria", "4"), ["3–6"]),
    (("luna", 1, "standard"), ["solo1", "solo2", "solo3"]),
    (("luna", 3, "solo1"), ["standard", "preselected"]),
    (("carpe_astra", 3, "expert"), ["standard", "advanced"]),
    (("altar", 2, "simple"), ["standard"]),
    (("latria", 4, "standard", -1), [str(MAX_SEED)]),
    (("latria", 4, "standard", MAX_SEED + 1), [str(MAX_SEED)]),
    (("latria", 4, "standard", 1.5), [str(MAX_SEED)]),
    (("latria", 4, "standard", "12"), [str(MAX_SEED)]),
    (("latria", 4, "standard", False), [str(MAX_SEED)]),
])
def test_bad_input_raises_setup_error_naming_what_is_allowed(args, names):
    with pytest.raises(SetupError) as err:
        make_setup(*args)
    assert isinstance(err.value, ValueError)
    for name in names:
        assert name in str(err.value)
    assert "\n" not in str(err.value)


def test_seed_bounds_are_allowed():
    assert make_setup("latoro", 2, seed=0).seed == 0
    assert make_setup("latoro", 2, seed=MAX_SEED).seed == MAX_SEED


# --- purity -----------------------------------------------------------------------------


def test_the_package_imports_neither_flet_nor_companion():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            assert "flet" not in roots and "companion" not in roots, path.name
    code = (
        "import sys, setup_guides, setup_guides.__main__; "
        "assert 'flet' not in sys.modules and 'companion' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_random_draws_only_through_random_Random():
    """Only random.Random(seed) draws, so results are the same everywhere."""
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for bad in ("random.shuffle(", "random.choice(", "random.randint(", "random.seed(",
                    "random.sample(", "random.random(", "random.randrange("):
            assert bad not in text, (path.name, bad)


# --- the command line -------------------------------------------------------------------


def run_main(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("game", "players", "variant"), COMBOS)
def test_cli_json_is_the_setup(capsys, game, players, variant):
    code, out, err = run_main(capsys, game, "--players", str(players), "--variant", variant,
                              "--seed", "11", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == make_setup(game, players, variant, 11).to_json_dict()


def test_cli_text_has_header_steps_draws_and_first_player(capsys):
    code, out, _ = run_main(capsys, "carpe_astra", "--players", "3", "--seed", "5")
    setup = make_setup("carpe_astra", 3, seed=5)
    assert code == 0
    assert out.startswith("Carpe Astra — 3 players, variant standard, seed 5\n")
    for i, step in enumerate(setup.steps, start=1):
        assert f"{i}. {step.title}" in out
    for label, value in draws(setup):
        assert label in out and value in out
    assert f"First player: seat {setup.first_player} (drawn from the seed)" in out
    assert setup.first_player_rule in out
    assert out == render_text(setup) + "\n"


def test_cli_without_seed_prints_the_drawn_seed(capsys):
    code, out, _ = run_main(capsys, "latoro", "--players", "2")
    assert code == 0
    seed = int(out.splitlines()[0].rsplit("seed ", 1)[1])
    assert f"--seed {seed}" in out
    _, again, _ = run_main(capsys, "latoro", "--players", "2", "--seed", str(seed))
    assert again == out


@pytest.mark.parametrize(("argv", "names"), [
    (["latria", "--players", "2"], ["3–6"]),
    (["latria", "--players", "7", "--json"], ["3–6"]),
    (["luna", "--players", "1", "--variant", "standard"], ["solo1", "solo2", "solo3"]),
    (["luna", "--players", "2", "--variant", "solo2"], ["standard", "preselected"]),
    (["altar", "--players", "3", "--variant", "campaign"], ["standard"]),
    (["chess", "--players", "2"], ["latria", "carpe_astra", "luna", "altar", "latoro"]),
    (["latria", "--players", "four"], ["whole number", "3, 4, 5, 6"]),
    (["latria", "--players", "4.0"], ["whole number"]),
    (["latria", "--players", "4", "--seed", "-3"], [str(MAX_SEED)]),
    (["latria", "--players", "4", "--seed", "abc"], ["whole number"]),
    (["latria", "--players", "4", "--seed", "1e3"], ["whole number"]),
    (["latria", "--players", "4", "--seed", "9" * 5000], ["whole number"]),
    (["latria", "--players", "4", "--seed", str(MAX_SEED + 1)], [str(MAX_SEED)]),
    (["latria"], ["--players"]),
    ([], ["GAME"]),
    (["latria", "--players", "4", "--colour", "red"], ["--colour"]),
])
def test_cli_bad_input_exits_2_with_one_line(capsys, argv, names):
    code, out, err = run_main_exit(capsys, argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err
    for name in names:
        assert name in err


def run_main_exit(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_python_dash_m_runs_and_fails_cleanly():
    ok = subprocess.run(
        [sys.executable, "-m", "setup_guides", "luna", "--players", "1", "--variant", "solo2",
         "--seed", "3", "--json"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout) == make_setup("luna", 1, "solo2", 3).to_json_dict()
    bad = subprocess.run(
        [sys.executable, "-m", "setup_guides", "luna", "--players", "5"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "1–4" in bad.stderr and "Traceback" not in bad.stderr


# --- hypothesis -------------------------------------------------------------------------

combos = st.sampled_from(COMBOS)
seeds = st.integers(min_value=0, max_value=MAX_SEED)


@settings(max_examples=300, deadline=None)
@given(combo=combos, seed=seeds)
def test_any_seed_gives_a_valid_setup_and_the_same_json_twice(combo, seed):
    game, players, variant = combo
    setup = make_setup(game, players, variant, seed)
    assert 1 <= setup.first_player <= players
    assert setup.steps
    assert as_json(setup) == as_json(make_setup(game, players, variant, seed))
    again = type(setup).model_validate_json(json.dumps(setup.to_json_dict()))
    assert again.to_json_dict() == setup.to_json_dict()


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), variant=st.sampled_from(["standard", "advanced"]),
       seed=seeds)
def test_carpe_astra_characters_are_distinct_characters_one_per_seat(players, variant, seed):
    setup = make_setup("carpe_astra", players, variant, seed)
    assert len(setup.characters) == players
    assert len(set(setup.characters)) == players
    assert set(setup.characters) <= {"chun", "tyndar", "ichthon", "verron"}
    if players == 4:
        assert sorted(setup.characters) == sorted(["chun", "tyndar", "ichthon", "verron"])


@settings(max_examples=200, deadline=None)
@given(combo=st.sampled_from([c for c in COMBOS if c[0] == "luna"]), seed=seeds)
def test_luna_tiles_1_to_4_go_one_to_each_seat(combo, seed):
    _, players, variant = combo
    setup = make_setup("luna", players, variant, seed)
    boards = setup.temple_board_order
    assert len(boards) == len(set(boards)) == setup.temple_boards
    assert set(boards) <= {1, 2, 3, 4}
    assert sorted(setup.temple_tile_owner) == sorted(boards)
    holders = sorted(setup.temple_tile_owner.values())
    assert holders == ([0, 1] if players == 1 else list(range(1, players + 1)))


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=seeds)
def test_latoro_starting_resources_are_a_rotation_of_the_turn_positions(players, seed):
    from setup_guides.latoro import starting_resources_by_position

    setup = make_setup("latoro", players, seed=seed)
    for position in range(players):
        seat = (setup.first_player - 1 + position) % players + 1
        assert setup.starting_resources[seat - 1] == starting_resources_by_position(position)


def test_public_api_names():
    for name in ("SETUP_VARIANTS", "GAME_NAMES", "make_setup", "draws", "SetupError",
                 "Setup", "Step", "MAX_SEED", "default_variant", "new_seed"):
        assert hasattr(setup_guides, name)
    assert issubclass(SetupError, ValueError)
