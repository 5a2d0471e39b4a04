"""Carpe Astra play flow (companion/flows/carpe_astra.py) against the rulebook, seeds/001."""

from __future__ import annotations

import pytest

from companion.flows import FlowError, build_event, replay
from companion.flows.carpe_astra import FLOW, CarpeAstraState, current
from companion.flows.i18n import Msg
from companion.rules.quotes import quoted

NAMES = ["Ann", "Ben", "Cat", "Dan"]
CHARS = ["chun", "tyndar", "ichthon", "verron"]


def new(n: int = 3, variant: str = "standard", start: str = "Ann",
        setup: dict | None = None) -> CarpeAstraState:
    state = FLOW.initial({"players": NAMES[:n], "variant": variant, "setup": setup})
    return FLOW.apply(state, {"type": "start", "player": NAMES.index(start) + 1,
                              "characters": {str(i + 1): c for i, c in enumerate(CHARS[:n])}})


def run(state: CarpeAstraState, *events: dict) -> CarpeAstraState:
    for e in events:
        state = FLOW.apply(state, e)
    return state


def nxt(state: CarpeAstraState, times: int = 1) -> CarpeAstraState:
    for _ in range(times):
        state = FLOW.apply(state, {"type": "next"})
    return state


def to_phase(state: CarpeAstraState, phase: str) -> CarpeAstraState:
    while state.phase != phase:
        state = nxt(state)
    return state


def play_round(state: CarpeAstraState, immediate: bool = False) -> CarpeAstraState:
    state = to_phase(state, "round_end")
    state = FLOW.apply(state, {"type": "end_round", "immediate": immediate})
    if state.phase == "immediate":
        state = nxt(state)
    return state


def test_ten_rounds_then_the_game_ends():
    """Play: "Once ten rounds have been played the game ends." End of the Game: when the
    final Event card is removed."""
    state = new()
    assert FLOW.view(state).rounds == 10
    for r in range(1, 10):
        assert state.round == r
        state = play_round(state)
    assert state.round == 10
    state = to_phase(state, "round_end")
    assert FLOW.view(state).actions[0].label.startswith("Finish")
    state = FLOW.apply(state, {"type": "end_round"})
    assert state.finished
    with pytest.raises(FlowError):
        nxt(state)


def test_five_phases_each_turn_and_control_passes_left():
    """Play: the start player performs all five phases, then passes control to the player
    to their left; after everyone, the round ends."""
    state = new(3, start="Ben")
    seen = []
    while state.phase != "round_end":
        seen.append((state.players[current(state)], state.phase))
        state = nxt(state)
    phases = ["change_tack", "contacts", "infiltrate", "support", "draw"]
    assert seen == [(p, ph) for p in ("Ben", "Cat", "Ann") for ph in phases]


def test_starting_credits_and_costs():
    """Setup: five credits each. Change Tack, new tiles, adding a tile, extra moves and
    rotations each cost one credit; the first two moves are free."""
    state = new()
    assert state.credits == [5, 5, 5]
    state = FLOW.apply(state, {"type": "draw_cards"})
    with pytest.raises(FlowError, match="once"):
        FLOW.apply(state, {"type": "draw_cards"})
    state = nxt(state)
    state = run(state, {"type": "refresh_tiles"}, {"type": "refresh_tiles"},
                {"type": "add_tile"})
    with pytest.raises(FlowError, match="Only one"):
        FLOW.apply(state, {"type": "add_tile"})
    assert state.credits[0] == 1
    state = nxt(state)
    state = run(state, {"type": "move_agent"}, {"type": "move_agent"})
    assert state.credits[0] == 1  # two free moves
    state = FLOW.apply(state, {"type": "move_agent"})
    assert state.credits[0] == 0
    with pytest.raises(FlowError, match="no credit"):
        FLOW.apply(state, {"type": "rotate_tile"})
    # The screen no longer offers paid actions.
    assert [a.event["type"] for a in FLOW.view(state).actions] == ["next"]


def test_two_credits_when_nothing_scored():
    """Gain Support: "If you do not score any cards during the turn, take two credits." """
    state = to_phase(new(), "support")
    assert "+2" in FLOW.view(state).actions[-1].label
    state = nxt(state)
    assert state.credits[0] == 7


