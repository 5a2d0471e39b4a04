"""Play on one phone, in plain Python: the table's state replayed from its log up to the
event the screen was drawn from (``seq``), the game's view of it (round, phase, step,
actions, markers, notes), and the screen's actions: a tap, Undo, whether another
phone's change moves the screen on, what is entered in a form and not recorded, and
where the table is now in one line. The Play screen (companion/ui/views/play.py) draws
it; tests/screens/ test it in-process.

Every tap names the log it was drawn from (docs/DESIGN.md, "A table shared by several
phones"): the store refuses it when another phone moved on first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.engine import Engine, Refused, Saved, Stale
from companion.flows import FLOWS, Action, FlowError, PlayView, replay
from companion.flows.base import Flow
from companion.i18n import ENGLISH, current_language, name, say, say_error, speaking, t
from companion.screens.answers import told
from companion.table import play_state
from companion.table.play_state import current
from companion.table.record import TableSession
from companion.table.setup import flow_config


class Reads(Protocol):
    def get_table(self, table_id: str) -> TableSession | None: ...
    def last_seq(self, table_id: str) -> int: ...
    def log(self, table_id: str) -> tuple[list[dict], int]: ...
    def events(self, table_id: str) -> list[dict]: ...
    def series(self, series_id: str) -> list[TableSession]: ...


@dataclass(frozen=True)
class Tapped:
    """What came of a tap or an Undo: ``saved`` (draw the screen again from the store);
    ``stale`` (another phone moved on first: draw again, and, unless ``own`` (a quick
    second tap of this phone's) or ``gone``, say the tap was not applied); ``ask_end``
    (it would end the game: ask the table first); ``notice`` to show, and its ``kind``.
    A refusal changes nothing on screen: what was typed stays."""

    saved: bool = False
    stale: bool = False
    own: bool = False
    gone: bool = False
    ask_end: bool = False
    notice: str | None = None
    kind: str = "refused"

    @property
    def missed(self) -> bool:
        """A tap made on a screen another phone had moved on from: say it was not
        applied."""
        return self.stale and not self.own and not self.gone


@dataclass(frozen=True)
class Play:
    """Table ``session``'s Play as drawn from its log up to ``seq``. ``broken``: the game
    refuses the log (damaged, or from an older version): Undo alone repairs it."""

    session: TableSession
    flow: Flow
    config: dict[str, Any]
    state: Any
    seq: int
    broken: FlowError | None = None

    @classmethod
    def open(cls, store: Reads, table_id: str) -> Play | None:
        """The table's Play as saved now; None when there is no such table or its game
        has no play flow. Opening writes nothing."""
        session = store.get_table(table_id)
        if session is None or session.game not in FLOWS:
            return None
        config = flow_config(session, store)
        try:
            state, seq = current(store, session.game, config, table_id)
        except FlowError as err:
            return cls(session, FLOWS[session.game], config, None, store.last_seq(table_id),
                       err)
        return cls(session, FLOWS[session.game], config, state, seq)

    @property
    def table_id(self) -> str:
        return self.session.id

    @property
    def view(self) -> PlayView:
        return play_state.view(self.flow, self.state)

    @property
    def broken_text(self) -> str:
        return t("play.log_broken", detail=say_error(self.broken))

    def refusal(self, event: dict[str, Any]) -> str | None:
        """Why the game refuses ``event`` now, or None (a check only: nothing is saved)."""
        try:
            self.flow.apply(self.state, event)
        except FlowError as err:
            return say_error(err)
        return None

    def tap(self, engine: Engine, event: dict[str, Any], ending: bool = False) -> Tapped:
        """The engine checks the tap against the flow, then saves it on the log this
        screen was drawn from; a refused event is never saved. A tap that would end the
        game is saved only with ``ending`` (the table was asked)."""
        outcome = engine.tap(self.table_id, event, self.seq, config=self.config,
                             ending=ending)
        if isinstance(outcome, Refused) and outcome.ends_game:
            return Tapped(ask_end=True)
        return _tapped(outcome)

    def undo(self, engine: Engine, store: Reads) -> Tapped:
        """Take back the last event of the log drawn; the notice names its button."""
        outcome = engine.undo(self.table_id, self.seq)
        tapped = _tapped(outcome)
        if isinstance(outcome, Saved):
            return Tapped(saved=True, notice=self.undone_text(store, outcome.value),
                          kind="done")
        return tapped

    def undone_text(self, store: Reads, dropped: dict) -> str:
        """ "Undid: Record who took the cards": the tap taken back, named by the button
        that made it (the screen below shows where the table is now)."""
        try:
            view = self.flow.view(replay(self.session.game, self.config,
                                         store.events(self.table_id)))
        except FlowError:
            return t("play.undid_plain")
        label = next((a.label for a in view.actions
                      if a.event.get("type") == dropped.get("type")
                      and all(dropped.get(k) == v for k, v in a.event.items())), None)
        return t("play.undid", tap=say(label)) if label else t("play.undid_plain")

    def moved_on(self, store: Reads, kind: str) -> bool:
        """Whether another phone's change of ``kind`` draws this screen again. A score
        edit leaves Play as it is; a setup change (Carpe Astra's characters) is what the
        first tap records. A tap of this phone's that came just after was drawn from the
        log saved now already."""
        if kind == "play" and store.last_seq(self.table_id) == self.seq:
            return False
        return kind in ("play", "table", "setup")


def _tapped(outcome) -> Tapped:
    answer = told(outcome)
    if answer.stale:
        return Tapped(stale=True, gone=answer.gone,
                      own=isinstance(outcome, Stale) and outcome.own)
    if answer.saved:
        return Tapped(saved=True)
    return Tapped(notice=answer.notice, kind=answer.kind)


def where_now(store: Reads, table_id: str) -> str:
    """Where the saved table is now, in one line: "Round 2 · Eclipse · Reveal"."""
    play = Play.open(store, table_id)
    if play is None:
        return t("table.not_found")
    if play.broken is not None:
        return t("play.log_broken_short")
    view = play.view
    return " · ".join(where_parts(view) + [say(view.step)])


def where_parts(view: PlayView) -> list[str]:
    """The round and the phase ("Round 2 of 5", "Eclipse"), a phase that only repeats the
    round left out."""
    where: list[str] = []
    said: list[str] = []  # the same, in English
    if view.round is not None:
        key = "play.round_of" if view.rounds else "play.round"
        where.append(t(key, round=view.round, rounds=view.rounds))
        with speaking(ENGLISH):
            said.append(t(key, round=view.round, rounds=view.rounds))
    phase = say(view.phase)
    if phase and phase not in where and str(view.phase) not in said:
        where.append(phase)
    return where


# A card of markers as shown: its heading (a player's name; None for the table's) and its
# lines (label, value).
MarkerCard = tuple[str | None, list[tuple[str, str]]]


def marker_lines(view: PlayView) -> list[MarkerCard]:
    """The markers as they are shown, in the reader's language: a card for the table's and
    one for each player's. Made once for a view and a language, however many phones show
    it (``play_state.once_for``)."""
    return play_state.once_for(view, ("markers", current_language()),
                               lambda: _marker_lines(view))


def _marker_lines(view: PlayView) -> list[MarkerCard]:
    def line(label: str, value: Any) -> tuple[str, str]:
        text = (t("play.yes") if value else t("play.no")) if isinstance(value, bool) else (
            "—" if value is None else say(value))
        return label, text

    table = [m for m in view.markers if m.player is None]
    by_player: dict[str, list] = {}
    for m in view.markers:
        if m.player is not None:
            by_player.setdefault(m.player, []).append(m)
    cards: list[MarkerCard] = []
    if table:
        cards.append((None, [line(say(m.label), m.value) for m in table]))
    for player, markers in by_player.items():
        shown = name(player)
        # The marker's label without the name the heading already gives ("Ann: ", "Ann：").
        prefixes = (f"{shown}: ", f"{shown}：")
        cards.append((shown, [line(_without_prefix(say(m.label), prefixes), m.value)
                              for m in markers]))
    return cards


def _without_prefix(text: str, prefixes: tuple[str, ...]) -> str:
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def draft_for(drafts: dict, table_id: str, action: Action) -> tuple[tuple, dict[str, Any]]:
    """What is entered in ``action``'s form, kept in ``drafts`` (per table and event type)
    so that neither a redraw for another phone's change nor an Undo loses it; recording
    the event drops it. Returns the draft's key and its values. A field not changed on
    this form follows its default, which the log may change (Latria's override takes the
    entered cards' outcome, and loses it when they are undone)."""
    key = (table_id, action.event.get("type"), tuple(f.id for f in action.fields))
    values = drafts.setdefault(key, {})
    drawn_with = drafts.setdefault((key, "defaults"), {})
    for f in action.fields:
        if f.id not in values or values[f.id] == drawn_with.get(f.id):
            values[f.id] = f.default
        drawn_with[f.id] = f.default
    return key, values


def dirty(action: Action, values: dict[str, Any] | None) -> bool:
    """Whether a form holds entries other than its defaults (not recorded yet)."""
    return bool(values) and any(values.get(f.id, f.default) != f.default
                                for f in action.fields)


def unsaved(forms: list[tuple[Action, tuple]], drafts: dict, but: tuple | None) -> list[Action]:
    """The forms on screen (with their drafts' keys), ``but`` the one being recorded,
    that hold entries not recorded: the big button asks before they are lost."""
    return [action for action, key in forms if key != but and dirty(action, drafts.get(key))]
