"""The table's own readings: where the rulebook allows two readings
that change a score or a winner, the table may choose the other one (docs/RULINGS.md,
"The other reading"); the sheet carries ``"readings": {"LC-1": "alternative"}``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows import altar as altar_flow
from companion.flows import latria as latria_flow
from companion.flows.base import FlowError
from companion.screens import rulings_list
from companion.storage.store import Store
from companion.table.setup import flow_config, sheet_with_readings
from scorers.base import SheetProblems
from scorers.messages import render
from scorers.readings import SWITCHABLE
from scorers.sheets import score_sheet

ROOT = Path(__file__).resolve().parents[2]


def totals(sheet: dict) -> list[int]:
    return [p.total for p in score_sheet(sheet).players]


def campaign(readings: dict | None = None) -> dict:
    sheet = {"game": "latria_campaign", "players": ["Ann", "Ben", "Cat", "Dan", "Eve"],
             "games": [{"Ann": 30, "Ben": 20, "Cat": 20, "Dan": 10, "Eve": 5}]}
    if readings is not None:
        sheet["readings"] = readings
    return sheet


def test_lc1_scored_both_ways():
    """Extension Rules 3: "Each player below 1st records one point less than the player
    above them. However, the player in last place records −1. If players are tied on
    victory points, they record the same score." With 5 players and a tie for 2nd: places
    counted (documented) 5, 4, 4, 2, −1; one less than the score above (other) 5, 4, 4, 3, −1."""
    assert totals(campaign()) == [5, 4, 4, 2, -1]
    assert totals(campaign({"LC-1": "documented"})) == [5, 4, 4, 2, -1]
    other = score_sheet(campaign({"LC-1": "alternative"}))
    assert [p.total for p in other.players] == [5, 4, 4, 3, -1]
    applied = [n for n in other.note_details if n.text.startswith("The table's reading")]
    assert applied and applied[0].rulings == ["LC-1"]
    assert "このテーブルの読み方" in render(applied[0].text, "ja")
    assert not any(n.startswith("The table's reading") for n in score_sheet(campaign()).notes)


def test_lc1_the_rulebooks_example_is_the_same_both_ways():
    """Extension Rules 3's example (4 players, tie for 2nd): 4, 3, 3, −1 under both."""
    sheet = {"game": "latria_campaign", "players": ["A", "B", "C", "D"],
             "games": [{"A": 30, "B": 20, "C": 20, "D": 10}]}
    assert totals(sheet) == totals({**sheet, "readings": {"LC-1": "alternative"}}) == [
        4, 3, 3, -1]


def carpe(readings: dict | None = None, politicians: int = 4) -> dict:
    sheet = {"game": "carpe_astra", "players": [
        {"name": "Ann", "character": "chun", "credits": 3,
         "support": {"politicians": politicians}},
        {"name": "Ben", "character": "tyndar", "credits": 2, "support": {"traders": 2}},
        {"name": "Cat", "character": "ichthon", "credits": 1, "support": {"priests": 2}}]}
    if readings is not None:
        sheet["readings"] = readings
    return sheet


def test_c1_scored_both_ways():
    """Setup: "for a 3-player game use five support tokens for the guilds being played and
    four for the other guilds". Documented: the guilds of the three characters in play, so
    Politicians (Verron is not played) has 4 and Ann's 4 are all of them: 6 points. The
    other reading: every guild with a character has 5, so Ann's 4 are a single most: 4."""
    assert totals(carpe())[0] == 6
    other = score_sheet(carpe({"C-1": "alternative"}))
    assert other.players[0].total == 4
    assert any("every guild that has a character" in n for n in other.notes)
    # 5 Politicians tokens: impossible under the documented reading, all of them under the other
    with pytest.raises(SheetProblems):
        score_sheet(carpe(politicians=5))
    assert totals(carpe({"C-1": "alternative"}, politicians=5))[0] == 6


def test_a_scorer_takes_only_its_own_games_readings():
    with pytest.raises(SheetProblems):
        score_sheet(campaign({"C-1": "alternative"}))
    with pytest.raises(SheetProblems):
        score_sheet(campaign({"LC-1": "maybe"}))


