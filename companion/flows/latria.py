"""Latria (Latria Opus, 3–6 players): rounds of steps 1–6, the parent, the eclipse
states, eclipse markers, and the step-4 helper. Source: seeds/000 (the rulebook).

Events (``type``; a player is named by seat, ``base.seat``):
- ``start`` ``{player}``: the first parent (setup: "Choose the first parent").
- ``reveal`` ``{sun_mutation, moon_mutation}``: step 1; which revealed cards show the
  mutation symbol.
- ``next``: steps 2, 3, 5 and 6.
- ``cards_played`` ``{parent_suit, parent_number, named, suits: {seat: suit},
  numbers: {seat: n}}``: the step-4 helper; stores a proposal, changes nothing else.
- ``accept`` ``{printed: {seat: bool}}``: the table accepts the proposal; ``printed``
  answers, for a child's Polaris/Latria card below the parent's, whether it shows VP or
  ×2 (that row of the rulebook table is not legible).
- ``acquire`` ``{body, taker, kept: {seat: bool}}``: the table records step 4 itself
  (without the helper, or overriding its proposal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel

from scorers.boxes import latria as box
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
    setup_first_player,
    start_action,
)
from .i18n import Msg, Text

GAME = "latria"
# The counts and variants: scorers/boxes/latria.py
VARIANTS = variant_ids(box)
PLAYERS = player_range(box)
SUITS, BODIES = box.SUITS, box.BODIES
NAMES = {"sun": Msg("flow.latria.body.sun"), "moon": Msg("flow.latria.body.moon"),
         "polaris": Msg("flow.latria.body.polaris"), "latria": Msg("flow.latria.body.latria")}
MUTATION_CARDS = 3  # Latria, Detailed Rules: "can appear at most 3 times each"

BOOK = GAME  # the rulebook its steps cite (companion.rules.rulebooks)
CITATIONS: dict[str, Citation] = {
    "start": cite(BOOK, "Game Setup",
        ("game-setup", "Choose the first", "is complete.")),
    "start_campaign": cite(BOOK, "Extension Rules 3, Campaign",
        ("3-campaign", "Play a number of", "game, in turn.")),
    "1": cite(BOOK, "Game Flow, Step 1; Detailed Rules",
        ("step-1-reveal-celestial-cards", "Step 1: Reveal celestial", "enters the eclipse state."),
        ("detailed-rules", "Mutation cards from", "of the game.")),
    "1_simple": cite(BOOK, "Extension Rules, 1. Simple",
        ("1-simple", "Regardless of celestial", "cancelled."),
        ("1-simple", "If two cards with", "not change.")),
    "1_star": cite(BOOK, "Extension Rules, 2. Star Eclipse",
        ("2-star-eclipse", "During this game", "cancelled.")),
    "2": cite(BOOK, "Game Flow, Step 2",
        ("step-2-parent-plays-a-card", "Step 2: Parent plays", "one named.")),
    "3": cite(BOOK, "Game Flow, Step 3",
        ("step-3-children-play-a-card", "Step 3: Children", "same time.")),
    "4": cite(BOOK, "Game Flow, Step 4",
        ("step-4-acquire-cards", "Step 4: Acquire cards.", "all of them."),
        ("step-4-acquire-cards", "If the highest values", "the cards."),
        ("step-4-acquire-cards", "A child who played", "an effect."),
        ("step-4-acquire-cards", "In either case, if", "at scoring."),
        ("step-4-acquire-cards", "Acquired cards are", "until scoring.")),
    "4_simple": cite(BOOK, "Extension Rules, 1. Simple",
        ("1-simple", "While the eclipse", "become weak."),
        ("1-simple", "Therefore, playing", "acquire it."),
        ("1-simple", "Tie priority does not change."),
        ("1-simple", "Because there are", "this rule.")),
    "5": cite(BOOK, "Game Flow, Step 5",
        ("step-5-set-aside-unacquired-cards", "Step 5: Set aside", "easier to read."),
        ("game-flow", "(In the final round, the sequence stops at step 5.)")),
    "6": cite(BOOK, "Game Flow, Step 6",
        ("step-6-next-parent", "Step 6: Next parent.", "as parent.")),
    "end": cite(BOOK, "Game Flow",
        ("step-6-next-parent", "When the round in", "in the game.")),
}

class Card(BaseModel):
    player: int
    suit: str
    number: int


class Keep(BaseModel):
    player: int
    status: Literal["yes", "maybe"]  # maybe: a Polaris/Latria card; VP row not legible


class Proposal(BaseModel):
    """What the step-4 helper worked out from the cards played."""

    body: str
    reversed: bool  # Simple variant while the Latria board is eclipsed
    cards: list[Card]  # the parent's first
    taker: int | None
    reason: Text
    keeps: list[Keep]


class Outcome(BaseModel):
    """Step 4 as the table recorded it."""

    round: int
    body: str
    taker: int | None
    kept: list[int]
    eclipsed: bool
    markers_taken: list[int]
    by_helper: bool


class LatriaState(FlowState):
    game: str = GAME
    hand_size: int
    rounds: int
    eclipse_markers: int
    numbers: tuple[int, int]  # astrology numbers in play
    proposed_first: int | None
    campaign_game: int | None = None  # a Latria campaign's game 1, 2, … (setup's)
    round: int = 0
    step: str = "start"
    parent: int = 0
    mutations: dict[str, int] = {"sun": 0, "moon": 0}
    has_marker: list[bool]
    proposal: Proposal | None = None
    outcomes: list[Outcome] = []


# ---------------------------------------------------------------------------------------
# Rules as small functions


def numbers_in_play(players: int) -> tuple[int, int]:
    """The lowest and highest astrology numbers left in the deck (scorers/boxes/latria.py)."""
    numbers = box.numbers_in_play(players)
    return numbers[0], numbers[-1]


def is_simple(state: LatriaState) -> bool:
    return state.variant == "simple"


def eclipsed(state: LatriaState, body: str) -> bool:
    """Whether ``body`` is in the eclipse state now."""
    if is_simple(state):
        # Latria, Extension Rules 1 (Simple): one Latria board, flipped by every mutation
        # card of any body; two in one round cancel out (ruling P-2).
        return (state.mutations["sun"] + state.mutations["moon"]) % 2 == 1
    if body == "polaris":
        # Latria, Game Flow step 1: "Polaris never enters the eclipse state";
        # Extension Rules 2 (Star Eclipse): Polaris stays eclipsed all game.
        return state.variant == "star_eclipse"
    # Latria, Game Flow step 1: each mutation card flips its body's board.
    return state.mutations[body] % 2 == 1


def locked(state: LatriaState, body: str) -> bool:
    """Eclipsed for the rest of the game (Latria, Detailed Rules: the third mutation)."""
    if is_simple(state):
        return False  # ruling P-2
    if body == "polaris":
        return state.variant == "star_eclipse"
    return state.mutations[body] >= MUTATION_CARDS


def reversed_strength(state: LatriaState) -> bool:
    # Latria, Extension Rules 1 (Simple): while the eclipse is in effect, strength reverses.
    return is_simple(state) and eclipsed(state, "sun")


def markers_left(state: LatriaState) -> int:
    return max(0, state.eclipse_markers - sum(state.has_marker))


def keep_status(suit: str, number: int) -> Literal["yes", "no", "maybe"]:
    """Whether an astrology card has victory points or an effect.

    Latria, Victory Point Distribution: Sun and Moon 6→1, 7→2, 8→3, 9→2, 10→1, others
    none. The Polaris and Latria rows are not legible (ruling L-1): "maybe", the table
    answers from the printed card.
    """
    if suit in ("sun", "moon"):
        return "yes" if 6 <= number <= 10 else "no"
    return "maybe"


# ---------------------------------------------------------------------------------------
# initial


def initial(config: Mapping[str, Any]) -> LatriaState:
    players, variant, setup = parse_config(config, GAME, PLAYERS, VARIANTS)
    n = len(players)
    # The setup guide's numbers; the box's (the same) for a config without them.
    hand = setup.get("hand_size") or box.hand_size(n)
    rounds = setup.get("rounds") or box.rounds(n)
    # Latria, Game Setup, "Eclipse markers": as many as players (none in Simple).
    markers = 0 if variant == "simple" else setup.get("eclipse_markers", n)
    return LatriaState(
        players=players, variant=variant, hand_size=hand, rounds=rounds,
        eclipse_markers=markers, numbers=numbers_in_play(n),
        proposed_first=setup_first_player(setup, n), has_marker=[False] * n,
        campaign_game=setup.get("campaign_game") if variant == "campaign" else None,
        readings=config_readings(config),
    )


# ---------------------------------------------------------------------------------------
# The steps' rules, heading by heading (the table of steps is at the end)


# Latria, Game Setup: "Choose the first parent". Extension Rules 3 (Campaign): "each
# player is the starting parent for one game, in turn": game 1's parent, one seat on
# clockwise per game (ruling S-3), which the setup proposes.


def _later_campaign_game(s: LatriaState) -> bool:
    return (s.campaign_game or 1) > 1


def _start(s: LatriaState, event: Mapping[str, Any]) -> None:
    s.parent = req_player(s.players, event.get("player"),
                          Msg("flow.latria.error.first_parent"))  # type: ignore[assignment]
    s.round = 1
    TABLE.enter(s, "1")


def _start_reminder(s: LatriaState) -> Msg:
    if _later_campaign_game(s) and s.proposed_first is not None:
        return Msg("flow.latria.reminder.campaign", game=s.campaign_game,
                   name=s.players[s.proposed_first])
    return Msg("flow.latria.reminder.start")


# Latria, Game Flow, Step 1: Reveal celestial cards


def _reveal(s: LatriaState, event: Mapping[str, Any]) -> None:
    own(s, "mutations")
    for body in ("sun", "moon"):
        if req_bool(event.get(f"{body}_mutation"),
                    Msg("flow.latria.error.mutation", body=NAMES[body]), False):
            if s.mutations[body] >= MUTATION_CARDS:
                raise FlowError(Msg("flow.latria.error.mutations_out",
                                    count=MUTATION_CARDS, body=NAMES[body]))
            s.mutations[body] += 1  # flip that board
    TABLE.enter(s, "2")


def _reveal_cites(s: LatriaState) -> tuple[str, ...]:
    """Step 1 and the variant's change to it: Simple's one Latria board, Star Eclipse's
    Polaris eclipsed all game (Extension Rules 1 and 2)."""
    if is_simple(s):
        return ("1", "1_simple")
    return ("1", "1_star") if s.variant == "star_eclipse" else ("1",)


def _reveal_action(s: LatriaState) -> list[Action]:
    """The step's one way on: which revealed cards show the mutation symbol (none left of a
    body's: not asked)."""
    fields = [
        Field(key=f"{b}_mutation", label=Msg("flow.latria.field.mutation", body=NAMES[b]),
              kind="bool", default=False)
        for b in ("sun", "moon") if s.mutations[b] < MUTATION_CARDS
    ]
    return [Action(event={"type": "reveal", "sun_mutation": False, "moon_mutation": False},
                   label=Msg("flow.latria.next.2"), fields=fields, primary=True)]


