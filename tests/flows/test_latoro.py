"""Latoro play flow (companion/flows/latoro.py) against the rulebook, seeds/004 and its
translation seeds/latoro-en.md."""

from __future__ import annotations

import pytest

from companion.flows import FlowError, build_event
from companion.flows.latoro import FLOW, LatoroState

NAMES = ["あおい", "Ben", "Cat", "Dan"]


def new(n: int = 3, start: str = "あおい", setup: dict | None = None,
        track: bool = False) -> LatoroState:
    state = FLOW.initial({"players": NAMES[:n], "setup": setup})
    state = FLOW.apply(state, {"type": "start", "player": NAMES.index(start) + 1})
    if track:
        form = next(a for a in FLOW.view(state).actions if a.event["type"] == "track_resources")
        state = FLOW.apply(state, build_event(form))
    return state


def nxt(state: LatoroState, times: int = 1) -> LatoroState:
    for _ in range(times):
        state = FLOW.apply(state, {"type": "next"})
    return state


def test_four_rounds_of_four_phases():
    """Game flow: four rounds, each Placement → Collection → Support → Preparation; the
    game ends when round 4's Preparation is over (round 4: the cap only, ruling P-15)."""
    state = new()
    seen = []
    while not state.finished:
        seen.append((state.round, state.phase))
        state = nxt(state)
    per_round = ["placement", "collection", "support", "prep_cap", "prep_marker",
                 "prep_refill"]
    expected = [(r, p) for r in (1, 2, 3) for p in per_round]
    expected += [(4, p) for p in per_round[:4]]
    # The round marker advances in Preparation step 2, so the refill belongs to the next.
    expected = [(r + 1 if p == "prep_refill" else r, p) for r, p in expected]
    assert seen == expected
    assert state.phase == "end"
    with pytest.raises(FlowError):
        nxt(state)


def test_round_marker_advances_in_preparation():
    """Preparation 2: advance the round marker by one."""
    state = nxt(new(), 4)
    assert state.phase == "prep_marker" and state.round == 1
    state = nxt(state)
    assert state.round == 2
    assert FLOW.view(state).markers[0].value == "2 of 4"


@pytest.mark.parametrize("n, refills, face_up", [
    (2, {2: (3, 1), 3: (1, 3), 4: (0, 4)}, 5),
    (3, {2: (4, 2), 3: (2, 4), 4: (0, 6)}, 6),
    (4, {2: (5, 3), 3: (3, 5), 4: (0, 8)}, 6),
])
def test_refills_for_the_next_round(n, refills, face_up):
    """Preparation 3: refill the area cards by player count for rounds 2, 3, 4; the decks
    start at 17 (Level 2, minus the face-up cards) and 24 (Level 3)."""
    state = new(n)
    assert state.refills == refills
    assert (state.level2_left, state.level3_left) == (17 - face_up, 24)
    for r in (2, 3, 4):
        marker = next(m for m in FLOW.view(state).markers if m.label.startswith("Refill"))
        assert marker.label == f"Refill for round {r}"
        l2, l3 = refills[r]
        assert marker.value == f"Level 2 ×{l2}, Level 3 ×{l3}"
        state = nxt(state, 5)
        assert state.phase == "prep_refill" and f"Level 2 ×{l2}" in FLOW.view(state).reminder
        state = nxt(state)
    assert state.level2_left == 17 - face_up - sum(v[0] for v in refills.values())
    assert state.level3_left == 24 - sum(v[1] for v in refills.values())


def test_refills_from_setup():
    """The setup guide's refills are used when given."""
    state = new(2, setup={"refills": {"2": {"level2": 3, "level3": 1},
                                      "3": {"level2": 1, "level3": 3},
                                      "4": {"level2": 0, "level3": 4}}})
    assert state.refills == {2: (3, 1), 3: (1, 3), 4: (0, 4)}


