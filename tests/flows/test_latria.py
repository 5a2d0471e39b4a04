"""Latria play flow (companion/flows/latria.py) against the rulebook, seeds/000."""

from __future__ import annotations

import pytest

from companion.flows import NOT_PICKED, FlowError, build_event, replay
from companion.flows.latria import FLOW, LatriaState, eclipsed, locked, markers_left

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def seat(name: str) -> str:
    """A player's key in an event's group: the seat (companion/flows/base.py)."""
    return str(NAMES.index(name) + 1)


def new(n: int = 4, variant: str = "standard", setup: dict | None = None) -> LatriaState:
    state = FLOW.initial({"players": NAMES[:n], "variant": variant, "setup": setup})
    return FLOW.apply(state, {"type": "start", "player": 1})


def run(state: LatriaState, *events: dict) -> LatriaState:
    for e in events:
        state = FLOW.apply(state, e)
    return state


def to_step4(state: LatriaState, sun: bool = False, moon: bool = False) -> LatriaState:
    return run(state, {"type": "reveal", "sun_mutation": sun, "moon_mutation": moon},
               {"type": "next"}, {"type": "next"})


def played(state: LatriaState, parent: tuple[str, int], named: str | None = None,
           **children: tuple[str, int]) -> LatriaState:
    return FLOW.apply(state, {
        "type": "cards_played", "parent_suit": parent[0], "parent_number": parent[1],
        "named": named,
        "suits": {seat(k): v[0] for k, v in children.items()},
        "numbers": {seat(k): v[1] for k, v in children.items()},
    })


def finish_round(state: LatriaState, taker: str | None = None) -> LatriaState:
    """Steps 1–6 with the table recording step 4 directly."""
    state = to_step4(state)
    state = FLOW.apply(state, {"type": "acquire", "body": "sun",
                               "taker": None if taker is None else NAMES.index(taker) + 1})
    return run(state, {"type": "next"}, {"type": "next"})


# --- rounds ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, rounds", [(3, 11), (4, 11), (5, 11), (6, 9)])
def test_round_count_is_hand_size_minus_one(players, rounds):
    """Game Setup: 10 cards each with 6 players, else 12; Game Flow: rounds until one card
    is left, one card a round → hand size − 1 rounds."""
    state = new(players)
    assert state.rounds == rounds
    assert FLOW.view(state).rounds == rounds


def test_round_count_taken_from_setup():
    """The setup guide's hand_size / rounds are used when given."""
    state = new(6, setup={"hand_size": 10, "rounds": 9, "eclipse_markers": 6})
    assert (state.hand_size, state.rounds, state.eclipse_markers) == (10, 9, 6)


def test_steps_one_to_six_in_order():
    """Game Flow: one round is made up of steps 1 to 6."""
    state = new()
    seen = [FLOW.view(state).step]
    state = FLOW.apply(state, {"type": "reveal"})
    seen.append(FLOW.view(state).step)
    for _ in range(2):
        state = FLOW.apply(state, {"type": "next"})
        seen.append(FLOW.view(state).step)
    state = FLOW.apply(state, {"type": "acquire", "body": "moon", "taker": None})
    seen.append(FLOW.view(state).step)
    state = FLOW.apply(state, {"type": "next"})
    seen.append(FLOW.view(state).step)
    assert [s.split(" — ")[0] for s in seen] == [f"Step {i}" for i in range(1, 7)]
    state = FLOW.apply(state, {"type": "next"})
    assert state.round == 2 and state.step == "1"


def test_last_round_ends_after_step_5():
    """Game Flow: "(In the final round, the sequence stops at step 5.)" """
    state = new(6)
    for _ in range(8):
        state = finish_round(state)
    assert state.round == 9
    state = to_step4(state)
    state = FLOW.apply(state, {"type": "acquire", "body": "sun", "taker": 2})
    view = FLOW.view(state)
    assert view.actions[0].label.startswith("Finish")
    state = FLOW.apply(state, {"type": "next"})
    assert state.finished and state.step == "end"
    assert FLOW.view(state).finished
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "next"})


# --- parent -----------------------------------------------------------------------------


def test_first_parent_defaults_to_setup_seat():
    """Game Setup, "Choose the first parent": the setup's draw is the default choice."""
    state = FLOW.initial({"players": NAMES[:4], "setup": {"first_player": 3}})
    form = FLOW.view(state).actions[0]
    assert form.fields[0].default == 3  # Cat's seat
    assert form.fields[0].choice_labels == NAMES[:4]
    state = FLOW.apply(state, build_event(form))
    assert state.players[state.parent] == "Cat"


