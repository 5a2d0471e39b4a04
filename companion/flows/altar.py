"""Altar: Realms of the Gods (2–5 players): turns in order (draw, main action, free
actions and discard; 2 players: two draws and two different actions), the Shrine tiles
left, each Realm's Shrines and active/inactive Altars, and the three end triggers with
finishing the round. Source: seeds/003 (the rulebook).

A Realm is named by a ``realm`` value ``"<player index>-<realm index>"`` (``"0-0"``;
with 2 players each player has realms ``-0`` and ``-1``); the fields label them.

Events (``type``; a player is named by seat, ``base.seat``):
- ``start`` ``{player, love}``: the first player; ``love``: the Realm of the Goddess of
  Love (starts with an active Altar), or None.
- ``next``: from the draw to the main action, from the end of the turn to the next turn.
- ``main`` ``{action, realm}``: the main action, ``action`` one of ``ability ritual
  worship pass``; a Ritual builds a Shrine on ``realm`` (one of the player's Realms).
- ``shrine`` ``{realm}``: a Shrine placed by a card's ability (not a main action).
- ``altar`` ``{realm, change}``: ``discover`` (a new inactive Altar), ``activate``,
  ``destroy_active``, ``destroy_inactive``.
- ``deck_exhausted``: end trigger 3 — the deck and face-up cards are gone and every
  player passed: the game ends at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from scorers.boxes import altar as box
from scorers.boxes import player_range, variant_ids

from .base import (
    NOT_PICKED,
    Action,
    Citation,
    Field,
    Flow,
    FlowError,
    FlowState,
    Marker,
    Section,
    Step,
    StepTable,
    cite,
    comma_list,
    config_readings,
    own,
    parse_config,
    player_field,
    req_choice,
    req_player,
    seat_order,
    setup_first_player,
    setup_pick,
)
from .i18n import Msg, Text

GAME = "altar"
# Altar, Setup 2: "(the Goddess of Love takes an active one)"; scorers.altar.KNOWN_GODS
GODDESS_OF_LOVE = "Goddess of Love"
# The counts and variants: scorers/boxes/altar.py
VARIANTS = variant_ids(box)
PLAYERS = player_range(box)
MAX_SHRINES = 3  # Altar, Main Actions (Ritual): "(Max. 3 Shrines)"
MAX_ALTARS = 4  # Altar, Winner of the Game: "(max 4 Altars)"
COMPLETE_AT = 5  # Winner of the Game: 1 Shrine → 4 Altars, 2 → 3, …: shrines + altars ≥ 5
HAND_LIMIT = 6  # Main Actions: "discard down to 6 cards"
MAIN_ACTIONS = ("ability", "ritual", "worship", "pass")
MAIN_LABELS = {"ability": Msg("flow.altar.main.ability"), "ritual": Msg("flow.altar.main.ritual"),
               "worship": Msg("flow.altar.main.worship"), "pass": Msg("flow.altar.main.pass")}
ENDS = {"realm_completed": Msg("flow.altar.end.realm_completed"),
        "shrines_depleted": Msg("flow.altar.end.shrines_depleted"),
        "deck_exhausted": Msg("flow.altar.end.deck_exhausted")}

BOOK = GAME  # the rulebook its steps cite (companion.rules.rulebooks)
CITATIONS: dict[str, Citation] = {
    "start": cite(BOOK, "Setup",
        ("setup", "Each player chooses", "active one)."),
        ("setup", "The oldest player", "oldest... of all!).")),
    "draw": cite(BOOK, "Gameplay; Draw a Card",
        ("gameplay", "On each player's", "main action."),
        ("draw-a-card", "A player may select", "draw deck."),
        ("draw-a-card", "Whenever a face up", "draw deck.")),
    "draw2": cite(BOOK, "Gameplay; Draw a Card",
        ("gameplay", "In a 2-player game,", "different actions."),
        ("draw-a-card", "In a 2-player game,", "both cards.")),
    "action": cite(BOOK, "Main Actions",
        ("main-actions", "On each player's", "listed below:"),
        ("main-actions", "Use the ability (text)", "discard the card."),
        ("main-actions", "Perform a Ritual:", "3 Shrines)"),
        ("main-actions", "Worship a god: A", "enemy gods."),
        ("main-actions", "Do nothing (pass).")),
    "action2": cite(BOOK, "Gameplay",
        ("gameplay", "In a 2-player game,", "different actions.")),
    "end_turn": cite(BOOK, "Main Actions; Free Actions",
        ("main-actions", "At the end of a player's", "clockwise order."),
        ("free-actions", "In addition to the", "Free Actions.")),
    "ending": cite(BOOK, "End of the Game",
        ("end-of-the-game", "The game ends immediately when one of the following occurs:"),
        ("end-of-the-game", "A player has placed", "of turns)."),
        ("end-of-the-game", "The player(s) who", "destroyed)."),
        ("end-of-the-game", "In a 2-player game, both Realms must be completed."),
        ("end-of-the-game", "The stack of Shrine", "of turns)."),
        ("end-of-the-game", "The draw deck runs", "have passed.")),
    "winner": cite(BOOK, "Winner of the Game",
        ("winner-of-the-game", "The number of Altars", "win the game."),
        ("winner-of-the-game", "If a player builds 1 Shrine then he will need 4 Altars."),
        ("winner-of-the-game", "If a player builds 2 Shrines then he will need 3 Altars.")),
}


class Realm(BaseModel):
    shrines: int = 0
    active: int = 0
    inactive: int = 1  # Altar, Setup 2: each Realm starts with an inactive Altar


class AltarState(FlowState):
    game: str = GAME
    realms_each: int
    shrine_tiles: int
    shrines_left: int
    realms: list[list[Realm]]
    proposed_start: int | None = 0
    start: int = 0
    turn: int = 0  # turns begun, counted over all players (1 = the first turn)
    step: str = "start"
    actions_done: list[str] = []
    love: str | None = None  # the Realm of the Goddess of Love, if she is played
    end: str | None = None  # the first end trigger
    end_turn_number: int | None = None  # the turn on which it happened
    last_shrine_turn: list[int | None]
    # Altar, Winner of the Game: "the player who placed the last Shrine": two players' last
    # Shrines can come in one turn (a card's ability on another player's Realm), so each
    # player's last Shrine also has its place among the Shrines of its turn (1 = first).
    last_shrine_order: list[int | None] = []
    turn_shrines: int = 0  # Shrines placed so far in the current turn


def shrine_tiles_for(players: int) -> int:
    # Altar, Setup 6 / Setup for 2 Players 6: 3 → 6, 4 → 9, 5 → 12; 2 players 9.
    return {2: 9, 3: 6, 4: 9, 5: 12}[players]


def realm_complete(r: Realm) -> bool:
    # Altar, Winner of the Game: at least 1 Shrine and 5 − shrines active Altars.
    return r.shrines >= 1 and r.shrines + r.active >= COMPLETE_AT


def player_complete(s: AltarState, i: int) -> bool:
    # Altar, End of the Game 1: "In a 2-player game, both Realms must be completed."
    return all(realm_complete(r) for r in s.realms[i])


def current(s: AltarState) -> int:
    n = len(s.players)
    return seat_order(s.start, n)[(max(s.turn, 1) - 1) % n]


def last_in_round(s: AltarState) -> bool:
    return s.turn % len(s.players) == 0


def realm_id(i: int, r: int) -> str:
    return f"{i}-{r}"


def realm_label(s: AltarState, i: int, r: int) -> Msg | str:
    name = s.players[i]
    return Msg("flow.altar.realm_label", name=name, number=r + 1) if s.realms_each > 1 else name


def initial(config: Mapping[str, Any]) -> AltarState:
    players, variant, setup = parse_config(config, GAME, PLAYERS, VARIANTS)
    n = len(players)
    # Altar, Setup for 2 Players 2: each player chooses TWO gods (two Realms).
    each = setup.get("realms_each") or (2 if n == 2 else 1)
    tiles = setup.get("shrine_tiles") or shrine_tiles_for(n)
    return AltarState(
        players=players, variant=variant, realms_each=each, shrine_tiles=tiles,
        shrines_left=tiles, realms=[[Realm() for _ in range(each)] for _ in players],
        proposed_start=setup_first_player(setup, n), last_shrine_turn=[None] * n,
        last_shrine_order=[None] * n,
        readings=config_readings(config),
    )


def _realm(s: AltarState, value: Any, mine: int | None = None) -> tuple[int, int]:
    if mine is not None:
        ids = [realm_id(mine, r) for r in range(s.realms_each)]
    else:
        ids = [realm_id(i, r) for i in range(len(s.players)) for r in range(s.realms_each)]
    if value is None and len(ids) == 1:
        value = ids[0]
    if value not in ids:
        raise FlowError(Msg("flow.altar.error.choose_own_realm") if mine is not None
                        else Msg("flow.altar.error.choose_realm"))
    i, r = value.split("-")
    return int(i), int(r)


def _two_players(s: AltarState) -> bool:
    """Altar, Setup for 2 Players and Gameplay: two Realms each, two cards drawn, two
    different main actions."""
    return len(s.players) == 2


def _check_triggers(s: AltarState) -> None:
    if s.end is not None:
        return
    # Altar, End of the Game 1: a player completed (2 players: both Realms).
    if any(player_complete(s, i) for i in range(len(s.players))):
        s.end, s.end_turn_number = "realm_completed", s.turn
    # Altar, End of the Game 2: the stack of Shrine tiles is depleted.
    elif s.shrines_left == 0:
        s.end, s.end_turn_number = "shrines_depleted", s.turn


def _add_shrine(s: AltarState, i: int, r: int) -> None:
    own(s, "realms", "last_shrine_turn", "last_shrine_order")
    realm = s.realms[i][r]
    if realm.shrines >= MAX_SHRINES:
        raise FlowError(Msg("flow.altar.error.max_shrines", realm=realm_label(s, i, r),
                            max=MAX_SHRINES))
    if s.shrines_left <= 0:
        raise FlowError(Msg("flow.altar.error.no_shrine_tile"))
    realm.shrines += 1
    s.shrines_left -= 1
    # Altar, Winner of the Game: "the player who placed the last Shrine" breaks a tie: the
    # turn, and the Shrine's place in it (another player's can come in the same turn).
    s.last_shrine_turn[i] = s.turn
    s.turn_shrines += 1
    if len(s.last_shrine_order) != len(s.players):
        s.last_shrine_order = [None] * len(s.players)
    s.last_shrine_order[i] = s.turn_shrines


# ---------------------------------------------------------------------------------------
# moves


def _start(s: AltarState, event: Mapping[str, Any]) -> None:
    """Altar, Setup 2 and 7: the first player, and the Realm of the Goddess of Love (she
    takes an active Altar), if she is played."""
    s.start = req_player(s.players, event.get("player"),
                         Msg("flow.altar.error.first_player"))  # type: ignore[assignment]
    if "love" not in event:
        raise FlowError(Msg("flow.altar.error.love_first"))
    love = event.get("love")
    if love is not None:
        i, r = _realm(s, love)
        own(s, "realms")
        s.realms[i][r] = Realm(active=1, inactive=0)
        s.love = realm_id(i, r)
    TABLE.enter(s, "draw")
    _check_triggers(s)


def _begin_turn(s: AltarState) -> None:
    """Altar, Gameplay: a turn begins with its draw; the turns are counted over all
    players, and a 2-player turn's two actions start anew."""
    s.turn += 1
    s.actions_done = []
    s.turn_shrines = 0