def test_no_bonus_when_a_card_was_scored():
    """Gain Support: a scored card (even a Network card with no token left) gives no +2."""
    state = to_phase(new(), "support")
    state = FLOW.apply(state, {"type": "network", "guild": None})
    state = nxt(state)
    assert state.credits[0] == 5


def test_event_credits():
    """Event Cards: credits for scoring cards of the event's guilds; round 1 has no event."""
    state = to_phase(new(), "support")
    with pytest.raises(FlowError, match="Round 1"):
        FLOW.apply(state, {"type": "event_credits", "amount": 4})
    state = to_phase(play_round(state), "support")
    state = run(state, {"type": "network", "guild": "engineers"},
                {"type": "event_credits", "amount": 2})
    assert state.credits[0] == 5 + 2 + 2  # round 1: nothing scored (+2); round 2: event


@pytest.mark.parametrize("n, supply", [
    (2, {"military": 1, "traders": 1, "priests": 3, "engineers": 3, "settlers": 3,
         "politicians": 3}),
    (3, {"military": 3, "traders": 3, "priests": 3, "engineers": 4, "settlers": 4,
         "politicians": 4}),
    (4, {"military": 4, "traders": 4, "priests": 4, "engineers": 6, "settlers": 6,
         "politicians": 4}),
])
def test_support_supply_per_guild(n, supply):
    """Setup: 3 tokens a guild (2 players), 5 for played guilds / 4 others (3 players),
    6 (4 players); each player takes two of their own guild."""
    state = new(n)
    assert state.supply == supply
    assert state.support[0] == {"military": 2}


def test_network_takes_from_supply_until_empty():
    """Gain Support: take a support token from the supply; none left → no token."""
    state = to_phase(new(2), "support")
    state = FLOW.apply(state, {"type": "network", "guild": "military"})
    assert state.supply["military"] == 0 and state.support[0]["military"] == 3
    with pytest.raises(FlowError, match="No Military"):
        FLOW.apply(state, {"type": "network", "guild": "military"})
    form = next(a for a in FLOW.view(state).actions if a.event["type"] == "network")
    assert "military" not in form.fields[0].choices


def test_slander_returns_or_keeps_token():
    """Gain Support: a Slander card returns an opponent's token to the supply, or the
    player pays one credit to keep it."""
    state = to_phase(new(3), "support")
    state = FLOW.apply(state, {"type": "slander", "victim": 2, "guild": "traders"})
    assert state.support[1]["traders"] == 1 and state.supply["traders"] == 4
    state = FLOW.apply(state, {"type": "slander", "victim": 2, "guild": "traders",
                               "keep": True})
    assert state.support[1]["traders"] == 0 and state.support[0]["traders"] == 1
    assert state.credits[0] == 4
    with pytest.raises(FlowError, match="opponent"):
        FLOW.apply(state, {"type": "slander", "victim": 1, "guild": "military"})


def test_end_of_round_immediate_event():
    """End of a Round: remove the event, reveal the next; an Immediate Event symbol
    replaces the middle face-up card (one more step)."""
    state = to_phase(new(), "round_end")
    form = FLOW.view(state).actions[0]
    assert [f.key for f in form.fields] == ["immediate"]
    state = FLOW.apply(state, build_event(form, {"immediate": True}))
    assert state.phase == "immediate" and state.event_deck == 16
    assert "middle" in FLOW.view(state).reminder
    state = nxt(state)
    assert state.round == 2 and state.phase == "change_tack"


def test_no_reveal_after_round_seven():
    """End of a Round: the timeline has ten cards — after round 7 nothing is left to reveal,
    so the Immediate Event cannot happen (ruling P-8)."""
    state = new()
    for _ in range(7):
        state = play_round(state)
    state = to_phase(state, "round_end")
    assert state.round == 8
    form = FLOW.view(state).actions[0]
    assert form.fields == [] and "no face-down card" in FLOW.view(state).reminder
    state = FLOW.apply(state, {"type": "end_round", "immediate": True})
    assert state.phase == "change_tack" and state.round == 9


