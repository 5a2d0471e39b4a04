"""One record per game (companion/catalog.py): every game has each part, each part
resolves to a module of that game, and the registries keyed by game are made from the
record, not kept beside it (docs/DESIGN.md, "Where a game's knowledge lives")."""

from __future__ import annotations

import ast
import importlib
import re
import typing
from pathlib import Path

import pytest

import setup_guides
from companion.catalog import GAMES, Game
from companion.flows import FLOWS
from companion.i18n import catalog
from companion.rules.rulings_doc import SCORING, entries
from companion.screens.rulings_list import applies
from companion.table import plays, renaming
from companion.ui import score_forms
from scorers import bgstats, boxes, sheets
from scorers.readings import SWITCHABLE
from scorers.sheet_models import sheet_model

ROOT = Path(__file__).resolve().parents[1]
RECORDS = list(GAMES.values())


def by_id(game: Game) -> str:
    return game.id


def test_the_catalog_holds_the_games_of_the_pure_packages_in_their_order():
    assert tuple(GAMES) == boxes.GAME_IDS
    assert all(game.id == key for key, game in GAMES.items())


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_every_part_is_named(game):
    for part in ("name", "rulebook", "source_name", "flow", "score_form", "setup_guide",
                 "box", "sheets", "ruling_prefixes", "variants"):
        assert getattr(game, part), (game.id, part)
    assert game.min_players <= game.max_players


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_box_module_is_the_games(game):
    box = importlib.import_module(game.box)
    assert box.GAME == game.id
    assert tuple(game.player_counts) == tuple(box.PLAYER_COUNTS)
    for players in game.player_counts:
        assert tuple(v.id for v in game.variants_for(players)) == box.VARIANTS[players]
    assert game.sheets == box.SHEETS and game.sheets[0] == game.id
    assert game.points == box.POINTS


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_flow_is_the_games_and_plays_what_the_record_says(game):
    flow = importlib.import_module(game.flow).FLOW
    assert flow.game == game.id and FLOWS[game.id] is flow
    assert flow.variants == tuple(v.id for v in game.variants)
    assert flow.player_range == (game.min_players, game.max_players)
    assert flow.title == importlib.import_module(game.box).NAME


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_score_form_is_the_games(game):
    form = importlib.import_module(game.score_form)
    assert score_forms.form_for(game.id) is form
    for function in ("empty_sheet", "player_controls", "table_controls"):
        assert callable(getattr(form, function)), (game.id, function)


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_setup_guide_is_the_games_for_every_count_and_variant(game):
    guide = importlib.import_module(game.setup_guide)
    assert guide.GAME == game.id and setup_guides.MODULES[game.id] is guide
    for players in game.player_counts:
        for variant in game.variants_for(players):
            setup = setup_guides.make_setup(game.id, players, variant.id, seed=1)
            assert (setup.game, setup.players, setup.variant) == (game.id, players, variant.id)


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_each_sheet_has_its_scorer_and_models(game):
    for sheet, module in zip(game.sheets, game.scorers, strict=True):
        assert sheets.GAME_MODULES[sheet] == sheet
        assert callable(importlib.import_module(module).score)
        assert typing.get_args(sheet_model(sheet).model_fields["game"].annotation) == (sheet,)
        assert bgstats.SHEET_GAMES[sheet][0] == game.id
    assert set(sheets.GAME_MODULES) == set(boxes.sheets())


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_rulebook_and_the_names_are_there_in_both_languages(game):
    assert (ROOT / "seeds" / game.rulebook).is_file()
    for language in ("en", "ja"):
        words = catalog(language)
        assert game.name in words, (language, game.name)
        for variant in game.variants:
            assert variant.label in words, (language, variant.label)


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_rulings_of_its_prefixes_read_its_rules(game):
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    for prefix, part in game.ruling_prefixes:
        assert SCORING[prefix] == game.id
        assert part in ("score", "campaign")
        ours = [e for e in entries() if e.id.split("-")[0] == prefix]
        assert ours and all(e.game == game.id and e.where == part for e in ours), prefix
    # its rules are quoted under the name the record gives ("(Altar, End of the game)")
    assert re.search(rf"\({re.escape(game.source_name)}[,)]", text), game.source_name


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_its_switchable_readings_are_the_ones_its_scorers_and_flow_apply(game):
    assert {r.ruling for r in game.readings} == {
        ruling for ruling, (sheet, _) in SWITCHABLE.items() if sheet in game.sheets}
    variants = {v.id for v in game.variants}
    for reading in game.readings:
        assert set(reading.variants or ()) | set(reading.not_variants) <= variants, reading
        assert set(reading.players or ()) <= set(game.player_counts), reading


