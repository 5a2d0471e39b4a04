"""Luna play flow (companion/flows/luna.py) against the rulebook, seeds/002."""

from __future__ import annotations

import pytest

from companion.flows import FlowError, build_event, replay
from companion.flows.luna import FLOW, OPPONENT, LunaState, guard_value
from companion.rules.quotes import quoted

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def seat(name: str) -> str:
    """A player's key in an event's group: the seat (companion/flows/base.py); the solo
    opponent sits second; a name not at the table stays, for the flow to refuse."""
    if name == OPPONENT:
        return "2"
    return str(NAMES.index(name) + 1) if name in NAMES else name


def new(n: int = 3, variant: str = "standard", start: str = "Ann",
        setup: dict | None = None) -> LunaState:
    state = FLOW.initial({"players": NAMES[:n], "variant": variant, "setup": setup})
    state = FLOW.apply(state, {"type": "start", "player": NAMES.index(start) + 1})
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
    return FLOW.apply(state, {"type": "round_scored",
                              "changes": {seat(k): v for k, v in changes.items()}})


def prepare(state: LunaState, start: str | None = None) -> LunaState:
    state = run(state, {"type": "next"}, {"type": "next"})
    event: dict = {"type": "next"}
    if start:
        event["player"] = NAMES.index(start) + 1
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
    state = FLOW.apply(state, {"type": "start", "player": 1})
    steps = []
    while state.round == 0:
        steps.append(state.step)
        state = FLOW.apply(state, {"type": "next"})
    assert steps == ["shrines", "novices", "favors"]
    assert state.round == 1 and state.step == "action"


def test_no_preliminary_round_with_preselected_setup():
    """Preliminary Round: "There is no Preliminary Round if you use the preselected setup." """
    state = FLOW.initial({"players": NAMES[:3], "variant": "preselected"})
    assert "preselected" in quoted(FLOW.view(state).cites, "en").text
    state = FLOW.apply(state, {"type": "start", "player": 1})
    assert state.round == 1 and state.step == "action"
    # The setup's flag wins when given.
    state = FLOW.initial({"players": NAMES[:3], "setup": {"preliminary_round": False}})
    assert FLOW.apply(state, {"type": "start", "player": 1}).round == 1


def test_two_players_shrine_not_on_herbal_isle():
    """Preliminary Round / 2-player rules: Shrines may not go on the Herbal Isle."""
    state = FLOW.apply(FLOW.initial({"players": NAMES[:2]}), {"type": "start", "player": 1})
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
    assert state.players[state.turn] == "Ben"
    state = FLOW.apply(state, {"type": "action"})
    assert state.players[state.turn] == "Cat"
    state = FLOW.apply(state, {"type": "meditate"})
    assert state.time_left == 3 and state.players[state.turn] == "Ann"


def test_last_time_token_gives_one_influence_and_ends_the_phase():
    """Meditation: once the last Time token is turned the Action Phase is over; its turner
    gains 1 influence; the player to the left starts next round."""
    state = new(4)
    state = run(state, *[{"type": "meditate"}] * 3, {"type": "action"})
    assert state.step == "action" and state.time_left == 1
    assert "last" in FLOW.view(state).actions[0].label
    assert state.players[state.turn] == "Ann"
    state = FLOW.apply(state, {"type": "meditate"})
    assert state.step == "scoring"
    assert state.influence == [6, 5, 5, 5]
    assert state.next_start == 1  # Ben, left of Ann


