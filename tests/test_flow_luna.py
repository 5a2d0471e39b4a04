"""Luna play flow (companion/flows/luna.py) against the rulebook, seeds/002."""

from __future__ import annotations

import time

import pytest

from companion.flows import FlowError, build_event, replay
from companion.flows.luna import FLOW, OPPONENT, LunaState, guard_value

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def new(n: int = 3, variant: str = "standard", start: str = "Ann",
        setup: dict | None = None) -> LunaState:
    state = FLOW.initial({"players": NAMES[:n], "variant": variant, "setup": setup})
    state = FLOW.apply(state, {"type": "start", "player": start})
    while state.step in ("shrines", "novices", "favors"):
        state = FLOW.apply(state, {"type": "next"})
    return state


def solo(level: int = 1) -> LunaState:
    return FLOW.initial({"players": ["Ann"], "variant": f"solo{level}"})


def run(state: LunaState, *events: dict) -> LunaState:
    for e in events:
        state = FLOW.apply(state, e)
    return state


def end_actions(state: LunaState) -> LunaState:
    """Everyone meditates until the last Time token is turned."""
    while state.step == "action":
        state = FLOW.apply(state, {"type": "meditate"})
    return state


def score(state: LunaState, **changes: int) -> LunaState:
    return FLOW.apply(state, {"type": "round_scored", "changes": changes})


def prepare(state: LunaState, start: str | None = None) -> LunaState:
    state = run(state, {"type": "next"}, {"type": "next"})
    event: dict = {"type": "next"}
    if start:
        event["player"] = start
    else:
        event = build_event(FLOW.view(state).actions[0])
    return FLOW.apply(state, event)


def full_round(state: LunaState) -> LunaState:
    state = score(end_actions(state))
    return prepare(state) if not state.finished else state


# --- preliminary round --------------------------------------------------------------


def test_preliminary_round_in_the_standard_setup():
    """Overview 1 and Preliminary Round: Shrines, then 4 sets of 2 Novices, then 2 Favor
    tokens, before round 1."""
    state = FLOW.initial({"players": NAMES[:3]})
    state = FLOW.apply(state, {"type": "start", "player": "Ann"})
    steps = []
    while state.round == 0:
        steps.append(state.step)
        state = FLOW.apply(state, {"type": "next"})
    assert steps == ["shrines", "novices", "favors"]
    assert state.round == 1 and state.step == "action"


def test_no_preliminary_round_with_preselected_setup():
    """Preliminary Round: "There is no Preliminary Round if you use the preselected setup." """
    state = FLOW.initial({"players": NAMES[:3], "variant": "preselected"})
    assert "preselected" in FLOW.view(state).rule
    state = FLOW.apply(state, {"type": "start", "player": "Ann"})
    assert state.round == 1 and state.step == "action"
    # The setup's flag wins when given.
    state = FLOW.initial({"players": NAMES[:3], "setup": {"preliminary_round": False}})
    assert FLOW.apply(state, {"type": "start", "player": "Ann"}).round == 1


def test_two_players_shrine_not_on_herbal_isle():
    """Preliminary Round / 2-player rules: Shrines may not go on the Herbal Isle."""
    state = FLOW.apply(FLOW.initial({"players": NAMES[:2]}), {"type": "start", "player": "Ann"})
    assert "Herbal" in FLOW.view(state).reminder


# --- action phase -------------------------------------------------------------------


@pytest.mark.parametrize("n, tokens", [(2, 3), (3, 4), (4, 4)])
def test_time_tokens_per_player_count(n, tokens):
    """Setup 7: 4 Time tokens; with 2 players the top one is removed (3)."""
    state = new(n)
    assert state.time_left == tokens == state.time_tokens


def test_turns_pass_left_and_meditation_turns_a_token():
    """Action Phase: players take turns from the start player; Meditation turns a Time
    token and does not end the player's action phase."""
    state = new(3, start="Ben")
    assert FLOW.view(state).active_player == "Ben"
    state = FLOW.apply(state, {"type": "action"})
    assert FLOW.view(state).active_player == "Cat"
    state = FLOW.apply(state, {"type": "meditate"})
    assert state.time_left == 3 and FLOW.view(state).active_player == "Ann"


