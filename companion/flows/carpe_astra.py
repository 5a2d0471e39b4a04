"""Carpe Astra (2–4 players): 10 rounds; each player's turn through its five phases with
their costs; credits per player; support tokens per player and left in the supply; the
event timeline at the end of each round. Source: seeds/001 (the rulebook).

Steps (the state's ``phase``; ``TABLE``, in the rulebook's order): ``start`` (Setup, Play),
the turn's five phases ``change_tack contacts infiltrate support draw``, ``round_end`` and
``immediate`` (End of a Round), ``end`` (End of the Game).

Events (``type``; a player is named by seat, ``base.seat``):
- ``start`` ``{player, characters: {seat: id}, tokens_reading, rules}``: start player and
  characters (ids ``chun tyndar ichthon verron``; the setup's draw is the default);
  with 3 players ``tokens_reading`` (``documented`` | ``alternative``) is the table's
  reading of C-1 the support tokens were set out under (absent: the config's);
  ``rules``: the version of this flow's checks the game was started under (absent: 1,
  a game started before event credits needed a card scored: ``RULES``).
- ``next``: the next phase / turn (leaving Gain Support with nothing scored gives +2).
- ``draw_cards`` (Change Tack, 1 credit); ``refresh_tiles``, ``add_tile`` (Make New
  Contacts, 1 credit each); ``move_agent`` (first two free, then 1 credit),
  ``rotate_tile`` (1 credit) (Infiltrate Guilds).
- ``network`` ``{guild | None}``: a Network card scored; the guild's support token is
  taken from the supply (None: none of its guilds has a token left).
- ``slander`` ``{victim, guild, keep}``: a Slander card scored; the victim's token goes
  back to the supply, or to the player for 1 credit when ``keep``; a victim with no
  token of that guild loses nothing, and the card still counts as scored (ruling P-7).
- ``event_credits`` ``{amount}``: credits from the current event, for cards scored this
  turn: at most 2 a card, none without one (ruling P-7).
- ``end_round`` ``{immediate}``: the round's event card removed and the next revealed;
  ``immediate``: it shows the Immediate Event symbol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorers.boxes import carpe_astra as box
from scorers.boxes import player_range, variant_ids
from scorers.boxes.carpe_astra import (  # the box's numbers
    CHARACTER_GUILDS,
    CREDIT_TOKENS,
    EVENT_CARDS,
    GUILDS,
    ROUNDS,
    STARTING_SUPPORT,
    guilds_being_played,
)
from scorers.boxes.carpe_astra import EVENTS_IN_TIMELINE as TIMELINE
from scorers.boxes.carpe_astra import STARTING_CREDITS as START_CREDITS

from .base import (
    NOT_PICKED,
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
    own,
    parse_config,
    player_field,
    req_bool,
    req_choice,
    req_group,
    req_int,
    req_player,
    seat,
    seat_key,
    seat_order,
    setup_first_player,
    setup_pick,
)
from .i18n import Msg, Text

GAME = "carpe_astra"
# The counts and variants: scorers/boxes/carpe_astra.py
VARIANTS = variant_ids(box)
PLAYERS = player_range(box)
GUILD_NAMES = {"military": Msg("flow.carpe_astra.guild.military"),
               "traders": Msg("flow.carpe_astra.guild.traders"),
               "priests": Msg("flow.carpe_astra.guild.priests"),
               "engineers": Msg("flow.carpe_astra.guild.engineers"),
               "settlers": Msg("flow.carpe_astra.guild.settlers"),
               "politicians": Msg("flow.carpe_astra.guild.politicians")}
# Carpe Astra, Setup: each character takes two support tokens for their own guild.
CHARACTERS = CHARACTER_GUILDS
CHARACTER_NAMES = {"chun": Msg("flow.carpe_astra.character.chun"),
                   "tyndar": Msg("flow.carpe_astra.character.tyndar"),
                   "ichthon": Msg("flow.carpe_astra.character.ichthon"),
                   "verron": Msg("flow.carpe_astra.character.verron")}
FREE_MOVES = 2  # Carpe Astra, Infiltrate Guilds: "Your first two moves are free"
NO_SCORE_CREDITS = 2  # Carpe Astra, Gain Support: "take two credits from the supply"
# The version of the checks a game is started under, recorded by its first tap. 2: event
# credits need a card scored this turn, at most 2 a card, and then no +2 (ruling P-7). A
# game started before (1) keeps replaying, and being played, as it was: its saved log
# holds taps those checks would refuse.
RULES = 2
# Carpe Astra, Event Cards: "one credit for every guild featured" (of the event's two) or
# "two credits for every card featuring that guild": at most 2 credits a card scored.
EVENT_CREDITS_A_CARD = 2
DOCUMENTED, ALTERNATIVE = "documented", "alternative"  # a reading (scorers/readings.py)

# Carpe Astra, Play: "That player performs all five phases", in this order.
PHASES = ("change_tack", "contacts", "infiltrate", "support", "draw")

BOOK = GAME  # the rulebook its steps cite (companion.rules.rulebooks)
CITATIONS: dict[str, Citation] = {
    "start": cite(BOOK, "Setup; Play",
        ("setup", "Determine which player is which character."),
        ("play", "Choose a start player", "game ends.")),
    "change_tack": cite(BOOK, "Change Tack",
        ("change-tack", "You may invest in", "your hand.")),
    "contacts": cite(BOOK, "Make New Contacts",
        ("make-new-contacts", "First, by spending", "each time."),
        ("make-new-contacts", "Next, you may add", "Guild Tile."),
        ("make-new-contacts", "After adding the", "chosen tile.")),
    "infiltrate": cite(BOOK, "Infiltrate Guilds",
        ("infiltrate-guilds", "Your first two moves", "wish to make."),
        ("infiltrate-guilds", "In addition, for", "that tile."),
        ("infiltrate-guilds", "Important: At the", "connected network")),
    "support": cite(BOOK, "Gain Support",
        ("gain-support", "For each Network", "support token."),
        ("gain-support", "For each Slander", "it to the supply."),
        ("gain-support", "If you do not score", "the supply.")),
    "slandered": cite(BOOK, "Gain Support",
        ("gain-support", "If you slander an", "will be hired.")),
    "draw": cite(BOOK, "Draw",
        ("draw", "At the end of your", "your hand."),
        ("draw", "If you are allowed", "either deck.")),
    "round_end": cite(BOOK, "End of a Round",
        ("end-of-a-round", "Once all players", "Event cards.)"),
        ("end-of-a-round", "If the newly revealed", "from the deck")),
    "immediate": cite(BOOK, "End of a Round",
        ("end-of-a-round", "If the newly revealed", "Immediate Event.")),
    "end": cite(BOOK, "End of the Game",
        ("end-of-the-game", "The game ends when", "from the game.")),
    "advanced": cite(BOOK, "Advanced Rules",
        ("advanced-rules", "Whenever you may", "the decks.")),
}


class CarpeAstraState(FlowState):
    game: str = GAME
    rounds: int = ROUNDS
    characters: list[str | None]
    setup_support: dict[str, int] | None = None  # the setup's tokens in play, if given
    setup_characters: list[str] | None = None
    credits: list[int]
    support: list[dict[str, int]]
    supply: dict[str, int] = {}
    proposed_start: int | None = 0
    start: int = 0
    round: int = 0
    turn: int = 0  # position in turn order (0 = start player)
    phase: str = "start"
    # this turn
    drew: bool = False
    tile_added: bool = False
    moves: int = 0
    scored: int = 0
    event_credits: int = 0  # credits from the event this turn (for the cards scored)
    slandered: list[int] = []  # the opponents slandered this turn (their tiles' agents)
    # the Slander cards scored this turn against an opponent without that guild's token
    # ({"victim": seat index, "guild": id}): scored, nothing taken (ruling P-7)
    bare_slanders: list[dict[str, Any]] = []
    # the reading of C-1 the support tokens were set out under (3 players), recorded by
    # the first tap; the table's reading now is ``readings``
    tokens_reading: str = DOCUMENTED
    rules: int = 1  # the checks the game was started under (``RULES``)
    # event cards
    event_deck: int = EVENT_CARDS - TIMELINE


def tokens_in_play(n: int, characters: list[str], other_reading: bool = False
                   ) -> dict[str, int]:
    """Support tokens per guild (the box's rule, ruling S-4) for these characters; with
    C-1's other reading, chosen by the table, every guild that has a character gets 5
    with 3 players (the setup and the scorer count the same)."""
    return box.tokens_in_play(n, guilds_being_played(characters, other_reading))


def table_reading(s: CarpeAstraState) -> str:
    """The table's reading of C-1 now (its Rulings screen, the config's ``readings``)."""
    return ALTERNATIVE if s.readings.get("C-1") == ALTERNATIVE else DOCUMENTED


def current(state: CarpeAstraState) -> int:
    """The player whose turn it is (at the End of a Round: the start player, who begins the
    next round)."""
    return seat_order(state.start, len(state.players))[state.turn]


def reveal_round(round_: int) -> bool:
    """Whether the end of ``round_`` reveals a card (Carpe Astra, End of a Round; ruling
    P-8): card r is round r's event and the end of round r reveals card r + 3 while the
    timeline has one, so rounds 1–7 reveal and rounds 8–10 do not."""
    return round_ + 3 <= TIMELINE


def initial(config: Mapping[str, Any]) -> CarpeAstraState:
    players, variant, setup = parse_config(config, GAME, PLAYERS, VARIANTS)
    n = len(players)
    chars = setup.get("characters")
    if not (isinstance(chars, list) and len(chars) == n and set(chars) <= set(CHARACTERS)
            and len(set(chars)) == n):
        chars = None
    support = setup.get("support_tokens")
    if not (isinstance(support, dict) and set(support) == set(GUILDS)):
        support = None
    credits = setup.get("credits_each", START_CREDITS)
    return CarpeAstraState(
        players=players, variant=variant, rounds=setup.get("rounds", ROUNDS),
        characters=list(chars) if chars else [None] * n,
        setup_characters=list(chars) if chars else None, setup_support=support,
        credits=[credits] * n, support=[{} for _ in players],
        proposed_start=setup_first_player(setup, n),
        readings=config_readings(config),
    )


def _pay(s: CarpeAstraState, who: int, amount: int, short: str) -> None:
    """Pay ``amount`` credits; ``short`` is the catalog key of the sentence saying the
    player cannot pay for this (its ``name`` the player's)."""
    if s.credits[who] < amount:
        raise FlowError(Msg(short, name=s.players[who]))
    own(s, "credits")
    s.credits[who] -= amount


def _can_pay(s: CarpeAstraState) -> bool:
    """Whether the player whose turn it is can pay the one credit a paid action costs."""
    return s.credits[current(s)] >= 1


def _name(s: CarpeAstraState) -> str:
    return s.players[current(s)]


def credits_left(s: CarpeAstraState) -> int:
    """The credits in the supply: the box's less those the players hold (Components: "49
    money tokens (credits)"; Setup: "Place the remaining credit tokens in a supply pile")."""
    return max(0, CREDIT_TOKENS - sum(s.credits))


def no_score_credits(s: CarpeAstraState) -> int:
    """What "take two credits from the supply" gives now: two, or what the supply has left."""
    return min(NO_SCORE_CREDITS, credits_left(s))


def _begin_round(s: CarpeAstraState, round_: int) -> None:
    s.round, s.turn = round_, 0
    TABLE.enter(s, "change_tack")
    _start_turn(s)


def _start_turn(s: CarpeAstraState) -> None:
    s.drew, s.tile_added, s.moves, s.scored, s.event_credits = False, False, 0, 0, 0
    s.slandered, s.bare_slanders = [], []


def _advanced(s: CarpeAstraState) -> tuple[str, ...]:
    """The Advanced Rules' passage, for the phases it changes, when the table plays them."""
    return ("advanced",) if s.variant == "advanced" else ()


# ---------------------------------------------------------------------------------------
# Carpe Astra, Setup; Play: the characters, then the start player begins round 1


def _start(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    s.start = req_player(s.players, event.get("player"),
                         Msg("flow.carpe_astra.error.start_player"))  # type: ignore[assignment]
    chosen = req_group(event, "characters")
    chars = []
    for i, name in enumerate(s.players):
        value = chosen.get(seat_key(i), s.characters[i])
        c = req_choice(value, list(CHARACTERS),
                       Msg("flow.carpe_astra.error.character", name=name))
        if c in chars:
            raise FlowError(Msg("flow.carpe_astra.error.character_twice",
                                character=CHARACTER_NAMES[c]))
        chars.append(c)
    s.characters = chars
    # Carpe Astra, Setup: the support tokens set out, under the reading of C-1 the table
    # had at the first tap (the log is replayed under it whatever the table reads later)
    reading = event.get("tokens_reading", table_reading(s))
    if reading not in (DOCUMENTED, ALTERNATIVE):
        raise FlowError(Msg("flow.carpe_astra.error.tokens_reading"))
    s.tokens_reading = reading
    s.rules = event.get("rules", 1)
    if s.rules not in (1, RULES):
        raise FlowError(Msg("flow.carpe_astra.error.rules"))
    # (the setup's ``support_tokens`` are the same numbers, from the same box function, but
    # made under the table's reading now, which may have changed since the first tap)
    in_play = tokens_in_play(len(s.players), chars, reading == ALTERNATIVE)
    # Carpe Astra, Setup: each player takes two tokens of their own guild from supply.
    own(s, "support")
    for i, c in enumerate(chars):
        s.support[i] = {CHARACTERS[c]: STARTING_SUPPORT}
        in_play[CHARACTERS[c]] -= STARTING_SUPPORT
    s.supply = in_play
    _begin_round(s, 1)


def _start_fields(s: CarpeAstraState) -> list[Field]:
    fields = [player_field("player", Msg("flow.carpe_astra.field.start"), s.players,
                           **setup_pick(s.proposed_start))]
    if None not in s.characters:
        return fields  # chosen on the Setup screen: the start event carries them
    for i, name in enumerate(s.players):
        fields.append(Field(key=seat_key(i), group="characters",
                            label=Msg("flow.carpe_astra.field.character", name=name),
                            kind="choice", choices=list(CHARACTERS),
                            choice_labels=[CHARACTER_NAMES[c] for c in CHARACTERS],
                            default=s.characters[i]))
    return fields


def _start_actions(s: CarpeAstraState) -> list[Action]:
    event: dict[str, Any] = {"type": "start", "rules": RULES}
    if len(s.players) == 3:  # C-1 concerns 3 players: the tokens are set out under it
        event["tokens_reading"] = table_reading(s)
    if None not in s.characters:
        # Carpe Astra, Setup: "Determine which player is which character." — done once,
        # on the Setup screen (drawn or chosen); the first tap records them.
        event["characters"] = {seat_key(i): c for i, c in enumerate(s.characters)}
    return [Action(event=event, label=Msg("flow.carpe_astra.action.start"), primary=True,
                   fields=_start_fields(s))]


def _start_reminder(s: CarpeAstraState) -> Msg:
    if None in s.characters:  # a table with no setup: the characters are asked here
        return Msg("flow.carpe_astra.reminder.start_characters")
    return Msg("flow.carpe_astra.reminder.start")


def _start_notes(s: CarpeAstraState) -> list[Text]:
    if None in s.characters:
        return []
    return [Msg("flow.carpe_astra.note.characters", characters=comma_list([
        Msg("flow.carpe_astra.note.player_character", name=p, character=CHARACTER_NAMES[c])
        for p, c in zip(s.players, s.characters, strict=True)]))]


# ---------------------------------------------------------------------------------------
# Carpe Astra, Change Tack: "You may invest in" new cards for one credit


def _draw_cards(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    if s.drew:  # once a turn (ruling P-6)
        raise FlowError(Msg("flow.carpe_astra.error.drew"))
    _pay(s, current(s), 1, "flow.carpe_astra.error.pay_draw")  # one credit
    s.drew = True


def _change_tack_actions(s: CarpeAstraState) -> list[Action]:
    if not _can_pay(s) or s.drew:
        return []
    return [Action(event={"type": "draw_cards"}, label=Msg("flow.carpe_astra.action.draw"))]


# ---------------------------------------------------------------------------------------
# Carpe Astra, Make New Contacts: replace the tiles for one credit each time, then add one
# for one credit (ruling P-6: replacing comes first)


def _refresh_tiles(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    if s.tile_added:
        raise FlowError(Msg("flow.carpe_astra.error.refresh_after_add"))
    _pay(s, current(s), 1, "flow.carpe_astra.error.pay_refresh")  # one credit


def _add_tile(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    if s.tile_added:
        raise FlowError(Msg("flow.carpe_astra.error.added"))
    _pay(s, current(s), 1, "flow.carpe_astra.error.pay_add")  # one credit
    s.tile_added = True


def _contacts_actions(s: CarpeAstraState) -> list[Action]:
    if not _can_pay(s) or s.tile_added:
        return []
    return [Action(event={"type": "refresh_tiles"}, label=Msg("flow.carpe_astra.action.refresh")),
            Action(event={"type": "add_tile"}, label=Msg("flow.carpe_astra.action.add_tile"))]


# ---------------------------------------------------------------------------------------
# Carpe Astra, Infiltrate Guilds: "Your first two moves are free", then one credit each;
# one credit per rotation


def _move_agent(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    if s.moves >= FREE_MOVES:
        _pay(s, current(s), 1, "flow.carpe_astra.error.pay_move")
    s.moves += 1


def _rotate_tile(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    _pay(s, current(s), 1, "flow.carpe_astra.error.pay_rotate")  # one credit


def _free_moves(s: CarpeAstraState) -> int:
    return max(0, FREE_MOVES - s.moves)


def _infiltrate_actions(s: CarpeAstraState) -> list[Action]:
    actions = []
    if _free_moves(s):
        actions.append(Action(event={"type": "move_agent"}, label=Msg(
            "flow.carpe_astra.action.move_free", count=_free_moves(s))))
    elif _can_pay(s):
        actions.append(Action(event={"type": "move_agent"},
                              label=Msg("flow.carpe_astra.action.move_paid")))
    if _can_pay(s):
        actions.append(Action(event={"type": "rotate_tile"},
                              label=Msg("flow.carpe_astra.action.rotate")))
    return actions


# ---------------------------------------------------------------------------------------
# Carpe Astra, Gain Support: each Network card scored takes a token from the supply, each
# Slander card one from an opponent; nothing scored, two credits


def _network(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    if "guild" not in event:
        # "none" is an answer (no token left for the card's guilds), never a default.
        raise FlowError(Msg("flow.carpe_astra.error.guild_first"))
    guild = req_choice(event.get("guild"), GUILDS,
                       Msg("flow.carpe_astra.error.guild_taken"), optional=True)
    if guild is not None:
        if s.supply[guild] <= 0:
            raise FlowError(Msg("flow.carpe_astra.error.supply_empty",
                                guild=GUILD_NAMES[guild]))
        own(s, "supply", "support")
        s.supply[guild] -= 1  # "take one from the supply"
        me = current(s)
        s.support[me][guild] = s.support[me].get(guild, 0) + 1
    s.scored += 1


def _slander(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    me = current(s)
    victim = req_player(s.players, event.get("victim"), Msg("flow.carpe_astra.error.victim"))
    if victim == me:
        raise FlowError(Msg("flow.carpe_astra.error.slander_self"))
    guild = req_choice(event.get("guild"), GUILDS, Msg("flow.carpe_astra.error.guild"))
    keep = req_bool(event.get("keep"), Msg("flow.carpe_astra.error.keep"), False)
    if s.support[victim].get(guild, 0) <= 0:  # type: ignore[index]
        # Carpe Astra, Gain Support: "To score a Network or Slander card, you must have one
        # agent on each guild depicted on the card as well as one agent on ... an
        # opponent's character tile (for a Slander card)" — nothing asks that the
        # opponent hold a token. Scored, nothing to return or keep, and no "two credits"
        # ("If you do not score any cards during the turn"): ruling P-7.
        own(s, "slandered", "bare_slanders")
        s.bare_slanders.append({"victim": victim, "guild": guild})
        s.scored += 1
        if victim not in s.slandered:
            s.slandered.append(victim)  # type: ignore[arg-type]
        return
    if keep:
        # Carpe Astra, Gain Support: pay one credit to keep the token.
        _pay(s, me, 1, "flow.carpe_astra.error.pay_keep")
    own(s, "support", "supply", "slandered")
    s.support[victim][guild] -= 1  # type: ignore[index]
    if keep:
        s.support[me][guild] = s.support[me].get(guild, 0) + 1  # type: ignore[index]
    else:
        s.supply[guild] += 1  # type: ignore[index]
    s.scored += 1
    if victim not in s.slandered:
        s.slandered.append(victim)  # type: ignore[arg-type]


def event_credits_open(s: CarpeAstraState) -> int:
    """The event credits the cards scored this turn can still bring: Carpe Astra, Money
    Tokens: "You earn money in two ways: if you do not score any cards on your turn, you
    take two credits; when you score cards that meet event requirements, you take the
    appropriate number of credits." — Event Cards: "you receive one credit for every guild
    featured" (two guilds) or "two credits for every card featuring that guild": at most
    2 a card, none before a card is scored (ruling P-7)."""
    return max(0, EVENT_CREDITS_A_CARD * s.scored - s.event_credits)


def _event_credits(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    # Carpe Astra, Event Cards: credits for scoring cards of the current event's guilds.
    if s.round == 1:
        raise FlowError(Msg("flow.carpe_astra.error.round1_event"))
    if not s.scored and s.rules >= 2:  # Money Tokens: "when you score cards" (P-7)
        raise FlowError(Msg("flow.carpe_astra.error.event_unscored", name=_name(s)))
    amount = req_int(event.get("amount"), 1, 30,
                     whole=Msg("flow.carpe_astra.error.credits_whole"),
                     low=Msg("flow.carpe_astra.error.credits_low", lo=1),
                     high=Msg("flow.carpe_astra.error.credits_high", hi=30))
    if amount > event_credits_open(s) and s.rules >= 2:  # Event Cards: 2 a card at most
        raise FlowError(Msg("flow.carpe_astra.error.event_too_many", cards=s.scored,
                            count=event_credits_open(s)))
    if amount > credits_left(s):  # the supply holds the box's 49 less the players' (C-6)
        raise FlowError(Msg("flow.carpe_astra.error.supply_short", count=credits_left(s),
                            limit=CREDIT_TOKENS))
    own(s, "credits")
    s.credits[current(s)] += amount
    s.event_credits += amount


def _no_score(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    """Leaving Gain Support: nothing scored → take two credits (ruling P-7) "from the
    supply", which holds what the players do not (ruling C-6). Carpe Astra, Gain Support:
    "If you do not score any cards during the turn, take two credits from the supply." —
    never with event credits, which come only with a card scored (``_event_credits``)."""
    if s.scored == 0:
        own(s, "credits")
        s.credits[current(s)] += no_score_credits(s)


def _sole(options: list[Any]) -> dict[str, Any]:
    """A field's start: the one option when there is only one, else nothing picked."""
    if len(options) == 1:
        return {"default": options[0], "preset": "only"}
    return {"default": NOT_PICKED}


def _network_action(s: CarpeAstraState) -> Action:
    """A Network card scored. Carpe Astra, Gain Support: "you gain the support of one of
    the guilds shown on the card" — the card says which, so nothing is picked for the
    table; "none" when none of its guilds has a token left (the only answer once the
    supply is empty). Each card starts afresh: the form's draft goes with the tap."""
    left = [g for g in GUILDS if s.supply[g] > 0]
    start = {"default": NOT_PICKED} if left else {"default": None, "preset": "only"}
    return Action(
        event={"type": "network"}, label=Msg("flow.carpe_astra.action.network"),
        fields=[Field(key="guild", label=Msg("flow.carpe_astra.field.token_taken"),
                      kind="choice", choices=left, choice_labels=[GUILD_NAMES[g] for g in left],
                      optional=True, **start)])


def _slander_actions(s: CarpeAstraState) -> list[Action]:
    """A Slander card scored, against any opponent: one without a token of the guild
    picked loses nothing, and the card is scored all the same (ruling P-7)."""
    me = current(s)
    targets = [seat(i) for i in range(len(s.players)) if i != me]
    fields = [
        # Carpe Astra, Gain Support: "Pick an opponent whose character tile has your
        # agent on it" — the table's pick, unless there is only one opponent.
        player_field("victim", Msg("flow.carpe_astra.field.victim"), s.players,
                     among=[t - 1 for t in targets], **_sole(targets)),
        Field(key="guild", label=Msg("flow.carpe_astra.field.guild"), kind="choice",
              choices=list(GUILDS), choice_labels=[GUILD_NAMES[g] for g in GUILDS]),
    ]
    if _can_pay(s):
        fields.append(Field(key="keep", label=Msg("flow.carpe_astra.field.keep"),
                            kind="bool", default=False))
    return [Action(event={"type": "slander", "keep": False},
                   label=Msg("flow.carpe_astra.action.slander"), fields=fields)]


def _event_credits_actions(s: CarpeAstraState) -> list[Action]:
    if s.round == 1:  # Carpe Astra, End of a Round: "in the first round it isn't revealed"
        return []
    # Carpe Astra, Money Tokens: event credits come "when you score cards" (ruling P-7),
    # at most 2 a card (Event Cards)
    most = min(event_credits_open(s), credits_left(s))
    if most < 1:
        return []
    return [Action(event={"type": "event_credits"}, label=Msg("flow.carpe_astra.action.event"),
                   fields=[Field(key="amount", label=Msg("flow.carpe_astra.field.credits"),
                                 kind="number", min=1, max=most, default=1)])]


def _support_actions(s: CarpeAstraState) -> list[Action]:
    return [_network_action(s), *_slander_actions(s), *_event_credits_actions(s)]


def _support_notes(s: CarpeAstraState) -> list[Text]:
    return [*_bare_notes(s), *_support_credit_notes(s), *_tokens_notes(s)]


def _bare_notes(s: CarpeAstraState) -> list[Text]:
    """A Slander card scored against an opponent without that guild's token (P-7)."""
    return [Msg("flow.carpe_astra.note.slander_bare", name=s.players[b["victim"]],
                guild=GUILD_NAMES[b["guild"]]) for b in s.bare_slanders]


def _support_note_rulings(s: CarpeAstraState) -> tuple[str, ...]:
    return (*(("P-7",) if s.bare_slanders else ()), *(("C-1",) if _tokens_notes(s) else ()))


def _tokens_notes(s: CarpeAstraState) -> list[Text]:
    """With 3 players, when the table's reading of C-1 is no longer the one the tokens
    were set out under: Play cannot take back a token already won, so its supply keeps
    the numbers set out; Score counts under the table's reading now."""
    if len(s.players) != 3 or s.phase == "start" or table_reading(s) == s.tokens_reading:
        return []
    counts = tokens_in_play(3, [c for c in s.characters if c], table_reading(s) == ALTERNATIVE)
    was = tokens_in_play(3, [c for c in s.characters if c], s.tokens_reading == ALTERNATIVE)
    changed = [g for g in GUILDS if counts[g] != was[g]]
    return [Msg("flow.carpe_astra.note.tokens_reading_changed",
                guilds=comma_list([GUILD_NAMES[g] for g in changed]),
                was=was[changed[0]], now=counts[changed[0]])] if changed else []


def _support_credit_notes(s: CarpeAstraState) -> list[Text]:
    if s.scored:
        return [Msg("flow.carpe_astra.note.scored", count=s.scored)]
    if no_score_credits(s) < NO_SCORE_CREDITS:
        # the supply is short: the player takes what is left, and Play says so (C-6)
        left = credits_left(s)
        return [Msg("flow.carpe_astra.note.supply_short" if left
                    else "flow.carpe_astra.note.supply_empty",
                    name=_name(s), count=left, limit=CREDIT_TOKENS)]
    return []


def _support_next_label(s: CarpeAstraState) -> Msg:
    if s.scored:
        return Msg("flow.carpe_astra.next.draw")
    if no_score_credits(s) < NO_SCORE_CREDITS:
        left = credits_left(s)
        return Msg("flow.carpe_astra.next.draw_short" if left
                   else "flow.carpe_astra.next.draw_empty", count=left)
    return Msg("flow.carpe_astra.next.draw_nothing", count=NO_SCORE_CREDITS)


# ---------------------------------------------------------------------------------------
# Carpe Astra, Draw: the end of the turn; then Play: "passes control to the player to
# their left"


def _draw_cites(s: CarpeAstraState) -> tuple[str, ...]:
    # Carpe Astra, Gain Support: the slandering agent is removed at the end of the turn.
    return ("draw", *_advanced(s), *(("slandered",) if s.slandered else ()))


def _draw_notes(s: CarpeAstraState) -> list[Text]:
    whose = [s.players[v] for v in s.slandered]
    if not whose:
        return []
    if len(whose) == 1:
        return [Msg("flow.carpe_astra.note.found_out_1", name=_name(s), first=whose[0])]
    if len(whose) == 2:
        return [Msg("flow.carpe_astra.note.found_out_2", name=_name(s), first=whose[0],
                    second=whose[1])]
    return [Msg("flow.carpe_astra.note.found_out_3", name=_name(s), first=whose[0],
                second=whose[1], third=whose[2])]


def _last_turn(s: CarpeAstraState) -> bool:
    return s.turn + 1 >= len(s.players)


def _draw_next_label(s: CarpeAstraState) -> Msg:
    if _last_turn(s):
        return Msg("flow.carpe_astra.next.round_end")
    n = len(s.players)
    return Msg("flow.carpe_astra.next.turn", name=s.players[seat_order(s.start, n)[s.turn + 1]])


def _pass_left(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    """Carpe Astra, Play: control passes to the player to the left; after the last player's
    turn it is back with the start player, whose next turn begins the next round."""
    s.turn = (s.turn + 1) % len(s.players)
    _start_turn(s)


def _after_pass(s: CarpeAstraState) -> str:
    """Where Draw's Next leads, once ``_pass_left`` has passed control: Carpe Astra, End of
    a Round: "Once all players have completed all five phases of their turns, the round
    ends" — when control is back with the start player; else the next player's turn."""
    return "change_tack" if s.turn else "round_end"


# ---------------------------------------------------------------------------------------
# Carpe Astra, End of a Round: the round's Event card removed, the next revealed (rounds
# 1–7, ruling P-8); an Immediate Event replaces the middle card from the deck. After round
# 10, End of the Game.


def _end_round(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    immediate = req_bool(event.get("immediate"), Msg("flow.carpe_astra.error.immediate"),
                         False)
    if _final_round(s):
        TABLE.enter(s, "end")  # Carpe Astra, End of the Game: the final Event card is removed.
    elif immediate and reveal_round(s.round) and s.event_deck > 0:
        TABLE.enter(s, "immediate")
        s.event_deck -= 1  # the middle card is replaced from the event deck
    else:
        _begin_round(s, s.round + 1)


def _next_round(s: CarpeAstraState, event: Mapping[str, Any]) -> None:
    """After the Immediate Event: "The start player now begins another round"."""
    _begin_round(s, s.round + 1)


def _final_round(s: CarpeAstraState) -> bool:
    return s.round >= s.rounds


def _round_end_reminder(s: CarpeAstraState) -> Msg:
    if _final_round(s):
        return Msg("flow.carpe_astra.reminder.final")
    if reveal_round(s.round):
        return Msg("flow.carpe_astra.reminder.reveal")
    return Msg("flow.carpe_astra.reminder.no_reveal")


def _round_end_actions(s: CarpeAstraState) -> list[Action]:
    event = {"type": "end_round", "immediate": False}
    if _final_round(s):
        return [Action(event=event, label=Msg("flow.carpe_astra.next.finish"), primary=True)]
    label = Msg("flow.carpe_astra.next.round", round=s.round + 1)
    if not reveal_round(s.round):
        return [Action(event=event, primary=True, label=label)]
    return [Action(event=event, primary=True, label=label,
                   fields=[Field(key="immediate", kind="bool", default=False,
                                 label=Msg("flow.carpe_astra.field.immediate"))])]


# ---------------------------------------------------------------------------------------
# what every step shows


def _support_text(support: dict[str, int]) -> Any:
    parts = [Msg("flow.carpe_astra.marker.support_part", guild=GUILD_NAMES[g], count=support[g])
             for g in GUILDS if support.get(g)]
    return comma_list(parts) if parts else Msg("flow.carpe_astra.marker.support_none")


def _markers(s: CarpeAstraState) -> list[Marker]:
    out = [Marker(label=Msg("flow.carpe_astra.marker.round"),
                  value=Msg("flow.carpe_astra.marker.round_value", round=s.round,
                            rounds=s.rounds))]
    if s.phase == "start":
        return out
    out.append(Marker(label=Msg("flow.carpe_astra.marker.start"), value=s.players[s.start]))
    if s.round == 1:
        event = Msg("flow.carpe_astra.marker.event_none")
    else:
        event = Msg("flow.carpe_astra.marker.event_card", round=s.round)
    out.append(Marker(label=Msg("flow.carpe_astra.marker.event"), value=event))
    out.append(Marker(label=Msg("flow.carpe_astra.marker.timeline"),
                      value=TIMELINE - s.round + 1))
    for i, name in enumerate(s.players):
        out.append(Marker(label=Msg("flow.carpe_astra.marker.credits", name=name),
                          value=s.credits[i], player=name))
    for i, name in enumerate(s.players):
        out.append(Marker(label=Msg("flow.carpe_astra.marker.support", name=name),
                          value=_support_text(s.support[i]), player=name))
    for g in GUILDS:
        out.append(Marker(label=Msg("flow.carpe_astra.marker.supply", guild=GUILD_NAMES[g]),
                          value=s.supply[g]))
    # the credit supply pile: the box's 49 less the players' (Setup; ruling P-7)
    out.append(Marker(label=Msg("flow.carpe_astra.marker.credit_supply"), value=credits_left(s)))
    return out


def _frame(s: CarpeAstraState, view: dict[str, Any]) -> None:
    in_turn = s.phase in PHASES  # a player's turn: the step names them, their phone leads
    if in_turn:
        view["step"] = Msg("flow.carpe_astra.step.turn", name=_name(s), phase=view["step"])
    view.update(round=s.round or None, rounds=s.rounds,
                phase=(Msg("flow.carpe_astra.phase.round", round=s.round, rounds=s.rounds)
                       if s.round else Msg("flow.carpe_astra.phase.setup")),
                markers=_markers(s), active_player=_name(s) if in_turn else None)


def _not_now(s: CarpeAstraState, kind: str) -> Msg:
    if s.finished:
        return Msg("flow.carpe_astra.error.over")
    return Msg("flow.carpe_astra.error.not_now", phase=TABLE.step(s).title)


MOVES = {
    "start": _start, "draw_cards": _draw_cards, "refresh_tiles": _refresh_tiles,
    "add_tile": _add_tile, "move_agent": _move_agent, "rotate_tile": _rotate_tile,
    "network": _network, "slander": _slander, "event_credits": _event_credits,
    "end_round": _end_round,
}


# The rulebook's order (Carpe Astra, Play): Setup; then 10 rounds, each a turn per player
# through the five phases and the End of a Round; the End of the Game after round 10. A
# step's id is its key in CITATIONS.
TABLE = StepTable(
    game=GAME, step_field="phase", moves=MOVES, citations=CITATIONS, refusal=_not_now,
    unknown=Msg("flow.carpe_astra.error.unknown"), frame=_frame,
    steps=(
        # Carpe Astra, Setup: the characters; Play: "Choose a start player"
        Step("start", Msg("flow.carpe_astra.title.start"), _start_reminder,
             cites=("start",), moves=("start",), actions=_start_actions, notes=_start_notes),
        # Carpe Astra, Change Tack
        Step("change_tack", Msg("flow.carpe_astra.title.change_tack"),
             lambda s: Msg("flow.carpe_astra.reminder.change_tack", name=_name(s)),
             cites=lambda s: ("change_tack", *_advanced(s)), moves=("draw_cards",),
             actions=_change_tack_actions, rulings=("P-6",),  # once a turn
             next="contacts", next_label=Msg("flow.carpe_astra.next.contacts")),
        # Carpe Astra, Make New Contacts
        Step("contacts", Msg("flow.carpe_astra.title.contacts"),
             lambda s: Msg("flow.carpe_astra.reminder.contacts", name=_name(s)),
             cites=("contacts",), moves=("refresh_tiles", "add_tile"),
             actions=_contacts_actions, rulings=("P-6",),  # replace first, then add one
             next="infiltrate", next_label=Msg("flow.carpe_astra.next.infiltrate")),
        # Carpe Astra, Infiltrate Guilds
        Step("infiltrate", Msg("flow.carpe_astra.title.infiltrate"),
             lambda s: Msg("flow.carpe_astra.reminder.infiltrate", name=_name(s),
                           count=_free_moves(s)),
             cites=("infiltrate",), moves=("move_agent", "rotate_tile"),
             actions=_infiltrate_actions,
             next="support", next_label=Msg("flow.carpe_astra.next.support")),
        # Carpe Astra, Gain Support (and Event Cards: the current event's credits)
        Step("support", Msg("flow.carpe_astra.title.support"),
             lambda s: Msg("flow.carpe_astra.reminder.support", name=_name(s),
                           count=NO_SCORE_CREDITS),
             cites=("support",), moves=("network", "slander", "event_credits"),
             actions=_support_actions, notes=_support_notes,
             note_rulings=_support_note_rulings, rulings=("P-7",),
             then=_no_score, next="draw", next_label=_support_next_label),
        # Carpe Astra, Draw; then Play: control passes to the left
        Step("draw", Msg("flow.carpe_astra.title.draw"),
             lambda s: Msg("flow.carpe_astra.reminder.draw", name=_name(s)),
             cites=_draw_cites, notes=_draw_notes,
             then=_pass_left, next=_after_pass, next_label=_draw_next_label),
        # Carpe Astra, End of a Round
        Step("round_end", Msg("flow.carpe_astra.title.round_end"), _round_end_reminder,
             cites=lambda s: ("round_end", "end") if _final_round(s) else ("round_end",),
             moves=("end_round",), actions=_round_end_actions,
             rulings=lambda s: () if _final_round(s) or reveal_round(s.round) else ("P-8",)),
        # Carpe Astra, End of a Round: the Immediate Event
        Step("immediate", Msg("flow.carpe_astra.title.immediate"),
             Msg("flow.carpe_astra.reminder.immediate"), cites=("immediate",),
             then=_next_round, next="change_tack",
             next_label=lambda s: Msg("flow.carpe_astra.next.round", round=s.round + 1)),
        # Carpe Astra, End of the Game
        Step("end", Msg("flow.carpe_astra.title.end"), Msg("flow.carpe_astra.reminder.end"),
             cites=("end",), notes=_tokens_notes,
             note_rulings=lambda s: ("C-1",) if _tokens_notes(s) else (), final=True),
    ),
)


def score_prefill(s: CarpeAstraState) -> dict[str, Any]:
    """Carpe Astra sheet: each player's character, credits and support tokens. Play pays
    credits from the supply, so together they stay within the box's (CREDIT_TOKENS), as
    the score sheet needs."""
    players = []
    for i, name in enumerate(s.players):
        entry: dict[str, Any] = {"name": name}
        if s.characters[i]:
            entry["character"] = s.characters[i]
        entry["credits"] = s.credits[i]
        if s.phase != "start":
            entry["support"] = {g: v for g, v in s.support[i].items() if v}
        players.append(entry)
    return {"game": GAME, "players": players}


FLOW = Flow(
    game=GAME, title=box.NAME, state_model=CarpeAstraState, variants=VARIANTS,
    player_range=PLAYERS, initial=initial, apply=TABLE.apply, view=TABLE.view,
    score_prefill=score_prefill,
    citations=tuple(CITATIONS.values()), steps=TABLE,
)
