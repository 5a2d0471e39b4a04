"""What every game's play flow shares: the flow record, the view the Play screen renders,
the error an event that is not allowed raises, and small event-reading helpers.

A game's flow is pure data plus four pure functions (no flet, no I/O, no randomness):

- ``initial(config) -> State``: the table before the first tap. ``config`` is
  ``{"players": ["Ann", ...], "variant": "standard", "setup": {...} | None}`` where
  ``setup`` is the JSON of ``setup_guides`` for this table (numbers are taken from it
  when present, else worked out from the rulebook here).
- ``apply(state, event) -> State``: one tap. ``event`` is ``{"type": "...", ...}``;
  the input state is never modified. An event that is not allowed now raises
  ``FlowError`` whose message is a sentence for the players (the UI shows it and does
  not record the event).
- ``view(state) -> PlayView``: everything the Play screen shows, including the
  ``actions`` it offers. Each ``Action`` carries the event to append; when it has
  ``fields`` the UI renders a small form and builds the event with ``build_event``.
- ``score_prefill(state) -> dict``: the part of the final score sheet that play already
  knows (same JSON shapes as the score sheets).

A session is the config plus the list of events; its state is the fold of the events
(``companion.flows.replay``); undo is the caller dropping the last event and replaying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_serializer

MAX_NAME_LENGTH = 40  # as the score sheets (spec: score-sheets.md)


class FlowError(ValueError):
    """An event that is not allowed now. ``str(err)`` is a clear sentence for the table."""


FieldKind = Literal["player", "number", "choice", "bool"]


class _NotPicked:
    """The default of a field the table must answer itself: no chip is shown picked
    (not even "nobody / none"), and ``build_event`` leaves the key out of the event, so
    the flow can ask for it."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_PICKED"


NOT_PICKED: Any = _NotPicked()


