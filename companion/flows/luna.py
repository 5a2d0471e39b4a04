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

The steps are the Step rows of ``TABLE``, in the rulebook's order (the solo game's own
steps last, as its Solo Game Rules come); ``MOVES`` holds what each event does.

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
    Step,
    StepTable,
    cite,
    comma_list,
    config_readings,
    left_of,
    next_action,
    of,
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
from .i18n import Msg, Text

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

class LunaState(FlowState):
    game: str = GAME
    solo_level: int = 0  # 1–3 in the solo game
    rounds: int = ROUNDS
    guard_values: list[int]  # Sanctification pay in rounds 1…6
    priestess: int
    time_tokens: int  # per round; 0 in solo (not used)
    preliminary: bool
    influence: list[int]
    proposed_start: int | None = 0
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


def _gain(s: LunaState, who: int, amount: int) -> None:
    # Influence cannot fall below 0: coins a player does not have cannot be returned
    # (ruling P-11).
    own(s, "influence")
    s.influence[who] = max(0, s.influence[who] + amount)


def _begin_round(s: LunaState, event: Mapping[str, Any] | None = None) -> None:
    """A round begins: the Guard on its next tile (the round's number), the Time tokens
    restacked, the start player's turn (Luna, Preparing the Next Round)."""
    s.round += 1
    s.time_left = s.time_tokens
    s.last_token_by = None
    s.next_start = None
    s.turn = s.start


def _round_opens(s: LunaState) -> str:
    """The step a round opens with: the action phase, after the solo game's own steps
    (Luna, Solo Game Rules, Level 1: "At the beginning of each round")."""
    return "solo_deactivate" if is_solo(s) else "action"


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


# ---------------------------------------------------------------------------------------
# moves (the steps that allow each: TABLE below), in the rulebook's order


def _start(s: LunaState, event: Mapping[str, Any]) -> None:
    """``start``: Luna, Setup: the start player; the Member of the Council pieces are
    stacked from them (Setup 8)."""
    s.start = req_player(s.players, event.get("player"),
                         Msg("flow.luna.error.start_player"))  # type: ignore[assignment]
    s.council_order = council_stack(s.players, s.start)
    if s.preliminary:
        TABLE.enter(s, "shrines")
    else:
        _begin_round(s)
        TABLE.enter(s, _round_opens(s))


def _player(s: LunaState, event: Mapping[str, Any], unpicked: Msg) -> int:
    """Who took the action. The table records only what the round needs (Time tokens,
    influence): whose turn it is is kept only for tables that tap every action. An event
    naming its player says who (the form asks; left unpicked it is refused with
    ``unpicked``); one without (an older log, or the turn tracker) is the player whose
    turn it was."""
    if "player" in event and not is_solo(s):
        if event.get("player") is None:
            raise FlowError(unpicked)
        return req_player(s.players, event.get("player"),
                          Msg("flow.luna.error.player"))  # type: ignore[return-value]
    return s.turn


def _turn_passes(s: LunaState, me: int) -> None:
    if not is_solo(s):
        s.turn = left_of(me, len(s.players))  # Luna, Action Phase: players take turns


def _action(s: LunaState, event: Mapping[str, Any]) -> None:
    """``action``: Luna, Action Phase: one action, then the turn passes to the left."""
    _turn_passes(s, _player(s, event, Msg("flow.luna.error.choose_player")))


def _meditate(s: LunaState, event: Mapping[str, Any]) -> None:
    """``meditate``: Luna, Meditation: a Time token turned; the last one ends the action
    phase, its turner gains 1 influence and the start player figure passes on."""
    me = _player(s, event, Msg("flow.luna.error.who_turned"))
    if is_solo(s) or s.time_left <= 0:
        raise FlowError(Msg("flow.luna.error.solo_time"))
    s.time_left -= 1
    if s.time_left:
        _turn_passes(s, me)
        return
    _gain(s, me, LAST_TOKEN_BONUS)
    s.last_token_by = me
    s.next_start = _next_start(s, me)
    TABLE.enter(s, "scoring")