def _main(s: AltarState, event: Mapping[str, Any]) -> None:
    """Altar, Main Actions: one of the four; a Ritual builds a Shrine in one of the
    player's own Realms. Two players take a second, different one (Gameplay)."""
    action = req_choice(event.get("action"), MAIN_ACTIONS, Msg("flow.altar.error.main_action"))
    if action in s.actions_done and s.readings.get("P-14") != "alternative":
        # Altar, Gameplay: two players perform 2 *different* actions (ruling P-14);
        # the table's other reading: two actions, the same one allowed twice.
        raise FlowError(Msg("flow.altar.error.same_action"))
    if action == "ritual":
        i, r = _realm(s, event.get("realm"), mine=current(s))
        _add_shrine(s, i, r)
    own(s, "actions_done")
    s.actions_done.append(action)  # type: ignore[arg-type]
    TABLE.enter(s, "action2" if _two_players(s) and s.step == "action" else "end_turn")
    _check_triggers(s)


def _shrine(s: AltarState, event: Mapping[str, Any]) -> None:
    """A Shrine placed by a card's ability, not a main action."""
    i, r = _realm(s, event.get("realm"))
    _add_shrine(s, i, r)
    _check_triggers(s)


def _altar(s: AltarState, event: Mapping[str, Any]) -> None:
    """An Altar discovered, activated or destroyed (cards' abilities, Priestesses, enemy
    gods), at any time in a turn."""
    i, r = _realm(s, event.get("realm"))
    change = req_choice(event.get("change"), ("discover", "activate", "destroy_active",
                                              "destroy_inactive"),
                        Msg("flow.altar.error.altar_change"))
    own(s, "realms")
    realm = s.realms[i][r]
    label = realm_label(s, i, r)
    if change == "discover":
        if realm.active + realm.inactive >= MAX_ALTARS:
            raise FlowError(Msg("flow.altar.error.no_space", realm=label, max=MAX_ALTARS))
        realm.inactive += 1
    elif change == "activate":
        if realm.inactive == 0:
            raise FlowError(Msg("flow.altar.error.nothing_to_activate", realm=label))
        realm.inactive -= 1
        realm.active += 1
    else:
        if player_complete(s, i):
            # Altar, End of the Game 1: completed players cannot be targeted.
            raise FlowError(Msg("flow.altar.error.completed", name=s.players[i]))
        if change == "destroy_active":
            if realm.active == 0:
                raise FlowError(Msg("flow.altar.error.no_active", realm=label))
            realm.active -= 1
        else:
            if realm.inactive == 0:
                raise FlowError(Msg("flow.altar.error.no_inactive", realm=label))
            realm.inactive -= 1
    _check_triggers(s)


