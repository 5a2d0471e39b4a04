"""Nothing is picked for the table where it must choose: every form of every play flow,
at every step of all five games, read through what the flows say of their fields
(``Field.default`` and ``Field.preset``, companion/flows/base.py).

A ``player`` or ``choice`` field records who or what (a token, a player, a body, a
Realm). One that starts picked — any default but ``NOT_PICKED``, "nobody / none" too —
must say why in ``preset``, and the why is checked where it can be: "setup" is the
Setup screen's draw, "only" is the one answer the form offers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import FLOWS, NOT_PICKED, Action, Field, FlowError, PlayView, build_event
from setup_guides import SetupError, make_setup
from tests.flows.test_common import CONFIGS, NAMES, NO_PRIMARY, draw_tap

SEED = 20261203


def setup_for(game: str, n: int, variant: str) -> dict[str, Any] | None:
    """The Setup screen's JSON for this table, as Play gets it (None: no such setup)."""
    try:
        return make_setup(game, n, variant, SEED).to_json_dict()
    except SetupError:
        return None


def starts_picked(f: Field) -> bool:
    if f.default is NOT_PICKED:
        return False
    return f.default is not None or f.optional  # "nobody / none" shown picked


def options(f: Field) -> list[Any]:
    return list(f.choices or []) + ([None] if f.optional else [])


def preset_problems(view: PlayView, players: list[str], setup: dict | None) -> list[str]:
    """Every field of the view that picks for the table without a reason that holds."""
    problems = []
    for action in view.actions:
        for f in action.fields:
            if f.kind not in ("player", "choice") or not starts_picked(f):
                continue
            where = f"{view.step!s} / {action.label!s} / {f.label!s} = {f.default!r}"
            if f.preset is None:
                problems.append(f"picked with no reason: {where}")
            elif f.preset == "only" and options(f) != [f.default]:
                problems.append(f"'only' with other answers {options(f)}: {where}")
            elif f.preset == "setup" and not drawn_on_setup(f, players, setup):
                problems.append(f"'setup' but not the Setup screen's: {where}")
    return problems


def drawn_on_setup(f: Field, players: list[str], setup: dict | None) -> bool:
    """Whether the field's pick is the Setup screen's: its first player (a seat, as the
    field's values are)."""
    if setup is None or f.kind != "player":
        return False
    seat = setup.get("first_player")
    return isinstance(seat, int) and 1 <= seat <= len(players) and seat == f.default


def answered(action: Action) -> dict[str, Any]:
    """The form filled in as a table would wherever nothing is picked: the first answer,
    the second in the next such field, and so on (Carpe Astra's characters, chosen at
    the start when the Setup screen did not draw them, are each chosen once)."""
    unpicked = [f for f in action.fields
                if f.kind in ("player", "choice") and not starts_picked(f) and options(f)]
    return {f.id: options(f)[i % len(options(f))] for i, f in enumerate(unpicked)}


def walk(game: str, n: int, variant: str, taps: int = 600, drawn: bool = True) -> int:
    """Play a whole game through its main buttons, checking every step's forms; the
    number of steps seen. ``drawn``: the table has the Setup screen's draw (else none, as
    a table made before there was one or imported without it)."""
    flow = FLOWS[game]
    setup = setup_for(game, n, variant) if drawn else None
    config = {"players": NAMES[:n], "variant": variant, "setup": setup}
    state = flow.initial(config)
    seen = 0
    for _ in range(taps):
        view = flow.view(state)
        assert not preset_problems(view, state.players, setup), preset_problems(
            view, state.players, setup)
        seen += 1
        if view.finished:
            return seen
        primary = next((a for a in view.actions if a.primary), None)
        if primary is None:
            state = flow.apply(state, NO_PRIMARY[game](state))
            continue
        state = flow.apply(state, build_event(primary, answered(primary)))
    return seen


@pytest.mark.parametrize("game, n, variant", CONFIGS, ids=[f"{g}-{n}-{v}" for g, n, v in CONFIGS])
def test_no_step_of_any_game_picks_for_the_table(game, n, variant):
    """Walked from the first tap to the end, every step's forms start with nothing
    picked, or with what the Setup screen drew, the rulebook names or the only answer."""
    assert walk(game, n, variant) > 10