def test_the_command_line_takes_the_readings(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(campaign({"LC-1": "alternative"})), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorers", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert [p["total"] for p in result["players"]] == [5, 4, 4, 3, -1]
    assert any(n.startswith("The table's reading") for n in result["notes"])


def latria_step4(readings: dict | None = None):
    config = {"players": ["Ann", "Ben", "Cat", "Dan"], "variant": "simple", "setup": None}
    if readings is not None:
        config["readings"] = readings
    flow = latria_flow.FLOW
    state = flow.apply(flow.initial(config), {"type": "start", "player": 1})
    for e in ({"type": "reveal", "sun_mutation": True, "moon_mutation": False},
              {"type": "next"}, {"type": "next"}):
        state = flow.apply(state, e)
    return flow.apply(state, {
        "type": "cards_played", "parent_suit": "moon", "parent_number": 7, "named": None,
        "suits": {"2": "moon", "3": "sun", "4": "sun"},
        "numbers": {"2": 2, "3": 9, "4": 6}})


def test_p1_the_proposal_both_ways():
    """Extension Rules 1: "playing an astrology card with a higher number than the parent's
    card allows you to acquire it." Documented: a child above the parent (Cat, 9) keeps;
    the other reading: a child below the parent (Dan, 6) keeps, as in the standard game.
    The lowest number takes the cards either way."""
    state = latria_step4()
    keeps = [state.players[k.player] for k in state.proposal.keeps]
    assert state.players[state.proposal.taker] == "Ben" and keeps == ["Cat"]
    other = latria_step4({"P-1": "alternative"})
    assert other.players[other.proposal.taker] == "Ben"
    assert [other.players[k.player] for k in other.proposal.keeps] == ["Dan"]
    assert any("The table's reading" in n for n in latria_flow.FLOW.view(other).notes)


def altar_second_action(readings: dict | None = None):
    config = {"players": ["Ann", "Ben"]}
    if readings is not None:
        config["readings"] = readings
    flow = altar_flow.FLOW
    state = flow.apply(flow.initial(config), {"type": "start", "player": 1,
                                                   "love": None})
    state = flow.apply(state, {"type": "next"})
    return flow.apply(state, {"type": "main", "action": "ability"})


def test_p14_a_repeated_action_both_ways():
    """Gameplay: "In a 2-player game, each player on their turn draws 2 cards and performs
    2 different actions." Documented: a repeated main action is refused; the other
    reading: two separate actions, the same one allowed."""
    state = altar_second_action()
    with pytest.raises(FlowError):
        altar_flow.FLOW.apply(state, {"type": "main", "action": "ability"})
    other = altar_second_action({"P-14": "alternative"})
    offered = [a.event.get("action") for a in altar_flow.FLOW.view(other).actions
               if a.event["type"] == "main"]
    assert "ability" in offered
    assert "same as the first" in altar_flow.FLOW.view(other).reminder
    done = altar_flow.FLOW.apply(other, {"type": "main", "action": "ability"})
    assert done.step == "end_turn"


def test_the_store_keeps_the_choice_and_the_sheet_follows(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "Cat"], seed=3)
    assert table.readings == {}
    store.set_score_sheet(table.id, {"game": "latria_campaign",
                                     "players": ["Ann", "Ben", "Cat"], "games": []})
    before = store.get_table(table.id).sheet_version
    assert store.set_reading(table.id, "LC-1", "alternative") == {"LC-1": "alternative"}
    again = Store(tmp_path).get_table(table.id)
    assert again.readings == {"LC-1": "alternative"}
    assert again.score_sheet["readings"] == {"LC-1": "alternative"}
    assert again.sheet_version == before + 1
    store.set_reading(table.id, "LC-1", "documented")
    back = store.get_table(table.id)
    assert back.readings == {"LC-1": "documented"} and "readings" not in back.score_sheet
    with pytest.raises(ValueError):
        store.set_reading(table.id, "L-99", "alternative")
    store.set_seed(table.id, 9)  # a new draw keeps the table's readings
    assert store.get_table(table.id).readings == {"LC-1": "documented"}


def test_the_flow_config_and_the_sheet_get_the_tables_readings(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("altar", "standard", ["Ann", "Ben"], seed=3)
    store.set_reading(table.id, "P-14", "alternative")
    session = store.get_table(table.id)
    assert flow_config(session)["readings"] == {"P-14": "alternative"}
    carpe_table = store.create_table("carpe_astra", "standard", ["Ann", "Ben", "Cat"], seed=3)
    store.set_reading(carpe_table.id, "C-1", "alternative")
    session = store.get_table(carpe_table.id)
    assert sheet_with_readings(session, carpe())["readings"] == {"C-1": "alternative"}
    assert rulings_list.applies("C-1", session)
    assert not rulings_list.applies("C-1", store.get_table(table.id))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(SWITCHABLE)),
                          st.sampled_from(["documented", "alternative"])), max_size=8))
def test_the_last_choice_of_each_reading_is_kept(tmp_path_factory, choices):
    store = Store(tmp_path_factory.mktemp("readings"))
    table = store.create_table("latria", "campaign", ["Ann", "Ben", "Cat"], seed=1)
    for ruling, choice in choices:
        store.set_reading(table.id, ruling, choice)
    assert store.get_table(table.id).readings == dict(choices)


def test_the_other_readings_are_written_in_rulings_md():
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    for ruling in SWITCHABLE:
        entry = text.split(f"#### {ruling} ", 1)[1].split("\n#### ", 1)[0]
        assert "**The other reading.**" in entry, ruling


def test_no_ruling_id_in_the_readings_texts():
    for lang in ("en", "ja"):
        messages = json.loads((ROOT / "companion" / "i18n" / lang / "readings.json")
                              .read_text(encoding="utf-8"))
        for text in messages.values():
            assert not re.search(r"\b[A-Z]{1,2}-\d+\b", text)


def test_a_reading_play_applies_is_fixed_once_play_has_begun(tmp_path):
    """The log was made under the reading and is replayed under it: P-14 chosen before
    the first tap; a change after it is refused (the same choice again is not a change)."""
    from companion.storage.store import Conflict

    store = Store(tmp_path)
    table = store.create_table("altar", "standard", ["Ann", "Ben"], seed=3)
    store.set_reading(table.id, "P-14", "alternative")
    store.append_event(table.id, {"type": "start", "player": 1}, expected_seq=0)
    store.set_reading(table.id, "P-14", "alternative")
    with pytest.raises(Conflict):
        store.set_reading(table.id, "P-14", "documented")
    assert store.get_table(table.id).readings == {"P-14": "alternative"}
