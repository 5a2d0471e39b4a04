"""What every play flow promises (companion/flows): the registry, pure modules, rule
quotes taken verbatim from the rulebooks, replay and undo, refusals, and a property test
over random legal tap sequences for all five games."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows import (
    FLOWS,
    NOT_PICKED,
    Action,
    Field,
    FlowError,
    PlayView,
    altar,
    build_event,
    carpe_astra,
    get_flow,
    latoro,
    latria,
    load_state,
    luna,
    replay,
)
from companion.rules.quotes import quoted

ROOT = Path(__file__).resolve().parents[2]
MODULES = [latria, carpe_astra, luna, altar, latoro]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
RULING_ID = re.compile(r"\b[A-Z]{1,2}-\d+\b")

CONFIGS = (
    [("latria", n, v) for n in range(3, 7) for v in latria.VARIANTS]
    + [("carpe_astra", n, v) for n in range(2, 5) for v in carpe_astra.VARIANTS]
    + [("luna", n, v) for n in range(2, 5) for v in ("standard", "preselected")]
    + [("luna", 1, v) for v in ("solo1", "solo2", "solo3")]
    + [("altar", n, "standard") for n in range(2, 6)]
    + [("latoro", n, "standard") for n in range(2, 5)]
)


def config_for(n: int, variant: str) -> dict:
    return {"players": NAMES[:n], "variant": variant, "setup": None}


def check_view(view: PlayView, players: list[str]) -> None:
    """What the UI relies on to render any flow generically."""
    assert view.step and view.phase
    assert view.reminder and "\n" not in view.reminder
    assert view.cites and quoted(view.cites, "en").text  # the rulebook's words
    assert sum(a.primary for a in view.actions) <= 1
    if not view.finished:
        assert view.actions, "an unfinished game always offers a tap"
    ids_seen: set[str] = set()
    for action in view.actions:
        assert action.label and isinstance(action.event.get("type"), str)
        ids = [f.id for f in action.fields]
        assert len(ids) == len(set(ids)), action.label
        for f in action.fields:
            if f.kind in ("player", "choice"):
                assert f.choices is not None
                if f.choice_labels is not None:
                    assert len(f.choice_labels) == len(f.choices)
                if f.kind == "player":  # seats, shown by the players' names
                    assert set(f.choices) <= set(range(1, len(players) + 1))
                    assert f.choice_labels == [players[c - 1] for c in f.choices]
                if f.default is not None and f.default is not NOT_PICKED:
                    assert f.default in f.choices, (action.label, f)
            if f.kind == "number":
                assert f.min is not None and f.max is not None and f.min <= f.max
                if f.default is not None and f.default is not NOT_PICKED:
                    assert f.min <= f.default <= f.max
        ids_seen.update(ids)
        if action.section is not None:
            assert action.section in {s.key for s in view.sections}, action.label
    if view.sections:
        assert view.section in {s.key for s in view.sections}
    # The players' words: a reading is named by view.rulings (a "Why?"), never in the text.
    shown = [view.phase, view.step, view.reminder, *view.notes,
             *(m.label for m in view.markers), *(a.label for a in view.actions),
             *(f.label for a in view.actions for f in a.fields)]
    assert not [text for text in shown if RULING_ID.search(text)]
    assert all(RULING_ID.fullmatch(r) for r in view.rulings), view.rulings
    json.loads(view.model_dump_json())


def draw_value(data: st.DataObject, f: Field):
    if f.kind == "bool":
        return data.draw(st.booleans())
    if f.kind == "number":
        return data.draw(st.integers(f.min, f.max))
    options = list(f.choices or [])
    if f.optional or not options:
        options.append(None)
    return data.draw(st.sampled_from(options))


def draw_tap(data: st.DataObject, view: PlayView) -> tuple[Action, dict]:
    """One of the taps the screen offers (half the time the primary one, when there is
    one), its form filled in with any values or left at its defaults: the action and
    its event."""
    primary = [a for a in view.actions if a.primary]
    offered = [a for a in view.actions if not a.disabled]  # what can be tapped
    if primary and data.draw(st.booleans()):
        action = primary[0]
    else:
        action = data.draw(st.sampled_from(offered))
    values = {f.id: draw_value(data, f) for f in action.fields if data.draw(st.booleans())}
    return action, build_event(action, values)


# --- registry and purity ------------------------------------------------------------


def test_registry_has_the_five_games():
    """One flow per game, each knowing its player range and variants."""
    assert sorted(FLOWS) == ["altar", "carpe_astra", "latoro", "latria", "luna"]
    for game, flow in FLOWS.items():
        assert flow.game == game and flow.title
        assert get_flow(game) is flow
    with pytest.raises(FlowError):
        get_flow("chess")


def test_flows_are_pure_modules():
    """companion/flows imports no flet, does no I/O and uses no randomness: besides the
    standard library's types and pydantic, only the box's numbers (scorers/boxes, data)
    and the catalog, whose records name each game's flow module (importlib loads them)."""
    allowed = {"__future__", "collections.abc", "dataclasses", "typing", "pydantic",
               "importlib", "scorers.boxes", "companion.catalog"}
    for path in sorted((ROOT / "companion" / "flows").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in allowed, (path.name, alias.name)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module in allowed or node.module.startswith("scorers.boxes."), (
                    path.name, node.module)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "print", "input", "eval", "exec")


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_ruling_named_in_play_exists():
    """Each "(ruling P-n)" shown to players has an entry in docs/RULINGS.md."""
    doc = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    entries = set(re.findall(r"^#### (P-\d+) ", doc, flags=re.M))
    named: set[str] = set()
    for path in (ROOT / "companion" / "flows").glob("*.py"):
        named |= set(re.findall(r"ruling\s+(P-\d+)", path.read_text(encoding="utf-8")))
    assert named and named <= entries, named - entries
    assert entries == {f"P-{i}" for i in range(1, len(entries) + 1)}