def _sanctify(s: LunaState, event: Mapping[str, Any]) -> None:
    """``sanctify``: Luna, Sanctification: the Guard tile's number, +1 per displaced
    Novice."""
    me = _player(s, event, Msg("flow.luna.error.who_sanctified"))
    displaced = req_int(event.get("displaced", 0), 0, 12,
                        whole=Msg("flow.luna.error.displaced_whole"),
                        low=Msg("flow.luna.error.displaced_low", lo=0),
                        high=Msg("flow.luna.error.displaced_high", hi=12))
    _gain(s, me, guard_value(s) + displaced)
    _turn_passes(s, me)


def _council(s: LunaState, event: Mapping[str, Any]) -> None:
    """``council``: Luna, Council of Priests: a piece moves up; the app keeps places, not
    seats (the number of seats is not in the text) — ruling P-17."""
    if s.finished:
        raise FlowError(Msg("flow.luna.error.over_council"))
    if not s.round:
        raise FlowError(Msg("flow.luna.error.council_rounds"))
    n = len(s.players)
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


def _round_scored(s: LunaState, event: Mapping[str, Any]) -> None:
    """``round_scored``: Luna, Scoring Phase: Moon Priestess, Apostate, Temple — in this
    order, each paid in coins, so influence stops at 0 at each step (ruling P-11)."""
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
    # Luna, Preparing the Next Round: "Skipped at the end of the 6th round."
    TABLE.enter(s, "end" if s.round >= s.rounds else "prep_novices")


def _next_round(s: LunaState, event: Mapping[str, Any]) -> None:
    """Next at the end of Preparing the Next Round: the start player the table confirms
    (not in solo: the virtual opponent's turns are not played), then the round begins."""
    if not is_solo(s):
        default = s.next_start if s.next_start is not None else s.start
        value = event.get("player", seat(default))
        s.start = req_player(s.players, value,
                             Msg("flow.luna.error.start_player"))  # type: ignore[assignment]
    _begin_round(s)


def _opponent_temple(s: LunaState, event: Mapping[str, Any]) -> None:
    """``opponent_temple``: Luna, Solo Level 1, At the beginning of each round: the
    opponent's Novice on a Temple tile; "Your opponent gains influence according to the
    Guard tile as usual." Then the player's action phase."""
    if req_bool(event.get("placed"), Msg("flow.luna.error.placed"), False):
        _gain(s, 1, guard_value(s))
    s.turn = 0
    TABLE.enter(s, "action")


def _end_actions(s: LunaState, event: Mapping[str, Any]) -> None:
    """``end_actions``: Luna, Solo Game Rules, Level 1: "The Action Phase ends when you
    cannot or do not want to take any more actions"."""
    if not is_solo(s):
        raise FlowError(Msg("flow.luna.error.ends_with_token"))
    TABLE.enter(s, "solo_shrine")


def _influence(s: LunaState, event: Mapping[str, Any]) -> None:
    """``influence``: any other change of a player's influence."""
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


MOVES = {"start": _start, "action": _action, "meditate": _meditate, "sanctify": _sanctify,
         "council": _council, "round_scored": _round_scored,
         "opponent_temple": _opponent_temple, "end_actions": _end_actions,
         "influence": _influence}


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


def _start_actions(s: LunaState) -> list[Action]:
    return [start_action(s.players, s.proposed_start,
                         Msg("flow.luna.action.start_preliminary") if s.preliminary
                         else Msg("flow.luna.action.start"), Msg("flow.luna.field.start"))]


def _sanctify_action(s: LunaState, who: list[Field]) -> Action:
    return Action(
        event={"type": "sanctify", "displaced": 0},
        label=Msg("flow.luna.action.sanctify", guard=guard_value(s)),
        fields=[*who, Field(key="displaced", label=Msg("flow.luna.field.displaced"),
                            kind="number", min=0, max=12, default=0)])