# Latria, Game Flow, Step 4: Acquire cards. The helper works out who takes the celestial
# cards from the cards entered (``cards_played``: a proposal, nothing else changes); the
# table accepts it (``accept``) or records the step itself (``acquire``: without the
# helper, or overriding it).


def propose(
    state: LatriaState, parent_card: Card, named: str | None, children: list[Card]
) -> Proposal:
    """Latria, Game Flow step 4, applied to the cards played."""
    body = named if parent_card.suit == "latria" else parent_card.suit
    assert body in BODIES
    rev = reversed_strength(state)
    cards = [parent_card, *children]

    def priority(card: Card) -> int:
        # Step 4: the targeted body's suit, then Latria, then another body (ruling P-3).
        if card.suit == body:
            return 0
        return 1 if card.suit == "latria" else 2

    best = min(c.number for c in cards) if rev else max(c.number for c in cards)
    top = [c for c in cards if c.number == best]
    first = min(priority(c) for c in top)
    winners = [c for c in top if priority(c) == first]
    if len(winners) == 1:
        taker: int | None = winners[0].player
        if len(top) == 1:
            reason = (Msg("flow.latria.reason.lowest", number=best) if rev
                      else Msg("flow.latria.reason.highest", number=best))
        else:
            reason = Msg("flow.latria.reason.tie_broken", number=best, body=NAMES[body])
    else:
        taker = None
        reason = Msg("flow.latria.reason.tie_unbroken", number=best)
    keeps: list[Keep] = []
    for c in children:
        if c.player == taker:
            continue
        # Step 4: a child below the parent keeps their card if it has VP or an effect;
        # Simple variant, reversed strength: above the parent (ruling P-1). Strictly
        # below/above (ruling P-5). The table's other reading of P-1: the direction of
        # keeping is not reversed (a child below the parent keeps, as in the standard game).
        keep_above = rev and state.readings.get("P-1") != "alternative"
        weaker = c.number > parent_card.number if keep_above else c.number < parent_card.number
        if not weaker:
            continue
        status = keep_status(c.suit, c.number)
        if status != "no":
            keeps.append(Keep(player=c.player, status=status))
    return Proposal(body=body, reversed=rev, cards=cards, taker=taker, reason=reason,
                    keeps=keeps)


