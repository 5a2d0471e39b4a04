"""Luna, ruling P-11, both readings the table can choose. Apostate: "Each player now loses
a number of influence points equal to his count plus one." The app's reading pays the
round in the rulebook's order in coins ("93 Influence point coins"), stopping at 0 at each
step; the other pays the round as a whole, only its end stopping at 0.

The rulebook's words made a round: 2 influence, −4 at the Apostate (3 Novices), +3 in the
Temple: 2 → 0 → 3 in the app's reading, 2 − 4 + 3 = 1 in the other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Engine
from companion.flows import build_event
from companion.flows.luna import FLOW
from companion.screens import rulings_list
from companion.storage.store import Store
from companion.table.setup import flow_config
from companion.ui.views.luna_round import SECOND_VALUE, open_calculator, round_event, state_sheet
from scorers.sheets import score_sheet
from tests.ui.test_luna_round_calculator import FakePage

ROOT = Path(__file__).resolve().parents[2]
OTHER = {"P-11": "alternative"}


def round_sheet(influence: int, apostate: int, temple: int, readings: dict | None = None,
                priestess: int = 0) -> dict:
    sheet = {"game": "luna_round", "priestess_values": [5, 2], "council_order": ["Ann", "Ben"],
             "players": [{"name": "Ann", "priestess_isle": priestess, "apostate_isle": apostate,
                          "temple_novices": temple, "temple_books": 0, "influence": influence},
                         {"name": "Ben", "priestess_isle": 0, "apostate_isle": 0,
                          "temple_novices": 0, "temple_books": 0, "influence": 5}]}
    if readings is not None:
        sheet["readings"] = readings
    return sheet


def test_the_rulebooks_round_both_ways():
    documented = score_sheet(round_sheet(2, 3, 3))
    assert documented.players[0].total == +1  # 2 → 0 → 3
    other = score_sheet(round_sheet(2, 3, 3, OTHER))
    assert other.players[0].total == -1  # 2 − 4 + 3 = 1
    assert [line.points for line in other.players[0].breakdown] == [0, -4, 3]
    assert other.notes[0].startswith("The table's reading: each player loses the Apostate's "
                                     "full count plus one")


def test_the_other_reading_still_ends_the_round_at_0_or_more():
    # 0 influence, −4 at the Apostate, nothing else: the coins cannot go below none.
    other = score_sheet(round_sheet(0, 3, 0, OTHER))
    assert other.players[0].total == 0
    assert ("Ann has 0 influence with this round's gains and loses only that, not 4: the "
            "round does not end below 0 (P-11)") in other.notes


def test_the_command_line_applies_the_other_reading(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(round_sheet(2, 3, 3, OTHER)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorers", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert [p["total"] for p in result["players"]] == [-1, 0]
    assert result["notes"][0].startswith("The table's reading")


def in_scoring(readings: dict | None = None, influence: int = 2):
    config = {"players": ["Ann", "Ben"], "variant": "standard", "setup": None}
    if readings:
        config["readings"] = readings
    state = FLOW.apply(FLOW.initial(config), {"type": "start", "player": 1})
    while state.step != "scoring":
        if state.step == "action":
            state = FLOW.apply(state, {"type": "meditate"})
            continue
        view = FLOW.view(state)
        state = FLOW.apply(state, build_event(next(a for a in view.actions if a.primary)))
    return state.model_copy(update={"influence": [influence, 5]})


def play_the_round(state, apostate: int, temple: int):
    """The round calculator's sheet for this table, counted, and recorded in Play."""
    sheet = state_sheet(state, {SECOND_VALUE: 2})
    sheet["players"][0].update(apostate_isle=apostate, temple_novices=temple)
    result = score_sheet(sheet)
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    return sheet, result, FLOW.apply(state, round_event(action, result, sheet["council_order"]))


def test_play_and_its_calculator_pay_the_round_the_tables_way():
    sheet, result, after = play_the_round(in_scoring(), 3, 3)
    assert "readings" not in sheet and after.influence[0] == 3
    sheet, result, after = play_the_round(in_scoring(OTHER), 3, 3)
    assert sheet["readings"] == OTHER
    assert result.players[0].total == -1 and after.influence[0] == 1
    assert after.round_parts[0]["Ann"] == {"priestess": 0, "apostate": -4, "temple": 3}
    # and when the round would take more than there is, Play records what the sheet says
    sheet, result, after = play_the_round(in_scoring(OTHER, influence=0), 3, 0)
    assert result.players[0].total == 0 and after.influence[0] == 0
    assert after.round_parts[0]["Ann"] == {"priestess": 0, "apostate": 0, "temple": 0}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 12), st.integers(0, 6), st.integers(0, 6), st.integers(0, 2))
def test_play_always_adds_what_the_calculator_shows(influence, apostate, temple, isle):
    for readings in (None, OTHER):
        state = in_scoring(readings, influence)
        sheet = state_sheet(state, {SECOND_VALUE: 2})
        sheet["players"][0].update(apostate_isle=apostate, temple_novices=temple,
                                   priestess_isle=isle)
        result = score_sheet(sheet)
        action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
        after = FLOW.apply(state, round_event(action, result, sheet["council_order"]))
        assert after.influence[0] == influence + result.players[0].total >= 0


def test_the_table_chooses_it_before_play_and_play_follows(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("luna", "standard", ["Ann", "Ben"], seed=1)
    assert "P-11" in [e.id for e in rulings_list.switchable(table)]
    store.set_reading(table.id, "P-11", "alternative")
    config = flow_config(store.get_table(table.id), store)
    assert config["readings"] == OTHER
    assert FLOW.initial(config).readings == OTHER


def test_the_calculator_says_the_tables_reading_above_the_totals(tmp_path):
    state = in_scoring(OTHER)
    action = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    store = Store(tmp_path)
    store.set_box_value("luna", SECOND_VALUE, 2)
    page = FakePage()
    ctx = SimpleNamespace(page=page, store=store, engine=Engine(store))
    open_calculator(ctx, "luna", state, action, lambda event: None)
    (dialog,) = page.dialogs
    outcome = dialog.content.controls[-1]
    assert outcome.controls[0].value.startswith("The table's reading: each player loses")
