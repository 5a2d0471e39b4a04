"""Altar: two players' last Shrines placed in one turn.

Altar, Winner of the Game: "If there is still a tie then the player who placed the last
Shrine is the winner. And this breaks all ties!" A Shrine placed by a card's ability can
land on another player's Realm in the same turn as a Ritual, so two players can have
their last Shrine in one turn: Play knows which came later, passes it on as
``last_shrine_order`` (the Shrine's place among those of that turn), and the scorer
breaks the tie with it (ruling AL-2, AL-3)."""

from __future__ import annotations

import pytest

from companion.flows.altar import FLOW, AltarState
from scorers.base import SheetProblems
from scorers.sheets import score_sheet
from tests.screens.test_play_to_score import prefilled

NAMES = ["Ann", "Ben", "Cat"]


def run(state: AltarState, *events: dict) -> AltarState:
    for e in events:
        state = FLOW.apply(state, e)
    return state


def two_shrines_in_turn_one(first: str, second: str) -> AltarState:
    """Turn 1 (Ann's): a Shrine on ``first``'s Realm, then one on ``second``'s; then the
    deck runs out (Altar, End of the Game 3): nobody completed, two players tie on 1 Shrine."""
    state = FLOW.initial({"players": NAMES})
    state = run(state, {"type": "start", "player": 1, "love": None}, {"type": "next"})
    if first == "0-0":  # Ann's own Realm by a Ritual, the main action
        state = run(state, {"type": "main", "action": "ritual", "realm": "0-0"})
    else:
        state = run(state, {"type": "shrine", "realm": first},
                    {"type": "main", "action": "pass"})
    return run(state, {"type": "shrine", "realm": second}, {"type": "deck_exhausted"})


def test_a_shrine_placed_by_a_card_after_a_ritual_is_the_later_one():
    state = two_shrines_in_turn_one("0-0", "1-0")
    assert state.finished
    prefill = FLOW.score_prefill(state)
    ann, ben, cat = prefill["players"]
    assert (ann["last_shrine_turn"], ben["last_shrine_turn"]) == (1, 1)
    assert (ann["last_shrine_order"], ben["last_shrine_order"]) == (1, 2)
    assert "last_shrine_turn" not in cat
    sheet = prefilled("altar", NAMES, prefill)
    result = score_sheet(sheet)  # refused before: "the same turn as Ann's"
    assert result.winners == ["Ben"]
    assert [p.rank for p in result.players] == [2, 1, 3]


def test_the_order_follows_the_events_not_the_seats():
    state = two_shrines_in_turn_one("1-0", "0-0")
    prefill = FLOW.score_prefill(state)
    assert [p.get("last_shrine_order") for p in prefill["players"]] == [2, 1, None]
    assert score_sheet(prefilled("altar", NAMES, prefill)).winners == ["Ann"]


def test_the_order_is_left_out_where_no_other_last_shrine_shares_the_turn():
    """A sheet as Play made it before: only the turn, unless another player's last Shrine
    came in the same turn."""
    state = FLOW.initial({"players": NAMES})
    state = run(state, {"type": "start", "player": 1, "love": None}, {"type": "next"},
                {"type": "main", "action": "ritual", "realm": "0-0"}, {"type": "next"},
                {"type": "next"}, {"type": "shrine", "realm": "1-0"},
                {"type": "deck_exhausted"})
    prefill = FLOW.score_prefill(state)
    assert prefill["players"][0] == {"name": "Ann", "last_shrine_turn": 1,
                                     "realms": [{"shrines": 1, "active_altars": 0}]}
    assert prefill["players"][1]["last_shrine_turn"] == 2
    assert "last_shrine_order" not in prefill["players"][1]
    assert score_sheet(prefilled("altar", NAMES, prefill)).winners == ["Ben"]


def test_undoing_the_later_shrine_leaves_the_earlier_one_alone():
    """The order is Play's, so replaying the log without the last Shrine gives the sheet
    as it was: Ann's Shrine alone in turn 1."""
    state = FLOW.initial({"players": NAMES})
    state = run(state, {"type": "start", "player": 1, "love": None}, {"type": "next"},
                {"type": "main", "action": "ritual", "realm": "0-0"},
                {"type": "deck_exhausted"})
    assert "last_shrine_order" not in FLOW.score_prefill(state)["players"][0]


# ---------------------------------------------------------------- the scorer


def sheet(ann: dict, ben: dict, end: str = "deck_exhausted") -> dict:
    def player(name: str, fields: dict) -> dict:
        return {"name": name, **fields,
                "realms": [{"god": "", "shrines": 1, "active_altars": 0}]}

    return {"game": "altar", "end": end,
            "players": [player("Ann", ann), player("Ben", ben),
                        {"name": "Cat", "realms": [{"shrines": 0, "active_altars": 0}]}]}


def problems_of(data: dict) -> list[str]:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


def test_the_scorer_takes_the_later_shrine_of_one_turn():
    result = score_sheet(sheet({"last_shrine_turn": 4, "last_shrine_order": 2},
                               {"last_shrine_turn": 4, "last_shrine_order": 1}))
    assert result.winners == ["Ann"]
    assert [p.rank for p in result.players] == [1, 2, 3]
    assert ("Ann and Ben have 1 Shrine each; Ann placed the last Shrine (Ann turn 4, Shrine 2 "
            "of the turn; Ben turn 4, Shrine 1 of the turn) (Altar, Winner of the Game) "
            "(AL-3)") in result.notes


def test_the_same_turn_without_its_order_asks_for_it():
    data = sheet({"last_shrine_turn": 4}, {"last_shrine_turn": 4})
    needed = ("players[{i}].last_shrine_order: needed: {name}'s last Shrine came in turn 4, "
              "as {other}'s did: its place among the Shrines of that turn (1 = the first "
              "placed in it)")
    assert problems_of(data) == [needed.format(i=0, name="Ann", other="Ben"),
                                 needed.format(i=1, name="Ben", other="Ann")]
    data["players"][1]["last_shrine_order"] = 1
    assert problems_of(data) == [needed.format(i=0, name="Ann", other="Ben")]


def test_the_same_place_in_one_turn_is_a_problem():
    data = sheet({"last_shrine_turn": 4, "last_shrine_order": 2},
                 {"last_shrine_turn": 4, "last_shrine_order": 2})
    assert problems_of(data) == [
        "players[1].last_shrine_order: 2, the same as Ann's in turn 4: one of the two "
        "Shrines was placed after the other"]


def test_an_order_needs_a_turn_and_counts_from_one():
    assert problems_of(sheet({"last_shrine_turn": 4, "last_shrine_order": 0},
                             {"last_shrine_turn": 5})) == [
        "players[0].last_shrine_order: 0, but the Shrines of a turn are counted from 1"]
    assert problems_of(sheet({"last_shrine_order": 1}, {"last_shrine_turn": 5})) == [
        "players[0].last_shrine_order: 1, but Ann has no last Shrine turn; enter the turn "
        "first"]


def test_an_order_where_the_turns_differ_changes_nothing():
    """The turn decides first; the order only within one turn."""
    result = score_sheet(sheet({"last_shrine_turn": 3, "last_shrine_order": 5},
                               {"last_shrine_turn": 4, "last_shrine_order": 1}))
    assert result.winners == ["Ben"]


def test_a_sheet_saved_before_scores_as_before():
    old = sheet({"last_shrine_turn": 3}, {"last_shrine_turn": 4})
    result = score_sheet(old)
    assert result.winners == ["Ben"]
    assert any("Ben placed the last Shrine (Ben turn 4, Ann turn 3)" in n
               for n in result.notes)