def _card(value_suit: Any, value_number: Any, who: str, lo: int, hi: int) -> tuple[str, int]:
    suit = req_choice(value_suit, SUITS, Msg("flow.latria.error.suit", name=who))
    number = req_int(value_number, lo, hi,
                     whole=Msg("flow.latria.error.number_whole", name=who),
                     low=Msg("flow.latria.error.number_low", name=who, lo=lo),
                     high=Msg("flow.latria.error.number_high", name=who, hi=hi))
    return suit, number  # type: ignore[return-value]


def _finish_step4(
    s: LatriaState, body: str, taker: int | None, kept: list[int], by_helper: bool
) -> None:
    acquirers = ([taker] if taker is not None else []) + kept
    is_ecl = eclipsed(s, body) and not is_simple(s)
    taken: list[int] = []
    own(s, "has_marker", "outcomes")
    if is_ecl:
        # Latria, Game Flow step 4: "In either case, if the targeted celestial body was in
        # the eclipse state, take an eclipse marker"; later cards go under it (ruling P-4).
        for p in acquirers:
            if not s.has_marker[p] and markers_left(s) > 0:
                s.has_marker[p] = True
                taken.append(p)
    s.outcomes.append(Outcome(round=s.round, body=body, taker=taker, kept=kept,
                              eclipsed=is_ecl, markers_taken=taken, by_helper=by_helper))
    s.proposal = None
    TABLE.enter(s, "5")