@pytest.mark.parametrize("game, n, variant", CONFIGS, ids=[f"{g}-{n}-{v}" for g, n, v in CONFIGS])
def test_a_table_without_the_setup_draw_has_no_start_player_picked(game, n, variant):
    """No draw, no start player proposed: the table says who starts (seat 1 was proposed
    and marked as the setup's)."""
    flow = FLOWS[game]
    start = flow.view(flow.initial({"players": NAMES[:n], "variant": variant, "setup": None}))
    fields = [f for a in start.actions if a.primary for f in a.fields if f.key == "player"]
    assert len(fields) == (n > 1)  # the solo game has no one to choose
    assert all(f.default is NOT_PICKED and f.preset is None for f in fields)
    assert walk(game, n, variant, drawn=False) > 10


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_form_reached_by_any_taps_picks_for_the_table(data):
    """The same over any taps the screens offer (the side forms too: a Slander, a
    Latria proposal to correct, Latoro's resources)."""
    game, n, variant = data.draw(st.sampled_from(CONFIGS))
    flow = FLOWS[game]
    setup = setup_for(game, n, variant)
    state = flow.initial({"players": NAMES[:n], "variant": variant, "setup": setup})
    for _ in range(data.draw(st.integers(1, 120))):
        view = flow.view(state)
        assert not preset_problems(view, state.players, setup)
        if view.finished:
            break
        _, event = draw_tap(data, view)
        try:
            state = flow.apply(state, event)
        except FlowError:
            continue


def carpe_astra_gain_support(players: int = 3):
    flow = FLOWS["carpe_astra"]
    setup = setup_for("carpe_astra", players, "standard")
    state = flow.initial({"players": NAMES[:players], "setup": setup})
    state = flow.apply(state, build_event(flow.view(state).actions[0]))
    for _ in range(3):  # Change Tack, Make New Contacts, Infiltrate Guilds
        state = flow.apply(state, {"type": "next"})
    assert state.phase == "support"
    return flow, state


def form(view: PlayView, event_type: str) -> Action:
    return next(a for a in view.actions if a.event["type"] == event_type)


def test_carpe_astra_network_card_needs_the_guild_said():
    """Carpe Astra, Gain Support: the card shows which guild; a tap without an answer
    records no token (it says what to choose), "none" and a guild record as said."""
    flow, state = carpe_astra_gain_support()
    network = form(flow.view(state), "network")
    guild = network.fields[0]
    assert guild.default is NOT_PICKED
    with pytest.raises(FlowError, match="First choose the guild"):
        flow.apply(state, build_event(network))
    me = state.start
    after = flow.apply(state, build_event(network, {"guild": "priests"}))
    assert after.support[me].get("priests", 0) == state.support[me].get("priests", 0) + 1
    assert after.support[me].get("military", 0) == state.support[me].get("military", 0)
    nothing = flow.apply(state, build_event(network, {"guild": None}))
    assert nothing.support == state.support and nothing.scored == 1
    # The next card's form starts with nothing picked again.
    assert form(flow.view(after), "network").fields[0].default is NOT_PICKED


def test_carpe_astra_slander_picks_the_opponent_only_when_there_is_one():
    """Gain Support: "Pick an opponent" — with two opponents nobody is picked; with one
    (2 players) that one is, the only answer."""
    flow, state = carpe_astra_gain_support(3)
    victim = form(flow.view(state), "slander").fields[0]
    assert victim.default is NOT_PICKED and len(victim.choices) == 2
    flow, state = carpe_astra_gain_support(2)
    victim = form(flow.view(state), "slander").fields[0]
    assert victim.choices == [victim.default] and victim.preset == "only"


def test_altar_asks_for_the_goddess_of_love_and_the_realm_of_a_ritual():
    """Altar, Setup 2: whose Realm is the Goddess of Love's is the table's answer ("none"
    included); with two Realms each, a Ritual's Shrine goes where the player says."""
    flow = FLOWS["altar"]
    state = flow.initial({"players": ["Ann", "Ben"], "setup": setup_for("altar", 2,
                                                                      "standard")})
    start = flow.view(state).actions[0]
    with pytest.raises(FlowError, match="Goddess of Love"):
        flow.apply(state, build_event(start))
    state = flow.apply(state, build_event(start, {"love": None}))
    state = flow.apply(state, {"type": "next"})
    ritual = next(a for a in flow.view(state).actions if a.event.get("action") == "ritual")
    assert "realm" not in ritual.event and ritual.fields[0].default is NOT_PICKED
    with pytest.raises(FlowError):
        flow.apply(state, build_event(ritual))
    me = state.start
    placed = flow.apply(state, build_event(ritual, {"realm": f"{me}-1"}))
    assert placed.realms[me][1].shrines == 1 and placed.realms[me][0].shrines == 0


def test_latoro_resources_name_the_player_and_the_colour():
    """Latoro: whose resources changed, and the colour a conversion gives, are said by
    the table: nothing is picked, and a tap without them is refused."""
    flow = FLOWS["latoro"]
    state = flow.initial({"players": ["Ann", "Ben", "Cat"],
                          "setup": setup_for("latoro", 3, "standard")})
    state = flow.apply(state, build_event(flow.view(state).actions[0]))
    track = form(flow.view(state), "track_resources")
    state = flow.apply(state, build_event(track))
    changed = form(flow.view(state), "resources")
    assert changed.fields[0].default is NOT_PICKED
    with pytest.raises(FlowError):
        flow.apply(state, build_event(changed, {"black": 1}))