def test_characters_from_setup_and_refusals():
    """Setup: each character once; the setup's characters and start player are defaults."""
    state = FLOW.initial({"players": NAMES[:3], "setup": {
        "characters": ["verron", "chun", "tyndar"], "first_player": 2,
        "support_tokens": {"military": 5, "traders": 5, "priests": 4, "engineers": 4,
                           "settlers": 4, "politicians": 5}}})
    form = FLOW.view(state).actions[0]
    state2 = FLOW.apply(state, build_event(form))
    assert state2.characters == ["verron", "chun", "tyndar"]
    assert state2.players[state2.start] == "Ben"
    assert state2.supply["politicians"] == 3 and state2.supply["priests"] == 4
    with pytest.raises(FlowError, match="twice"):
        FLOW.apply(state, {"type": "start", "player": 1,
                           "characters": {"1": "chun", "2": "chun", "3": "tyndar"}})
    with pytest.raises(FlowError):
        FLOW.apply(state2, {"type": "add_tile"})  # not in Change Tack


def test_prefill_credits_and_support():
    """The end of play gives the score sheet each player's credits (and support)."""
    events = [{"type": "start", "player": 1,
               "characters": {"1": "chun", "2": "tyndar"}}]
    config = {"players": NAMES[:2]}
    state = replay("carpe_astra", config, events)
    state = to_phase(state, "support")
    state = FLOW.apply(state, {"type": "network", "guild": "priests"})
    prefill = FLOW.score_prefill(state)
    assert prefill == {"game": "carpe_astra", "players": [
        {"name": "Ann", "character": "chun", "credits": 5,
         "support": {"military": 2, "priests": 1}},
        {"name": "Ben", "character": "tyndar", "credits": 5, "support": {"traders": 2}},
    ]}


def test_characters_are_read_from_setup_not_asked_again():
    """"Determine which player is which character" is done once, on
    the Setup screen (drawn or chosen); Play's first tap records them without asking."""
    state = FLOW.initial({"players": NAMES[:3], "setup": {
        "characters": ["verron", "chun", "tyndar"], "first_player": 2}})
    view = FLOW.view(state)
    start = view.actions[0]
    assert [f.key for f in start.fields] == ["player"]
    assert start.event["characters"] == {"1": "verron", "2": "chun", "3": "tyndar"}
    assert view.notes == ["Characters: Ann Senator Verron, Ben Admiral Ch'un, Cat Trader "
                          "Tyndar."]
    assert FLOW.apply(state, build_event(start)).characters == ["verron", "chun", "tyndar"]
    # Without a setup (no seed) the characters are still asked for here.
    bare = FLOW.view(FLOW.initial({"players": NAMES[:2]})).actions[0]
    assert [f.id for f in bare.fields] == ["player", "characters.1", "characters.2"]
    assert [f.label for f in bare.fields[1:]] == [  # each asked by the player's name
        Msg("flow.carpe_astra.field.character", name=n) for n in NAMES[:2]]


def test_end_of_turn_reminds_to_remove_the_slandering_agent():
    """Gain Support: "If you slander an opponent during your turn, you must remove the
    agent from the opponent's character tile at the end of your turn, as the agent has
    been found out and assassinated." """
    state = to_phase(new(3), "support")  # Ann's turn
    state = FLOW.apply(state, {"type": "slander", "victim": 2, "guild": "traders"})
    state = FLOW.apply(state, {"type": "slander", "victim": 3, "guild": "priests"})
    view = FLOW.view(nxt(state))  # Draw: the end of Ann's turn
    assert ("Ann: remove your agent from Ben's and Cat's character tiles — found out after "
            "the slander. A new agent can be hired next turn.") in view.notes
    assert "found out and assassinated" in quoted(view.cites, "en").text
    # The next turn starts with no reminder.
    view = FLOW.view(nxt(state, 2))
    assert not any("remove your agent" in n for n in view.notes)
    # No slander, no reminder.
    assert not any("remove your agent" in n
                   for n in FLOW.view(nxt(to_phase(new(3), "support"))).notes)
