"""Luna (1–4 players, solo levels 1–3): the preliminary round, 6 rounds of action phase
(Time tokens) and scoring phase (round scoring, preparing the next round), each player's
running influence. Source: seeds/002 (the rulebook, incl. the solo rules).

Events (``type``; a player is named by seat, ``base.seat``):
- ``start`` ``{player}``: the start player (not in solo: the virtual opponent starts).
- ``next``: the next step of the preliminary round, the solo steps, preparing the next
  round (``{player}`` on the last one: next round's start player).
- ``action``: the player whose turn it is took an action; the turn passes left.
- ``sanctify`` ``{displaced}``: the player whose turn it is did a Sanctification: gains
  the Guard's tile value plus 1 per displaced Novice; the turn passes left.
- ``meditate``: the player whose turn it is turned a Time token; the last one gives them
  +1 influence and ends the action phase.
- ``end_actions``: solo: the player ends the action phase.
- ``opponent_temple`` ``{placed}``: solo, start of a round: the virtual opponent put a
  Novice on a Temple tile (gains the Guard's tile value).
- ``round_scored`` ``{priestess: {seat: int}, apostate: {seat: int}, temple: {seat:
  int}, council_order?: [seat, …]}``: the round scoring in the rulebook's three ways and
  order; each is paid in turn and influence stops at 0 at every step (ruling P-11; the
  table's other reading pays the round as a whole, stopping at 0 at its end). The UI
  works the parts out with ``scorers.luna_round`` (``score(sheet).players[i].parts``) —
  the action says so with ``helper="luna_round"`` — so the flow does not depend on the
  scorer; with it comes the Council order the scoring used. A log from before keeps its
  ``{changes: {seat: int}}`` (the net change, paid at once).
- ``council`` ``{player, place}``: a Member of the Council piece moved; ``place`` is the
  player's place in the Council now (1 = furthest ahead; on a shared seat, the top piece).
- ``influence`` ``{player, amount}``: any other change of a player's influence.

The Council order starts as the setup stacks it: "Beginning with the start player, the
players stack their Member of the Council piece on the first space", so the start
player's piece is at the bottom and the last in turn order is on top (ruling S-11). It is
kept from round to round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorers.boxes import luna as box
from scorers.boxes import player_range, variant_ids
from scorers.boxes.luna import NOVICES, ROUNDS  # the box's numbers

from .base import (
    Action,
    Citation,
    Field,
    Flow,
    FlowError,
    FlowState,
    Marker,
    PlayView,
    cite,
    cites,
    comma_list,
    config_readings,
    event_type,
    left_of,
    next_action,
    own,
    parse_config,
    player_field,
    req_bool,
    req_group,
    req_int,
    req_player,
    seat,
    seat_key,
    setup_first_player,
    start_action,
)
from .i18n import Msg

GAME = "luna"
# The counts and variants: scorers/boxes/luna.py
VARIANTS = variant_ids(box)
PLAYERS = player_range(box)
OPPONENT = "Virtual opponent"
START_INFLUENCE = 5  # Luna, Setup 1: "Each player receives 5 influence points"
# Luna, Setup 5–6: Guard tiles 2, 2, 3, 4, 5, 6 from the Temple Gate; the Guard starts on
# the 6 and moves one tile a round (Preparing the Next Round): 6, 5, 4, 3, 2, 2.
GUARD_FROM_GATE = (2, 2, 3, 4, 5, 6)
LAST_TOKEN_BONUS = 1  # Luna, Meditation: "The player who turned this last token, gains 1"
MAX_CHANGE = 60
# The largest Apostate loss (13 Novices + 1) and Temple gain (13 Novices, each on a book).
MAX_APOSTATE = NOVICES + 1
MAX_TEMPLE = 2 * NOVICES
# Places in the Council (at most 4 players).
PLACES = (Msg("flow.luna.place.1"), Msg("flow.luna.place.2"), Msg("flow.luna.place.3"),
          Msg("flow.luna.place.4"))

BOOK = GAME  # the rulebook its steps cite (companion.rules.rulebooks)
CITATIONS: dict[str, Citation] = {
    "start": cite(BOOK, "Setup",
        ("setup", "Randomly choose a", "player figure.")),
    "shrines": cite(BOOK, "1. Preliminary Round",
        ("1-preliminary-round", "Beginning with the", "Herbal Isle.")),
    "novices": cite(BOOK, "1. Preliminary Round",
        ("1-preliminary-round", "Next, beginning with", "placement.")),
    "favors": cite(BOOK, "1. Preliminary Round",
        ("1-preliminary-round", "Finally, each player", "any pieces.")),
    "no_preliminary": cite(BOOK, "1. Preliminary Round",
        ("1-preliminary-round", "There is no Preliminary", "preselected setup.")),
    "solo_opponent": cite(BOOK, "Solo Game Rules, Level 1, Preliminary Round",
        ("level-1", "Your opponent is", "other Isles.")),
    "solo_temple": cite(BOOK, "Solo Game Rules, Level 1, Preliminary Round",
        ("level-1", "Take an opponent", "that tile."),
        ("level-1", "Place a Novice of", "with a book."),
        ("level-1", "Now, you may place your starting pieces as usual.")),
    "solo_deactivate": cite(BOOK, "Solo Game Rules, Level 1, At the beginning of each round",
        ("level-1", "Choose an Isle and", "accordingly.")),
    "solo_opponent_tile": cite(BOOK, "Solo Game Rules, Level 1, At the beginning of each round",
        ("level-1", "The opponent puts", "bigger number."),
        ("level-1", "Place the tile in", "the Temple."),
        ("level-1", "Your opponent gains", "tile as usual."),
        ("level-1", "Do you already own", "lowest number."),
        ("level-1", "If there is no such", "this round.")),
    "action": cite(BOOK, "Action Phase; Meditation; Sanctification",
        ("action-phase", "Beginning with the", "single action."),
        ("meditation-turn-a-time-token", "If you do not want", "another action."),
        ("meditation-turn-a-time-token", "However, once the", "your opponent."),
        ("sanctification-place-a-novice-in-the-temple-and-gain-influence",
         "Bribery or not: You",
         "stands on."),
        ("sanctification-place-a-novice-in-the-temple-and-gain-influence",
         "You gain 1 influence point for each displaced Novice.")),
    "solo_action": cite(BOOK, "Solo Game Rules, Level 1",
        ("level-1", "If you displace an", "is inactive."),
        ("level-1", "The Action Phase", "more actions.")),
    "solo2": cite(BOOK, "Solo Game Rules, Level 2",
        ("level-2", "During the Action", "\"Expulsion\".")),
    "solo3": cite(BOOK, "Solo Game Rules, Level 3",
        ("level-3", "During the Action", "prohibited.")),
    "solo_shrine": cite(BOOK, "Solo Game Rules, Level 1, At the end of each round",
        ("level-1", "Does your opponent", "one of his.")),
    "scoring": cite(BOOK, "Scoring Phase",
        ("scoring-phase", "Each player receives/loses", "the Apostate."),
        ("moon-priestess", "On the Isle with", "each player."),
        ("apostate", "On the Isle with", "count plus one."),
        ("temple", "Each player gains", "influence point.")),
    "solo_scoring": cite(BOOK, "Solo Game Rules, Level 1, At the end of each round",
        ("level-1", "Your opponent does not lose influence due to the Apostate.")),
    "prep_novices": cite(BOOK, "Preparing the Next Round",
        ("preparing-the-next-round", "Skipped at the end of the 6th round."),
        ("preparing-the-next-round", "Place all inactive", "active again."),
        ("preparing-the-next-round", "All Novices in the temple must be stood up again.")),
    "prep_figures": cite(BOOK, "Preparing the Next Round",
        ("preparing-the-next-round", "The Moon Priestess", "printed number."),
        ("preparing-the-next-round", "The Apostate moves", "one Novice.")),
    "solo_apostate": cite(BOOK, "Solo Game Rules, Level 1, At the end of each round",
        ("level-1", "The Apostate moves", "your Novices.")),
    "prep_guard": cite(BOOK, "Preparing the Next Round",
        ("preparing-the-next-round", "The Guard of the", "round begins."),
        ("preparing-the-next-round", "Restack the Time tokens", "as during setup.")),
    "prep_guard_solo": cite(BOOK, "Preparing the Next Round",
        ("preparing-the-next-round", "The Guard of the", "round begins.")),
    "solo_no_time": cite(BOOK, "Solo Game Rules, Level 1",
        ("level-1", "Setup: Setup a 2-player", "Time tokens.")),
    "council": cite(BOOK, "Council of Priests; Setup",
        ("setup", "Beginning with the", "of Priests."),
        ("council-of-priests-move-up-in-the-council-of-priests",
         "Use any number of", "the stack.")),
    "two_player_start": cite(BOOK, "Special Rules for the 2-Player Game",
        ("special-rules-for-the-2-player-game", "At the end of each", "his opponent.")),
    "end": cite(BOOK, "Game End",
        ("game-end", "The game ends at the end of the 6th round."),
        ("game-end", "Players gain additional influence in 3 different categories:"),
        ("game-end", "Each Shrine is worth 4 influence points."),
        ("game-end", "Each unused Favor token is worth 1 influence point."),
        ("game-end", "Players gain influence", "of Priests.")),
}

STEP_TITLES = {
    "start": Msg("flow.luna.title.start"),
    "solo_opponent": Msg("flow.luna.title.solo_opponent"),
    "solo_temple": Msg("flow.luna.title.solo_temple"),
    "shrines": Msg("flow.luna.title.shrines"),
    "novices": Msg("flow.luna.title.novices"),
    "favors": Msg("flow.luna.title.favors"),
    "solo_deactivate": Msg("flow.luna.title.solo_deactivate"),
    "solo_opponent_tile": Msg("flow.luna.title.solo_opponent_tile"),
    "action": Msg("flow.luna.title.action"),
    "solo_shrine": Msg("flow.luna.title.solo_shrine"),
    "scoring": Msg("flow.luna.title.scoring"),
    "prep_novices": Msg("flow.luna.title.prep_novices"),
    "prep_figures": Msg("flow.luna.title.prep_figures"),
    "prep_guard": Msg("flow.luna.title.prep_guard"),
    "prep_guard_solo": Msg("flow.luna.title.prep_guard_solo"),
    "end": Msg("flow.luna.title.end"),
}


class LunaState(FlowState):
    game: str = GAME
    solo_level: int = 0  # 1–3 in the solo game
    rounds: int = ROUNDS
    guard_values: list[int]  # Sanctification pay in rounds 1…6
    priestess: int
    time_tokens: int  # per round; 0 in solo (not used)
    preliminary: bool
    influence: list[int]
    proposed_start: int = 0
    start: int = 0
    next_start: int | None = None
    turn: int = 0  # player index whose turn it is (action phase)
    time_left: int = 0
    round: int = 0
    step: str = "start"
    last_token_by: int | None = None
    round_changes: list[dict[str, int]] = []  # each round's change of influence, as paid
    # each round's three parts as paid: {name: {"priestess", "apostate", "temple"}}
    round_parts: list[dict[str, dict[str, int]]] = []
    # Member of the Council pieces, furthest ahead first (on a shared seat, top first)
    council_order: list[str] = []


def is_solo(s: LunaState) -> bool:
    return s.solo_level > 0


def council_stack(players: list[str], start: int) -> list[str]:
    """The Council order at setup, furthest ahead first: everyone on the first space, the
    start player's piece at the bottom and the last in turn order on top (ruling S-11).

    >>> council_stack(["Ann", "Ben", "Cleo", "Dan"], 0)
    ['Dan', 'Cleo', 'Ben', 'Ann']
    """
    # Luna, Setup 8: "Beginning with the start player, the players stack their Member of the
    # Council piece on the first space of the Council of Priests."
    n = len(players)
    return [players[(start + k) % n] for k in reversed(range(n))]


def council(s: LunaState) -> list[str]:
    """The Council order now (a state saved before it was kept: the setup's stack)."""
    return list(s.council_order) or council_stack(s.players, s.start)


def guard_value(s: LunaState) -> int:
    """The printed number of the Guard tile the Guard stands on this round."""
    return s.guard_values[max(0, min(s.round, len(s.guard_values)) - 1)]


def initial(config: Mapping[str, Any]) -> LunaState:
    players, variant, setup = parse_config(config, GAME, PLAYERS, VARIANTS)
    solo_level = int(variant[-1]) if variant.startswith("solo") else 0
    if solo_level and len(players) != 1:
        raise FlowError(Msg("flow.luna.error.solo_players"))
    if len(players) == 1 and not solo_level:
        raise FlowError(Msg("flow.luna.error.one_player"))
    if solo_level:
        # Luna, Solo Game Rules: "You play against a virtual opponent".
        opponent = OPPONENT if players[0].casefold() != OPPONENT.casefold() else "Opponent"
        players = [players[0], opponent]
    n = len(players)
    gate = setup.get("guard_tiles") or list(GUARD_FROM_GATE)
    guard = list(reversed(gate))  # the Guard starts on the last tile from the gate
    rounds = setup.get("rounds") or ROUNDS
    # Luna, Setup 7 / Special Rules (2 players) / Solo Level 1: 4 Time tokens, 3 with two
    # players, none in solo.
    default_time = 0 if solo_level else (3 if n == 2 else 4)
    time_tokens = 0 if solo_level else setup.get("time_tokens", default_time)
    # Luna, Components: the Moon Priestess "6" for 4 players, "5" for 2–3 players (solo is
    # a 2-player game).
    priestess = setup.get("priestess") or (6 if n == 4 else 5)
    # Luna, 1. Preliminary Round: "There is no Preliminary Round if you use the
    # preselected setup."
    prelim = setup.get("preliminary_round", variant != "preselected")
    if solo_level:
        prelim = True  # Luna, Solo Level 1: the solo setup is completed in this round
    start_influence = setup.get("starting_influence", START_INFLUENCE)
    state = LunaState(
        players=players, variant=variant, solo_level=solo_level, rounds=rounds,
        guard_values=guard, priestess=priestess, time_tokens=time_tokens,
        preliminary=bool(prelim), influence=[start_influence] * n,
        proposed_start=setup_first_player(setup, n),
        readings=config_readings(config),
    )
    if solo_level:
        # Luna, Solo Level 1, Preliminary Round: "Your opponent is the start player."
        state.start = state.turn = 1
        state.step = "solo_opponent"
        state.council_order = council_stack(players, 1)
    return state


def _need(s: LunaState, *steps: str) -> None:
    if s.finished:
        raise FlowError(Msg("flow.luna.error.over"))
    if s.step not in steps:
        raise FlowError(Msg("flow.luna.error.not_now", step=STEP_TITLES[s.step]))


def _gain(s: LunaState, who: int, amount: int) -> None:
    # Influence cannot fall below 0: coins a player does not have cannot be returned
    # (ruling P-11).
    own(s, "influence")
    s.influence[who] = max(0, s.influence[who] + amount)


def _begin_round(s: LunaState, round_: int) -> None:
    s.round = round_
    s.time_left = s.time_tokens
    s.last_token_by = None
    s.next_start = None
    s.turn = s.start
    s.step = "solo_deactivate" if is_solo(s) else "action"


def _next_start(s: LunaState, turner: int) -> int:
    n = len(s.players)
    if n == 2:
        # Luna, Special Rules for the 2-Player Game: the start player passes the figure to
        # the opponent at the end of each round (ruling P-9).
        return 1 - s.start
    # Luna, Meditation: the player to the left of whoever turned the last Time token.
    return left_of(turner, n)


PARTS = ("priestess", "apostate", "temple")  # Luna, Scoring Phase, in the rulebook's order


def _parts(s: LunaState, event: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """Each player's three parts of the round from the event's three groups."""
    groups = {part: req_group(event, part) for part in PARTS}
    seats = [seat_key(i) for i in range(len(s.players))]
    for group in groups.values():
        unknown = [k for k in group if k not in seats]
        if unknown:
            raise FlowError(Msg("flow.luna.error.not_playing", name=unknown[0]))
    parts: dict[str, dict[str, int]] = {}
    for i, name in enumerate(s.players):
        priestess = req_int(groups["priestess"].get(seat_key(i), 0), 0, s.priestess,
                            whole=Msg("flow.luna.error.priestess_whole", name=name),
                            low=Msg("flow.luna.error.priestess_low", name=name, lo=0),
                            high=Msg("flow.luna.error.priestess_high", name=name,
                                     hi=s.priestess))
        loss = req_int(groups["apostate"].get(seat_key(i), 0), -MAX_APOSTATE, 0,
                       whole=Msg("flow.luna.error.apostate_whole", name=name),
                       low=Msg("flow.luna.error.apostate_low", name=name, lo=-MAX_APOSTATE),
                       high=Msg("flow.luna.error.apostate_high", name=name, hi=0))
        if is_solo(s) and i == 1 and loss:
            # Luna, Solo Game Rules: "Your opponent does not lose influence due to the
            # Apostate."
            raise FlowError(Msg("flow.luna.error.opponent_apostate"))
        temple = req_int(groups["temple"].get(seat_key(i), 0), 0, MAX_TEMPLE,
                         whole=Msg("flow.luna.error.temple_whole", name=name),
                         low=Msg("flow.luna.error.temple_low", name=name, lo=0),
                         high=Msg("flow.luna.error.temple_high", name=name, hi=MAX_TEMPLE))
        parts[name] = {"priestess": priestess, "apostate": loss, "temple": temple}
    return parts


def _net_changes(s: LunaState, event: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """A round recorded as each player's net change (logs from before the three parts)."""
    changes = req_group(event, "changes")
    unknown = [k for k in changes if k not in [seat_key(i) for i in range(len(s.players))]]
    if unknown:
        raise FlowError(Msg("flow.luna.error.not_playing", name=unknown[0]))
    parts: dict[str, dict[str, int]] = {}
    for i, name in enumerate(s.players):
        change = req_int(changes.get(seat_key(i), 0), -MAX_CHANGE, MAX_CHANGE,
                         whole=Msg("flow.luna.error.round_change_whole", name=name),
                         low=Msg("flow.luna.error.round_change_low", name=name,
                                 lo=-MAX_CHANGE),
                         high=Msg("flow.luna.error.round_change_high", name=name,
                                  hi=MAX_CHANGE))
        if is_solo(s) and i == 1 and change < 0:
            raise FlowError(Msg("flow.luna.error.opponent_apostate"))
        parts[name] = {"priestess": 0, "apostate": 0, "temple": 0}
        parts[name]["apostate" if change < 0 else "temple"] = change
    return parts


def _council_order(s: LunaState, order: Any) -> list[str]:
    """The players' names from the event's Council order, a list of every seat once."""
    seats = [seat(i) for i in range(len(s.players))]
    if (not isinstance(order, list)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in order)
            or sorted(order) != seats):
        raise FlowError(Msg("flow.luna.error.council_order"))
    return [s.players[v - 1] for v in order]


def apply(state: LunaState, event: Mapping[str, Any]) -> LunaState:
    kind = event_type(event)
    s = state.model_copy()  # shallow: a field changed in place is own()ed first
    n = len(s.players)
    if kind == "start":
        _need(s, "start")
        s.start = req_player(s.players, event.get("player"),
                             Msg("flow.luna.error.start_player"))  # type: ignore[assignment]
        s.council_order = council_stack(s.players, s.start)
        if s.preliminary:
            s.step = "shrines"
        else:
            _begin_round(s, 1)
    elif kind == "next":
        _need(s, "solo_opponent", "solo_temple", "shrines", "novices", "favors",
              "solo_deactivate", "solo_shrine", "prep_novices", "prep_figures", "prep_guard")
        order = {"solo_opponent": "solo_temple", "solo_temple": "shrines",
                 "shrines": "novices", "novices": "favors", "solo_deactivate":
                 "solo_opponent_tile", "solo_shrine": "scoring",
                 "prep_novices": "prep_figures", "prep_figures": "prep_guard"}
        if s.step == "favors":
            _begin_round(s, 1)
        elif s.step == "prep_guard":
            if not is_solo(s):
                default = s.next_start if s.next_start is not None else s.start
                value = event.get("player", seat(default))
                s.start = req_player(s.players, value, Msg("flow.luna.error.start_player"))  # type: ignore[assignment]
            # Luna, Preparing the Next Round: the Guard moves to the next Guard tile.
            _begin_round(s, s.round + 1)
        else:
            s.step = order[s.step]
    elif kind == "opponent_temple":
        _need(s, "solo_opponent_tile")
        if req_bool(event.get("placed"), Msg("flow.luna.error.placed"), False):
            # Luna, Solo Level 1: "Your opponent gains influence according to the Guard
            # tile as usual."
            _gain(s, 1, guard_value(s))
        s.step = "action"
        s.turn = 0
    elif kind in ("action", "sanctify", "meditate"):
        _need(s, "action")
        # The table records only what the round needs (Time tokens, influence): whose
        # turn it is is kept only for tables that tap every action. An event
        # naming its player says who (the form asks; left unpicked it is refused); one
        # without (an older log, or the turn tracker) is the player whose turn it was.
        me = s.turn
        if "player" in event and not is_solo(s):
            if event.get("player") is None:
                raise FlowError(Msg("flow.luna.error.who_turned") if kind == "meditate" else
                                Msg("flow.luna.error.who_sanctified") if kind == "sanctify"
                                else Msg("flow.luna.error.choose_player"))
            me = req_player(s.players, event.get("player"), Msg("flow.luna.error.player"))  # type: ignore[assignment]
        if kind == "sanctify":
            displaced = req_int(event.get("displaced", 0), 0, 12,
                                whole=Msg("flow.luna.error.displaced_whole"),
                                low=Msg("flow.luna.error.displaced_low", lo=0),
                                high=Msg("flow.luna.error.displaced_high", hi=12))
            # Luna, Sanctification: the Guard tile's number, +1 per displaced Novice.
            _gain(s, me, guard_value(s) + displaced)
        if kind == "meditate":
            if is_solo(s) or s.time_left <= 0:
                raise FlowError(Msg("flow.luna.error.solo_time"))
            s.time_left -= 1
            if s.time_left == 0:
                # Luna, Meditation: the last Time token ends the action phase; its turner
                # gains 1 influence; the start player figure passes on.
                _gain(s, me, LAST_TOKEN_BONUS)
                s.last_token_by = me
                s.next_start = _next_start(s, me)
                s.step = "scoring"
                return s
        if not is_solo(s):
            s.turn = left_of(me, n)  # Luna, Action Phase: players take turns
    elif kind == "end_actions":
        _need(s, "action")
        if not is_solo(s):
            raise FlowError(Msg("flow.luna.error.ends_with_token"))
        s.step = "solo_shrine"
    elif kind == "round_scored":
        _need(s, "scoring")
        order = event.get("council_order")
        if order is not None:
            s.council_order = _council_order(s, order)
        if "changes" in event and not any(k in event for k in PARTS):
            parts = _net_changes(s, event)  # a log from before the three parts
        else:
            parts = _parts(s, event)
        paid_round: dict[str, dict[str, int]] = {}
        recorded: dict[str, int] = {}
        for i, name in enumerate(s.players):
            before = s.influence[i]
            paid: dict[str, int] = {}
            # Luna, Scoring Phase: Moon Priestess, Apostate, Temple — in this order, each
            # paid in coins, so influence stops at 0 at each step (ruling P-11).
            if s.readings.get("P-11") == "alternative":
                # The table's other reading of P-11: the Apostate takes his count plus one
                # in full, set against the whole round; only its end stops at 0 (coins).
                paid = dict(parts[name])
                _gain(s, i, sum(paid.values()))
                paid["apostate"] -= before + sum(parts[name].values()) - s.influence[i]
            else:
                for part in PARTS:
                    held = s.influence[i]
                    _gain(s, i, parts[name][part])
                    paid[part] = s.influence[i] - held
            paid_round[name] = paid
            recorded[name] = s.influence[i] - before
        own(s, "round_changes", "round_parts")
        s.round_changes.append(recorded)
        s.round_parts.append(paid_round)
        if s.round >= s.rounds:
            # Luna, Preparing the Next Round: "Skipped at the end of the 6th round."
            s.step, s.finished = "end", True
        else:
            s.step = "prep_novices"
    elif kind == "council":
        # Luna, Council of Priests: a piece moves up; the app keeps places, not seats (the
        # number of seats is not in the text) — ruling P-17.
        if s.finished:
            raise FlowError(Msg("flow.luna.error.over_council"))
        if not s.round:
            raise FlowError(Msg("flow.luna.error.council_rounds"))
        who = req_player(s.players, event.get("player"), Msg("flow.luna.error.moved"))
        place = event.get("place")
        if place is None:
            raise FlowError(Msg("flow.luna.error.choose_place"))
        if isinstance(place, str) and place.isdecimal() and place.isascii():
            place = int(place)  # a choice field's value
        place = req_int(place, 1, n, whole=Msg("flow.luna.error.place_whole"),
                        low=Msg("flow.luna.error.place_low", lo=1),
                        high=Msg("flow.luna.error.place_high", hi=n))
        order = council(s)
        order.remove(s.players[who])  # type: ignore[index]
        order.insert(place - 1, s.players[who])  # type: ignore[index]
        s.council_order = order
    elif kind == "influence":
        if s.finished:
            raise FlowError(Msg("flow.luna.error.over_influence"))
        who = req_player(s.players, event.get("player"), Msg("flow.luna.error.player"))
        amount = req_int(event.get("amount"), -MAX_CHANGE, MAX_CHANGE,
                         whole=Msg("flow.luna.error.change_whole"),
                         low=Msg("flow.luna.error.change_low", lo=-MAX_CHANGE),
                         high=Msg("flow.luna.error.change_high", hi=MAX_CHANGE))
        if amount == 0:
            raise FlowError(Msg("flow.luna.error.zero"))
        _gain(s, who, amount)  # type: ignore[arg-type]
    else:
        raise FlowError(Msg("flow.luna.error.unknown"))
    return s


# ---------------------------------------------------------------------------------------
# view


def _markers(s: LunaState) -> list[Marker]:
    out = [Marker(label=Msg("flow.luna.marker.round"),
                  value=Msg("flow.luna.marker.round_value", round=s.round, rounds=s.rounds)
                  if s.round else Msg("flow.luna.marker.preliminary") if s.step != "start"
                  else "—")]
    if s.round:
        out.append(Marker(label=Msg("flow.luna.marker.guard"), value=guard_value(s)))
        later = s.guard_values[s.round:]
        if later:
            out.append(Marker(label=Msg("flow.luna.marker.guards_ahead"),
                              value=comma_list([str(v) for v in later])))
    if not is_solo(s) and s.step != "start":
        out.append(Marker(label=Msg("flow.luna.marker.start"), value=s.players[s.start]))
        if s.round:
            out.append(Marker(label=Msg("flow.luna.marker.time_tokens"),
                              value=Msg("flow.luna.marker.time_tokens_value",
                                        left=s.time_left, total=s.time_tokens)))
    out.append(Marker(label=Msg("flow.luna.marker.priestess"), value=s.priestess))
    order = council(s) if s.step != "start" else []
    for i, name in enumerate(s.players):
        out.append(Marker(label=Msg("flow.luna.marker.influence", name=name),
                          value=s.influence[i], player=name))
        if order:
            out.append(Marker(label=Msg("flow.luna.marker.council_place", name=name),
                              value=PLACES[order.index(name)], player=name))
    return out


def _council_action(s: LunaState) -> Action:
    """Record a Member of the Council piece's move: whose, and their place now. Nothing is
    picked to start with, so a form left alone is not taken for an unsaved entry."""
    n = len(s.players)
    places = [str(k) for k in range(1, n + 1)]
    return Action(
        event={"type": "council"}, label=Msg("flow.luna.action.council"),
        fields=[player_field("player", Msg("flow.luna.field.council_who"), s.players),
                Field(key="place", label=Msg("flow.luna.field.council_place"),
                      kind="choice", choices=places, choice_labels=list(PLACES[:n]))])


def _influence_action(s: LunaState) -> Action:
    """Any other change of influence. No player is picked to start with: a default that
    followed the turn would make a form left alone look changed after every turn."""
    return Action(
        event={"type": "influence"}, label=Msg("flow.luna.action.influence"),
        fields=[player_field("player", Msg("flow.luna.field.player"), s.players),
                Field(key="amount", label=Msg("flow.luna.field.change"), kind="number",
                      min=-MAX_CHANGE,
                      max=MAX_CHANGE, default=1)])


def view(s: LunaState) -> PlayView:
    n = len(s.players)
    step = s.step
    rule_keys: tuple[str, ...] = (step,)
    actions: list[Action] = []
    notes: list[Msg] = []
    rulings: list[str] = []
    active: str | None = None
    title = STEP_TITLES[step]
    me = s.players[s.turn]
    g = guard_value(s)
    if step == "start":
        reminder = Msg("flow.luna.reminder.start")
        if not s.preliminary:
            rule_keys = ("start", "no_preliminary")
        actions.append(start_action(
            s.players, s.proposed_start,
            Msg("flow.luna.action.start_preliminary") if s.preliminary
            else Msg("flow.luna.action.start"), Msg("flow.luna.field.start")))
    elif step == "solo_opponent":
        reminder = Msg("flow.luna.reminder.solo_opponent")
        actions.append(next_action(Msg("flow.luna.next.temple")))
    elif step == "solo_temple":
        reminder = Msg("flow.luna.reminder.solo_temple")
        actions.append(next_action(Msg("flow.luna.next.pieces")))
    elif step == "shrines":
        if is_solo(s):
            reminder = Msg("flow.luna.reminder.shrines_solo")
        else:
            reminder = (Msg("flow.luna.reminder.shrines_2") if n == 2
                        else Msg("flow.luna.reminder.shrines"))
        actions.append(next_action(Msg("flow.luna.next.novices")))
    elif step == "novices":
        reminder = Msg("flow.luna.reminder.novices")
        actions.append(next_action(Msg("flow.luna.next.favors")))
    elif step == "favors":
        reminder = Msg("flow.luna.reminder.favors")
        actions.append(next_action(Msg("flow.luna.next.round1")))
    elif step == "solo_deactivate":
        reminder = Msg("flow.luna.reminder.solo_deactivate")
        rule_keys = ("solo_deactivate", "council")
        actions.append(next_action(Msg("flow.luna.next.opponent_tile")))
        actions.append(_council_action(s))
    elif step == "solo_opponent_tile":
        reminder = Msg("flow.luna.reminder.solo_opponent_tile", guard=g)
        actions.append(Action(
            event={"type": "opponent_temple", "placed": False}, primary=True,
            label=Msg("flow.luna.next.action"),
            fields=[Field(key="placed", kind="bool", default=False,
                          label=Msg("flow.luna.field.opponent_placed", guard=g))]))
    elif step == "action":
        if is_solo(s):
            rule_keys = ("action", "solo_action")
            if s.solo_level >= 2:
                rule_keys += (f"solo{s.solo_level}",)
                notes.append(Msg("flow.luna.note.apostate_blocks_2") if s.solo_level == 2
                             else Msg("flow.luna.note.apostate_blocks_3"))
            active = s.players[0]
            reminder = Msg("flow.luna.reminder.solo_action", guard=g)
            actions.append(Action(
                event={"type": "sanctify", "displaced": 0},
                label=Msg("flow.luna.action.sanctify", guard=g),
                fields=[Field(key="displaced", label=Msg("flow.luna.field.displaced"),
                              kind="number", min=0, max=12, default=0)]))
            actions.append(next_action(Msg("flow.luna.next.end_actions"), type="end_actions"))
            actions.append(_council_action(s))
        else:
            # Only what the round needs is asked: each Time token turned and each
            # Sanctification; the turns themselves are played at the table.
            last = s.time_left == 1
            reminder = Msg("flow.luna.reminder.action", left=s.time_left, guard=g)
            if last:
                # Luna, 2-player rules: the figure goes to the opponent (P-9).
                notes.append(Msg("flow.luna.note.last_token_2", bonus=LAST_TOKEN_BONUS)
                             if n == 2 else
                             Msg("flow.luna.note.last_token", bonus=LAST_TOKEN_BONUS))
                actions.append(Action(
                    event={"type": "meditate"}, primary=True,
                    label=Msg("flow.luna.action.last_token", bonus=LAST_TOKEN_BONUS),
                    fields=[player_field("player", Msg("flow.luna.field.who_turned"),
                                         s.players)]))
            else:
                actions.append(Action(event={"type": "meditate"}, primary=True,
                                      label=Msg("flow.luna.action.token",
                                                left=s.time_left)))
            actions.append(Action(
                event={"type": "sanctify", "displaced": 0},
                label=Msg("flow.luna.action.sanctify", guard=g),
                fields=[player_field("player", Msg("flow.luna.field.who_sanctified"),
                                     s.players),
                        Field(key="displaced", label=Msg("flow.luna.field.displaced"),
                              kind="number", min=0, max=12, default=0)]))
            actions.append(_council_action(s))
            # Optional, for a table that wants the app to follow the turns.
            actions.append(Action(event={"type": "action"},
                                  label=Msg("flow.luna.action.follow", name=me)))
    elif step == "solo_shrine":
        reminder = Msg("flow.luna.reminder.solo_shrine")
        actions.append(next_action(Msg("flow.luna.next.scoring")))
    elif step == "scoring":
        if is_solo(s):
            rule_keys = ("scoring", "solo_scoring")
            notes.append(Msg("flow.luna.note.opponent_apostate", name=s.players[1]))
            rulings.append("P-12")
        reminder = Msg("flow.luna.reminder.scoring")
        if s.last_token_by is not None:
            notes.append(Msg("flow.luna.note.last_token_by", name=s.players[s.last_token_by],
                             bonus=LAST_TOKEN_BONUS))
        notes.append(Msg("flow.luna.note.ties", council=comma_list(council(s))))
        fields = []
        for i, name in enumerate(s.players):
            fields.append(Field(key=seat_key(i), group="priestess",
                                label=Msg("flow.luna.field.priestess", name=name),
                                kind="number", min=0, max=s.priestess, default=0))
            if not (is_solo(s) and i == 1):  # the virtual opponent loses nothing there
                fields.append(Field(key=seat_key(i), group="apostate",
                                    label=Msg("flow.luna.field.apostate", name=name),
                                    kind="number", min=-MAX_APOSTATE, max=0, default=0))
            fields.append(Field(key=seat_key(i), group="temple",
                                label=Msg("flow.luna.field.temple", name=name),
                                kind="number", min=0, max=MAX_TEMPLE, default=0))
        last = s.round >= s.rounds
        actions.append(Action(
            event={"type": "round_scored"}, fields=fields, primary=True, helper="luna_round",
            label=Msg("flow.luna.next.final") if last else Msg("flow.luna.next.prepare")))
    elif step == "prep_novices":
        reminder = Msg("flow.luna.reminder.prep_novices")
        actions.append(next_action(Msg("flow.luna.next.figures")))
    elif step == "prep_figures":
        if is_solo(s):
            rule_keys = ("prep_figures", "solo_apostate")
            reminder = Msg("flow.luna.reminder.prep_figures_solo", count=s.priestess)
        else:
            reminder = Msg("flow.luna.reminder.prep_figures", count=s.priestess)
        rulings.append("P-10")
        actions.append(next_action(Msg("flow.luna.next.guard") if is_solo(s)
                                   else Msg("flow.luna.next.guard_time")))
    elif step == "prep_guard":
        nxt = s.guard_values[s.round] if s.round < len(s.guard_values) else g
        last = s.round + 1 >= s.rounds
        label = Msg("flow.luna.next.round", round=s.round + 1)
        if is_solo(s):
            # Luna, Solo Game Rules, Level 1, Setup: "do not use the Time tokens"
            rule_keys = ("prep_guard_solo", "solo_no_time")
            reminder = (Msg("flow.luna.reminder.guard_solo_last", next=nxt, guard=g) if last
                        else Msg("flow.luna.reminder.guard_solo", next=nxt, guard=g))
            title = STEP_TITLES["prep_guard_solo"]
            actions.append(next_action(label))
        else:
            reminder = (Msg("flow.luna.reminder.guard_last", next=nxt, guard=g) if last
                        else Msg("flow.luna.reminder.guard", next=nxt, guard=g))
            if n == 2:
                rule_keys = ("prep_guard", "two_player_start")
                notes.append(Msg("flow.luna.note.two_players"))
                rulings.append("P-9")
            # Luna, Meditation: the figure passes to the left of whoever turned the last
            # Time token (2 players: to the opponent) — the rulebook names the player.
            default = s.next_start if s.next_start is not None else s.start
            actions.append(Action(
                event={"type": "next"}, label=label, primary=True,
                fields=[player_field(
                    "player", Msg("flow.luna.field.next_start"), s.players,
                    default=seat(default),
                    preset="rulebook" if s.next_start is not None else None)]))
    else:
        rule_keys = ("end",)
        reminder = Msg("flow.luna.reminder.end")
    if s.round and not s.finished:
        actions.append(_influence_action(s))
    return PlayView(
        game=GAME, round=s.round or None, rounds=s.rounds,
        phase=(Msg("flow.luna.phase.round", round=s.round, rounds=s.rounds) if s.round else
               Msg("flow.luna.phase.preliminary") if step != "start"
               else Msg("flow.luna.phase.setup")),
        step=title, reminder=reminder, cites=cites(CITATIONS, *rule_keys),
        markers=_markers(s), actions=actions, notes=notes, rulings=rulings,
        active_player=active, finished=s.finished,
    )


def score_prefill(s: LunaState) -> dict[str, Any]:
    """Luna sheet: each player's influence before the end-game scoring, and the Council
    order as the table last recorded it (it breaks the final ties)."""
    prefill: dict[str, Any] = {
        "game": GAME,
        "players": [{"name": name, "influence": s.influence[i]}
                    for i, name in enumerate(s.players)]}
    if s.step != "start":
        prefill["council_order"] = council(s)
    return prefill


FLOW = Flow(
    game=GAME, title=box.NAME, state_model=LunaState, variants=VARIANTS, player_range=PLAYERS,
    initial=initial, apply=apply, view=view, score_prefill=score_prefill,
    citations=tuple(CITATIONS.values()),
)
