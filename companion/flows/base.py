"""What every game's play flow shares: the flow record, the view the Play screen renders,
the error an event that is not allowed raises, and small event-reading helpers.

A game's flow is pure data plus four pure functions (no flet, no I/O, no randomness):

- ``initial(config) -> State``: the table before the first tap. ``config`` is
  ``{"players": ["Ann", ...], "variant": "standard", "setup": {...} | None}`` where
  ``setup`` is the JSON of ``setup_guides`` for this table (numbers are taken from it
  when present, else worked out from the rulebook here).
- ``apply(state, event) -> State``: one tap. ``event`` is ``{"type": "...", ...}``; it
  names a player by seat, never by name (``seat``, ``seat_key``, ``req_player``);
  the input state is never modified (Play keeps earlier states and applies later taps to
  them: companion/table/play_state.py). ``apply`` starts from a shallow copy,
  ``state.model_copy()``, and gives it its own copy of a list, dict or sub-model just
  before changing it in place: ``own(s, "field")``. An event that is not allowed now
  raises ``FlowError`` whose message is a sentence for the players (the UI shows it and
  does not record the event).
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

from .i18n import Msg, Text, comma_list

MAX_NAME_LENGTH = 40  # as the score sheets (docs/score-sheets.md)


class FlowError(ValueError):
    """An event that is not allowed now. ``str(err)`` is a clear sentence for the table
    (English); ``err.args[0]`` is its ``Msg``, for the screen to render in the table's
    language (``message(err)``)."""


def message(err: BaseException) -> Msg | str:
    """The sentence of a ``FlowError``: its ``Msg`` when it has one."""
    first = err.args[0] if err.args else ""
    return first if isinstance(first, Msg) else str(err)


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

    - ``player``: one of ``choices``, the players' seats (``seat``), with their names as
      ``choice_labels`` (``player_field``); ``optional`` adds "nobody" (``None``).
    - ``number``: an int from ``min`` to ``max``.
    - ``choice``: one of ``choices`` (values put in the event); ``choice_labels`` are
      the texts to show for them (same order), when they differ from the values.
      ``optional`` adds "none" (``None``).
    - ``bool``: yes / no.

    The value goes into the event at ``event[key]``, or at ``event[group][key]`` when
    ``group`` is set (e.g. one number per player, keyed by seat: ``group="changes",
    key="1"``, ``seat_key``).
    ``id`` names the field uniquely within its action. ``default`` is what the form
    starts with; ``NOT_PICKED``: nothing, the table has to choose.

    A ``player`` or ``choice`` field records who or what; one that starts picked (any
    default but ``NOT_PICKED``, and "none" when ``optional``) says why in ``preset``:

    - ``"setup"``: drawn or chosen on the Setup screen (e.g. the start player);
    - ``"rulebook"``: the rulebook names it (e.g. Luna: left of the last Time token);
    - ``"entered"``: what the table entered earlier (e.g. Latria's proposal, to correct);
    - ``"only"``: the sole answer the form offers.

    Any other pick would be the app choosing for the table: a tap left alone would
    record it (tests/flows/test_presets.py).

    ``not_for`` (a ``bool`` field keyed by a player's seat, ``seat_key``): the id of a
    ``player`` field of the same form; the question is not asked of the player picked there, and its
    answer is then no (Latria, step 4: the player who took the cards did not keep their
    own card too).
    """

    model_config = ConfigDict(frozen=True)

    key: str
    label: Text
    kind: FieldKind
    choices: list[str | int] | None = None
    choice_labels: list[Text] | None = None
    min: int | None = None
    max: int | None = None
    default: Any = None
    group: str | None = None
    optional: bool = False
    preset: Literal["setup", "rulebook", "entered", "only"] | None = None
    not_for: str | None = None

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
    label: Text
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
    label: Text
    lines: list[Text] = []


class Passage(BaseModel):
    """Rulebook words cited by place, not copied: in the section ``section`` (its id,
    companion.rules.rulebooks' slug of the heading), the passage that begins with the words
    ``start`` and ends with the first ``end`` after them (``end`` empty: ``start`` is the
    whole passage). Whitespace runs match any whitespace (line breaks, indents)."""

    model_config = ConfigDict(frozen=True)

    section: str
    start: str
    end: str = ""