def test_last_time_token_gives_one_influence_and_ends_the_phase():
    """Meditation: once the last Time token is turned the Action Phase is over; its turner
    gains 1 influence; the player to the left starts next round."""
    state = new(4)
    state = run(state, *[{"type": "meditate"}] * 3, {"type": "action"})
    assert state.step == "action" and state.time_left == 1
    assert "last" in FLOW.view(state).actions[2].label
    assert FLOW.view(state).active_player == "Ann"
    state = FLOW.apply(state, {"type": "meditate"})
    assert state.step == "scoring"
    assert state.influence == [6, 5, 5, 5]
    assert state.next_start == 1  # Ben, left of Ann


def test_two_players_start_player_alternates():
    """2-player rules: the start player passes the figure to the opponent at the end of
    each round, whoever turned the last token (ruling P-9)."""
    state = new(2, start="Ann")
    state = run(state, {"type": "meditate"}, {"type": "meditate"}, {"type": "action"},
                {"type": "meditate"})  # Ben turns the last token
    assert state.influence == [5, 6]
    assert state.next_start == 1
    state = prepare(score(state))
    assert state.players[state.start] == "Ben" and state.round == 2


def test_table_can_choose_next_start_player():
    """Preparing the next round: the proposed start player can be overridden."""
    state = score(end_actions(new(3)))
    state = prepare(state, start="Cat")
    assert state.players[state.start] == "Cat" and state.turn == 2


def test_guard_values_and_sanctification_pay():
    """Setup 5–6 and Preparing the Next Round: the Guard stands on 6, 5, 4, 3, 2, 2 in
    rounds 1–6; Sanctification pays that value plus 1 per displaced Novice."""
    state = new(3)
    pays = []
    for r in range(1, 7):
        assert state.round == r
        pays.append(guard_value(state))
        before = state.influence[state.turn]
        who = state.turn
        state = FLOW.apply(state, {"type": "sanctify", "displaced": 1 if r == 1 else 0})
        assert state.influence[who] - before == guard_value(state) + (1 if r == 1 else 0)
        state = full_round(state)
    assert pays == [6, 5, 4, 3, 2, 2]
    assert state.finished


def test_guard_tiles_from_setup():
    """The setup's guard_tiles are listed from the Temple Gate; the Guard starts at the far
    end."""
    state = new(3, setup={"guard_tiles": [2, 2, 3, 4, 5, 6], "time_tokens": 4})
    assert state.guard_values == [6, 5, 4, 3, 2, 2]


# --- scoring and running influence ------------------------------------------------


def test_running_influence_adds_round_changes():
    """Setup 1: 5 influence each; Scoring Phase: each round's change (Moon Priestess,
    Apostate, Temple) is added to the running influence, which feeds the final sheet."""
    state = end_actions(new(3))
    form = FLOW.view(state).actions[0]
    assert form.helper == "luna_round"
    assert [f.id for f in form.fields] == ["changes.Ann", "changes.Ben", "changes.Cat"]
    state = FLOW.apply(state, build_event(form, {"changes.Ann": 6, "changes.Ben": -3,
                                                 "changes.Cat": 2}))
    last = 1 if state.last_token_by == 0 else 0
    assert state.influence[0] == 5 + 6 + last
    assert state.round_changes == [{"Ann": 6, "Ben": -3, "Cat": 2}]
    assert FLOW.score_prefill(state)["players"][1] == {"name": "Ben",
                                                        "influence": 2 + (state.last_token_by == 1)}


def test_influence_never_below_zero():
    """Influence is coins: a loss larger than a player's coins leaves 0 (ruling P-11)."""
    state = score(end_actions(new(3)), Ann=-20)
    assert state.influence[0] == 0


def test_preparing_skipped_after_round_six():
    """Preparing the Next Round: "Skipped at the end of the 6th round."; Game End after 6."""
    state = new(3)
    for _ in range(5):
        state = full_round(state)
    assert state.round == 6
    state = end_actions(state)
    assert "final" in FLOW.view(state).actions[0].label
    state = score(state)
    assert state.finished and state.step == "end"
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "next"})


def test_figures_move_by_the_priestess_number():
    """Preparing the Next Round: Moon Priestess and Master Builder move the large printed
    number (6 with 4 players, 5 otherwise; ruling P-10)."""
    for n, value in ((4, 6), (3, 5), (2, 5)):
        state = run(score(end_actions(new(n))), {"type": "next"})
        assert state.step == "prep_figures"
        assert f"{value} Isles clockwise" in FLOW.view(state).reminder


# --- solo -------------------------------------------------------------------------------