def _cards_played(s: LatriaState, event: Mapping[str, Any]) -> None:
    lo, hi = s.numbers
    parent_name = s.players[s.parent]
    suit, number = _card(event.get("parent_suit"), event.get("parent_number"),
                         parent_name, lo, hi)
    named = None
    if suit == "latria":
        named = req_choice(event.get("named"), BODIES, Msg("flow.latria.error.named"))
    suits, numbers = req_group(event, "suits"), req_group(event, "numbers")
    children: list[Card] = []
    seen = {(suit, number): parent_name}
    for i in range(len(s.players)):
        if i == s.parent:
            continue
        name = s.players[i]
        c_suit, c_number = _card(suits.get(seat_key(i)), numbers.get(seat_key(i)), name,
                                 lo, hi)
        if (c_suit, c_number) in seen:
            raise FlowError(Msg("flow.latria.error.same_card", name=name,
                                other=seen[(c_suit, c_number)],
                                card=_card_name(c_suit, c_number)))
        seen[(c_suit, c_number)] = name
        children.append(Card(player=i, suit=c_suit, number=c_number))
    s.proposal = propose(s, Card(player=s.parent, suit=suit, number=number), named,
                         children)


def _accept(s: LatriaState, event: Mapping[str, Any]) -> None:
    if s.proposal is None:
        raise FlowError(Msg("flow.latria.error.no_proposal"))
    printed = req_group(event, "printed")
    kept: list[int] = []
    for k in s.proposal.keeps:
        if k.status == "yes":
            kept.append(k.player)
        else:
            name = s.players[k.player]
            if req_bool(printed.get(seat_key(k.player)),
                        Msg("flow.latria.error.printed", name=name)):
                kept.append(k.player)
    _finish_step4(s, s.proposal.body, s.proposal.taker, kept, by_helper=True)


