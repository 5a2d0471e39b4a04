"""Altar play flow (companion/flows/altar.py) against the rulebook, seeds/003."""

from __future__ import annotations

import pytest

from companion.flows import FlowError, build_event
from companion.flows.altar import FLOW, AltarState, current, player_complete

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def new(n: int = 3, start: str = "Ann", love: str | None = None) -> AltarState:
    state = FLOW.initial({"players": NAMES[:n]})
    return FLOW.apply(state, {"type": "start", "player": NAMES.index(start) + 1, "love": love})


def run(state: AltarState, *events: dict) -> AltarState:
    for e in events:
        state = FLOW.apply(state, e)
    return state


def turn(state: AltarState, *actions: str, realm: str | None = None) -> AltarState:
    """A whole turn: draw, the main action(s), end."""
    state = FLOW.apply(state, {"type": "next"})
    for a in actions:
        state = FLOW.apply(state, {"type": "main", "action": a, "realm": realm})
    return FLOW.apply(state, {"type": "next"})


def complete_realm(state: AltarState, realm: str) -> AltarState:
    """2 Shrines (by cards) and 3 active Altars on ``realm``."""
    state = run(state, {"type": "shrine", "realm": realm}, {"type": "shrine", "realm": realm})
    state = FLOW.apply(state, {"type": "altar", "realm": realm, "change": "activate"})
    for _ in range(2):
        state = run(state, {"type": "altar", "realm": realm, "change": "discover"},
                    {"type": "altar", "realm": realm, "change": "activate"})
    return state


def test_turns_in_clockwise_order_from_first_player():
    """Gameplay: draw a card, one main action, free actions and discard to 6; then the
    next player's turn in clockwise order."""
    state = new(3, start="Ben")
    order = []
    for _ in range(4):
        order.append(state.players[current(state)])
        assert state.step == "draw"
        state = turn(state, "pass")
    assert order == ["Ben", "Cat", "Ann", "Ben"]
    assert state.turn == 5
    assert FLOW.view(state).round == 2


def test_one_main_action_with_three_or_more_players():
    """Main Actions: one main action a turn (then the end of the turn)."""
    state = run(new(3), {"type": "next"}, {"type": "main", "action": "worship"})
    assert state.step == "end_turn"
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "main", "action": "ability"})


def test_two_players_two_draws_and_two_different_actions():
    """Gameplay: "In a 2-player game, each player on their turn draws 2 cards and performs
    2 different actions." (ruling P-14)"""
    state = new(2)
    assert state.realms_each == 2 and state.shrine_tiles == 9
    assert "draw 2 cards" in FLOW.view(state).reminder
    state = run(state, {"type": "next"}, {"type": "main", "action": "ability"})
    assert state.step == "action2"
    offered = [a.event.get("action") for a in FLOW.view(state).actions
               if a.event["type"] == "main"]
    assert "ability" not in offered and "ritual" in offered
    with pytest.raises(FlowError, match="different"):
        FLOW.apply(state, {"type": "main", "action": "ability"})
    state = FLOW.apply(state, {"type": "main", "action": "ritual", "realm": "0-1"})
    assert state.step == "end_turn" and state.realms[0][1].shrines == 1
    with pytest.raises(FlowError, match="Realm"):  # a Ritual builds on your own Realm
        run(new(2), {"type": "next"}, {"type": "main", "action": "ritual", "realm": "1-0"})


@pytest.mark.parametrize("n, tiles", [(2, 9), (3, 6), (4, 9), (5, 12)])
def test_shrine_tiles_left(n, tiles):
    """Setup 6: 6 / 9 / 12 Shrine tiles for 3 / 4 / 5 players, 9 for 2; a Ritual takes one."""
    state = new(n)
    assert state.shrines_left == tiles
    state = run(state, {"type": "next"}, {"type": "main", "action": "ritual", "realm": "0-0"})
    assert state.shrines_left == tiles - 1
    assert any(m.label == "Shrine tiles left" and m.value == f"{tiles - 1} of {tiles}"
               for m in FLOW.view(state).markers)