def _action_actions(s: LunaState) -> list[Action]:
    """Luna, Action Phase. Only what the round needs is asked: each Time token turned and
    each Sanctification; the turns themselves are played at the table."""
    if is_solo(s):
        # Luna, Solo Game Rules, Level 1: no Time tokens; the player ends the phase.
        return [_sanctify_action(s, []),
                next_action(Msg("flow.luna.next.end_actions"), type="end_actions"),
                _council_action(s)]
    if s.time_left == 1:
        token = Action(
            event={"type": "meditate"}, primary=True,
            label=Msg("flow.luna.action.last_token", bonus=LAST_TOKEN_BONUS),
            fields=[player_field("player", Msg("flow.luna.field.who_turned"), s.players)])
    else:
        token = Action(event={"type": "meditate"}, primary=True,
                       label=Msg("flow.luna.action.token", left=s.time_left))
    who = [player_field("player", Msg("flow.luna.field.who_sanctified"), s.players)]
    return [token, _sanctify_action(s, who), _council_action(s),
            # Optional, for a table that wants the app to follow the turns.
            Action(event={"type": "action"},
                   label=Msg("flow.luna.action.follow", name=s.players[s.turn]))]


def _action_notes(s: LunaState) -> list[Text]:
    if is_solo(s):
        # Luna, Solo Game Rules, Levels 2 and 3: what the Apostate blocks.
        return ([Msg("flow.luna.note.apostate_blocks_2")] if s.solo_level == 2 else
                [Msg("flow.luna.note.apostate_blocks_3")] if s.solo_level >= 3 else [])
    if s.time_left != 1:
        return []
    # Luna, 2-player rules: the figure goes to the opponent (P-9).
    return [Msg("flow.luna.note.last_token_2", bonus=LAST_TOKEN_BONUS) if len(s.players) == 2
            else Msg("flow.luna.note.last_token", bonus=LAST_TOKEN_BONUS)]


def _action_cites(s: LunaState) -> tuple[str, ...]:
    if not is_solo(s):
        return ("action",)
    return ("action", "solo_action") + ((f"solo{s.solo_level}",) if s.solo_level >= 2 else ())


def _scoring_actions(s: LunaState) -> list[Action]:
    """Luna, Scoring Phase: each player's Moon Priestess, Apostate and Temple, asked in
    the rulebook's order (the UI's helper works them out)."""
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
    return [Action(
        event={"type": "round_scored"}, fields=fields, primary=True, helper="luna_round",
        label=Msg("flow.luna.next.final") if s.round >= s.rounds
        else Msg("flow.luna.next.prepare"))]


def _scoring_notes(s: LunaState) -> list[Text]:
    notes: list[Text] = []
    if is_solo(s):
        notes.append(Msg("flow.luna.note.opponent_apostate", name=s.players[1]))
    if s.last_token_by is not None:
        notes.append(Msg("flow.luna.note.last_token_by", name=s.players[s.last_token_by],
                         bonus=LAST_TOKEN_BONUS))
    notes.append(Msg("flow.luna.note.ties", council=comma_list(council(s))))
    return notes


def _guard_reminder(s: LunaState) -> Msg:
    """The Guard's next tile (this round's when none is left) and the one it leaves."""
    g = guard_value(s)
    nxt = s.guard_values[s.round] if s.round < len(s.guard_values) else g
    last = s.round + 1 >= s.rounds
    if is_solo(s):
        key = "flow.luna.reminder.guard_solo_last" if last else "flow.luna.reminder.guard_solo"
    else:
        key = "flow.luna.reminder.guard_last" if last else "flow.luna.reminder.guard"
    return Msg(key, next=nxt, guard=g)


def _next_start_field(s: LunaState) -> list[Field]:
    """Luna, Meditation: the figure passes to the left of whoever turned the last Time
    token (2 players: to the opponent) — the rulebook names the player."""
    if is_solo(s):
        return []
    default = s.next_start if s.next_start is not None else s.start
    return [player_field("player", Msg("flow.luna.field.next_start"), s.players,
                         default=seat(default),
                         preset="rulebook" if s.next_start is not None else None)]