def test_next_parent_is_whoever_took_the_celestial_cards():
    """Step 6: the player who acquired celestial cards becomes the next parent."""
    state = finish_round(new(), taker="Cat")
    assert state.players[state.parent] == "Cat" and state.round == 2


def test_same_parent_when_nobody_took_celestial_cards():
    """Step 6: if no player acquired any celestial card, the same parent continues."""
    state = finish_round(new(), taker=None)
    assert state.players[state.parent] == "Ann"


# --- eclipse states -----------------------------------------------------------------


def test_mutation_flips_the_body_and_second_cancels():
    """Step 1: a mutation card flips its body's board; Example 1: another cancels it."""
    state = new()
    state = FLOW.apply(state, {"type": "reveal", "sun_mutation": True})
    assert eclipsed(state, "sun") and not eclipsed(state, "moon")
    state = run(state, {"type": "next"}, {"type": "next"},
                {"type": "acquire", "body": "moon", "taker": None},
                {"type": "next"}, {"type": "next"})
    state = FLOW.apply(state, {"type": "reveal", "sun_mutation": True, "moon_mutation": True})
    assert not eclipsed(state, "sun") and eclipsed(state, "moon")


def test_third_mutation_locks_the_eclipse():
    """Detailed Rules: at most 3 mutation cards per body; the third eclipses it for the rest
    of the game."""
    state = new()
    for _ in range(3):
        state = to_step4(state, sun=True)
        state = run(state, {"type": "acquire", "body": "moon", "taker": None},
                    {"type": "next"}, {"type": "next"})
    assert state.mutations["sun"] == 3
    assert eclipsed(state, "sun") and locked(state, "sun")
    view = FLOW.view(state)
    assert "rest of the game" in next(m.value for m in view.markers if m.label == "Sun")
    # No fourth Sun mutation card exists: the form no longer asks, and the event is refused.
    assert [f.key for f in view.actions[0].fields] == ["moon_mutation"]
    with pytest.raises(FlowError, match="already out"):
        FLOW.apply(state, {"type": "reveal", "sun_mutation": True})


def test_polaris_never_eclipsed_in_standard():
    """Step 1: "Polaris has no mutation, so Polaris never enters the eclipse state." """
    state = new()
    assert not eclipsed(state, "polaris")
    assert "never" in next(m.value for m in FLOW.view(state).markers if m.label == "Polaris")


def test_polaris_always_eclipsed_in_star_eclipse():
    """Extension Rules 2 (Star Eclipse): Polaris stays eclipsed; the eclipse is never
    cancelled."""
    state = new(variant="star_eclipse")
    assert eclipsed(state, "polaris") and locked(state, "polaris")
    state = to_step4(state)
    state = played(state, ("polaris", 9), Ben=("polaris", 11), Cat=("sun", 2),
                   Dan=("latria", 5))
    state = FLOW.apply(state, {"type": "accept", "printed": {"4": False}})
    assert state.outcomes[-1].markers_taken == [1]  # Ben took the Polaris cards, eclipsed


# --- step-4 helper ---------------------------------------------------------------------


def test_highest_number_takes_the_targeted_cards():
    """Step 4: the highest number, counting the parent, takes the targeted body's cards."""
    state = to_step4(new())
    state = played(state, ("moon", 9), Ben=("moon", 4), Cat=("moon", 12), Dan=("sun", 13))
    p = state.proposal
    assert p.body == "moon" and state.players[p.taker] == "Dan"


def test_latria_card_names_the_target():
    """Step 2: a parent's Latria card names the Sun, the Moon or Polaris."""
    state = to_step4(new())
    with pytest.raises(FlowError, match="named"):
        played(state, ("latria", 7), Ben=("sun", 4), Cat=("sun", 5), Dan=("sun", 6))
    state = played(state, ("latria", 7), "polaris", Ben=("sun", 4), Cat=("polaris", 5),
                   Dan=("sun", 6))
    assert state.proposal.body == "polaris" and state.proposal.taker == 0


def test_tie_priority_matching_body_then_latria_then_other():
    """Step 4: ties go to the targeted body's suit, then Latria, then another body."""
    state = to_step4(new())
    s1 = played(state, ("moon", 5), Ben=("latria", 10), Cat=("moon", 10), Dan=("sun", 10))
    assert s1.players[s1.proposal.taker] == "Cat"
    s2 = played(state, ("moon", 5), Ben=("latria", 10), Cat=("polaris", 3), Dan=("sun", 10))
    assert s2.players[s2.proposal.taker] == "Ben"
    # Parent's Latria card naming the Sun: a Sun card beats the parent's Latria card.
    s3 = played(state, ("latria", 9), "sun", Ben=("sun", 9), Cat=("moon", 2), Dan=("moon", 3))
    assert s3.players[s3.proposal.taker] == "Ben"