def _deck_exhausted(s: AltarState, event: Mapping[str, Any]) -> None:
    """Altar, End of the Game 3: the deck is gone and every player passed: the game ends
    at once (ruling P-13)."""
    if s.end is None:
        s.end, s.end_turn_number = "deck_exhausted", s.turn
    TABLE.enter(s, "end")


MOVES = {"start": _start, "main": _main, "shrine": _shrine, "altar": _altar,
         "deck_exhausted": _deck_exhausted}
IN_A_TURN = ("shrine", "altar", "deck_exhausted")  # at any time in a turn


def _round_finishes(s: AltarState) -> bool:
    """Altar, End of the Game 1 and 2: once triggered, the current round is finished
    (everyone has had the same number of turns; ruling P-13): the game ends after the
    round's last turn."""
    return s.end is not None and last_in_round(s)


# ---------------------------------------------------------------------------------------
# view


def _realm_text(r: Realm) -> Msg:
    pieces = comma_list([Msg("flow.altar.realm.shrines", count=r.shrines),
                         Msg("flow.altar.realm.active", count=r.active),
                         Msg("flow.altar.realm.inactive", count=r.inactive)])
    if realm_complete(r):
        return Msg("flow.altar.realm.complete", pieces=pieces)
    need_shrine = r.shrines == 0
    need_altars = max(0, COMPLETE_AT - max(r.shrines, 1) - r.active)
    altars = Msg("flow.altar.realm.active_altars", count=need_altars)
    if need_shrine and need_altars:
        return Msg("flow.altar.realm.needs_both", pieces=pieces, altars=altars)
    if need_shrine:
        return Msg("flow.altar.realm.needs_shrine", pieces=pieces)
    return Msg("flow.altar.realm.needs_altars", pieces=pieces, altars=altars)