def test_the_action_phase_asks_only_what_the_round_needs():
    """A 4-player round has 30+ actions; the table records the Time tokens
    turned (one tap each, no player asked) and the Sanctifications (who, and the
    Novices displaced); following the turns is there but never the first thing."""
    state = new(4, start="Ann")
    view = FLOW.view(state)
    first = view.actions[0]
    assert first.primary and first.event == {"type": "meditate"} and not first.fields
    assert "Time token" in first.label and "4 left" in first.label
    assert view.active_player is None
    labels = [a.label for a in view.actions]
    assert labels[-2].startswith("Follow the turns") or labels[-1].startswith("Follow the")
    state = run(state, *[{"type": "meditate"}] * 3)
    # Luna, Meditation: "The player who turned this last token, gains 1 influence point.
    # The player to his left receives the start player figure."
    last = FLOW.view(state).actions[0]
    assert [f.key for f in last.fields] == ["player"] and last.fields[0].default is None
    guard = guard_value(state)
    with pytest.raises(FlowError, match="Choose who turned it"):
        FLOW.apply(state, {"type": "meditate", "player": None})  # the form left unpicked
    state = FLOW.apply(state, {"type": "sanctify", "player": 3, "displaced": 2})
    state = FLOW.apply(state, {"type": "meditate", "player": 4})
    assert state.step == "scoring"
    # Luna, Sanctification: the Guard tile's number, +1 per displaced Novice.
    assert state.influence == [5, 5, 5 + guard + 2, 5 + 1]
    assert state.next_start == 0  # Ann, left of Dan


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
    assert [f.id for f in form.fields] == [
        "priestess.1", "apostate.1", "temple.1", "priestess.2", "apostate.2",
        "temple.2", "priestess.3", "apostate.3", "temple.3"]
    state = FLOW.apply(state, build_event(form, {"priestess.1": 5, "temple.1": 1,
                                                 "apostate.2": -3, "priestess.3": 2}))
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


def test_a_refusal_names_the_step_as_play_shows_it():
    """The solo game's last preparation step moves the Guard only (no Time tokens in
    solo): a tap refused there names that step, not the game's with its Time tokens."""
    state = solo()
    for _ in range(40):
        if state.step == "prep_guard":
            break
        view = FLOW.view(state)
        state = FLOW.apply(state, build_event(next(a for a in view.actions if a.primary)))
    assert state.step == "prep_guard"
    shown = FLOW.view(state).step
    with pytest.raises(FlowError) as refused:
        FLOW.apply(state, {"type": "meditate"})
    assert str(shown) in str(refused.value) and "Time tokens" not in str(refused.value)
    # and in the game with Time tokens, the step says so
    state = new(3)
    state = run(score(end_actions(state)), {"type": "next"}, {"type": "next"})
    assert state.step == "prep_guard"
    with pytest.raises(FlowError, match="Time tokens"):
        FLOW.apply(state, {"type": "meditate"})


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
    assert f"Level {level}" in quoted(view.cites, "en").source


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


def test_a_whole_games_log_replays_to_the_same_state():
    """A whole Luna game's log replays to the state the taps made (resume after a
    restart). How fast it replays is bench/play_tap_bench.py's figure, not a test's."""
    config = {"players": NAMES}
    state = FLOW.initial(config)
    events: list[dict] = []

    def do(event: dict) -> None:
        nonlocal state
        state = FLOW.apply(state, event)
        events.append(event)

    do({"type": "start", "player": 1})
    while not state.finished:
        view = FLOW.view(state)
        if state.step == "action":
            for _ in range(6):
                do({"type": "action"})
                do({"type": "sanctify", "displaced": 1})
            do({"type": "meditate"})
        elif state.step == "scoring":
            do({"type": "round_scored", "changes": {"1": 3, "2": -2, "3": 1, "4": 0}})
        else:
            do(build_event(view.actions[0]))
    assert len(events) > 100
    assert replay("luna", config, events) == state


# --- the round's three parts, the Council, the solo game ----------------------------


def scored(state: LunaState, **parts: tuple[int, int, int]) -> LunaState:
    """A round_scored event from (Moon Priestess, Apostate, Temple) per player."""
    event: dict = {"type": "round_scored", "priestess": {}, "apostate": {}, "temple": {}}
    for name, (mp, ap, tp) in parts.items():
        key = seat(name)
        event["priestess"][key], event["apostate"][key], event["temple"][key] = mp, ap, tp
    return FLOW.apply(state, event)