def test_unresolved_tie_nobody_takes():
    """Step 4: "If the tie still cannot be resolved to one player, nobody acquires the
    cards." (two other bodies on the same number)."""
    state = to_step4(new())
    state = played(state, ("moon", 5), Ben=("sun", 10), Cat=("polaris", 10), Dan=("moon", 2))
    assert state.proposal.taker is None
    assert "nobody" in state.proposal.reason
    state = run(state, {"type": "accept"}, {"type": "next"}, {"type": "next"})
    assert state.players[state.parent] == "Ann"  # Step 6: the same parent continues


def test_children_below_the_parent_keep_cards_with_vp():
    """Step 4 and Example 2: a child below the parent keeps their card if it has victory
    points or an effect (Sun/Moon 6–10 by the VP table; Polaris/Latria by the printed
    card, which the table answers — ruling P-5)."""
    state = to_step4(new())
    state = played(state, ("moon", 10), Ben=("latria", 8), Cat=("moon", 12), Dan=("sun", 3))
    p = state.proposal
    assert state.players[p.taker] == "Cat"
    assert [(state.players[k.player], k.status) for k in p.keeps] == [("Ben", "maybe")]
    accept = next(a for a in FLOW.view(state).actions if a.event["type"] == "accept")
    assert [f.id for f in accept.fields] == ["printed.2"]  # Ben's seat
    kept = FLOW.apply(state, build_event(accept, {"printed.2": True}))
    assert kept.outcomes[-1].kept == [1]
    not_kept = FLOW.apply(state, build_event(accept, {"printed.Ben": False}))
    assert not_kept.outcomes[-1].kept == []
    # Sun 7 has VP (2) by the table: kept without asking; Sun 3 has none.
    state2 = played(to_step4(new()), ("moon", 10), Ben=("sun", 7), Cat=("moon", 12),
                    Dan=("sun", 3))
    assert [(k.player, k.status) for k in state2.proposal.keeps] == [(1, "yes")]


def test_equal_number_is_not_lower():
    """Step 4: "a lower number than the parent's card" — an equal number keeps nothing
    (ruling P-5)."""
    state = played(to_step4(new()), ("moon", 8), Ben=("sun", 8), Cat=("moon", 12),
                   Dan=("moon", 2))
    assert state.proposal.keeps == []


def test_eclipse_marker_taken_when_target_eclipsed():
    """Step 4: if the targeted body was eclipsed, acquirers (taker and children keeping
    their card) take an eclipse marker; later cards go under it (ruling P-4)."""
    state = to_step4(new(), moon=True)
    assert markers_left(state) == 4
    state = played(state, ("moon", 10), Ben=("sun", 7), Cat=("moon", 12), Dan=("sun", 3))
    state = FLOW.apply(state, {"type": "accept"})
    assert state.outcomes[-1].markers_taken == [2, 1]  # Cat (taker), Ben (kept Sun 7)
    assert markers_left(state) == 2
    labels = [m.label for m in FLOW.view(state).markers]
    assert "Ben: eclipse marker" in labels and "Cat: eclipse marker" in labels
    # Next round the Moon is still eclipsed: Cat already has a marker, Dan takes one.
    state = run(state, {"type": "next"}, {"type": "next"})
    state = to_step4(state)
    state = played(state, ("moon", 4), Ann=("moon", 13), Ben=("moon", 3), Dan=("moon", 5))
    assert state.players[state.proposal.taker] == "Ann"
    state = FLOW.apply(state, {"type": "acquire", "body": "moon", "taker": 4})
    assert state.outcomes[-1].markers_taken == [3]
    assert markers_left(state) == 1


def test_no_marker_when_target_not_eclipsed():
    """Step 4: markers only when the targeted body is eclipsed (the Sun is, the Moon not)."""
    state = to_step4(new(), sun=True)
    state = played(state, ("moon", 9), Ben=("moon", 11), Cat=("sun", 2), Dan=("sun", 3))
    state = FLOW.apply(state, {"type": "accept"})
    assert state.outcomes[-1].markers_taken == [] and markers_left(state) == 4


def test_child_off_suit_card_under_marker_of_eclipsed_target():
    """Detailed Rules: "if the Moon is in the eclipse state and the parent plays Moon 7,
    and a child responds with Polaris 2, the child's Polaris 2 is placed under the eclipse
    marker." """
    state = to_step4(new(), moon=True)
    state = played(state, ("moon", 7), Ben=("polaris", 2), Cat=("moon", 9), Dan=("sun", 13))
    state = FLOW.apply(state, {"type": "accept", "printed": {"2": True}})
    assert 1 in state.outcomes[-1].markers_taken