def test_at_most_three_shrines_and_four_altars():
    """Ritual: "(Max. 3 Shrines)"; Winner of the Game: "(max 4 Altars)"."""
    state = run(new(4), *[{"type": "shrine", "realm": "1-0"}] * 3)
    with pytest.raises(FlowError, match="3 Shrines"):
        FLOW.apply(state, {"type": "shrine", "realm": "1-0"})
    state = run(state, *[{"type": "altar", "realm": "2-0", "change": "discover"}] * 3)
    with pytest.raises(FlowError, match="no empty Altar space"):
        FLOW.apply(state, {"type": "altar", "realm": "2-0", "change": "discover"})


def test_altars_active_and_inactive():
    """Altars and Shrines: Altars are discovered inactive and activated by Priestesses;
    Setup 2: each Realm starts with an inactive Altar, the Goddess of Love's active."""
    state = new(3, love="1-0")
    assert (state.realms[0][0].active, state.realms[0][0].inactive) == (0, 1)
    assert (state.realms[1][0].active, state.realms[1][0].inactive) == (1, 0)
    state = FLOW.apply(state, {"type": "altar", "realm": "0-0", "change": "activate"})
    assert (state.realms[0][0].active, state.realms[0][0].inactive) == (1, 0)
    with pytest.raises(FlowError, match="no inactive"):
        FLOW.apply(state, {"type": "altar", "realm": "0-0", "change": "activate"})
    state = FLOW.apply(state, {"type": "altar", "realm": "0-0", "change": "destroy_active"})
    assert state.realms[0][0].active == 0


def test_completed_realm_ends_after_the_round():
    """End of the Game 1: a completed Realm ends the game once the current round is
    complete, so all players have had the same number of turns (ruling P-13); the
    completed player's Altars cannot be destroyed."""
    state = new(3, start="Ann")
    state = turn(state, "pass")  # Ann
    state = FLOW.apply(state, {"type": "next"})  # Ben draws
    state = complete_realm(state, "1-0")
    assert state.end == "realm_completed" and state.end_turn_number == 2
    assert player_complete(state, 1)
    with pytest.raises(FlowError, match="cannot be destroyed"):
        FLOW.apply(state, {"type": "altar", "realm": "1-0", "change": "destroy_active"})
    state = run(state, {"type": "main", "action": "pass"}, {"type": "next"})
    assert not state.finished and state.players[current(state)] == "Cat"
    assert any("Cat plays the last turn" in n for n in FLOW.view(state).notes)
    state = turn(state, "pass")
    assert state.finished
    assert FLOW.score_prefill(state)["end"] == "realm_completed"


def test_two_players_need_both_realms():
    """End of the Game 1: "In a 2-player game, both Realms must be completed." """
    state = new(2)
    state = complete_realm(state, "0-0")
    assert state.end is None
    state = complete_realm(state, "0-1")
    assert state.end == "realm_completed"


def test_shrine_tiles_depleted_ends_after_the_round():
    """End of the Game 2: the Shrine stack depleted; the round is completed."""
    state = new(3, start="Ann")
    for i in range(3):
        state = run(state, {"type": "shrine", "realm": f"{i}-0"},
                    {"type": "shrine", "realm": f"{i}-0"})
    assert state.shrines_left == 0 and state.end == "shrines_depleted"
    offered = [a.event.get("action") for a in
               FLOW.view(FLOW.apply(state, {"type": "next"})).actions]
    assert "ritual" not in offered
    state = turn(turn(state, "pass"), "pass")
    assert not state.finished
    state = turn(state, "pass")
    assert state.finished and state.turn == 3


def test_deck_exhausted_ends_at_once():
    """End of the Game 3: deck and face-up cards gone and all passed: the game ends."""
    state = FLOW.apply(new(4), {"type": "deck_exhausted"})
    assert state.finished and state.end == "deck_exhausted"
    assert FLOW.view(state).finished