def test_coins_are_paid_in_the_rulebook_order():
    """Luna, Scoring Phase: "Each player receives/loses influence points in 3 different
    ways" — Moon Priestess, Apostate ("Each player now loses a number of influence points
    equal to his count plus one."), Temple. Ruling P-11: influence is coins
    ("93 Influence point coins"), so it stops at 0 at each step, not only at the end.

    2 influence, −4 at the Apostate, +3 in the Temple: 2 → 0 → 3, not 2 − 1 = 1.
    """
    state = end_actions(new(3))
    state = state.model_copy(update={"influence": [2, 5, 5]})
    state = scored(state, Ann=(0, -4, 3), Ben=(2, -3, 0))
    assert state.influence[0] == 3  # (the last Time token's +1 came before the 2 were set)
    assert state.round_parts == [{
        "Ann": {"priestess": 0, "apostate": -2, "temple": 3},
        "Ben": {"priestess": 2, "apostate": -3, "temple": 0},
        "Cat": {"priestess": 0, "apostate": 0, "temple": 0}}]
    assert state.round_changes[0]["Ann"] == 1
    # The Moon Priestess pays first: 0 held, +5 there, −4 at the Apostate leaves 1.
    state = end_actions(new(3)).model_copy(update={"influence": [0, 5, 5]})
    state = scored(state, Ann=(5, -4, 0))
    assert state.influence[0] == 1


def test_the_parts_are_checked():
    state = end_actions(new(3))
    with pytest.raises(FlowError, match="Ann's loss at the Apostate can be at most 0"):
        scored(state, Ann=(0, 3, 0))
    with pytest.raises(FlowError, match="Moon Priestess can be at most 5"):
        scored(state, Ann=(6, 0, 0))
    with pytest.raises(FlowError, match="not playing"):
        FLOW.apply(state, {"type": "round_scored", "temple": {"Zed": 1}})


def test_an_old_log_with_net_changes_still_replays():
    state = score(end_actions(new(3)), Ann=4, Ben=-2)
    assert state.round_changes[0]["Ben"] == -2
    assert state.round_parts[0]["Ann"] == {"priestess": 0, "apostate": 0, "temple": 4}


def test_the_council_starts_as_the_setup_stacks_it():
    """Luna, Setup 8: "Beginning with the start player, the players stack their Member of
    the Council piece on the first space of the Council of Priests." Moon Priestess: "If
    there is more than one player on the same space, the player whose piece is on top
    breaks the tie." Ann starts: Dan is on top, then Cat, Ben, Ann (ruling S-11)."""
    state = new(4, start="Ann")
    assert state.council_order == ["Dan", "Cat", "Ben", "Ann"]
    markers = {m.label: m.value for m in FLOW.view(state).markers}
    assert markers["Dan: place in the Council"] == "1st"
    assert markers["Ann: place in the Council"] == "4th"
    assert new(4, start="Cat").council_order == ["Ben", "Ann", "Dan", "Cat"]


def test_council_moves_are_recorded_and_kept_across_rounds():
    """Luna, Council of Priests: "Move your "Member of the Council" piece up a number of
    seats equal to the number of used Novices. Place your piece on top of any already
    existing pieces of other players"."""
    state = new(4, start="Ann")
    move = next(a for a in FLOW.view(state).actions if a.event["type"] == "council")
    assert [f.default for f in move.fields] == [None, None]  # nothing picked to start with
    with pytest.raises(FlowError, match="Choose the player whose piece moved"):
        FLOW.apply(state, build_event(move, {"place": "1"}))
    with pytest.raises(FlowError, match="Choose their place in the Council"):
        FLOW.apply(state, build_event(move, {"player": 1}))
    assert move.fields[1].choice_labels == ["1st", "2nd", "3rd", "4th"]
    state = FLOW.apply(state, build_event(move, {"player": 1, "place": "1"}))
    assert state.council_order == ["Ann", "Dan", "Cat", "Ben"]
    state = full_round(state)
    assert state.round == 2
    assert state.council_order == ["Ann", "Dan", "Cat", "Ben"]
    view = FLOW.view(end_actions(state))
    assert "Ties on the Moon Priestess's Isle go by the Council: Ann, Dan, Cat, Ben" in \
        " ".join(view.notes)
    with pytest.raises(FlowError, match="at most 4"):
        FLOW.apply(state, {"type": "council", "player": 2, "place": 5})