def test_override_records_the_tables_choice():
    """The table overrides the proposal with another taker (one event)."""
    state = played(to_step4(new()), ("moon", 9), Ben=("moon", 11), Cat=("sun", 2),
                   Dan=("sun", 3))
    override = next(a for a in FLOW.view(state).actions if a.event["type"] == "acquire")
    assert next(f for f in override.fields if f.key == "taker").default == 2  # Ben
    state = FLOW.apply(state, build_event(override, {"taker": 4}))
    assert state.outcomes[-1].taker == 3 and not state.outcomes[-1].by_helper
    state = run(state, {"type": "next"}, {"type": "next"})
    assert state.players[state.parent] == "Dan"


# --- Simple variant -------------------------------------------------------------------


def test_simple_one_board_flipped_by_any_mutation():
    """Extension Rules 1: any mutation card flips the Latria board; two in one round
    leave it as it was; no third-mutation lock (ruling P-2)."""
    state = new(variant="simple")
    state = FLOW.apply(state, {"type": "reveal", "moon_mutation": True})
    assert all(eclipsed(state, b) for b in ("sun", "moon", "polaris"))
    state = run(state, {"type": "next"}, {"type": "next"},
                {"type": "acquire", "body": "sun", "taker": None},
                {"type": "next"}, {"type": "next"},
                {"type": "reveal", "sun_mutation": True, "moon_mutation": True})
    assert eclipsed(state, "sun")  # flipped twice: unchanged
    assert not locked(state, "moon")


def test_simple_reversed_strength_in_helper():
    """Extension Rules 1: while eclipsed, low numbers are strong; tie priority unchanged;
    a child above the parent keeps their card (ruling P-1)."""
    state = to_step4(new(variant="simple"), sun=True)
    state = played(state, ("moon", 7), Ben=("moon", 2), Cat=("sun", 9), Dan=("sun", 4))
    p = state.proposal
    assert p.reversed and state.players[p.taker] == "Ben"
    assert [(state.players[k.player], k.status) for k in p.keeps] == [("Cat", "yes")]
    tie = played(state, ("moon", 7), Ben=("latria", 2), Cat=("moon", 2), Dan=("sun", 4))
    assert tie.players[tie.proposal.taker] == "Cat"


def test_simple_uses_no_eclipse_markers():
    """Extension Rules 1: "eclipse markers are not used in this rule." """
    state = to_step4(new(variant="simple"), sun=True)
    assert state.eclipse_markers == 0
    state = played(state, ("moon", 7), Ben=("moon", 2), Cat=("sun", 9), Dan=("sun", 4))
    state = FLOW.apply(state, {"type": "accept"})
    assert state.outcomes[-1].markers_taken == []
    assert all("eclipse marker" not in m.label.lower() for m in FLOW.view(state).markers)


def test_standard_strength_not_reversed():
    """Step 4 (standard): the highest number wins even when a body is eclipsed."""
    state = played(to_step4(new(), moon=True), ("moon", 7), Ben=("moon", 2),
                   Cat=("sun", 9), Dan=("sun", 4))
    assert not state.proposal.reversed and state.players[state.proposal.taker] == "Cat"


# --- markers left -----------------------------------------------------------------------


def test_eclipse_markers_left_start_at_player_count():
    """Game Setup, "Eclipse markers": as many as players."""
    for n in (3, 5, 6):
        state = new(n)
        assert markers_left(state) == n
        assert next(m.value for m in FLOW.view(state).markers
                    if m.label == "Eclipse markers left") == n


# --- refusals -------------------------------------------------------------------------


def test_events_not_allowed_now_raise():
    """Events out of their step, impossible cards and unknown types are refused with a
    sentence."""
    state = new(3)
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "next"})  # step 1 needs the reveal
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "accept"})
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "fly"})
    with pytest.raises(FlowError):
        FLOW.apply(state, {"no": "type"})
    state = to_step4(state)
    with pytest.raises(FlowError, match="at most 12"):  # 3 players: numbers 4–12
        played(state, ("moon", 13), Ben=("moon", 5), Cat=("moon", 6))
    with pytest.raises(FlowError, match="only one"):
        played(state, ("moon", 9), Ben=("moon", 9), Cat=("moon", 6))
    with pytest.raises(FlowError, match="parent"):
        FLOW.apply(state, {"type": "acquire", "body": "moon", "taker": None,
                           "kept": {"1": True}})
    with pytest.raises(FlowError):
        FLOW.apply(state, {"type": "accept"})  # no proposal yet