def _acquire(s: LatriaState, event: Mapping[str, Any]) -> None:
    body = req_choice(event.get("body"), BODIES, Msg("flow.latria.error.body"))
    if "taker" not in event:  # None is an answer: nobody took them
        raise FlowError(Msg("flow.latria.error.no_taker"))
    taker = req_player(s.players, event.get("taker"), Msg("flow.latria.error.taker"),
                       optional=True)
    kept_in = req_group(event, "kept")
    kept = []
    for i in range(len(s.players)):
        name = s.players[i]
        if not req_bool(kept_in.get(seat_key(i)), Msg("flow.latria.error.kept", name=name),
                        False):
            continue
        if i == s.parent:
            raise FlowError(Msg("flow.latria.error.parent_keeps"))
        if i == taker:
            raise FlowError(Msg("flow.latria.error.taker_keeps", name=name))
        kept.append(i)
    _finish_step4(s, body, taker, kept, by_helper=False)  # type: ignore[arg-type]


def _card_fields(state: LatriaState) -> list[Field]:
    """The step-4 helper's form: each player's card. The numbers start in the middle of
    the numbers in play, so any card is a few taps away (or typed); after a proposal the
    form starts from the cards entered for it, to correct one."""
    lo, hi = state.numbers
    middle = (lo + hi) // 2
    suit_labels = [NAMES[x] for x in SUITS]
    parent = state.players[state.parent]
    p = state.proposal
    entered = {c.player: c for c in p.cards} if p else {}

    def card(i: int) -> tuple[Any, Any]:
        c = entered.get(i)
        return (c.suit, c.number) if c else (NOT_PICKED, middle)

    parent_suit, parent_number = card(state.parent)
    fields = [
        Field(key="parent_suit", label=Msg("flow.latria.field.parent_suit", name=parent),
              kind="choice",
              choices=list(SUITS), choice_labels=suit_labels, default=parent_suit,
              preset=_entered(parent_suit)),
        Field(key="parent_number", label=Msg("flow.latria.field.parent_number", name=parent),
              kind="number",
              min=lo, max=hi, default=parent_number),
        # Latria, Game Flow step 2: a Latria card names the Sun, the Moon or Polaris.
        Field(key="named", label=Msg("flow.latria.field.named"), kind="choice",
              choices=list(BODIES), choice_labels=[NAMES[b] for b in BODIES],
              default=p.body if p and parent_suit == "latria" else NOT_PICKED,
              preset="entered" if p and parent_suit == "latria" else None),
    ]
    for i, name in enumerate(state.players):
        if i == state.parent:
            continue
        suit, number = card(i)
        fields.append(Field(key=seat_key(i), group="suits",
                            label=Msg("flow.latria.field.suit", name=name), kind="choice",
                            choices=list(SUITS), choice_labels=suit_labels, default=suit,
                            preset=_entered(suit)))
        fields.append(Field(key=seat_key(i), group="numbers",
                            label=Msg("flow.latria.field.number", name=name),
                            kind="number", min=lo, max=hi, default=number))
    return fields


def _entered(value: Any) -> str | None:
    """The preset of a card field: the card entered for the proposal, if any."""
    return None if value is NOT_PICKED else "entered"


def _override_action(state: LatriaState) -> Action:
    p = state.proposal
    kept_default = {k.player for k in p.keeps if k.status == "yes"} if p else set()
    fields = [
        Field(key="body", label=Msg("flow.latria.field.body"), kind="choice",
              choices=list(BODIES),
              choice_labels=[NAMES[b] for b in BODIES], default=p.body if p else NOT_PICKED,
              preset="entered" if p else None),
        # "nobody" is an answer (Step 4: a tie that priority cannot break), not a default.
        player_field("taker", Msg("flow.latria.field.taker"), state.players, optional=True,
                     default=(NOT_PICKED if p is None else
                              seat(p.taker) if p.taker is not None else None),
                     preset="entered" if p else None),
    ]
    # Step 4: only a child whose card was lower than the parent's keeps it: never the
    # parent, nor the player who took the celestial cards (not asked of them).
    for i, name in enumerate(state.players):
        if i != state.parent:
            fields.append(Field(key=seat_key(i), group="kept",
                                label=Msg("flow.latria.field.kept", name=name),
                                kind="bool", default=i in kept_default, not_for="taker"))
    label = (Msg("flow.latria.action.override") if p
             else Msg("flow.latria.action.record"))
    # With no cards entered, recording who took them is the step's one way on: its
    # button is the bottom bar's; after a proposal it corrects one.
    return Action(event={"type": "acquire"}, label=label, fields=fields, primary=p is None)