class Citation(BaseModel):
    """Passages of one book a step cites, and how the source line names where they are
    (``where``: "Game Flow, Step 4", after the book's name). ``book`` is the book's key
    (companion.rules.rulebooks: the game's id for its original, "latoro-en" for Latoro's
    translation)."""

    model_config = ConfigDict(frozen=True)

    book: str
    where: str
    passages: tuple[Passage, ...]


def cite(book: str, where: str, *passages: tuple[str, str, str] | tuple[str, str]) -> Citation:
    """A ``Citation`` from (section, start[, end]) triples: the flows' tables stay short."""
    return Citation(book=book, where=where,
                    passages=tuple(Passage(section=p[0], start=p[1], end=p[2] if len(p) > 2 else "")
                                   for p in passages))


def cites(citations: Mapping[str, Citation], *keys: str) -> list[Citation]:
    """The citations of ``keys``, in order."""
    return [citations[k] for k in keys]


class Marker(BaseModel):
    """A thing the game keeps beside the board. ``player`` is set for per-player markers
    (their ``label`` then starts with the name, e.g. "Ann: credits")."""

    label: Text
    value: Text | int | bool | None
    player: str | None = None


class PlayView(BaseModel):
    """What the Play screen shows for a state."""

    game: str
    round: int | None  # None before the first round (start, preliminary round)
    rounds: int | None  # None when the game has no fixed number of rounds (Altar)
    phase: Text
    step: Text
    reminder: Text  # one line: what to do now
    # Where the rulebook says it: the passages this step rests on, by book and section
    # (companion.rules.quotes gives their words; Latoro's steps cite the Japanese original
    # and the translation, shown by the phone's language).
    cites: list[Citation] = []
    markers: list[Marker]
    actions: list[Action]
    notes: list[Text] = []  # extra lines, e.g. the step-4 helper's proposal
    note_rulings: list[str] = []  # the readings the notes rest on (their own "Why?")
    # The readings (docs/RULINGS.md ids) behind what this step says or refuses: the
    # screen offers a "Why?" for them; the texts above never name an id.
    rulings: list[str] = []
    active_player: str | None = None
    finished: bool = False
    # Parts shown one at a time (see Section): the chips' caption, and the one shown
    # until another is picked (e.g. the Realm of the player whose turn it is).
    sections: list[Section] = []
    sections_label: Text = ""
    section: str | None = None


class FlowState(BaseModel):
    """Fields every game's state has. Game states subclass it; all are JSON-serialisable."""

    game: str
    players: list[str]
    variant: str
    finished: bool = False
    # the table's own readings its flow applies (ruling id → "alternative"; absent: the
    # documented reading), from the config's "readings" (scorers/readings.py)
    readings: dict[str, str] = {}


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
    # every passage its steps may cite (tests/rules/test_quotes.py finds each one)
    citations: tuple[Citation, ...] = ()
    # the turn structure apply and view run (tests/flows/test_step_tables.py)
    steps: StepTable | None = None


# ---------------------------------------------------------------------------------------
# Copying what an event changes


def own(state: BaseModel, *fields: str) -> None:
    """Give ``state`` its own copy of each of ``fields`` (the whole field, all the way
    down), to change in place.

    ``apply`` works on a shallow copy of its input, which shares every list, dict and
    sub-model with the input and with the states Play keeps; a field is copied here just
    before it is changed in place (``s.influence[i] = …``, ``s.outcomes.append(…)``,
    ``realm.shrines += 1``). A field given a new value (``s.step = "2"``,
    ``s.slandered = []``) needs nothing. Copying the whole state for every event was most
    of a replay's time; a field is a few numbers."""
    for name in fields:
        setattr(state, name, _copied(getattr(state, name)))


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return value.model_copy(update={k: _copied(v) for k, v in value.__dict__.items()
                                        if isinstance(v, (list, dict, BaseModel))})
    return value  # str, int, bool, None, and tuples of them: never changed in place


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
        if not_asked(action, f, values):
            value = False
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


