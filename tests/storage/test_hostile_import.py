"""The same checks guard everything that is saved.

- The Score screen's import (``import_problem``) answers any pasted text with a message,
  never an exception; what it accepts the store saves, and scores as before.
- The store checks what it writes: a sheet's field changes (types and bounds), a whole
  sheet, a box value, an event. Out of range → SheetProblems, nothing saved (on both
  databases: ``database``, tests/postgres.py).
- A sheet already saved out of range (an older version, written here past the store's
  checks) opens on Score with its problems at the fields, and Results lists them: no
  crash.
"""

from __future__ import annotations

import copy
import json
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.screens.score import import_problem, try_score
from companion.storage.store import Store
from companion.ui.views import results, score, score_damaged
from scorers.base import SheetProblems
from scorers.sheet_models import sheet_model
from scorers.sheets import written_problems
from tests.hostile import EXAMPLES, Splice, any_sheet, big_number, nested, paths, to_text

# The games a table has (the campaign and round sheets are not imported on Score).
TABLE_GAMES = ["latria", "carpe_astra", "luna", "altar", "latoro"]


def names_of(sheet: dict) -> list[str]:
    return [p["name"] for p in sheet["players"]]


def session_for(game: str) -> SimpleNamespace:
    return SimpleNamespace(game=game, players=names_of(EXAMPLES[game]), variant="standard",
                           seed=None)


# ---------------------------------------------------------------- the import path


@pytest.mark.parametrize("game", TABLE_GAMES)
@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow,
                                                   HealthCheck.data_too_large])
@given(data=st.data())
def test_any_pasted_sheet_gets_an_answer(game, data):
    text = data.draw(any_sheet(game))
    session = session_for(game)
    problem = import_problem(text, session, session.players)
    assert problem is None or (isinstance(problem, str) and problem.strip())
    if problem is None:
        # Accepted: a sheet of this game's shape (what breaks a rule, Score shows), which
        # the store then saves.
        sheet = json.loads(text)
        sheet_model(game).model_validate(sheet)
        assert written_problems(sheet, [()]) == []
    else:
        assert max(len(line) for line in problem.splitlines()) <= 600
        assert "9" * 41 not in problem  # a long number is quoted at most 40 characters


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_example_sheets_import(game):
    session = session_for(game)
    assert import_problem(to_text(EXAMPLES[game]), session, session.players) is None


def number_places(sheet: dict, under: tuple = ()) -> list[tuple]:
    """Where the sheet (below ``under``) has a whole number."""
    return [p for p in paths(sheet) if p[:len(under)] == under
            and isinstance(at(sheet, p), int) and not isinstance(at(sheet, p), bool)]


def at(sheet, path):
    for key in path:
        sheet = sheet[key]
    return sheet


def put(sheet, path, value):
    at(sheet, path[:-1])[path[-1]] = value


def hostile_payloads(game: str) -> dict[str, str]:
    sheet = EXAMPLES[game]
    first_number = number_places(sheet, ("players", 0))[0]

    def with_player0(value) -> str:
        changed = copy.deepcopy(sheet)
        put(changed, first_number, value)
        return to_text(changed)

    return {
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
        "nested 100,000 deep objects": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "nested in a field": with_player0(nested(50)),
        "a 4,300-digit number": with_player0(big_number(4300)),
        "a 4,301-digit number": with_player0(big_number(4301)),
        "a 100,000-digit number": with_player0(big_number(100_000)),
        "a number past 10^6": with_player0(10**6 + 1),
        "a negative number past 10^6": with_player0(-(10**9)),
        "game is a list": to_text({**sheet, "game": [game]}),
        "game is an object": to_text({**sheet, "game": {"name": game}}),
        "players is an object": to_text({**sheet, "players": {"name": "Ann"}}),
        "players is a text": to_text({**sheet, "players": "Ann"}),
        "a list, not a sheet": "[1, 2, 3]",
        "NaN": with_player0(Splice("NaN")),
        "more than 5 MB": " " * (5 * 1024 * 1024 + 1),
        "10,000 players": to_text({**sheet, "players": [sheet["players"][0]] * 10_000}),
    }


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_hostile_payloads_get_a_message_and_nothing_is_saved(tmp_path, game):
    store = Store(tmp_path)
    table = store.create_table(game, "standard", names_of(EXAMPLES[game]))
    session = store.get_table(table.id)
    for name, text in hostile_payloads(game).items():
        problem = import_problem(text, session, names_of(EXAMPLES[game]))
        assert isinstance(problem, str) and problem.strip(), name
        assert "9" * 41 not in problem, name
    assert store.get_table(table.id).score_sheet is None
    assert store.get_table(table.id).sheet_version == 0