def _acquire_reminder(s: LatriaState) -> Msg:
    # The same before and after a proposal: the proposal is in the notes, under the cards
    # that made it, so that nothing above a finger on the card entry moves.
    return (Msg("flow.latria.reminder.acquire_lowest") if reversed_strength(s)
            else Msg("flow.latria.reminder.acquire_highest"))


def _acquire_actions(s: LatriaState) -> list[Action]:
    """Before a proposal: enter the cards (folded), or record the step; after one: enter
    them again, accept it (asking what the Polaris/Latria cards kept show), or correct it.
    The card entry comes first in both, so that it keeps its place when a proposal comes
    (the proposal shows under it: the notes)."""
    p = s.proposal
    if p is None:
        return [Action(event={"type": "cards_played"}, folded=True,
                       label=Msg("flow.latria.action.enter_cards"), fields=_card_fields(s)),
                _override_action(s)]
    names = s.players
    printed = []
    for k in p.keeps:
        if k.status == "maybe":
            card = next(c for c in p.cards if c.player == k.player)
            printed.append(Field(
                key=seat_key(k.player), group="printed", kind="bool", default=False,
                label=Msg("flow.latria.field.printed", name=names[k.player],
                          card=_card_name(card.suit, card.number))))
    label = (Msg("flow.latria.action.accept", name=names[p.taker], body=NAMES[p.body])
             if p.taker is not None else Msg("flow.latria.action.accept_nobody"))
    return [Action(event={"type": "cards_played"}, folded=True,
                   label=Msg("flow.latria.action.enter_again"), fields=_card_fields(s)),
            Action(event={"type": "accept"}, label=label, fields=printed, primary=True),
            _override_action(s)]


def _proposal_notes(state: LatriaState) -> list[Msg]:
    p = state.proposal
    if p is None:
        return []
    names = state.players
    played = comma_list([Msg("flow.latria.note.played", name=names[c.player],
                             card=_card_name(c.suit, c.number)) for c in p.cards])
    notes = [Msg("flow.latria.note.cards", cards=played, body=NAMES[p.body])]
    if p.reversed:
        notes.append(Msg("flow.latria.note.reversed"))
        if state.readings.get("P-1") == "alternative":
            notes.append(Msg("flow.latria.note.reading_p1"))
    if p.taker is not None:
        notes.append(Msg("flow.latria.note.takes", name=names[p.taker], body=NAMES[p.body],
                         reason=p.reason))
    else:
        notes.append(Msg("flow.latria.note.nobody_takes", body=NAMES[p.body],
                         reason=p.reason))
    for k in p.keeps:
        card = next(c for c in p.cards if c.player == k.player)
        notes.append(Msg("flow.latria.note.keeps_maybe" if k.status == "maybe"
                         else "flow.latria.note.keeps", name=names[k.player],
                         card=_card_name(card.suit, card.number)))
    if not is_simple(state) and eclipsed(state, p.body):
        sure = ([p.taker] if p.taker is not None else []) + [
            k.player for k in p.keeps if k.status == "yes"]
        maybe = [k.player for k in p.keeps if k.status == "maybe"]
        new: list[Any] = [names[i] for i in sure if not state.has_marker[i]]
        new += [Msg("flow.latria.note.if_kept", name=names[i]) for i in maybe
                if not state.has_marker[i]]
        if new:
            notes.append(Msg("flow.latria.note.eclipsed_new", body=NAMES[p.body],
                             names=comma_list(new)))
        else:
            notes.append(Msg("flow.latria.note.eclipsed", body=NAMES[p.body]))
    nxt = names[p.taker] if p.taker is not None else names[state.parent]
    notes.append(Msg("flow.latria.note.next_parent", name=nxt))
    notes.append(Msg("flow.latria.note.accept_or_correct"))
    return notes


def _proposal_rulings(state: LatriaState) -> list[str]:
    """The readings the step-4 proposal's notes rest on."""
    p = state.proposal
    if p is None:
        return []
    rulings = []
    if p.reversed:
        rulings.append("P-1")  # the eclipsed Latria board: low numbers are strong
    if p.taker is not None and "suit priority" in p.reason:
        rulings.append("P-3")
    if any(k.status == "maybe" for k in p.keeps):
        rulings.append("P-5")
    if not is_simple(state) and eclipsed(state, p.body):
        rulings.append("P-4")
    return rulings