def test_solo_setup_and_preliminary_steps():
    """Solo Level 1: a virtual opponent, no Time tokens; the opponent starts; the
    Preliminary Round places his pieces and the Temple Novices before yours."""
    state = solo()
    assert state.players == ["Ann", OPPONENT] and state.time_tokens == 0
    assert state.influence == [5, 5]
    steps = []
    while state.round == 0:
        steps.append(state.step)
        state = FLOW.apply(state, {"type": "next"})
    assert steps == ["solo_opponent", "solo_temple", "shrines", "novices", "favors"]


def test_solo_round_steps():
    """Solo Level 1: at the start of each round deactivate an Isle and the opponent may
    claim a Temple tile (gaining the Guard's value); the action phase ends when you want;
    the opponent builds a Shrine; he loses nothing to the Apostate."""
    state = solo()
    while state.round == 0:
        state = FLOW.apply(state, {"type": "next"})
    assert state.step == "solo_deactivate"
    state = FLOW.apply(state, {"type": "next"})
    state = FLOW.apply(state, {"type": "opponent_temple", "placed": True})
    assert state.influence == [5, 11] and state.step == "action"
    with pytest.raises(FlowError, match="Time tokens"):
        FLOW.apply(state, {"type": "meditate"})
    state = FLOW.apply(state, {"type": "sanctify", "displaced": 2})
    assert state.influence == [13, 11]
    state = FLOW.apply(state, {"type": "end_actions"})
    assert state.step == "solo_shrine"
    state = FLOW.apply(state, {"type": "next"})
    with pytest.raises(FlowError, match="Apostate"):
        score(state, **{"Ann": 1, OPPONENT: -2})
    state = score(state, **{"Ann": -3, OPPONENT: 4})
    state = run(state, {"type": "next"})
    assert "one of your Novices" in FLOW.view(state).reminder
    state = run(state, {"type": "next"}, {"type": "next"})
    assert state.round == 2 and state.step == "solo_deactivate"
    state = run(state, {"type": "next"}, {"type": "opponent_temple", "placed": False})
    assert state.influence == [10, 15]


@pytest.mark.parametrize("level, words", [(2, "except Expulsion"), (3, "even Expulsion")])
def test_solo_levels_apostate_blocks(level, words):
    """Solo Levels 2 and 3: the Apostate blocks actions on his Isle (Level 2 except
    Expulsion; Level 3 even Expulsion)."""
    state = solo(level)
    while state.step != "action":
        state = FLOW.apply(state, {"type": "next"}) if state.step != "solo_opponent_tile" \
            else FLOW.apply(state, {"type": "opponent_temple"})
    view = FLOW.view(state)
    assert any(words in note for note in view.notes)
    assert f"Level {level}" in view.rule_source


def test_solo_needs_one_player():
    """Solo Game Rules: one player against the virtual opponent."""
    with pytest.raises(FlowError, match="one player"):
        FLOW.initial({"players": ["Ann", "Ben"], "variant": "solo1"})
    with pytest.raises(FlowError, match="solo"):
        FLOW.initial({"players": ["Ann"]})


# --- log ------------------------------------------------------------------------------


def test_refused_events():
    """Events that do not belong to the current step are refused."""
    state = new(3)
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "round_scored", "changes": {}})
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "end_actions"})
    with pytest.raises(FlowError, match="not playing"):
        score(end_actions(state), Zed=3)


def test_whole_game_replays_in_milliseconds():
    """A whole Luna game's log replays fast (resume after a restart)."""
    config = {"players": NAMES}
    state = FLOW.initial(config)
    events: list[dict] = []

    def do(event: dict) -> None:
        nonlocal state
        state = FLOW.apply(state, event)
        events.append(event)

    do({"type": "start", "player": "Ann"})
    while not state.finished:
        view = FLOW.view(state)
        if state.step == "action":
            for _ in range(6):
                do({"type": "action"})
                do({"type": "sanctify", "displaced": 1})
            do({"type": "meditate"})
        elif state.step == "scoring":
            do({"type": "round_scored", "changes": {"Ann": 3, "Ben": -2, "Cat": 1, "Dan": 0}})
        else:
            do(build_event(view.actions[0]))
    assert len(events) > 100
    t0 = time.perf_counter()
    again = replay("luna", config, events)
    elapsed = time.perf_counter() - t0
    assert again == state
    assert elapsed < 0.5, elapsed