def test_messages_of_an_import_say_where():
    session = session_for("luna")
    deep = import_problem("[" * 100_000, session, session.players)
    assert deep == ("This nests lists and objects deeper than a score sheet does (line 1, "
                    "column 6).")
    sheet = copy.deepcopy(EXAMPLES["luna"])
    sheet["players"][0]["influence"] = big_number(4301)
    long = import_problem(to_text(sheet), session, session.players)
    assert long == ("Yellow · influence: a number of 4,301 digits, but numbers here are at "
                    "most 1,000,000")


# ---------------------------------------------------------------- what the store writes


@pytest.fixture
def luna_table(database):
    store = Store(database)  # on each database (tests/postgres.py)
    table = store.create_table("luna", "standard", names_of(EXAMPLES["luna"]))
    store.set_score_sheet(table.id, copy.deepcopy(EXAMPLES["luna"]))
    return store, table.id


@pytest.mark.parametrize(("path", "value"), [
    (("players", 0, "influence"), 10**6 + 1),
    (("players", 0, "influence"), -(10**7)),
    (("players", 0, "influence"), 10**4000),
    (("players", 0, "influence"), "40"),
    (("players", 0, "influence"), [40]),
    (("players", 0, "shrines"), True),
    (("players", 0, "name"), "x" * 5000),
    (("players", 0, "name"), 7),
    (("players", 0, "colour"), "red"),  # a key the sheet does not have
    (("council_order",), "Red"),
    (("council_order",), [[[[["deep"]]]]]),
    (("players", 0, "a", "b", "c", "d", "e"), 1),
    (("game",), "chess"),
    (("game",), ["luna"]),
])
def test_a_change_out_of_range_is_refused_and_nothing_saved(luna_table, path, value):
    store, table_id = luna_table
    before = store.get_table(table_id)
    with pytest.raises(SheetProblems):
        store.change_score_sheet(table_id, [(path, value)])
    after = store.get_table(table_id)
    assert (after.score_sheet, after.sheet_version) == (before.score_sheet,
                                                         before.sheet_version)


def test_a_change_in_range_lands(luna_table):
    store, table_id = luna_table
    sheet, _ = store.change_score_sheet(table_id, [(("players", 0, "influence"), 10**6)])
    assert sheet["players"][0]["influence"] == 10**6


def test_a_sheet_being_entered_may_still_have_problems(luna_table):
    """Only what is written is judged: a duplicate name (a rule, the score screen's to
    show) is saved; so is a change on a sheet that is out of range elsewhere."""
    store, table_id = luna_table
    store.change_score_sheet(table_id, [(("players", 1, "name"), "Yellow")])
    bad = copy.deepcopy(EXAMPLES["luna"])
    bad["players"][2]["influence"] = 10**30
    write_directly(store, table_id, json.dumps(bad))
    sheet, _ = store.change_score_sheet(table_id, [(("players", 0, "shrines"), 3)])
    assert sheet["players"][0]["shrines"] == 3


def test_a_whole_sheet_out_of_range_is_refused(luna_table):
    store, table_id = luna_table
    for bad in ({"game": "luna", "players": [{"influence": 10**7}]},
                {"game": ["luna"]}, {"game": "luna", "players": {"Ann": 1}}):
        with pytest.raises(SheetProblems):
            store.set_score_sheet(table_id, bad)
    assert store.get_table(table_id).score_sheet == EXAMPLES["luna"]


@pytest.mark.parametrize("value", [10**7, [[1]], {"a": {"b": 1}}, "x" * 500, float("nan")])
def test_a_box_value_out_of_range_is_refused(database, value):
    store = Store(database)
    with pytest.raises(SheetProblems):
        store.set_box_value("luna", "second", value)
    with pytest.raises(SheetProblems):
        store.set_box_value("chess", "second", 2)
    with pytest.raises(SheetProblems):
        store.set_box_value("luna", "k" * 81, 2)
    with pytest.raises(SheetProblems):  # a text PostgreSQL cannot hold
        store.set_box_value("luna", "second\x00", 2)
    assert store.box_values("luna") == {}
    store.set_box_value("latria", "polaris_3", {"multiplier": 2})
    assert store.box_values("latria") == {"polaris_3": {"multiplier": 2}}