class Field(BaseModel):
    """One input of an action's form.

    - ``player``: one of ``choices`` (player names); ``optional`` adds "nobody" (``None``).
    - ``number``: an int from ``min`` to ``max``.
    - ``choice``: one of ``choices`` (values put in the event); ``choice_labels`` are
      the texts to show for them (same order), when they differ from the values.
      ``optional`` adds "none" (``None``).
    - ``bool``: yes / no.

    The value goes into the event at ``event[key]``, or at ``event[group][key]`` when
    ``group`` is set (e.g. one number per player: ``group="changes", key="Ann"``).
    ``id`` names the field uniquely within its action. ``default`` is what the form
    starts with; ``NOT_PICKED``: nothing, the table has to choose.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    label: str
    kind: FieldKind
    choices: list[str] | None = None
    choice_labels: list[str] | None = None
    min: int | None = None
    max: int | None = None
    default: Any = None
    group: str | None = None
    optional: bool = False

    @property
    def id(self) -> str:
        return f"{self.group}.{self.key}" if self.group else self.key

    @field_serializer("default")
    def _default_json(self, value: Any) -> Any:
        return None if value is NOT_PICKED else value


class Action(BaseModel):
    """A button. ``event`` is appended when tapped (completed by ``fields`` if any).

    ``primary`` marks the large "next" button (at most one per view). ``helper`` names a
    calculator the UI may offer to fill the fields (``"luna_round"``: the fields are each
    player's round change, the totals of ``scorers.luna_round``). ``folded``: the form
    is a helper behind one tap (its label on a button that opens it), so the quicker
    actions above it stay in view. ``section``: the action belongs to one of the view's
    ``sections`` and is shown only while that section is (e.g. one player's Realm).
    ``disabled``: shown, so the buttons around it keep their places, but not tappable
    now (e.g. no inactive Altar to activate); the flow would refuse it.
    """

    event: dict[str, Any]
    label: str
    fields: list[Field] = []
    primary: bool = False
    helper: str | None = None
    folded: bool = False
    section: str | None = None
    disabled: bool = False


class Section(BaseModel):
    """A part of the Play screen shown one at a time, picked with a chip (e.g. one
    player's Realm instead of every Realm's buttons at once). ``key`` is what the
    actions name in ``Action.section``; ``label`` the chip's text; ``lines`` are shown
    above its actions (e.g. what the Realm holds)."""

    key: str
    label: str
    lines: list[str] = []


class Marker(BaseModel):
    """A thing the game keeps beside the board. ``player`` is set for per-player markers
    (their ``label`` then starts with the name, e.g. "Ann: credits")."""

    label: str
    value: str | int | bool | None
    player: str | None = None


class PlayView(BaseModel):
    """What the Play screen shows for a state."""

    game: str
    round: int | None  # None before the first round (start, preliminary round)
    rounds: int | None  # None when the game has no fixed number of rounds (Altar)
    phase: str
    step: str
    reminder: str  # one line: what to do now
    rule: str  # the rulebook's own words for this step (quoted from seeds/)
    rule_source: str  # e.g. "Latria rulebook — Game Flow, Step 4"
    markers: list[Marker]
    actions: list[Action]
    notes: list[str] = []  # extra lines, e.g. the step-4 helper's proposal
    # The readings (docs/RULINGS.md ids) behind what this step says or refuses: the
    # screen offers a "Why?" for them; the texts above never name an id.
    rulings: list[str] = []
    active_player: str | None = None
    finished: bool = False
    # Parts shown one at a time (see Section): the chips' caption, and the one shown
    # until another is picked (e.g. the Realm of the player whose turn it is).
    sections: list[Section] = []
    sections_label: str = ""
    section: str | None = None


class FlowState(BaseModel):
    """Fields every game's state has. Game states subclass it; all are JSON-serialisable."""

    game: str
    players: list[str]
    variant: str
    finished: bool = False


@dataclass(frozen=True)
class Flow:
    """A game's play flow: the functions above plus its state model (to load a saved
    state) and the player counts and variants it accepts."""

    game: str
    title: str
    state_model: type[FlowState]
    variants: tuple[str, ...]
    player_range: tuple[int, int]
    initial: Callable[[Mapping[str, Any]], FlowState]
    apply: Callable[[FlowState, Mapping[str, Any]], FlowState]
    view: Callable[[FlowState], PlayView]
    score_prefill: Callable[[FlowState], dict[str, Any]]


# ---------------------------------------------------------------------------------------
# Forms


def build_event(action: Action, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The event for ``action`` with its form filled in.

    ``values`` maps ``Field.id`` to the value entered; a field left out takes its
    ``default``; a field still ``NOT_PICKED`` is left out of the event. Values are not
    checked here: ``apply`` checks them and raises ``FlowError`` with a message for the
    field.
    """
    values = values or {}
    event = dict(action.event)
    for f in action.fields:
        value = values.get(f.id, f.default)
        if value is NOT_PICKED:
            continue
        if f.group:
            group = event.get(f.group)
            group = dict(group) if isinstance(group, dict) else {}
            group[f.key] = value
            event[f.group] = group
        else:
            event[f.key] = value
    return event


def next_action(label: str, **event: Any) -> Action:
    """The big "next" button."""
    return Action(event={"type": "next", **event}, label=label, primary=True)


# ---------------------------------------------------------------------------------------
# Config and event reading


def parse_config(
    config: Mapping[str, Any],
    game: str,
    player_range: tuple[int, int],
    variants: Sequence[str],
) -> tuple[list[str], str, dict[str, Any]]:
    """(players, variant, setup) from a config, or ``FlowError`` saying what is wrong."""
    if not isinstance(config, Mapping):
        raise FlowError("The table's configuration is missing.")
    players = config.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise FlowError("The players must be a list of names.")
    names = [p.strip() for p in players]
    lo, hi = player_range
    if not lo <= len(names) <= hi:
        raise FlowError(f"{game}: {len(names)} players, but the game is for {lo}–{hi}.")
    seen: set[str] = set()
    for name in names:
        if not name:
            raise FlowError("Every player needs a name.")
        if len(name) > MAX_NAME_LENGTH:
            raise FlowError(f"The name {name!r} is longer than {MAX_NAME_LENGTH} characters.")
        if name.casefold() in seen:
            raise FlowError(f"Two players are called {name!r}; names must differ.")
        seen.add(name.casefold())
    variant = config.get("variant") or "standard"
    if variant not in variants:
        raise FlowError(
            f"{game} has no variant {variant!r}; it has {', '.join(variants)}."
        )
    setup = config.get("setup") or {}
    if not isinstance(setup, Mapping):
        raise FlowError("The setup must be the setup guide's JSON object.")
    return names, variant, dict(setup)


def setup_first_player(setup: Mapping[str, Any], n: int) -> int:
    """The setup's first player as an index 0…n−1 (its ``first_player`` is a seat 1…n);
    seat 1 when the setup gives none."""
    seat = setup.get("first_player")
    if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= n:
        return seat - 1
    return 0


def event_type(event: Mapping[str, Any]) -> str:
    if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
        raise FlowError("This tap was not understood (an event needs a type).")
    return event["type"]


def req_player(
    players: Sequence[str], value: Any, what: str = "player", *, optional: bool = False
) -> int | None:
    """The index of the player named ``value``."""
    if value is None and optional:
        return None
    if isinstance(value, str) and value in players:
        return players.index(value)
    raise FlowError(f"Choose the {what} among the players.")


def req_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FlowError(f"Enter a whole number for {what}.")
    if lo is not None and value < lo:
        raise FlowError(f"{what[:1].upper()}{what[1:]} must be at least {lo}.")
    if hi is not None and value > hi:
        raise FlowError(f"{what[:1].upper()}{what[1:]} can be at most {hi}.")
    return value


def req_bool(value: Any, what: str, default: bool | None = None) -> bool:
    if value is None and default is not None:
        return default
    if not isinstance(value, bool):
        raise FlowError(f"Answer yes or no for {what}.")
    return value


def req_choice(
    value: Any,
    choices: Sequence[str],
    what: str,
    *,
    optional: bool = False,
    labels: Sequence[str] | None = None,
) -> str | None:
    """``value`` if it is one of ``choices`` (the message lists ``labels`` if given)."""
    if value is None and optional:
        return None
    if isinstance(value, str) and value in choices:
        return value
    raise FlowError(f"Choose {what}: one of {', '.join(labels or choices)}.")


def req_group(event: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    group = event.get(key)
    if group is None:
        return {}
    if not isinstance(group, Mapping):
        raise FlowError("This tap was not understood (a form part is malformed).")
    return group


def left_of(index: int, n: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``index``; seats follow the
    order of the players list."""
    return (index + steps) % n


def seat_order(start: int, n: int) -> list[int]:
    """Indices in turn order beginning with ``start``."""
    return [(start + k) % n for k in range(n)]


def start_action(players: Sequence[str], default: int, label: str, what: str) -> Action:
    """The first tap of a game: confirm who starts (the setup's draw is the default)."""
    return Action(
        event={"type": "start"},
        label=label,
        primary=True,
        fields=[
            Field(key="player", label=what, kind="player", choices=list(players),
                  default=players[default]),
        ],
    )


Rules = Mapping[str, tuple[str, Sequence[str]]]
"""Per game: step key → (source, verbatim excerpts of the rulebook in seeds/)."""


def quote(rules: Rules, *keys: str) -> tuple[str, str]:
    """(rule_source, rule) for the view from the rule excerpts of ``keys``."""
    sources: list[str] = []
    texts: list[str] = []
    for key in keys:
        source, excerpts = rules[key]
        if source not in sources:
            sources.append(source)
        texts.extend(excerpts)
    return "; ".join(sources), "\n\n".join(texts)