# Latria, Game Flow, Step 5: Set aside unacquired cards; "In the final round, the
# sequence stops at step 5."


def last_round(s: LatriaState) -> bool:
    return s.round >= s.rounds


def _set_aside_reminder(s: LatriaState) -> Msg:
    o = s.outcomes[-1]
    return (Msg("flow.latria.reminder.set_aside", name=s.players[o.taker], body=NAMES[o.body])
            if o.taker is not None
            else Msg("flow.latria.reminder.set_aside_nobody", body=NAMES[o.body]))


def _markers_taken(s: LatriaState) -> list[Text]:
    o = s.outcomes[-1]
    if not o.markers_taken:
        return []
    return [Msg("flow.latria.note.markers_taken",
                names=comma_list([s.players[i] for i in o.markers_taken]))]


# Latria, Game Flow, Step 6: Next parent: whoever took the celestial cards, else the same.


def _next_parent(s: LatriaState) -> int:
    last = s.outcomes[-1] if s.outcomes else None
    return last.taker if last is not None and last.taker is not None else s.parent


def _pass_parent(s: LatriaState, event: Mapping[str, Any]) -> None:
    s.parent = _next_parent(s)
    s.round += 1


def _next_parent_reminder(s: LatriaState) -> Msg:
    if s.outcomes[-1].taker is None:
        return Msg("flow.latria.reminder.parent_stays", name=s.players[s.parent])
    return Msg("flow.latria.reminder.new_parent", name=s.players[_next_parent(s)])


MOVES = {"start": _start, "reveal": _reveal, "cards_played": _cards_played,
         "accept": _accept, "acquire": _acquire}


# ---------------------------------------------------------------------------------------
# What every step's view shares


def _card_name(suit: str, number: int) -> Msg:
    return Msg("flow.latria.card", suit=NAMES[suit], number=number)


def _eclipse_value(state: LatriaState, body: str) -> Msg:
    if body == "polaris" and not is_simple(state):
        return (Msg("flow.latria.eclipse.whole_game") if locked(state, body)
                else Msg("flow.latria.eclipse.never"))
    used = state.mutations[body]
    if locked(state, body):
        return Msg("flow.latria.eclipse.rest_of_game", used=used, total=MUTATION_CARDS)
    if eclipsed(state, body):
        return Msg("flow.latria.eclipse.on", used=used, total=MUTATION_CARDS)
    return Msg("flow.latria.eclipse.off", used=used, total=MUTATION_CARDS)


def _markers(state: LatriaState) -> list[Marker]:
    out = [Marker(label=Msg("flow.latria.marker.round"),
                  value=Msg("flow.latria.marker.round_value", round=state.round,
                            rounds=state.rounds))]
    if state.step != "start":
        out.append(Marker(label=Msg("flow.latria.marker.parent"),
                          value=state.players[state.parent]))
    if is_simple(state):
        ecl = eclipsed(state, "sun")
        out.append(Marker(label=Msg("flow.latria.marker.board"),
                          value=Msg("flow.latria.marker.board_reversed") if ecl
                          else Msg("flow.latria.marker.board_off")))
        for body in ("sun", "moon"):
            out.append(Marker(label=Msg("flow.latria.marker.mutations", body=NAMES[body]),
                              value=Msg("flow.latria.marker.mutations_value",
                                        used=state.mutations[body], total=MUTATION_CARDS)))
    else:
        for body in BODIES:
            out.append(Marker(label=NAMES[body], value=_eclipse_value(state, body)))
        out.append(Marker(label=Msg("flow.latria.marker.markers_left"),
                          value=markers_left(state)))
        for i, name in enumerate(state.players):
            if state.has_marker[i]:
                out.append(Marker(label=Msg("flow.latria.marker.has_marker", name=name),
                                  value=Msg("flow.latria.marker.yes"), player=name))
    return out


def _frame(s: LatriaState, view: dict[str, Any]) -> None:
    view.update(round=s.round or None, rounds=s.rounds,
                phase=(Msg("flow.latria.phase.round", round=s.round, rounds=s.rounds)
                       if s.round else Msg("flow.latria.phase.setup")),
                markers=_markers(s))


def _not_now(s: LatriaState, kind: str) -> Msg:
    if s.finished:
        return Msg("flow.latria.error.over")
    if s.step == "start":
        return Msg("flow.latria.error.not_start")
    if s.step == "end":
        return Msg("flow.latria.error.not_end")
    return Msg("flow.latria.error.not_step", step=s.step)