class Table:
    def __init__(self, game: str, variant: str, players: int):
        self.game, self.variant, self.players = game, variant, [f"P{i}" for i in range(players)]


def test_a_reading_is_offered_at_the_tables_its_record_names():
    assert applies("LC-1", Table("latria", "campaign", 4))
    assert not applies("LC-1", Table("latria", "standard", 4))
    # Latria, Extension Rules 1: the Simple variant takes the two-red-symbols card out
    assert not applies("L-3", Table("latria", "simple", 4))
    assert applies("L-3", Table("latria", "star_eclipse", 4))
    assert applies("P-1", Table("latria", "simple", 3))
    assert applies("P-14", Table("altar", "standard", 2))
    assert not applies("P-14", Table("altar", "standard", 3))
    assert applies("P-11", Table("luna", "solo2", 1))
    assert applies("C-1", Table("carpe_astra", "advanced", 3))
    assert not applies("C-1", Table("carpe_astra", "standard", 4))
    assert not applies("C-1", Table("latria", "standard", 3))
    assert not applies("L-3", Table("nova", "standard", 3))


@pytest.mark.parametrize("game", RECORDS, ids=by_id)
def test_the_keys_that_hold_names_are_its_flows_and_sheets(game):
    flow = (ROOT / game.flow.replace(".", "/")).with_suffix(".py").read_text(encoding="utf-8")
    for key in (*game.names.values, *game.names.keyed, *game.names.lists):
        assert f'"{key}"' in flow, (game.id, key)
        assert key in renaming.NAME_VALUES | renaming.NAME_KEYED | renaming.NAME_LISTS
    form = (ROOT / game.score_form.replace(".", "/")).with_suffix(".py").read_text(
        encoding="utf-8")
    for key in (*game.names.sheet_values, *game.names.lists):
        assert f'"{key}"' in form, (game.id, key)


def test_the_games_not_scored_by_points_are_the_records():
    assert plays.NO_POINTS_GAMES == {g.id for g in RECORDS if not g.points} == {"altar"}
    assert bgstats.NO_POINTS == {s for g in RECORDS if not g.points for s in g.sheets}


# Where a dict keyed by game id may be written: the record and the box modules.
SOURCES = {"companion/catalog.py", *(f"scorers/boxes/{g}.py" for g in GAMES),
           "scorers/boxes/__init__.py"}


def dicts_keyed_by_game(path: Path) -> list[int]:
    """The lines of ``path`` where a dict literal has two or more game ids as keys, or a
    set literal holds game ids only (``{"altar"}``: a fact of one game kept outside its
    record)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if len(keys & set(GAMES)) >= 2:
                found.append(node.lineno)
        elif isinstance(node, ast.Set):
            items = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            if items and all(item in GAMES for item in items):
                found.append(node.lineno)
    return found


def test_no_other_module_keeps_a_dict_keyed_by_game():
    kept = {}
    for folder in ("companion", "scorers", "setup_guides"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name not in SOURCES and (lines := dicts_keyed_by_game(path)):
                kept[name] = lines
    assert kept == {}


def test_the_scan_sees_a_dict_keyed_by_game(tmp_path):
    path = tmp_path / "registry.py"
    path.write_text('FORMS = {"latria": "latria", "luna": "luna"}\n'
                    'ONE = {"latria": 1}\nOTHER = {"sun": 1, "moon": 2}\n'
                    'NOT_SCORES = frozenset({"altar"})\nSUITS = {"sun", "latria"}\n',
                    encoding="utf-8")
    assert dicts_keyed_by_game(path) == [1, 4]


def test_every_stats_category_a_scorer_names_is_worded_in_both_languages():
    """A breakdown line's category (scorers.base.Line.category) is a message key the Stats
    screen shows: each one written in a scorer is in the catalogs, English and Japanese."""
    named = set()
    for path in sorted((ROOT / "scorers").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "category" and isinstance(
                    node.value, ast.Constant):
                named.add(node.value.value)
    assert {"scorers.latria.category.eclipse", "scorers.luna.category.shrines",
            "scorers.latoro.category.resources"} <= named
    for language in ("en", "ja"):
        assert named <= set(catalog(language)), language


def test_the_rulings_that_quote_a_rulebook_not_in_english_are_its_games():
    from companion.rules.rulings_doc import entries, quotes_original

    originals = {e.id for e in entries() if quotes_original(e.id)}
    assert originals and all(e.startswith("LT-") for e in originals)
    assert {g.id for g in RECORDS if g.rulebook_language != "en"} == {"latoro"}