def not_asked(action: Action, field: Field, values: Mapping[str, Any]) -> bool:
    """Whether ``field`` is not asked now: it is ``not_for`` the player picked (Field)."""
    if field.not_for is None:
        return False
    picker = next((f for f in action.fields if f.id == field.not_for), None)
    return (picker is not None
            and str(values.get(picker.id, picker.default)) == field.key)


def next_action(label: Msg, **event: Any) -> Action:
    """The big "next" button."""
    return Action(event={"type": "next", **event}, label=label, primary=True)


# ---------------------------------------------------------------------------------------
# Config and event reading


def config_readings(config: Mapping[str, Any]) -> dict[str, str]:
    """The config's ``readings`` (ruling id → "alternative"), anything else left out."""
    given = config.get("readings") if isinstance(config, Mapping) else None
    if not isinstance(given, Mapping):
        return {}
    return {k: "alternative" for k, v in given.items()
            if isinstance(k, str) and v == "alternative"}


def parse_config(
    config: Mapping[str, Any],
    game: str,
    player_range: tuple[int, int],
    variants: Sequence[str],
) -> tuple[list[str], str, dict[str, Any]]:
    """(players, variant, setup) from a config, or ``FlowError`` saying what is wrong."""
    if not isinstance(config, Mapping):
        raise FlowError(Msg("flow.base.config_missing"))
    players = config.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise FlowError(Msg("flow.base.players_not_list"))
    names = [p.strip() for p in players]
    lo, hi = player_range
    if not lo <= len(names) <= hi:
        raise FlowError(Msg("flow.base.player_count", game=game, count=len(names), lo=lo,
                             hi=hi))
    seen: set[str] = set()
    for name in names:
        if not name:
            raise FlowError(Msg("flow.base.name_missing"))
        if len(name) > MAX_NAME_LENGTH:
            raise FlowError(Msg("flow.base.name_too_long", name=name, max=MAX_NAME_LENGTH))
        if name.casefold() in seen:
            raise FlowError(Msg("flow.base.name_twice", name=name))
        seen.add(name.casefold())
    variant = config.get("variant") or "standard"
    if variant not in variants:
        raise FlowError(Msg("flow.base.no_variant", game=game, variant=variant,
                            variants=comma_list(list(variants))))
    setup = config.get("setup") or {}
    if not isinstance(setup, Mapping):
        raise FlowError(Msg("flow.base.setup_not_object"))
    return names, variant, dict(setup)


def setup_first_player(setup: Mapping[str, Any], n: int) -> int | None:
    """The setup's first player as an index 0…n−1 (its ``first_player`` is a seat 1…n);
    None when the setup gives none (a table made without the Setup screen's draw)."""
    seat = setup.get("first_player")
    if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= n:
        return seat - 1
    return None


def setup_pick(index: int | None) -> dict[str, Any]:
    """How a player field starts that the setup's draw answers (``setup_first_player``):
    that player, marked as the setup's, or nothing picked when the setup drew no one (the
    table chooses: seat 1 would be the app choosing for it)."""
    if index is None:
        return {"default": NOT_PICKED}
    return {"default": seat(index), "preset": "setup"}


def event_type(event: Mapping[str, Any]) -> str:
    if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
        raise FlowError(Msg("flow.base.no_type"))
    return event["type"]


def seat(index: int) -> int:
    """The seat an event names a player by: 1…n in the order of the players list (as the
    setup's ``first_player``). Events never hold names: a rename changes the table's
    players list, and the log stays as it was."""
    return index + 1


def seat_key(index: int) -> str:
    """A player's key in an event's group (one entry per player): the seat as text, as
    JSON keys are (``{"changes": {"1": 3, "2": -1}}``)."""
    return str(index + 1)


def req_player(
    players: Sequence[str], value: Any, error: Msg, *, optional: bool = False
) -> int | None:
    """The index of the player at seat ``value`` (``seat``); else ``FlowError(error)``,
    the caller's whole sentence (e.g. "Choose the start player among the players.")."""
    if value is None and optional:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= len(players):
        return value - 1
    raise FlowError(error)