def test_build_event_fills_fields_and_groups():
    """A form's values go to event[key] or event[group][key]; defaults fill the rest."""
    action = Action(event={"type": "x", "keep": 1}, label="X", fields=[
        Field(key="a", label="A", kind="number", min=0, max=3, default=2),
        Field(key="1", group="changes", label="Ann", kind="number", min=-5, max=5),
        Field(key="2", group="changes", label="Ben", kind="number", min=-5, max=5,
              default=0),
    ])
    assert build_event(action, {"changes.1": 4}) == {
        "type": "x", "keep": 1, "a": 2, "changes": {"1": 4, "2": 0}}
    assert action.event == {"type": "x", "keep": 1}  # the template is not changed


# --- replay, undo, refusals -------------------------------------------------------------


NO_PRIMARY = {"latria": lambda s: {"type": "acquire", "body": "moon", "taker": 2},
              "altar": lambda s: {"type": "main",
                                  "action": "worship" if s.actions_done else "pass"}}


@pytest.mark.parametrize("game, n, variant", [
    ("latria", 4, "standard"), ("carpe_astra", 3, "standard"), ("luna", 3, "standard"),
    ("altar", 2, "standard"), ("latoro", 4, "standard")])
def test_replay_equals_stepwise_and_undo_gives_previous(game, n, variant):
    """A session is its event log: replaying it gives the state reached tap by tap, and
    dropping the last event gives the state before that tap."""
    flow = FLOWS[game]
    config = config_for(n, variant)
    if game == "carpe_astra":  # characters are the setup's draw (no default without it)
        config["setup"] = {"characters": ["chun", "tyndar", "ichthon"]}
    state = flow.initial(config)
    states, events = [state], []
    for _ in range(25):
        view = flow.view(state)
        if view.finished:
            break
        action = next((a for a in view.actions if a.primary), None)
        # Steps without a "next" need an answer: Latria's step 4, Altar's main action.
        # A player nobody is picked for (Luna: who turned the last Time token): the first;
        # a choice the table must answer (Altar's Goddess of Love): the first too.
        picks = {f.id: f.choices[0] for f in (action.fields if action else [])
                 if f.kind in ("player", "choice") and f.choices
                 and f.default in (None, NOT_PICKED)}
        event = build_event(action, picks) if action else NO_PRIMARY[game](state)
        state = flow.apply(state, event)
        states.append(state)
        events.append(event)
    assert len(events) >= 10
    assert replay(game, config, events) == states[-1]
    for k in range(len(events)):
        assert replay(game, config, events[:k]) == states[k]
    # Saved as JSON (a restart) and loaded again, nothing changes.
    dumped = json.loads(json.dumps(states[-1].model_dump(mode="json")))
    assert load_state(game, dumped) == states[-1]


def test_replay_names_a_bad_event():
    """A damaged log says which event cannot be replayed."""
    with pytest.raises(FlowError, match="Event 2 of the log"):
        replay("latoro", config_for(2, "standard"),
               [{"type": "start", "player": 1}, {"type": "convert"}])


@pytest.mark.parametrize("game, n, variant", [c for c in CONFIGS if c[2] in
                                              ("standard", "solo1")])
def test_unknown_and_malformed_events_are_refused(game, n, variant):
    """Events that are not allowed raise FlowError with a sentence, and change nothing."""
    flow = FLOWS[game]
    state = flow.initial(config_for(n, variant))
    before = state.model_dump()
    for event in ({"type": "teleport"}, {"type": None}, {}, {"type": "round_scored"}):
        with pytest.raises(FlowError) as err:
            flow.apply(state, event)
        assert str(err.value).endswith(".")
    assert state.model_dump() == before


# --- property: random legal taps ------------------------------------------------------


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_tap_sequences_never_crash_and_undo_is_exact(data):
    """Any sequence of the taps the screen offers, with any form values, either applies or
    is refused with FlowError (never another exception); a tap without a form is never
    refused; apply never changes its input; and replaying the log without its last event
    gives exactly the earlier state."""
    game, n, variant = data.draw(st.sampled_from(CONFIGS))
    flow = FLOWS[game]
    config = config_for(n, variant)
    state = flow.initial(config)
    states, events = [state], []
    for _ in range(data.draw(st.integers(1, 150))):
        view = flow.view(state)
        check_view(view, state.players)
        if view.finished:
            assert state.finished
            break
        action, event = draw_tap(data, view)
        before = state.model_dump()
        try:
            new = flow.apply(state, event)
        except FlowError as err:
            assert action.fields, f"{game}: offered tap {action.label!r} refused: {err}"
            assert state.model_dump() == before
            continue
        assert state.model_dump() == before, "apply must not change its input"
        json.dumps(event)  # events are JSON
        states.append(new)
        events.append(event)
        state = new
    if events:
        assert replay(game, config, events) == states[-1]
        assert replay(game, config, events[:-1]) == states[-2]
        assert load_state(game, state.model_dump(mode="json")) == state
    prefill = flow.score_prefill(state)
    assert prefill["game"] == game
    assert [p["name"] for p in prefill["players"]] == state.players
    json.dumps(prefill)