def _prep_guard_cites(s: LunaState) -> tuple[str, ...]:
    if is_solo(s):
        # Luna, Solo Game Rules, Level 1, Setup: "do not use the Time tokens"
        return ("prep_guard_solo", "solo_no_time")
    return ("prep_guard", "two_player_start") if _two_players(s) else ("prep_guard",)


def _two_players(s: LunaState) -> bool:
    """The 2-player game (the solo game is one too, against no one who plays a turn)."""
    return len(s.players) == 2 and not is_solo(s)


def _frame(s: LunaState, view: dict[str, Any]) -> None:
    view.update(
        round=s.round or None, rounds=s.rounds,
        phase=(Msg("flow.luna.phase.round", round=s.round, rounds=s.rounds) if s.round else
               Msg("flow.luna.phase.preliminary") if s.step != "start"
               else Msg("flow.luna.phase.setup")),
        markers=_markers(s))
    if s.round and not s.finished:
        view["actions"].append(_influence_action(s))


def _not_now(s: LunaState, kind: str) -> Msg:
    if s.finished:
        return Msg("flow.luna.error.over")
    # the step as Play names it (the solo game's last preparation step has no Time tokens)
    return Msg("flow.luna.error.not_now", step=of(TABLE.step(s).title, s))


PREP_GUARD = Msg("flow.luna.title.prep_guard")