# Latria, Game Flow: a round is steps 1 to 6, the parent's card first; the final round
# stops at step 5. A step's id is its key in CITATIONS.
TABLE = StepTable(
    game=GAME, moves=MOVES, citations=CITATIONS, refusal=_not_now,
    unknown=Msg("flow.latria.error.unknown"), frame=_frame,
    steps=(
        # Latria, Game Setup: "Choose the first parent" (the setup's draw is the default).
        Step("start", Msg("flow.latria.title.start"), _start_reminder,
             cites=lambda s: ("start_campaign",) if _later_campaign_game(s) else ("start",),
             rulings=lambda s: ("S-3",) if _later_campaign_game(s) else (),
             moves=("start",),
             actions=lambda s: [start_action(s.players, s.proposed_first,
                                             Msg("flow.latria.action.start"),
                                             Msg("flow.latria.field.first_parent"))]),
        # Latria, Game Flow, Step 1: Reveal celestial cards (Simple: one Latria board,
        # ruling P-2).
        Step("1", Msg("flow.latria.title.1"),
             lambda s: Msg("flow.latria.reminder.reveal_simple" if is_simple(s)
                           else "flow.latria.reminder.reveal"),
             cites=_reveal_cites,
             rulings=lambda s: ("P-2",) if is_simple(s) else (),
             moves=("reveal",), actions=_reveal_action),
        # Latria, Game Flow, Step 2: Parent plays a card
        Step("2", Msg("flow.latria.title.2"),
             lambda s: Msg("flow.latria.reminder.parent_plays", name=s.players[s.parent]),
             cites=("2",), next="3", next_label=Msg("flow.latria.next.3"),
             active=lambda s: s.parent),
        # Latria, Game Flow, Step 3: Children play a card, at the same time
        Step("3", Msg("flow.latria.title.3"), Msg("flow.latria.reminder.children_play"),
             cites=("3",), next="4", next_label=Msg("flow.latria.next.4")),
        # Latria, Game Flow, Step 4: Acquire cards (Simple: strength reversed while the
        # board is eclipsed). No Next: accepting or recording the step leads on.
        Step("4", Msg("flow.latria.title.4"), _acquire_reminder,
             cites=lambda s: ("4", "4_simple") if is_simple(s) else ("4",),
             moves=("cards_played", "accept", "acquire"), actions=_acquire_actions,
             notes=_proposal_notes, note_rulings=_proposal_rulings),
        # Latria, Game Flow, Step 5: Set aside unacquired cards; the final round ends here.
        Step("5", Msg("flow.latria.title.5"), _set_aside_reminder,
             cites=lambda s: ("5", "end") if last_round(s) else ("5",),
             next=lambda s: "end" if last_round(s) else "6",
             next_label=lambda s: Msg("flow.latria.next.finish" if last_round(s)
                                      else "flow.latria.next.6"),
             notes=_markers_taken),
        # Latria, Game Flow, Step 6: Next parent, then the next round's step 1.
        Step("6", Msg("flow.latria.title.6"), _next_parent_reminder, cites=("6",),
             then=_pass_parent, next="1",
             next_label=lambda s: Msg("flow.latria.next.round", round=s.round + 1,
                                      name=s.players[_next_parent(s)]),
             active=_next_parent),
        # Latria, Game Flow, Step 6: "When the round in which the hand of astrology cards
        # is reduced to one card ends, the game ends" (its step 5, above).
        Step("end", Msg("flow.latria.title.end"), Msg("flow.latria.reminder.end"),
             cites=("end",), final=True),
    ),
)


def score_prefill(state: LatriaState) -> dict[str, Any]:
    """Latria's sheet needs the cards, which play does not track: names and variant only."""
    variant = "standard" if state.variant == "campaign" else state.variant
    return {"game": GAME, "variant": variant,
            "players": [{"name": name} for name in state.players]}



FLOW = Flow(
    game=GAME, title=box.NAME, state_model=LatriaState, variants=VARIANTS,
    player_range=PLAYERS, initial=initial, apply=TABLE.apply, view=TABLE.view,
    score_prefill=score_prefill,
    citations=tuple(CITATIONS.values()), steps=TABLE,
)