def _markers(s: AltarState) -> list[Marker]:
    n = len(s.players)
    out: list[Marker] = []
    if s.turn:
        out.append(Marker(label=Msg("flow.altar.marker.turn"),
                          value=Msg("flow.altar.marker.turn_value", turn=s.turn,
                                    round=(s.turn - 1) // n + 1)))
    out.append(Marker(label=Msg("flow.altar.marker.shrines_left"),
                      value=Msg("flow.altar.marker.shrines_left_value", left=s.shrines_left,
                                total=s.shrine_tiles)))
    if s.end is not None:
        out.append(Marker(label=Msg("flow.altar.marker.end"),
                          value=Msg("flow.altar.marker.end_value", end=ENDS[s.end],
                                    turn=s.end_turn_number)))
    return out  # each Realm is shown in its section (_realm_sections)


def _realm_field(s: AltarState, owner: int | None = None,
                 label: Msg | None = None) -> Field:
    """Which Realm: the table's pick (a player with two Realms says which), nothing
    picked to start with."""
    pairs = [(i, r) for i in range(len(s.players)) for r in range(s.realms_each)
             if owner is None or i == owner]
    ids = [realm_id(i, r) for i, r in pairs]
    return Field(key="realm", label=label or Msg("flow.altar.field.realm"), kind="choice",
                 choices=ids, choice_labels=[realm_label(s, i, r) for i, r in pairs],
                 default=NOT_PICKED)


BOARD_CHANGES = (("discover", Msg("flow.altar.change.discover")),
                 ("activate", Msg("flow.altar.change.activate")),
                 ("destroy_active", Msg("flow.altar.change.destroy_active")),
                 ("destroy_inactive", Msg("flow.altar.change.destroy_inactive")))


def _realm_sections(s: AltarState) -> list[Section]:
    """One section per Realm: the screen shows one Realm and its buttons at a time."""
    return [Section(key=realm_id(i, r), label=realm_label(s, i, r),
                    lines=[Msg("flow.altar.section.line", realm=realm_label(s, i, r),
                               text=_realm_text(realm))])
            for i in range(len(s.players)) for r, realm in enumerate(s.realms[i])]


def _board_actions(s: AltarState) -> list[Action]:
    """What can happen to a Realm's Altars and Shrines at any time in a turn (cards'
    abilities, Priestesses, enemy gods), one set of buttons per Realm's section."""
    acts = []
    for i in range(len(s.players)):
        for r, realm in enumerate(s.realms[i]):
            rid, owner = realm_id(i, r), realm_label(s, i, r)
            # Altar, End of the Game 1: a completed player's Altars cannot be destroyed.
            shielded = player_complete(s, i)
            refused = {"discover": realm.active + realm.inactive >= MAX_ALTARS,
                       "activate": realm.inactive == 0,
                       "destroy_active": realm.active == 0 or shielded,
                       "destroy_inactive": realm.inactive == 0 or shielded}
            acts += [Action(event={"type": "altar", "realm": rid, "change": change},
                            label=Msg("flow.altar.action.board", realm=owner, change=label),
                            section=rid, disabled=refused[change])
                     for change, label in BOARD_CHANGES]
            acts.append(Action(event={"type": "shrine", "realm": rid}, section=rid,
                               label=Msg("flow.altar.action.shrine", realm=owner),
                               disabled=s.shrines_left == 0 or realm.shrines >= MAX_SHRINES))
    acts.append(Action(event={"type": "deck_exhausted"},
                       label=Msg("flow.altar.action.deck_exhausted")))
    return acts


def _start_actions(s: AltarState) -> list[Action]:
    love = [(i, r) for i in range(len(s.players)) for r in range(s.realms_each)]
    return [Action(
        event={"type": "start"}, label=Msg("flow.altar.action.start"), primary=True,
        fields=[player_field("player", Msg("flow.altar.field.first_player"), s.players,
                             **setup_pick(s.proposed_start)),
                # Altar, Setup 2: the gods were chosen at the table; "none" (she is not
                # played) is an answer, not a default.
                Field(key="love", label=Msg("flow.altar.field.love"),
                      kind="choice", choices=[realm_id(i, r) for i, r in love],
                      choice_labels=[realm_label(s, i, r) for i, r in love],
                      optional=True, default=NOT_PICKED)])]


def _main_actions(s: AltarState) -> list[Action]:
    """The main actions still open this turn; a Ritual only where a Shrine can go."""
    me = current(s)
    actions = []
    for a in MAIN_ACTIONS:
        if a in s.actions_done and s.readings.get("P-14") != "alternative":
            continue
        if a == "ritual":
            if s.shrines_left == 0 or all(r.shrines >= MAX_SHRINES for r in s.realms[me]):
                continue
            if s.realms_each > 1:  # which of the two Realms: the player says
                event = {"type": "main", "action": a}
                fields = [_realm_field(s, owner=me, label=Msg("flow.altar.field.shrine_on"))]
            else:
                event, fields = {"type": "main", "action": a, "realm": realm_id(me, 0)}, []
            actions.append(Action(event=event, label=MAIN_LABELS[a], fields=fields))
        else:
            actions.append(Action(event={"type": "main", "action": a}, label=MAIN_LABELS[a]))
    return actions


def _first_action(s: AltarState) -> list[Text]:
    return ([Msg("flow.altar.note.first_action", action=MAIN_LABELS[s.actions_done[0]])]
            if s.actions_done else [])


def _action_reminder(s: AltarState) -> Msg:
    name = s.players[current(s)]
    if s.step == "action2":
        return Msg("flow.altar.reminder.action2_any" if s.readings.get("P-14") == "alternative"
                   else "flow.altar.reminder.action2", name=name)
    return Msg("flow.altar.reminder.action_2" if _two_players(s)
               else "flow.altar.reminder.action", name=name)


def _next_turn_label(s: AltarState) -> Msg:
    if _round_finishes(s):
        return Msg("flow.altar.next.finish")
    n = len(s.players)
    return Msg("flow.altar.next.turn", name=s.players[seat_order(s.start, n)[s.turn % n]])


def _frame(s: AltarState, view: dict[str, Any]) -> None:
    n = len(s.players)
    rnd = (s.turn - 1) // n + 1 if s.turn else None
    in_turn = s.step not in ("start", "end")
    if in_turn:  # a player's turn: the step names them
        view["step"] = Msg("flow.altar.step.turn", name=s.players[current(s)], step=view["step"])
        view["actions"].extend(_board_actions(s))
    if s.end is not None and not s.finished:
        # Altar, End of the Game: triggered; the round is finished first (ruling P-13)
        if CITATIONS["ending"] not in view["cites"]:
            view["cites"].append(CITATIONS["ending"])
        last = s.players[seat_order(s.start, n)[-1]]
        view["notes"].append(Msg("flow.altar.note.ending", end=ENDS[s.end], name=last))
        view["rulings"].append("P-13")
    view.update(round=rnd, rounds=None,
                phase=Msg("flow.altar.phase.round", round=rnd) if rnd
                else Msg("flow.altar.phase.setup"),
                markers=_markers(s), sections=_realm_sections(s) if in_turn else [],
                sections_label=Msg("flow.altar.sections_label"),
                section=realm_id(current(s), 0))


def _not_now(s: AltarState, kind: str) -> Msg:
    if s.finished:
        return Msg("flow.altar.error.over")
    return Msg("flow.altar.error.not_now", step=TABLE.step(s).title)


# The rulebook's order (Altar, Setup; Gameplay): the start, then each player's turn in
# clockwise order: draw a card, one main action (two different ones with 2 players), free
# actions and the end of the turn; End of the Game once a trigger's round is finished or
# the deck is exhausted. A step's id is its key in CITATIONS.
TABLE = StepTable(
    game=GAME, moves=MOVES, citations=CITATIONS, refusal=_not_now,
    unknown=Msg("flow.altar.error.unknown"), frame=_frame,
    steps=(
        # Altar, Setup 2 and 7: the gods' Realms, the first player
        Step("start", Msg("flow.altar.title.start"), Msg("flow.altar.reminder.start"),
             cites=("start",), moves=("start",), actions=_start_actions),
        # Altar, Draw a Card (2 players: two cards)
        Step("draw", Msg("flow.altar.title.draw"),
             lambda s: Msg("flow.altar.reminder.draw_2" if _two_players(s)
                           else "flow.altar.reminder.draw", name=s.players[current(s)]),
             cites=lambda s: ("draw", "draw2") if _two_players(s) else ("draw",),
             moves=IN_A_TURN, arrive=_begin_turn, active=current,
             next="action", next_label=Msg("flow.altar.next.action")),
        # Altar, Main Actions
        Step("action", Msg("flow.altar.title.action"), _action_reminder,
             cites=lambda s: ("action", "action2") if _two_players(s) else ("action",),
             moves=("main", *IN_A_TURN), actions=_main_actions, notes=_first_action,
             active=current),
        # Altar, Gameplay: 2 players perform 2 different main actions (ruling P-14)
        Step("action2", Msg("flow.altar.title.action2"), _action_reminder,
             cites=("action", "action2"), moves=("main", *IN_A_TURN),
             actions=_main_actions, notes=_first_action, rulings=("P-14",), active=current),
        # Altar, Main Actions ("At the end of a player's turn …"); Free Actions
        Step("end_turn", Msg("flow.altar.title.end_turn"),
             lambda s: Msg("flow.altar.reminder.end_turn", name=s.players[current(s)],
                           limit=HAND_LIMIT),
             cites=("end_turn",), moves=IN_A_TURN, active=current,
             next=lambda s: "end" if _round_finishes(s) else "draw",
             next_label=_next_turn_label),
        # Altar, End of the Game; Winner of the Game
        Step("end", Msg("flow.altar.title.end"),
             lambda s: Msg("flow.altar.reminder.end", end=ENDS[s.end or "deck_exhausted"]),
             cites=("ending", "winner"), final=True),
    ),
)


def score_prefill(s: AltarState) -> dict[str, Any]:
    """Altar sheet: how the game ended, each Realm's Shrines and active Altars, the god
    of the Realm chosen as the Goddess of Love's at the start, and the turn of each
    player's last Shrine (the tie-break), with its place among that turn's Shrines where
    another player's last Shrine came in the same turn (AL-2, AL-3). Other gods' names
    are not known to play (they are optional on the sheet, ruling AL-6)."""
    players = []
    turns = s.last_shrine_turn
    orders = s.last_shrine_order if len(s.last_shrine_order) == len(s.players) \
        else [None] * len(s.players)
    for i, name in enumerate(s.players):
        entry: dict[str, Any] = {"name": name}
        if turns[i] is not None:
            entry["last_shrine_turn"] = turns[i]
            # Altar, Winner of the Game: "the player who placed the last Shrine" — within
            # one turn, the Shrine placed later in it.
            if orders[i] is not None and any(turns[j] == turns[i] for j in range(len(turns))
                                             if j != i):
                entry["last_shrine_order"] = orders[i]
        entry["realms"] = []
        for r, realm in enumerate(s.realms[i]):
            known: dict[str, Any] = {"shrines": realm.shrines, "active_altars": realm.active}
            if s.love == realm_id(i, r):
                known["god"] = GODDESS_OF_LOVE
            entry["realms"].append(known)
        players.append(entry)
    out: dict[str, Any] = {"game": GAME, "players": players}
    if s.end is not None:
        out["end"] = s.end
    return out


FLOW = Flow(
    game=GAME, title=box.NAME, state_model=AltarState, variants=VARIANTS,
    player_range=PLAYERS, initial=initial, apply=TABLE.apply, view=TABLE.view,
    score_prefill=score_prefill,
    citations=tuple(CITATIONS.values()), steps=TABLE,
)