# Luna's order of play (Game Play, Overview): the Preliminary Round, then 6 rounds of the
# Action Phase and the Scoring Phase (with Preparing the Next Round); the game ends after
# the 6th round's scoring. The solo game's own steps come last, as in the rulebook (Solo
# Game Rules, Level 1), each placed in play by the step before it. A step's id is its key
# in CITATIONS.
TABLE = StepTable(
    game=GAME, moves=MOVES, citations=CITATIONS, anytime=frozenset({"council", "influence"}),
    refusal=_not_now, unknown=Msg("flow.luna.error.unknown"), frame=_frame,
    steps=(
        # Luna, Setup: the start player (not in solo: the virtual opponent starts).
        Step("start", Msg("flow.luna.title.start"), Msg("flow.luna.reminder.start"),
             cites=lambda s: ("start",) if s.preliminary else ("start", "no_preliminary"),
             moves=("start",), actions=_start_actions),
        # Luna, 1. Preliminary Round: Shrines, then Novices, then Favor tokens.
        Step("shrines", Msg("flow.luna.title.shrines"),
             lambda s: Msg("flow.luna.reminder.shrines_solo") if is_solo(s)
             else Msg("flow.luna.reminder.shrines_2") if len(s.players) == 2
             else Msg("flow.luna.reminder.shrines"),
             cites=("shrines",), next="novices", next_label=Msg("flow.luna.next.novices")),
        Step("novices", Msg("flow.luna.title.novices"), Msg("flow.luna.reminder.novices"),
             cites=("novices",), next="favors", next_label=Msg("flow.luna.next.favors")),
        Step("favors", Msg("flow.luna.title.favors"), Msg("flow.luna.reminder.favors"),
             cites=("favors",), then=_begin_round, next=_round_opens,
             next_label=Msg("flow.luna.next.round1")),
        # Luna, Action Phase (Meditation: the Time tokens; Sanctification: the Guard's pay)
        Step("action", Msg("flow.luna.title.action"),
             lambda s: Msg("flow.luna.reminder.solo_action", guard=guard_value(s))
             if is_solo(s) else
             Msg("flow.luna.reminder.action", left=s.time_left, guard=guard_value(s)),
             cites=_action_cites, moves=("action", "sanctify", "meditate", "end_actions"),
             actions=_action_actions, notes=_action_notes,
             # in the solo game every action is the player's own (the opponent takes no
             # turns); else the turns are played at the table
             active=lambda s: 0 if is_solo(s) else None),
        # Luna, Scoring Phase
        Step("scoring", Msg("flow.luna.title.scoring"), Msg("flow.luna.reminder.scoring"),
             cites=lambda s: ("scoring", "solo_scoring") if is_solo(s) else ("scoring",),
             moves=("round_scored",), actions=_scoring_actions, notes=_scoring_notes,
             # the virtual opponent takes no turns and loses nothing at the Apostate
             rulings=lambda s: ("P-12",) if is_solo(s) else ()),
        # Luna, Preparing the Next Round: Novices, the figures, then the Guard and the
        # Time tokens.
        Step("prep_novices", Msg("flow.luna.title.prep_novices"),
             Msg("flow.luna.reminder.prep_novices"),
             cites=("prep_novices",), next="prep_figures",
             next_label=Msg("flow.luna.next.figures")),
        Step("prep_figures", Msg("flow.luna.title.prep_figures"),
             lambda s: Msg("flow.luna.reminder.prep_figures_solo" if is_solo(s)
                           else "flow.luna.reminder.prep_figures", count=s.priestess),
             cites=lambda s: ("prep_figures", "solo_apostate") if is_solo(s)
             else ("prep_figures",),
             next="prep_guard",
             next_label=lambda s: Msg("flow.luna.next.guard") if is_solo(s)
             else Msg("flow.luna.next.guard_time"),
             rulings=("P-10",)),  # both figures move by the Priestess's printed number
        Step("prep_guard",
             lambda s: Msg("flow.luna.title.prep_guard_solo") if is_solo(s) else PREP_GUARD,
             _guard_reminder, cites=_prep_guard_cites, then=_next_round, next=_round_opens,
             next_label=lambda s: Msg("flow.luna.next.round", round=s.round + 1),
             next_fields=_next_start_field,
             # Luna, Special Rules for the 2-Player Game: the figure goes to the opponent
             notes=lambda s: [Msg("flow.luna.note.two_players")] if _two_players(s) else [],
             rulings=lambda s: ("P-9",) if _two_players(s) else ()),
        # Luna, Game End
        Step("end", Msg("flow.luna.title.end"), Msg("flow.luna.reminder.end"), cites=("end",),
             final=True),
        # Luna, Solo Game Rules, Level 1, Preliminary Round: the opponent's Isles and its
        # Novice in the Temple, then the Preliminary Round as usual.
        Step("solo_opponent", Msg("flow.luna.title.solo_opponent"),
             Msg("flow.luna.reminder.solo_opponent"),
             cites=("solo_opponent",), next="solo_temple",
             next_label=Msg("flow.luna.next.temple")),
        Step("solo_temple", Msg("flow.luna.title.solo_temple"),
             Msg("flow.luna.reminder.solo_temple"),
             cites=("solo_temple",), next="shrines", next_label=Msg("flow.luna.next.pieces")),
        # Luna, Solo Game Rules, Level 1, At the beginning of each round
        Step("solo_deactivate", Msg("flow.luna.title.solo_deactivate"),
             Msg("flow.luna.reminder.solo_deactivate"), cites=("solo_deactivate", "council"),
             next="solo_opponent_tile", next_label=Msg("flow.luna.next.opponent_tile"),
             more=lambda s: [_council_action(s)]),
        Step("solo_opponent_tile", Msg("flow.luna.title.solo_opponent_tile"),
             lambda s: Msg("flow.luna.reminder.solo_opponent_tile", guard=guard_value(s)),
             cites=("solo_opponent_tile",), moves=("opponent_temple",),
             actions=lambda s: [Action(
                 event={"type": "opponent_temple", "placed": False}, primary=True,
                 label=Msg("flow.luna.next.action"),
                 fields=[Field(key="placed", kind="bool", default=False,
                               label=Msg("flow.luna.field.opponent_placed",
                                         guard=guard_value(s)))])]),
        # Luna, Solo Game Rules, Level 1, At the end of each round: the opponent's Shrine,
        # before the scoring.
        Step("solo_shrine", Msg("flow.luna.title.solo_shrine"),
             Msg("flow.luna.reminder.solo_shrine"),
             cites=("solo_shrine",), next="scoring", next_label=Msg("flow.luna.next.scoring")),
    ),
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
    initial=initial, apply=TABLE.apply, view=TABLE.view, score_prefill=score_prefill,
    citations=tuple(CITATIONS.values()), steps=TABLE,
)