def test_prefill_realms_and_last_shrine_turn():
    """The score sheet gets each Realm's Shrines and active Altars, the turn of each
    player's last Shrine and how the game ended."""
    state = new(3)
    state = turn(state, "pass")
    state = run(state, {"type": "next"}, {"type": "main", "action": "ritual"})
    state = FLOW.apply(state, {"type": "altar", "realm": "1-0", "change": "activate"})
    assert FLOW.score_prefill(state) == {"game": "altar", "players": [
        {"name": "Ann", "realms": [{"shrines": 0, "active_altars": 0}]},
        {"name": "Ben", "last_shrine_turn": 2, "realms": [{"shrines": 1, "active_altars": 1}]},
        {"name": "Cat", "realms": [{"shrines": 0, "active_altars": 0}]},
    ]}


def test_start_form_and_refusals():
    """Setup 3: the first player (setup's draw by default); the Goddess of Love's Realm
    is asked, "none" an answer, not a default; out-of-step events refused."""
    state = FLOW.initial({"players": NAMES[:3], "setup": {"first_player": 2}})
    form = FLOW.view(state).actions[0]
    with pytest.raises(FlowError, match="Goddess of Love"):
        FLOW.apply(state, build_event(form))
    state = FLOW.apply(state, build_event(form, {"love": None}))
    assert state.players[current(state)] == "Ben"
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "main", "action": "pass"})  # draw first
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "altar", "realm": "7-0", "change": "discover"})


def test_one_realm_at_a_time_opens_on_the_current_players():
    """The board buttons are grouped by Realm, one section each, and
    the screen opens on the Realm of the player whose turn it is; buttons the rules
    refuse now are shown disabled, so the others keep their places."""
    state = new(4, start="Ben", love="2-0")
    view = FLOW.view(state)
    assert [s.label for s in view.sections] == NAMES[:4]
    assert view.section == "1-0"
    ben = [a for a in view.actions if a.section == "1-0"]
    assert [a.label for a in ben] == [
        "Ben: Altar discovered", "Ben: Altar activated", "Ben: Active Altar destroyed",
        "Ben: Inactive Altar destroyed", "Ben: Shrine placed by a card"]
    # Setup 2: an inactive Altar to start with, so it can be activated, not an active one
    assert [a.disabled for a in ben] == [False, False, True, False, False]
    assert not any(a.fields for a in ben)
    cat = next(s for s in view.sections if s.key == "2-0")
    assert cat.lines == ["Cat: 0 Shrines, 1 active, 0 inactive Altars — needs 1 Shrine and "
                         "3 active Altars"]
    # No Realm picker repeated under every board change.
    assert not any(f.key == "realm" for a in view.actions for f in a.fields)
    # A completed Realm's Altars cannot be destroyed (End of the Game 1).
    state = complete_realm(state, "3-0")
    view = FLOW.view(state)
    destroy = [a for a in view.actions if a.section == "3-0" and "destroyed" in a.label]
    assert destroy and all(a.disabled for a in destroy)


def test_two_players_have_a_section_per_realm():
    view = FLOW.view(new(2, start="Ben"))
    assert [s.label for s in view.sections] == ["Ann, Realm 1", "Ann, Realm 2",
                                                "Ben, Realm 1", "Ben, Realm 2"]
    assert view.section == "1-0"


def test_prefill_names_the_goddess_of_loves_realm():
    """Setup 2: the Realm chosen at the start as the Goddess of Love's goes to the score
    sheet under her name; no other god is known to play."""
    prefill = FLOW.score_prefill(new(3, love="2-0"))
    assert [p["realms"] for p in prefill["players"]] == [
        [{"shrines": 0, "active_altars": 0}], [{"shrines": 0, "active_altars": 0}],
        [{"shrines": 0, "active_altars": 1, "god": "Goddess of Love"}]]
