"""Altar: Realms of the Gods (2–5 players): turns in order (draw, main action, free
actions and discard; 2 players: two draws and two different actions), the Shrine tiles
left, each Realm's Shrines and active/inactive Altars, and the three end triggers with
finishing the round. Source: seeds/003 (the rulebook).

A Realm is named by a ``realm`` value ``"<player index>-<realm index>"`` (``"0-0"``;
with 2 players each player has realms ``-0`` and ``-1``); the fields label them.

Events (``type``):
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

from .base import (
    Action,
    Field,
    Flow,
    FlowError,
    FlowState,
    Marker,
    PlayView,
    Section,
    event_type,
    next_action,
    parse_config,
    quote,
    req_choice,
    req_player,
    seat_order,
    setup_first_player,
)
from .i18n import Msg

GAME = "altar"
# Altar, Setup 2: "(the Goddess of Love takes an active one)"; scorers.altar.KNOWN_GODS
GODDESS_OF_LOVE = "Goddess of Love"
SEED_FILE = "003_563a4ead36616b5c.txt"
VARIANTS = ("standard",)
PLAYERS = (2, 5)
MAX_SHRINES = 3  # Altar, Main Actions (Ritual): "(Max. 3 Shrines)"
MAX_ALTARS = 4  # Altar, Winner of the Game: "(max 4 Altars)"
COMPLETE_AT = 5  # Winner of the Game: 1 Shrine → 4 Altars, 2 → 3, …: shrines + altars ≥ 5
HAND_LIMIT = 6  # Main Actions: "discard down to 6 cards"
MAIN_ACTIONS = ("ability", "ritual", "worship", "pass")
MAIN_LABELS = {"ability": "Used a Follower's ability", "ritual": "Ritual: built a Shrine",
               "worship": "Worshipped (Follower placed)", "pass": "Passed"}
ENDS = {"realm_completed": "a Realm was completed",
        "shrines_depleted": "the Shrine tiles ran out",
        "deck_exhausted": "the cards ran out and everyone passed"}

SRC = "Altar rulebook"
RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "start": (f"{SRC} — Setup", (
        "Each player chooses a god, takes their board which represents their Realm and "
        "places an inactive Altar in an empty space (the Goddess of Love takes an active "
        "one).",
        "The oldest player becomes the first player, except if the Ancient God is "
        "participating, then he always begins first (because he is the oldest... of all!).",
    )),
    "draw": (f"{SRC} — Gameplay; Draw a Card", (
        "On each player's turn, that player must first Draw a card and perform 1 main "
        "action.",
        "A player may select any face-up card from the table or draw the top card from the "
        "draw deck.",
        "Whenever a face up card is selected, immediately fill the empty spot with a card "
        "from the draw deck.",
    )),
    "draw2": (f"{SRC} — Gameplay; Draw a Card", (
        "In a 2-player game, each player on their turn draws 2 cards and performs 2 "
        "different actions.",
        "In a 2-player game, the empty spots are filled after the player has drawn both "
        "cards.",
    )),
    "action": (f"{SRC} — Main Actions", (
        "On each player's turn, that player must take 1 main action from the ones listed "
        "below:",
        "Use the ability (text) of a Follower card in their hand and discard the card.",
        "Perform a Ritual: Discard 3 cards with the Ritual symbol, to build a Shrine and "
        "place it on the respective spot on their god's Realm. (Max. 3 Shrines)",
        "Worship a god: A follower with the Worship symbol can be placed face-up next to "
        "their god's Realm to show they are worshipping their god and offer their "
        "protection against the enemy gods.",
        "Do nothing (pass).",
    )),
    "action2": (f"{SRC} — Gameplay", (
        "In a 2-player game, each player on their turn draws 2 cards and performs 2 "
        "different actions.",
    )),
    "end_turn": (f"{SRC} — Main Actions; Free Actions", (
        "At the end of a player's turn, if a player has more than 6 cards in hand, the "
        "player must discard down to 6 cards and the next player's turn begins in clockwise "
        "order.",
        "In addition to the Main Action, even if they pass, players may perform Free "
        "Actions.",
    )),
    "ending": (f"{SRC} — End of the Game", (
        "The game ends immediately when one of the following occurs:",
        "A player has placed the required number of Altars and Shrines on their god's "
        "Realm. The players complete the current turn (so that all players have had the "
        "same number of turns).",
        "The player(s) who complete their god's board cannot be targeted by other players. "
        "(Their Altars cannot be destroyed).",
        "In a 2-player game, both Realms must be completed.",
        "The stack of Shrine tiles has been depleted. The players, again, complete the "
        "current turn (so that all players have had the same number of turns).",
        "The draw deck runs out, all face-up Follower cards have been drawn and all players "
        "have passed.",
    )),
    "winner": (f"{SRC} — Winner of the Game", (
        "The number of Altars discovered and activated will depend on the number of Shrines "
        "built, but it's mandatory to build at least 1 Shrine to win the game.",
        "If a player builds 1 Shrine then he will need 4 Altars.",
        "If a player builds 2 Shrines then he will need 3 Altars.",
    )),
}

STEP_TITLES = {"start": "Before the first turn", "draw": "Draw a Card",
               "action": "Main Action", "action2": "Second Main Action",
               "end_turn": "Free Actions and end of turn", "end": "End of the Game"}


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
    proposed_start: int = 0
    start: int = 0
    turn: int = 0  # turns begun, counted over all players (1 = the first turn)
    step: str = "start"
    actions_done: list[str] = []
    love: str | None = None  # the Realm of the Goddess of Love, if she is played
    end: str | None = None  # the first end trigger
    end_turn_number: int | None = None  # the turn on which it happened
    last_shrine_turn: list[int | None]


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


def realm_label(s: AltarState, i: int, r: int) -> str:
    name = s.players[i]
    return f"{name}, Realm {r + 1}" if s.realms_each > 1 else name


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
    )


def _need(s: AltarState, *steps: str) -> None:
    if s.finished:
        raise FlowError("The game is over: go to scoring.")
    if s.step not in steps:
        raise FlowError(f"That is not part of {STEP_TITLES[s.step]}.")


def _realm(s: AltarState, value: Any, mine: int | None = None) -> tuple[int, int]:
    if mine is not None:
        ids = [realm_id(mine, r) for r in range(s.realms_each)]
    else:
        ids = [realm_id(i, r) for i in range(len(s.players)) for r in range(s.realms_each)]
    if value is None and len(ids) == 1:
        value = ids[0]
    if value not in ids:
        raise FlowError("Choose the Realm" + (" of the player whose turn it is." if
                                              mine is not None else "."))
    i, r = value.split("-")
    return int(i), int(r)


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
    realm = s.realms[i][r]
    if realm.shrines >= MAX_SHRINES:
        raise FlowError(f"{realm_label(s, i, r)} already has {MAX_SHRINES} Shrines, the most.")
    if s.shrines_left <= 0:
        raise FlowError("No Shrine tile is left.")
    realm.shrines += 1
    s.shrines_left -= 1
    s.last_shrine_turn[i] = s.turn  # for the tie-break: "the player who placed the last Shrine"


def apply(state: AltarState, event: Mapping[str, Any]) -> AltarState:
    kind = event_type(event)
    s = state.model_copy(deep=True)
    n = len(s.players)
    if kind == "start":
        _need(s, "start")
        s.start = req_player(s.players, event.get("player"),
                             Msg("flow.altar.error.first_player"))  # type: ignore[assignment]
        love = event.get("love")
        if love is not None:
            i, r = _realm(s, love)
            # Altar, Setup 2: the Goddess of Love takes an active Altar.
            s.realms[i][r] = Realm(active=1, inactive=0)
            s.love = realm_id(i, r)
        s.turn, s.step = 1, "draw"
    elif kind == "next":
        _need(s, "draw", "end_turn")
        if s.step == "draw":
            s.step = "action"
        else:
            if s.end is not None and last_in_round(s):
                # Altar, End of the Game 1 and 2: finish the current round (ruling P-13).
                s.step, s.finished = "end", True
            else:
                s.turn += 1
                s.step, s.actions_done = "draw", []
    elif kind == "main":
        _need(s, "action", "action2")
        action = req_choice(event.get("action"), MAIN_ACTIONS,
                            Msg("flow.altar.error.main_action"))
        if action in s.actions_done:
            # Altar, Gameplay: two players perform 2 *different* actions (ruling P-14).
            raise FlowError("With 2 players the two actions of a turn must be different.")
        me = current(s)
        if action == "ritual":
            i, r = _realm(s, event.get("realm"), mine=me)
            _add_shrine(s, i, r)
        s.actions_done.append(action)  # type: ignore[arg-type]
        s.step = "action2" if n == 2 and s.step == "action" else "end_turn"
    elif kind == "shrine":
        _need(s, "draw", "action", "action2", "end_turn")
        i, r = _realm(s, event.get("realm"))
        _add_shrine(s, i, r)
    elif kind == "altar":
        _need(s, "draw", "action", "action2", "end_turn")
        i, r = _realm(s, event.get("realm"))
        change = req_choice(event.get("change"), ("discover", "activate", "destroy_active",
                                                  "destroy_inactive"),
                            Msg("flow.altar.error.altar_change"))
        realm = s.realms[i][r]
        label = realm_label(s, i, r)
        if change == "discover":
            if realm.active + realm.inactive >= MAX_ALTARS:
                raise FlowError(f"{label} has no empty Altar space ({MAX_ALTARS} at most).")
            realm.inactive += 1
        elif change == "activate":
            if realm.inactive == 0:
                raise FlowError(f"{label} has no inactive Altar to activate.")
            realm.inactive -= 1
            realm.active += 1
        else:
            if player_complete(s, i):
                # Altar, End of the Game 1: completed players cannot be targeted.
                raise FlowError(f"{s.players[i]} completed their god's board: their Altars "
                                "cannot be destroyed.")
            if change == "destroy_active":
                if realm.active == 0:
                    raise FlowError(f"{label} has no active Altar.")
                realm.active -= 1
            else:
                if realm.inactive == 0:
                    raise FlowError(f"{label} has no inactive Altar.")
                realm.inactive -= 1
    elif kind == "deck_exhausted":
        _need(s, "draw", "action", "action2", "end_turn")
        # Altar, End of the Game 3: the game ends at once (ruling P-13).
        if s.end is None:
            s.end, s.end_turn_number = "deck_exhausted", s.turn
        s.step, s.finished = "end", True
        return s
    else:
        raise FlowError("That is not something Altar's play can record.")
    _check_triggers(s)
    return s


# ---------------------------------------------------------------------------------------
# view


def _realm_text(r: Realm) -> str:
    parts = [f"{r.shrines} Shrine{'s' if r.shrines != 1 else ''}",
             f"{r.active} active", f"{r.inactive} inactive Altar{'s' if r.inactive != 1 else ''}"]
    text = ", ".join(parts)
    if realm_complete(r):
        return text + " — complete"
    need_shrine = r.shrines == 0
    need_altars = max(0, COMPLETE_AT - max(r.shrines, 1) - r.active)
    missing = []
    if need_shrine:
        missing.append("1 Shrine")
    if need_altars:
        missing.append(f"{need_altars} active Altar{'s' if need_altars != 1 else ''}")
    return f"{text} — needs {' and '.join(missing)}"


def _markers(s: AltarState) -> list[Marker]:
    n = len(s.players)
    out: list[Marker] = []
    if s.turn:
        out.append(Marker(label="Turn", value=f"{s.turn} (round {(s.turn - 1) // n + 1})"))
    out.append(Marker(label="Shrine tiles left", value=f"{s.shrines_left} of {s.shrine_tiles}"))
    if s.end is not None:
        out.append(Marker(label="Game end", value=f"{ENDS[s.end]} (turn {s.end_turn_number})"))
    return out  # each Realm is shown in its section (_realm_sections)


def _realm_field(s: AltarState, owner: int | None = None, label: str = "Realm",
                 optional: bool = False, default: str | None = None) -> Field:
    pairs = [(i, r) for i in range(len(s.players)) for r in range(s.realms_each)
             if owner is None or i == owner]
    ids = [realm_id(i, r) for i, r in pairs]
    return Field(key="realm", label=label, kind="choice", choices=ids,
                 choice_labels=[realm_label(s, i, r) for i, r in pairs], optional=optional,
                 default=default if default is not None else (None if optional else ids[0]))


BOARD_CHANGES = (("discover", "Altar discovered"), ("activate", "Altar activated"),
                 ("destroy_active", "Active Altar destroyed"),
                 ("destroy_inactive", "Inactive Altar destroyed"))


def _realm_sections(s: AltarState) -> list[Section]:
    """One section per Realm: the screen shows one Realm and its buttons at a time."""
    return [Section(key=realm_id(i, r), label=realm_label(s, i, r),
                    lines=[f"{realm_label(s, i, r)}: {_realm_text(realm)}"])
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
                            label=f"{owner}: {label}", section=rid, disabled=refused[change])
                     for change, label in BOARD_CHANGES]
            acts.append(Action(event={"type": "shrine", "realm": rid}, section=rid,
                               label=f"{owner}: Shrine placed by a card",
                               disabled=s.shrines_left == 0 or realm.shrines >= MAX_SHRINES))
    acts.append(Action(event={"type": "deck_exhausted"},
                       label="Deck and face-up cards gone, all passed: game ends"))
    return acts


def view(s: AltarState) -> PlayView:
    n = len(s.players)
    step = s.step
    me = current(s)
    name = s.players[me]
    actions: list[Action] = []
    notes: list[str] = []
    rulings: list[str] = []
    rule_keys: tuple[str, ...] = (step,)
    active: str | None = name
    if step == "start":
        active = None
        reminder = ("The oldest player starts, or the Ancient God if in play. Mark the "
                    "Goddess of Love's active Altar.")
        love = [(i, r) for i in range(n) for r in range(s.realms_each)]
        actions.append(Action(
            event={"type": "start"}, label="Start the first turn", primary=True,
            fields=[Field(key="player", label="First player", kind="player",
                          choices=list(s.players), default=s.players[s.proposed_start]),
                    Field(key="love", label="Realm of the Goddess of Love (if played)",
                          kind="choice", choices=[realm_id(i, r) for i, r in love],
                          choice_labels=[realm_label(s, i, r) for i, r in love],
                          optional=True)]))
    elif step == "draw":
        if n == 2:
            rule_keys = ("draw", "draw2")
            reminder = f"{name}: draw 2 cards (face-up or deck); refill the face-up row after both."
        else:
            reminder = f"{name}: draw 1 card, face-up (refill the spot at once) or from the deck."
        actions.append(next_action("Next: Main action"))
    elif step in ("action", "action2"):
        if n == 2:
            rule_keys = ("action", "action2")
        if step == "action2":
            reminder = f"{name}: a second main action, different from the first."
            rulings.append("P-14")
        elif n == 2:
            reminder = f"{name}: the first of two different main actions; free actions any time."
        else:
            reminder = f"{name}: one main action — ability, Ritual, Worship or pass."
        for a in MAIN_ACTIONS:
            if a in s.actions_done:
                continue
            if a == "ritual":
                if s.shrines_left == 0 or all(r.shrines >= MAX_SHRINES for r in s.realms[me]):
                    continue
                fields = [_realm_field(s, owner=me, label="Shrine on")] if \
                    s.realms_each > 1 else []
                actions.append(Action(event={"type": "main", "action": a,
                                             "realm": realm_id(me, 0)},
                                      label=MAIN_LABELS[a], fields=fields))
            else:
                actions.append(Action(event={"type": "main", "action": a},
                                      label=MAIN_LABELS[a]))
        if s.actions_done:
            notes.append(f"First action: {MAIN_LABELS[s.actions_done[0]]}.")
    elif step == "end_turn":
        reminder = f"{name}: free actions if any; discard down to {HAND_LIMIT} cards."
        if s.end is not None and last_in_round(s):
            actions.append(next_action("Finish: the round is complete"))
        else:
            nxt = s.players[seat_order(s.start, n)[s.turn % n]]
            actions.append(next_action(f"Next: {nxt}'s turn"))
    else:
        active = None
        rule_keys = ("ending", "winner")
        reminder = f"The game is over ({ENDS[s.end or 'deck_exhausted']}): go to scoring."
    if s.end is not None and not s.finished:
        rule_keys += ("ending",)
        last = s.players[seat_order(s.start, n)[-1]]
        notes.append(f"The game ends: {ENDS[s.end]}. Finish the round — {last} plays the "
                     "last turn.")
        rulings.append("P-13")
    sections: list[Section] = []
    if step not in ("start", "end"):
        actions.extend(_board_actions(s))
        sections = _realm_sections(s)
    source, rule = quote(RULES, *dict.fromkeys(rule_keys))
    rnd = (s.turn - 1) // n + 1 if s.turn else None
    return PlayView(
        game=GAME, round=rnd, rounds=None,
        phase=f"Round {rnd}" if rnd else "Setup",
        step=(f"{name}'s turn — {STEP_TITLES[step]}" if step in
              ("draw", "action", "action2", "end_turn") else STEP_TITLES[step]),
        reminder=reminder, rule=rule, rule_source=source, markers=_markers(s),
        actions=actions, notes=notes, rulings=rulings, active_player=active,
        finished=s.finished, sections=sections, sections_label="Realm",
        section=realm_id(me, 0),
    )


def score_prefill(s: AltarState) -> dict[str, Any]:
    """Altar sheet: how the game ended, each Realm's Shrines and active Altars, the god
    of the Realm chosen as the Goddess of Love's at the start, and the turn of each
    player's last Shrine (the tie-break). Other gods' names are not known to play (they
    are optional on the sheet, ruling AL-6)."""
    players = []
    for i, name in enumerate(s.players):
        entry: dict[str, Any] = {"name": name}
        if s.last_shrine_turn[i] is not None:
            entry["last_shrine_turn"] = s.last_shrine_turn[i]
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
    game=GAME, title="Altar: Realms of the Gods", state_model=AltarState, variants=VARIANTS,
    player_range=PLAYERS, initial=initial, apply=apply, view=view,
    score_prefill=score_prefill,
)