def player_field(key: str, label: Text, players: Sequence[str],
                 among: Sequence[int] | None = None, **kw: Any) -> Field:
    """A ``player`` field: the seats as its values, the names as what the chips show;
    ``among``: the indices of the players it offers (all, in seat order, when None)."""
    offered = range(len(players)) if among is None else among
    return Field(key=key, label=label, kind="player", choices=[seat(i) for i in offered],
                 choice_labels=[players[i] for i in offered], **kw)


def req_int(
    value: Any,
    lo: int | None = None,
    hi: int | None = None,
    *,
    whole: Msg,
    low: Msg | None = None,
    high: Msg | None = None,
) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; else ``FlowError`` with the
    caller's sentence: ``whole`` (not a number), ``low`` (below ``lo``), ``high``
    (above ``hi``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FlowError(whole)
    if lo is not None and value < lo:
        raise FlowError(low or whole)
    if hi is not None and value > hi:
        raise FlowError(high or whole)
    return value


def req_bool(value: Any, error: Msg, default: bool | None = None) -> bool:
    """``value`` if it is yes or no (``default`` when left out); else ``FlowError(error)``."""
    if value is None and default is not None:
        return default
    if not isinstance(value, bool):
        raise FlowError(error)
    return value


def req_choice(
    value: Any,
    choices: Sequence[str],
    error: Msg,
    *,
    optional: bool = False,
) -> str | None:
    """``value`` if it is one of ``choices``; else ``FlowError(error)`` (the caller's
    sentence, which names the choices in words)."""
    if value is None and optional:
        return None
    if isinstance(value, str) and value in choices:
        return value
    raise FlowError(error)


def req_group(event: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    group = event.get(key)
    if group is None:
        return {}
    if not isinstance(group, Mapping):
        raise FlowError(Msg("flow.base.bad_group"))
    return group


def left_of(index: int, n: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``index``; seats follow the
    order of the players list."""
    return (index + steps) % n


def seat_order(start: int, n: int) -> list[int]:
    """Indices in turn order beginning with ``start``."""
    return [(start + k) % n for k in range(n)]


def start_action(players: Sequence[str], drawn: int | None, label: Msg, what: Msg) -> Action:
    """The first tap of a game: confirm who starts (the setup's draw, ``setup_pick``)."""
    return Action(
        event={"type": "start"},
        label=label,
        primary=True,
        fields=[player_field("player", what, players, **setup_pick(drawn))],
    )


# ---------------------------------------------------------------------------------------
# Step tables: a game's turn structure as data, run by one apply and one view


def of(value: Any, state: Any) -> Any:
    """A step's part: given as it is, or worked out from the state (a function of it)."""
    return value(state) if callable(value) else value


@dataclass(frozen=True)
class Step:
    """One step of a game's turn structure, as its rulebook heads it.

    Any part but ``id``, ``then``, ``actions`` and ``notes`` may be a function of the state
    instead of a value (``of``). ``id`` is what the state's step field holds. ``title`` is
    the step's name (big on Play), ``reminder`` one line saying what to do now, ``cites``
    the keys of the game's citations it quotes. ``next`` is the step the big Next button
    leads to (None: the step has no Next, another move ends it), ``next_label`` that
    button's words, ``then`` what leaving by Next does before it moves (a pure function
    changing the state's copy, given the event; it may raise ``FlowError``);
    ``next_fields`` the Next button's form, when Next records an answer. ``moves``
    are the event types the step allows besides "next" (the table's ``anytime`` moves are
    allowed in every step and check for themselves). ``actions``: the step's own buttons,
    above Next, and ``more`` below it; ``rulings``: the readings the step rests on;
    ``notes`` and ``note_rulings``: its extra lines and the readings they rest on (shown
    with them, so that the step's card keeps its size when they come); ``active``: the
    index of the player whose turn it is (None: the whole table acts).
    ``arrive``: what reaching this step does to the state's copy, however it is reached
    (Altar: a turn begins with its draw, so the turn count moves on there).
    ``final``: reaching this step ends the game.
    """

    id: str
    title: Any
    reminder: Any
    cites: Any = ()
    next: Any = None
    next_label: Any = ""
    then: Callable[[Any, Mapping[str, Any]], None] | None = None
    next_fields: Callable[[Any], list[Field]] | None = None
    moves: tuple[str, ...] = ()
    actions: Callable[[Any], list[Action]] | None = None
    more: Callable[[Any], list[Action]] | None = None
    notes: Callable[[Any], list[Text]] | None = None
    note_rulings: Any = ()
    rulings: Any = ()
    active: Any = None
    arrive: Callable[[Any], None] | None = None
    final: bool = False


@dataclass(frozen=True)
class StepTable:
    """A game's play flow as data: its steps in the rulebook's order, its moves (event type
    → a small pure function that changes the state's copy, or raises ``FlowError``), the
    passages the steps cite, and the few game-wide parts of a view.

    ``refusal(state, event_type)`` is the sentence for a move the current step does not
    allow (the game is over, or not now); ``unknown`` for an event type the game does not
    have. ``frame(state, view)`` completes the view every step shares (round, phase,
    markers, the buttons offered in every step, whose turn it is) from the dict of
    ``PlayView`` fields the step made; it changes the dict in place. ``step_field`` names
    the state's field holding the current step's id.
    """

    game: str
    steps: tuple[Step, ...]
    moves: Mapping[str, Callable[[Any, Mapping[str, Any]], None]]
    citations: Mapping[str, Citation]
    refusal: Callable[[Any, str], Msg]
    unknown: Msg
    frame: Callable[[Any, dict[str, Any]], None]
    anytime: frozenset[str] = frozenset()
    step_field: str = "step"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.id: s for s in self.steps})

    def step(self, state: Any) -> Step:
        """The step the state is at."""
        return self._by_id[getattr(state, self.step_field)]  # type: ignore[attr-defined]

    def allows(self, state: Any, kind: str) -> bool:
        """Whether the current step allows a move of ``kind`` (an ``anytime`` move decides
        for itself)."""
        if kind in self.anytime:
            return True
        if state.finished:
            return False
        step = self.step(state)
        return kind in step.moves or (kind == "next" and of(step.next, state) is not None)

    def apply(self, state: Any, event: Mapping[str, Any]) -> Any:
        """One tap (``Flow.apply``): the move of the event's type on a shallow copy of the
        state (``own``), if the step allows it; else ``FlowError``."""
        kind = event_type(event)
        if kind != "next" and kind not in self.moves:
            raise FlowError(self.unknown)
        if not self.allows(state, kind):
            raise FlowError(self.refusal(state, kind))
        s = state.model_copy()
        if kind != "next":
            self.moves[kind](s, event)
            return s
        step = self.step(s)
        if step.then is not None:
            step.then(s, event)
        self.enter(s, of(step.next, s))
        return s

    def enter(self, s: Any, step_id: str) -> None:
        """Move the state's copy to the step ``step_id`` (the end of the game when final)."""
        setattr(s, self.step_field, step_id)
        step = self._by_id[step_id]  # type: ignore[attr-defined]
        if step.arrive is not None:
            step.arrive(s)
        if step.final:
            s.finished = True

    def view(self, state: Any) -> PlayView:
        """What Play shows (``Flow.view``): the current step's parts, then the game's
        ``frame``."""
        step = self.step(state)
        actions = list(step.actions(state)) if step.actions else []
        if not state.finished and of(step.next, state) is not None:
            actions.append(Action(event={"type": "next"}, label=of(step.next_label, state),
                                  primary=True,
                                  fields=step.next_fields(state) if step.next_fields else []))
        if step.more:
            actions.extend(step.more(state))
        parts: dict[str, Any] = {
            "game": self.game, "round": None, "rounds": None, "phase": "",
            "step": of(step.title, state), "reminder": of(step.reminder, state),
            "cites": cites(self.citations, *of(step.cites, state)),
            "markers": [], "actions": actions,
            "notes": list(step.notes(state)) if step.notes else [],
            "note_rulings": list(of(step.note_rulings, state)),
            "rulings": list(of(step.rulings, state)), "finished": state.finished,
        }
        who = of(step.active, state)
        parts["active_player"] = None if who is None else state.players[who]
        self.frame(state, parts)
        return PlayView(**parts)