def test_the_round_scoring_can_carry_the_council_order_it_used():
    state = end_actions(new(3, start="Ann"))
    state = FLOW.apply(state, {"type": "round_scored", "priestess": {"2": 5},
                               "council_order": [2, 3, 1]})
    assert state.council_order == ["Ben", "Cat", "Ann"]
    with pytest.raises(FlowError, match="every player once"):
        FLOW.apply(end_actions(new(3)), {"type": "round_scored",
                                         "council_order": [2, 2, 1]})


def test_the_council_order_goes_to_the_final_sheet():
    state = new(3, start="Ann")
    for _ in range(6):
        state = full_round(state)
    assert state.finished
    assert FLOW.score_prefill(state)["council_order"] == ["Cat", "Ben", "Ann"]


def test_solo_opponent_is_on_the_bottom_of_the_council_and_loses_nothing_at_the_apostate():
    """Luna, Solo Game Rules: "Your opponent is the start player." and "Your opponent does
    not lose influence due to the Apostate." """
    state = solo()
    assert state.council_order == ["Ann", OPPONENT]
    while state.step != "scoring":
        view = FLOW.view(state)
        primary = next(a for a in view.actions if a.primary)
        state = FLOW.apply(state, build_event(primary))
    form = next(a for a in FLOW.view(state).actions if a.helper == "luna_round")
    assert "apostate.2" not in [f.id for f in form.fields]  # the opponent's seat
    assert "apostate.1" in [f.id for f in form.fields]
    with pytest.raises(FlowError, match="does not lose influence due to the Apostate"):
        scored(state, **{OPPONENT: (2, -3, 0)})


def test_solo_preparing_has_no_time_tokens():
    """Luna, Solo Game Rules, Level 1: "Setup: Setup a 2-player game, but place only 1 Favor
    token on each Isle and do not use the Time tokens." """
    state = solo()
    while state.step != "prep_guard":
        view = FLOW.view(state)
        state = FLOW.apply(state, build_event(next(a for a in view.actions if a.primary)))
    view = FLOW.view(state)
    assert "Time token" not in view.reminder
    assert "Time token" not in view.step
    assert "Restack the Time tokens" not in quoted(view.cites, "en").text
    assert "do not use the Time tokens" in quoted(view.cites, "en").text
    # … and a game with Time tokens still restacks them.
    state = prepare(score(end_actions(new(3))), start=None)
    state = run(score(end_actions(state)), {"type": "next"}, {"type": "next"})
    assert "restack the Time tokens" in FLOW.view(state).reminder


def test_forms_left_alone_keep_their_defaults_from_turn_to_turn():
    """The Play screen warns about a form whose entries differ from its defaults: the
    defaults of the forms beside the big button must not follow the turn."""
    state = new(3, start="Ann")
    before = {a.label: [f.default for f in a.fields] for a in FLOW.view(state).actions
              if a.fields and not a.primary}
    state = FLOW.apply(state, {"type": "action"})
    after = {a.label: [f.default for f in a.fields] for a in FLOW.view(state).actions
             if a.fields and not a.primary and not a.label.startswith("Ben")}
    assert after["Other influence change"] == before["Other influence change"] == [None, 1]
    assert after["Record the Council move"] == [None, None]