@pytest.mark.parametrize("event", [
    {"type": "x", "n": 10**7},
    {"type": "x", "deep": [[[[1]]]]},
    {"type": "x", "text": "y" * 1000},
    {"type": "x", "many": list(range(500))},
    {"type": "x", **{f"k{i}": ["v" * 199] * 99 for i in range(19)}},  # over 16 kB
    {"n": 1},
    {"type": 3},
    ["type", "x"],
])
def test_an_event_out_of_range_is_refused(database, event):
    store = Store(database)
    table = store.create_table("altar", "standard", ["A", "B"])
    with pytest.raises(SheetProblems):
        store.append_event(table.id, event, 0)
    assert store.events(table.id) == []
    tap = {"type": "round_scored", "priestess": {"A": 6, "B": 3}, "note": "あ" * 200}
    assert store.append_event(table.id, tap, 0) == 1


# ---------------------------------------------------------------- a sheet saved before


class Ctx(SimpleNamespace):
    """What the Score and Results screens use of the app's Context, without a browser."""

    def __init__(self, store):
        super().__init__(page=None, store=store, live={}, where_now={}, drafts={},
                         notices=[], engine=Engine(store))

    def go(self, route):
        pass

    def redraw(self, view, notice=None):
        pass

    def show_notice(self, text, kind="changed"):
        self.notices.append(text)

    def toast(self, text):
        pass

    def announce(self, *args, **kwargs):
        pass


def write_directly(store: Store, table_id: str, text: str) -> None:
    """As an older version (or a hand) wrote it: past the store's checks."""
    with store._transaction() as conn:
        conn.execute("UPDATE tables SET score_sheet = ? WHERE id = ?", (text, table_id))


def texts_of(control) -> list[str]:
    """Every text of a control tree."""
    out, stack = [], [control]
    while stack:
        node = stack.pop()
        for attr in ("value", "label", "error", "text"):
            value = getattr(node, attr, None)
            if isinstance(value, str):
                out.append(value)
        for attr in ("controls", "content", "appbar", "title", "leading"):
            child = getattr(node, attr, None)
            if isinstance(child, list):
                stack += child
            elif child is not None and not isinstance(child, str):
                stack.append(child)
    return out


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_sheet_saved_out_of_range_opens_with_its_problems(tmp_path, game):
    store = Store(tmp_path)
    table = store.create_table(game, "standard", names_of(EXAMPLES[game]))
    sheet = copy.deepcopy(EXAMPLES[game])
    for place in number_places(sheet, ("players", 0)):
        put(sheet, place, 10**4299)  # what an older version let through
    write_directly(store, table.id, json.dumps(sheet))
    ctx = Ctx(store)
    view = score.build(ctx, table.id)  # no crash
    _, problems = try_score(store.get_table(table.id).score_sheet)
    assert problems and all("at most 1,000,000" in p.message or "but" in p.message
                            for p in problems)
    page = results.build(ctx, table.id)
    shown = " ".join(texts_of(page))
    assert "at most 1,000,000" in shown, shown[:500]
    assert view is not None


@pytest.mark.parametrize("game", TABLE_GAMES)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.data_too_large,
                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_saved_sheet_opens_on_score_and_results(tmp_path, game, data):
    store = Store(tmp_path)
    table = store.create_table(game, "standard", names_of(EXAMPLES[game]))
    text = data.draw(any_sheet(game)).encode("utf-8", "surrogatepass").decode("utf-8",
                                                                                "replace")
    write_directly(store, table.id, text)
    ctx = Ctx(store)
    assert score.build(ctx, table.id) is not None
    assert results.build(ctx, table.id) is not None


def test_a_saved_sheet_of_the_wrong_kind_gets_its_own_screen(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("altar", "standard", names_of(EXAMPLES["altar"]))
    sheet = copy.deepcopy(EXAMPLES["altar"])
    sheet["players"][0]["realms"] = 5
    write_directly(store, table.id, json.dumps(sheet))
    ctx = Ctx(store)
    shown = " ".join(texts_of(score.build(ctx, table.id)))
    assert "This score sheet cannot be shown" in shown
    assert "Ann · realms: should be a list of entries" in shown
    assert score_damaged.undrawable_problems(EXAMPLES["altar"], 3) == []


@pytest.mark.parametrize("text", ["9" * 5000, "1" * 4301, "0" * 5000 + "7" * 30])
def test_a_typed_seed_of_thousands_of_digits_is_too_big_not_a_crash(text):
    from companion.screens.seed_entry import parse_seed

    with pytest.raises(ValueError) as err:
        parse_seed(text)
    assert str(err.value) == "setup.seed_error.too_big"