def test_resource_cap_seven_each():
    """Preparation 1: at most 7 of each type; the excess goes back to the supply."""
    state = new(2, track=True)
    state = FLOW.apply(state, {"type": "resources", "player": 2, "black": 9, "white": 5})
    assert "over the cap" in next(m.value for m in FLOW.view(state).markers
                                  if m.label == "Ben: resources")
    state = nxt(state, 3)
    assert state.phase == "prep_cap"
    assert FLOW.view(state).notes == ["Ben returns 3 black."]
    state = nxt(state)
    assert state.resources[1] == {"black": 7, "white": 7, "brown": 1}


def test_starting_resources_by_turn_position():
    """Player setup 4: one of each colour, plus black / white / brown / white and black
    for the 1st / 2nd / 3rd / 4th player from the start player."""
    state = new(4, start="Cat", track=True)
    order = {"Cat": {"black": 2, "white": 1, "brown": 1},
             "Dan": {"black": 1, "white": 2, "brown": 1},
             "あおい": {"black": 1, "white": 1, "brown": 2},
             "Ben": {"black": 2, "white": 2, "brown": 1}}
    assert dict(zip(state.players, state.resources, strict=True)) == order


def test_starting_resources_from_setup_when_start_unchanged():
    """The setup's per-seat starting resources are used when its start player is kept."""
    given = [{"black": 1, "white": 1, "brown": 2}, {"black": 2, "white": 1, "brown": 1},
             {"black": 1, "white": 2, "brown": 1}]
    setup = {"first_player": 2, "starting_resources": given}
    state = FLOW.initial({"players": NAMES[:3], "setup": setup})
    state = FLOW.apply(state, build_event(FLOW.view(state).actions[0]))
    form = next(a for a in FLOW.view(state).actions if a.event["type"] == "track_resources")
    state = FLOW.apply(state, build_event(form))
    assert state.resources == given


def test_resources_kept_only_when_asked_and_never_negative():
    """Resources per player are kept when the table wants; a change below 0 is refused."""
    state = new(3)
    assert state.resources is None
    with pytest.raises(FlowError, match="does not keep"):
        FLOW.apply(state, {"type": "resources", "player": 2, "black": 1})
    assert FLOW.score_prefill(state)["players"][0] == {"name": "あおい"}
    state = new(3, track=True)
    with pytest.raises(FlowError, match="only 1 brown"):
        FLOW.apply(state, {"type": "resources", "player": 2, "brown": -2})


def test_convert_three_into_one_in_support_phase_only():
    """Support phase: "In this phase only, you may turn any 3 of your resources into 1
    resource of another type." """
    state = new(3, track=True)
    state = FLOW.apply(state, {"type": "resources", "player": 2, "white": 2})
    event = {"type": "convert", "player": 2, "white": 3, "get": "brown"}
    with pytest.raises(FlowError, match="Support"):
        FLOW.apply(state, event)
    state = nxt(state, 2)
    state = FLOW.apply(state, event)
    assert state.resources[1] == {"black": 1, "white": 1, "brown": 2}
    with pytest.raises(FlowError, match="exactly 3"):
        FLOW.apply(state, {"type": "convert", "player": 2, "white": 1, "get": "brown"})
    with pytest.raises(FlowError, match="another type"):
        FLOW.apply(state, {"type": "convert", "player": 3, "black": 3, "get": "black"})


def test_prefill_resources():
    """The end of play gives the score sheet the resources (at most 7 each)."""
    state = new(2, track=True)
    state = FLOW.apply(state, {"type": "resources", "player": 1, "brown": 10})
    while not state.finished:
        state = nxt(state)
    assert FLOW.score_prefill(state) == {"game": "latoro", "players": [
        {"name": "あおい", "resources": {"black": 2, "white": 1, "brown": 7}},
        {"name": "Ben", "resources": {"black": 1, "white": 2, "brown": 1}},
    ]}