def test_config_errors():
    """Latria is for 3–6 players with its own variants; names must differ."""
    with pytest.raises(FlowError, match="3–6"):
        FLOW.initial({"players": ["A", "B"]})
    with pytest.raises(FlowError, match="variant"):
        FLOW.initial({"players": ["A", "B", "C"], "variant": "solo1"})
    with pytest.raises(FlowError, match="names must differ"):
        FLOW.initial({"players": ["A", "a", "C"]})


def test_replay_matches_stepwise_and_prefill():
    """A recorded log replays to the same state; the prefill gives names and variant."""
    events = [{"type": "start", "player": 2}, {"type": "reveal", "moon_mutation": True},
              {"type": "next"}, {"type": "next"},
              {"type": "cards_played", "parent_suit": "moon", "parent_number": 9,
               "suits": {"1": "moon", "3": "sun", "4": "sun"},
               "numbers": {"1": 11, "3": 7, "4": 3}},
              {"type": "accept"}, {"type": "next"}, {"type": "next"}]
    config = {"players": NAMES[:4], "variant": "star_eclipse"}
    state = FLOW.initial(config)
    for e in events:
        state = FLOW.apply(state, e)
    assert replay("latria", config, events) == state
    assert state.players[state.parent] == "Ann"
    assert FLOW.score_prefill(state) == {"game": "latria", "variant": "star_eclipse",
                                         "players": [{"name": n} for n in NAMES[:4]]}


# --- step 4 on the screen -------------------------------------------------------------


def test_step4_offers_the_helper_folded_and_the_quick_record():
    """Step 4: "who took the cards" is recorded in one form; entering every card is the
    helper, one tap away, first (it keeps its place when its proposal comes). Nothing is
    answered for the table: no body, no taker, not even "nobody"; the helper's numbers
    start in the middle of the numbers in play."""
    state = to_step4(new(4))
    helper, quick = FLOW.view(state).actions
    assert quick.event["type"] == "acquire" and not quick.folded
    assert quick.label == "Record who took the cards"
    defaults = {f.id: f.default for f in quick.fields}
    assert defaults["body"] is NOT_PICKED and defaults["taker"] is NOT_PICKED
    assert helper.event["type"] == "cards_played" and helper.folded
    # Game Setup, 4 players: the numbers 2–13 are in play.
    numbers = [f.default for f in helper.fields if f.kind == "number"]
    assert numbers == [7, 7, 7, 7]
    assert all(f.default is NOT_PICKED for f in helper.fields if f.kind == "choice")
    assert not any(f.optional for f in helper.fields)  # no "none" chip for the named body
    # Left unpicked, the taker is asked for; "nobody" is an answer.
    event = build_event(quick, {"body": "sun"})
    assert "taker" not in event
    with pytest.raises(FlowError, match="Choose who took the celestial cards, or nobody"):
        FLOW.apply(state, event)
    after = FLOW.apply(state, build_event(quick, {"body": "sun", "taker": None}))
    assert after.outcomes[-1].taker is None


@pytest.mark.parametrize("players, middle", [(3, 8), (4, 7), (5, 8), (6, 8)])
def test_helper_numbers_start_in_the_middle(players, middle):
    """Game Setup, "Remove cards": 3 players 4–12, 4 players 2–13, else 1–15."""
    helper = FLOW.view(to_step4(new(players))).actions[0]
    assert {f.default for f in helper.fields if f.kind == "number"} == {middle}


def test_enter_the_cards_again_starts_from_what_was_entered():
    state = played(to_step4(new(4)), ("latria", 9), named="moon",
                   Ben=("moon", 12), Cat=("sun", 3), Dan=("latria", 4))
    view = FLOW.view(state)
    again, accept, override = view.actions
    assert accept.primary and again.folded and again.label == "Enter the cards again"
    assert {f.id: f.default for f in again.fields} == {
        "parent_suit": "latria", "parent_number": 9, "named": "moon",
        "suits.2": "moon", "numbers.2": 12, "suits.3": "sun", "numbers.3": 3,
        "suits.4": "latria", "numbers.4": 4}  # Ben, Cat and Dan by seat
    # Entered again unchanged, the proposal is the same.
    assert FLOW.apply(state, build_event(again)).proposal == state.proposal
    # The override starts from the proposal: Ben takes the Moon cards.
    assert {f.id: f.default for f in override.fields}["taker"] == 2  # Ben
