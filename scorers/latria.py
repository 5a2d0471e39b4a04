"""Latria (Latria *Opus*, 3–6 players): final scoring.

Sheet and result: docs/score-sheets.md, section "Latria". Rules: the rulebook
``seeds/000_fa82990554f63f12.txt`` ("Scoring", "Polaris card note", "Extension Rules",
"Victory Point Distribution"). Readings of unclear rules: ``docs/RULINGS.md`` (L-…).

The box inventory and the numbers in play are public module data, so the app's score
screen can set its stepper limits from the same source as the checks.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorers.base import (
    Line,
    Note,
    PlayerResult,
    Problem,
    Result,
    SheetProblems,
    comma_list,
    name_problems,
    ruled,
    shared_ranks,
    winners_of,
)
from scorers.boxes.latria import (
    ASTROLOGY_NUMBERS,
    BODIES,
    PLAYER_COUNTS,
    SHEET_VARIANTS,
    SUITS,
    numbers_in_play,
    rounds,
)
from scorers.limits import crop
from scorers.messages import AndList, Msg
from scorers.readings import applied_note, chosen

if TYPE_CHECKING:
    from scorers.sheet_models.latria import Card, Player, Sheet

GAME = "latria"

# ---------------------------------------------------------------------------------------
# Public box data (for the checks and for the app's score screen)
# ---------------------------------------------------------------------------------------

# The box's numbers: scorers/boxes/latria.py (the setup and the play flow read them too).
VARIANTS = SHEET_VARIANTS  # a campaign's games are standard games; the series has its sheet
NAMES = {"sun": Msg("scorers.latria.body.sun"), "moon": Msg("scorers.latria.body.moon"),
         "polaris": Msg("scorers.latria.body.polaris"),
         "latria": Msg("scorers.latria.body.latria")}

# Latria, Victory Point Distribution, "Celestial cards" (the rows that are legible):
# (body, VP) or (body, special) → number of cards in the box; 13 per body.
CELESTIAL_BOX: dict[tuple[str, int | str], int] = {
    ("sun", 1): 3, ("sun", 2): 3, ("sun", 3): 3, ("sun", 4): 3, ("sun", "x0"): 1,
    ("moon", 1): 3, ("moon", 2): 6, ("moon", 3): 3, ("moon", "x2"): 1,
    ("polaris", 1): 6, ("polaris", 2): 6, ("polaris", "discard_two"): 1,
}  # fmt: skip
CELESTIAL_VP = {"sun": range(1, 5), "moon": range(1, 4), "polaris": range(1, 3)}
# Each body's one special card (Victory Point Distribution, "Special" column).
SPECIALS = {"sun": "x0", "moon": "x2", "polaris": "discard_two"}
SPECIAL_NAMES = {"x0": "×0", "x2": "×2",
                 "discard_two": Msg("scorers.latria.special.discard_two")}
SPECIAL_MULTIPLIER = {"x0": 0, "x2": 2}  # Latria, Scoring step 1: "×2" or "×0"
# The mutation cards: the three 1-VP Sun and the three 1-VP Moon cards (the text does
# not say which cards carry the symbol).
MUTATION_CARDS = (("sun", 1), ("moon", 1))

# Latria, Victory Point Distribution, "Astrology cards": Sun and Moon rows (number → VP).
_SUN_MOON_VP = {6: 1, 7: 2, 8: 3, 9: 2, 10: 1}
ASTROLOGY_VP_TABLE: dict[str, dict[int, int]] = {
    suit: {n: _SUN_MOON_VP.get(n, 0) for n in ASTROLOGY_NUMBERS} for suit in ("sun", "moon")
}
# The Polaris and Latria rows are not legible; those cards carry what is
# printed on them (``vp`` and/or ``multiplier``), ruling L-1.
PRINTED_VALUE_SUITS = ("polaris", "latria")
ASTROLOGY_MULTIPLIERS = (2, 0)  # Scoring step 1 names only "×2" and "×0" (L-1)


astrology_numbers_in_play = numbers_in_play  # the name the score form knows


# ---------------------------------------------------------------------------------------
# The result (the sheet's models: scorers/sheet_models/latria.py)
# ---------------------------------------------------------------------------------------


@dataclass(kw_only=True)
class LatriaPlayerResult(PlayerResult):
    eclipse: int  # the points subtracted for cards under the eclipse marker, ≥ 0
    # the cards the Polaris "two red symbols" card removed
    discarded: list[Card] = field(default_factory=list)


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------


def card_label(card: Card) -> str:
    """A short human name: "Sun 3", "Moon ×2", "Polaris astrology 3 (×2)"."""
    if card.celestial is not None and card.astrology is None:
        body = NAMES[card.celestial]
        if card.special is not None:
            return Msg("scorers.latria.card.celestial", body=body,
                       vp=SPECIAL_NAMES[card.special])
        return Msg("scorers.latria.card.celestial", body=body,
                   vp=card.vp if card.vp is not None else "?")
    if card.astrology is not None:
        suit, number = NAMES[card.astrology], card.number if card.number else "?"
        vp = card.vp if card.astrology in PRINTED_VALUE_SUITS else None
        multiplier = card.multiplier if card.astrology in PRINTED_VALUE_SUITS else None
        if vp and multiplier is not None:
            return Msg("scorers.latria.card.astrology_vp_multiplier", suit=suit,
                       number=number, vp=vp, multiplier=multiplier)
        if vp:
            return Msg("scorers.latria.card.astrology_vp", suit=suit, number=number, vp=vp)
        if multiplier is not None:
            return Msg("scorers.latria.card.astrology_multiplier", suit=suit, number=number,
                       multiplier=multiplier)
        return Msg("scorers.latria.card.astrology", suit=suit, number=number)
    return Msg("scorers.latria.card.unknown")


def box_key(card: Card) -> tuple[str, str, int | str | None]:
    """Which physical card this is: each astrology card exists once, celestial cards by kind."""
    if card.astrology is not None:
        return ("astrology", card.astrology, card.number)
    return ("celestial", card.celestial or "", card.special or card.vp)


def card_id(card: Card) -> tuple[Any, ...]:
    """Identity for matching ``discarded`` against held cards (Sun/Moon ``vp`` is optional)."""
    if card.astrology in ("sun", "moon"):
        return ("astrology", card.astrology, card.number)
    if card.astrology is not None:
        return ("astrology", card.astrology, card.number, card.vp or 0, card.multiplier)
    return ("celestial", card.celestial, card.vp, card.special)


def group_of(card: Card) -> str:
    """The scoring group: the celestial body, an astrology card its suit's (ruling L-2)."""
    return card.celestial or card.astrology or ""


def contribution(card: Card) -> tuple[int, int | None]:
    """(VP, multiplier or None) of a valid card."""
    if card.celestial is not None:
        if card.special is not None:
            # Latria, Scoring step 1: ×2 / ×0; Polaris card note: "no victory points".
            return 0, SPECIAL_MULTIPLIER.get(card.special)
        return card.vp or 0, None
    if card.astrology in ASTROLOGY_VP_TABLE:
        return ASTROLOGY_VP_TABLE[card.astrology][card.number or 0], None  # VP table
    return card.vp or 0, card.multiplier  # printed on the card (L-1)


def card_problems(card: Card, where: str, who: str) -> list[Problem]:
    """What is wrong with one card on its own (shape, printed values), per field."""
    out: list[Problem] = []

    def bad(sub: str, message: str, *rulings: str) -> None:
        out.append(Problem(where=f"{where}.{sub}" if sub else where, message=message,
                           rulings=list(rulings)))

    if card.celestial is None and card.astrology is None:
        bad("", Msg("scorers.latria.problem.card_kind", who=who))
        return out
    if card.celestial is not None and card.astrology is not None:
        bad("", Msg("scorers.latria.problem.card_both_kinds", who=who))
        return out
    if card.celestial is not None:
        body = NAMES[card.celestial]
        for key in ("number", "multiplier"):
            if getattr(card, key) is not None:
                bad(key, Msg("scorers.latria.problem.celestial_no_key", key=key, who=who,
                             body=body))
        allowed = CELESTIAL_VP[card.celestial]
        special = SPECIALS[card.celestial]
        low, high = allowed[0], allowed[-1]
        if card.vp is None and card.special is None:
            bad("", Msg("scorers.latria.problem.celestial_needs_value", who=who, body=body,
                        low=low, high=high, special=special))
        elif card.vp is not None and card.special is not None:
            bad("special", Msg("scorers.latria.problem.celestial_both", who=who, body=body))
        elif card.vp is not None and card.vp not in allowed:
            # Victory Point Distribution, Celestial cards.
            bad("vp", Msg("scorers.latria.problem.celestial_vp", who=who, body=body,
                          vp=card.vp, low=low, high=high, special=special))
        elif card.special is not None and card.special != special:
            owners = {v: NAMES[k] for k, v in SPECIALS.items()}
            bad("special", Msg("scorers.latria.problem.wrong_special", special=card.special,
                               owner=owners[card.special], body=body, own=special,
                               own_name=SPECIAL_NAMES[special]))
        return out
    suit = card.astrology
    name = NAMES[suit]
    if card.special is not None:
        bad("special", Msg("scorers.latria.problem.astrology_special", who=who, suit=name))
    if card.number is None:
        bad("number", Msg("scorers.latria.problem.astrology_number", who=who, suit=name))
        return out
    label = Msg("scorers.latria.card.astrology", suit=name, number=card.number)
    if card.multiplier is not None and card.multiplier not in ASTROLOGY_MULTIPLIERS:
        bad("multiplier", Msg("scorers.latria.problem.bad_multiplier", who=who, card=label,
                              multiplier=card.multiplier), "L-1")
        return out
    if suit in ASTROLOGY_VP_TABLE:
        table_vp = ASTROLOGY_VP_TABLE[suit][card.number]
        if card.multiplier is not None:
            bad("multiplier", Msg("scorers.latria.problem.table_multiplier", who=who,
                                  card=label))
        if card.vp is not None and card.vp != table_vp:
            # docs/score-sheets.md: "A `vp` that contradicts the table is an error."
            bad("vp", Msg("scorers.latria.problem.table_vp", who=who, card=label,
                          table_vp=table_vp, vp=card.vp))
        elif table_vp == 0:
            # Step 4: a child acquires their card "only if the card has victory points or
            # an effect" (ruling L-8).
            bad("", Msg("scorers.latria.problem.no_value", who=who, card=label, suit=name),
                "L-8")
        return out
    if card.vp is None and card.multiplier is None:
        # The table's Polaris/Latria rows are not legible (ruling L-1).
        bad("", Msg("scorers.latria.problem.printed_needed", who=who, card=label), "L-1")
    elif not card.vp and card.multiplier is None:
        bad("vp", Msg("scorers.latria.problem.zero_vp", who=who, card=label), "L-8")
    return out


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------


def _who(player: Player, i: int) -> str:
    return crop(player.name.strip()) or Msg("scorers.base.player_n", n=i + 1)


def _held(player: Player) -> list[tuple[tuple[str, int], Card]]:
    """Every card a player holds with its place: ("cards", j) or ("eclipsed", j)."""
    return [(("cards", j), c) for j, c in enumerate(player.cards)] + [
        (("eclipsed", j), c) for j, c in enumerate(player.eclipsed)
    ]


def _where(i: int, pos: tuple[str, int]) -> str:
    return f"players[{i}].{pos[0]}[{pos[1]}]"


def _polaris_card(player: Player) -> tuple[str, int] | None:
    for pos, card in _held(player):
        if card.celestial == "polaris" and card.special == "discard_two":
            return pos
    return None


def _counts(names: dict[int, int], who: Sequence[str]) -> Any:
    return comma_list([Msg("scorers.latria.holder_count", who=who[i], count=n)
                       for i, n in names.items()])


def check(sheet: Sheet) -> list[Problem]:
    """Every problem of a sheet that one field alone cannot show (empty when it is valid)."""
    problems: list[Problem] = []
    n = len(sheet.players)
    if n not in PLAYER_COUNTS:
        problems.append(Problem(where="players",
                                message=Msg("scorers.latria.problem.players", count=n)))
    problems += name_problems([p.name for p in sheet.players], lambda i: f"players[{i}].name")
    who = [_who(p, i) for i, p in enumerate(sheet.players)]

    # Each card on its own; later checks look only at the well-formed cards.
    valid: list[tuple[int, tuple[str, int], Card]] = []
    for i, player in enumerate(sheet.players):
        for pos, card in _held(player):
            found = card_problems(card, _where(i, pos), who[i])
            problems += found
            if not found:
                valid.append((i, pos, card))

    # Variants (Extension Rules) and where Polaris cards can be.
    for i, player in enumerate(sheet.players):
        if sheet.variant == "simple" and player.eclipsed:
            # Extension Rules 1: "eclipse markers are not used in this rule" (L-7).
            problems.append(
                Problem(
                    where=f"players[{i}].eclipsed",
                    message=Msg("scorers.latria.problem.simple_eclipsed", who=who[i],
                                count=len(player.eclipsed)),
                    rulings=["L-7"],
                )
            )
    for i, pos, card in valid:
        if card.special is not None and sheet.variant == "simple":
            # Extension Rules 1: the ×0 Sun, ×2 Moon and Polaris two-red-symbols cards are out.
            problems.append(
                Problem(
                    where=f"{_where(i, pos)}.special",
                    message=Msg("scorers.latria.problem.simple_special", who=who[i],
                                card=card_label(card)),
                    rulings=["L-7"],
                )
            )
        if card.celestial == "polaris" and sheet.variant == "standard" and pos[0] == "eclipsed":
            # Step 1: "Polaris never enters the eclipse state" (L-6).
            problems.append(
                Problem(
                    where=_where(i, pos),
                    message=Msg("scorers.latria.problem.polaris_eclipsed", who=who[i],
                                card=card_label(card)),
                    rulings=["L-6"],
                )
            )
        if card.celestial == "polaris" and sheet.variant == "star_eclipse" and pos[0] == "cards":
            # Extension Rules 2: Polaris stays in the eclipse state all game (L-6).
            problems.append(
                Problem(
                    where=_where(i, pos),
                    message=Msg("scorers.latria.problem.polaris_star_eclipse", who=who[i],
                                card=card_label(card)),
                    rulings=["L-6"],
                )
            )

    # The box: 13 celestial cards per body by kind; each astrology card once.
    seen: dict[tuple[Any, ...], list[tuple[int, tuple[str, int]]]] = {}
    for i, pos, card in valid:
        seen.setdefault(box_key(card), []).append((i, pos))
    in_play = astrology_numbers_in_play(n) if n in PLAYER_COUNTS else None
    for key, places in seen.items():
        kind, body, value = key
        if kind == "celestial":
            limit = CELESTIAL_BOX[(body, value)]  # Victory Point Distribution
            if len(places) > limit:
                per_player = dict(Counter(i for i, _ in places))
                i, pos = places[limit]
                label = Msg("scorers.latria.card.celestial", body=NAMES[body],
                            vp=SPECIAL_NAMES.get(value, value))  # type: ignore[arg-type]
                if len(per_player) == 1:
                    message = Msg("scorers.latria.problem.box_one", who=who[i],
                                  count=len(places), card=label, limit=limit)
                else:
                    message = Msg("scorers.latria.problem.box_all", count=len(places),
                                  card=label, counts=_counts(per_player, who), limit=limit)
                problems.append(Problem(where=_where(i, pos), message=message,
                                        everyone=len(per_player) > 1))
        else:
            if len(places) > 1:  # Card Types: 15 cards of each suit, numbered 1–15
                first_i, first_pos = places[0]
                for i, pos in places[1:]:
                    card = Msg("scorers.latria.card.astrology", suit=NAMES[body],
                               number=value)
                    if i == first_i:
                        message = Msg("scorers.latria.problem.astrology_twice", who=who[i],
                                      card=card, where=_where(first_i, first_pos))
                    else:
                        message = Msg("scorers.latria.problem.astrology_held", who=who[i],
                                      card=card, holder=who[first_i],
                                      where=_where(first_i, first_pos))
                    problems.append(Problem(where=_where(i, pos), message=message))
            if in_play is not None and value not in in_play:  # Game Setup: remove cards
                for i, pos in places:
                    problems.append(
                        Problem(
                            where=f"{_where(i, pos)}.number",
                            message=Msg("scorers.latria.problem.not_in_play", who=who[i],
                                        card=Msg("scorers.latria.card.astrology",
                                                 suit=NAMES[body], number=value),
                                        players=n, low=in_play[0], high=in_play[-1]),
                        )
                    )

    # Game length (Game Flow, ruling L-9): one card of each body is revealed per round, and
    # a player acquires at most one astrology card (their own) per round.
    if n in PLAYER_COUNTS:
        limit = rounds(n)
        for body in BODIES:
            places = [(i, pos) for i, pos, c in valid if c.celestial == body]
            if len(places) > limit:
                i, pos = places[limit]
                per_player = dict(Counter(i for i, _ in places))
                problems.append(
                    Problem(
                        where=_where(i, pos),
                        message=Msg("scorers.latria.problem.rounds_celestial",
                                    count=len(places), body=NAMES[body],
                                    counts=_counts(per_player, who), players=n,
                                    limit=limit),
                        rulings=["L-9"],
                        everyone=len(per_player) > 1,
                    )
                )
        for i, _player in enumerate(sheet.players):
            mine = [c for j, _pos, c in valid if j == i and c.astrology is not None]
            if len(mine) > limit:
                problems.append(
                    Problem(
                        where=f"players[{i}]",
                        message=Msg("scorers.latria.problem.rounds_astrology", who=who[i],
                                    count=len(mine), players=n, limit=limit),
                        rulings=["L-9"],
                    )
                )

    # The Polaris "two red symbols" card: only its holder lists "discarded" (L-3).
    itself = chosen(sheet.readings, "L-3")
    for i, player in enumerate(sheet.players):
        if player.discarded is None:
            continue
        where = f"players[{i}].discarded"
        holder_pos = _polaris_card(player)
        if holder_pos is None:
            problems.append(
                Problem(
                    where=where,
                    message=Msg("scorers.latria.problem.discard_not_holder", who=who[i]),
                    rulings=["L-3"],
                )
            )
            continue
        others = [c for pos, c in _held(player) if pos != holder_pos]
        removes_all = len(others) + 1 <= 2  # "2 or fewer cards, including this card itself"
        need = len(others) if removes_all else 2
        if len(player.discarded) != need:
            if removes_all:
                message = Msg("scorers.latria.problem.discard_all", who=who[i],
                              count=len(others))
            elif itself:
                message = Msg("scorers.latria.problem.discard_two_itself", who=who[i],
                              count=len(player.discarded))
            else:
                message = Msg("scorers.latria.problem.discard_two", who=who[i],
                              count=len(player.discarded))
            problems.append(Problem(where=where, message=message, rulings=["L-3"]))
            continue
        # The other reading (L-3): the card is one of "your acquired cards" and may go.
        may_go = [c for pos, c in _held(player)
                  if pos != holder_pos or (itself and not removes_all)]
        available = Counter(card_id(c) for c in may_go)
        for j, card in enumerate(player.discarded):
            if (card.celestial == "polaris" and card.special == "discard_two"
                    and not available[card_id(card)]):
                message = (Msg("scorers.latria.problem.discard_all", who=who[i],
                               count=len(others)) if removes_all
                           else Msg("scorers.latria.problem.discard_itself"))
                problems.append(Problem(where=f"{where}[{j}]", message=message,
                                        rulings=["L-3"]))
            elif available[card_id(card)] > 0:
                available[card_id(card)] -= 1
            else:
                problems.append(
                    Problem(
                        where=f"{where}[{j}]",
                        message=Msg("scorers.latria.problem.discard_missing", who=who[i],
                                    card=card_label(card)),
                        rulings=["L-3"],
                    )
                )
    return problems


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@dataclass
class Tally:
    """A scoring group: the VP of its cards and its multipliers (Scoring steps 1 and 2)."""

    vps: list[int] = field(default_factory=list)
    multipliers: list[int] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)  # "celestial" / "astrology" cards in it

    def add(self, card: Card) -> None:
        vp, multiplier = contribution(card)
        if vp:
            self.vps.append(vp)
        if multiplier is not None:
            self.multipliers.append(multiplier)
        if vp or multiplier is not None:
            self.kinds.add("astrology" if card.astrology else "celestial")

    @property
    def value(self) -> int:
        # Scoring step 1: the multipliers multiply the group's total (×2 ×2 = ×4, ×0 → 0).
        return sum(self.vps) * math.prod(self.multipliers)

    @property
    def empty(self) -> bool:
        return not self.vps and not self.multipliers

    def expression(self) -> str:
        text = "+".join(str(v) for v in self.vps) or "0"
        if self.multipliers:
            if len(self.vps) > 1:
                text = f"({text})"
            text += "".join(f" × {m}" for m in self.multipliers)
        return text

    @property
    def simple(self) -> bool:
        return len(self.vps) <= 1 and not self.multipliers


@dataclass
class Evaluation:
    groups: dict[str, Tally]
    eclipse: Tally
    total: int


def evaluate(player: Player, removed: frozenset[tuple[str, int]] = frozenset()) -> Evaluation:
    """A player's score with the cards at the places in ``removed`` taken out."""
    groups = {suit: Tally() for suit in SUITS}
    eclipse = Tally()
    for pos, card in _held(player):
        if pos in removed:
            continue
        if pos[0] == "eclipsed":
            eclipse.add(card)  # Scoring step 2: one group whatever the body
        else:
            groups[group_of(card)].add(card)  # Scoring step 1: by body (L-2)
    # Scoring step 3: step 1 minus step 2; it can be negative.
    total = sum(g.value for g in groups.values()) - eclipse.value
    return Evaluation(groups, eclipse, total)


def _place_label(pos: tuple[str, int], card: Card) -> str:
    if pos[0] == "eclipsed":
        return Msg("scorers.latria.card.eclipsed", card=card_label(card))
    return card_label(card)


@dataclass
class _Scored:
    player: Player
    evaluation: Evaluation
    removed: list[tuple[tuple[str, int], Card]]
    holder: bool
    notes: list[Note]


def _score_player(player: Player, who: str, itself: bool = False) -> _Scored:
    """A player's score; ``itself``: the table's other reading of L-3, where the Polaris
    card is one of the holder's acquired cards and may be one of the two removed."""
    notes: list[Note] = []
    polaris = _polaris_card(player)
    if polaris is None:
        return _Scored(player, evaluate(player), [], False, notes)
    # Polaris card note: "remove any 2 of your acquired cards" (eclipsed ones allowed);
    # "If you hold 2 or fewer cards, including this card itself, remove all of them."
    held = _held(player)
    others = [(pos, c) for pos, c in held if pos != polaris]
    if len(held) <= 2:
        removed = others  # and the card itself, which has no victory points
        notes.append(ruled(Msg("scorers.latria.note.polaris_all", who=who,
                               count=len(held)), "L-3"))
    elif len(others) == 2 and not itself and player.discarded is None:
        removed = others  # the card removes two other cards: these are the only two
        notes.append(ruled(Msg("scorers.latria.note.polaris_only_two", who=who,
                               cards=AndList([_place_label(pos, c) for pos, c in others])),
                           "L-3"))
    else:
        options = list(itertools.combinations(held if itself else others, 2))
        if player.discarded is not None:
            wanted = Counter(card_id(c) for c in player.discarded)
            options = [o for o in options if Counter(card_id(c) for _, c in o) == wanted]
        outcomes = []
        for order, option in enumerate(options):
            ev = evaluate(player, frozenset(pos for pos, _ in option))
            # L-4: best total, then the smaller eclipse (the tie-breaker), then sheet order.
            outcomes.append(((-ev.total, ev.eclipse.value, order), option))
        outcomes.sort(key=lambda o: o[0])
        best_key, best = outcomes[0]
        removed = list(best)
        picked = AndList([_place_label(pos, c) for pos, c in removed])

        def kinds(option: tuple[tuple[tuple[str, int], Card], ...]) -> Counter[Any]:
            return Counter((pos[0], card_id(c)) for pos, c in option)

        # Other choices that score the same and are not just another copy of the same cards.
        same = [o for k, o in outcomes[1:] if k[:2] == best_key[:2] and kinds(o) != kinds(best)]
        if player.discarded is None:
            if same:
                note = Msg("scorers.latria.note.polaris_best_same", who=who, cards=picked,
                           total=-best_key[0])
            else:
                note = Msg("scorers.latria.note.polaris_best", who=who, cards=picked,
                           total=-best_key[0])
            notes.append(ruled(note, "L-4"))
        elif any(k[:2] != best_key[:2] for k, _ in outcomes):
            notes.append(ruled(Msg("scorers.latria.note.polaris_matched", who=who,
                                   cards=picked), "L-5"))
    removed_places = frozenset(pos for pos, _ in removed)
    return _Scored(player, evaluate(player, removed_places), removed, True, notes)


def _breakdown(scored: _Scored) -> list[Line]:
    ev = scored.evaluation
    lines: list[Line] = []
    for suit in SUITS:
        tally = ev.groups[suit]
        if tally.empty:
            continue
        # Latria, Scoring step 1 (group by celestial body; RULINGS L-2).
        if tally.simple:
            label = Msg("scorers.latria.line.group", body=NAMES[suit],
                        expression=tally.expression())
        else:
            label = Msg("scorers.latria.line.group_total", body=NAMES[suit],
                        expression=tally.expression(), value=tally.value)
        lines.append(Line(label=label, points=tally.value, category=NAMES[suit].key))
    if scored.holder:
        # Polaris card note: removed cards score nothing; the card itself has no VP.
        gone = [(pos, c) for pos, c in scored.removed if c.special != "discard_two"]
        what = AndList([_place_label(pos, c) for pos, c in gone])
        if len(gone) < len(scored.removed):  # the other reading of L-3: it went too
            label = Msg("scorers.latria.line.polaris_removed_itself", cards=what)
        elif scored.removed:
            label = Msg("scorers.latria.line.polaris_removed", cards=what)
        else:
            label = Msg("scorers.latria.line.polaris_nothing")
        lines.append(Line(label=label, points=0))
    if not ev.eclipse.empty:
        # Latria, Scoring steps 2 and 3: the eclipsed cards are subtracted.
        expr = ev.eclipse.expression()
        label = (Msg("scorers.latria.line.eclipse", expression=expr) if ev.eclipse.simple
                 else Msg("scorers.latria.line.eclipse_group", expression=expr))
        lines.append(Line(label=label, points=-ev.eclipse.value,
                          category="scorers.latria.category.eclipse"))
    if not lines:
        lines.append(Line(label=Msg("scorers.latria.line.none"), points=0))
    return lines


def _tie_notes(
    names: Sequence[str], totals: Sequence[int], eclipses: Sequence[int], ranks: Sequence[int]
) -> list[Note]:
    """Why ties on total were broken (fewer eclipse points) or shared (Scoring; L-10)."""
    notes = []
    for total in sorted(set(totals), reverse=True):
        tied = [k for k, t in enumerate(totals) if t == total]
        if len(tied) < 2:
            continue
        tied.sort(key=lambda k: (eclipses[k], names[k].casefold()))
        listed = AndList([names[k] for k in tied])
        values = {eclipses[k] for k in tied}
        if len(values) == 1:
            notes.append(ruled(Msg("scorers.latria.tie.draw", names=listed, total=total,
                                   eclipse=eclipses[tied[0]], rank=ranks[tied[0]]), "L-10"))
            continue
        if len(tied) == 2:
            a, b = tied
            notes.append(ruled(Msg("scorers.latria.tie.two", first=names[a], second=names[b],
                                   total=total, first_eclipse=eclipses[a],
                                   second_eclipse=eclipses[b]), "L-10"))
        else:
            order = comma_list([Msg("scorers.latria.tie.eclipse_of", name=names[k],
                                    eclipse=eclipses[k]) for k in tied])
            notes.append(ruled(Msg("scorers.latria.tie.many", names=listed, total=total,
                                   order=order), "L-10"))
        for value in sorted(values):
            still = [k for k in tied if eclipses[k] == value]
            if len(still) > 1:
                notes.append(ruled(Msg("scorers.latria.tie.also", names=AndList(
                    [names[k] for k in still]), eclipse=value, rank=ranks[still[0]]),
                    "L-10"))
    return notes


def score(sheet: Sheet) -> Result:
    """Score a Latria sheet; raise SheetProblems listing every mistake when it is invalid."""
    problems = check(sheet)
    if problems:
        raise SheetProblems(problems)
    names = [p.name.strip() for p in sheet.players]
    itself = chosen(sheet.readings, "L-3")
    scored = [_score_player(p, names[i], itself) for i, p in enumerate(sheet.players)]
    totals = [s.evaluation.total for s in scored]
    eclipses = [s.evaluation.eclipse.value for s in scored]
    # Scoring: most VP; ties → fewer VP under the eclipse marker; then a draw.
    ranks = shared_ranks([(-t, e) for t, e in zip(totals, eclipses, strict=True)])
    players = [
        LatriaPlayerResult(
            name=names[i],
            total=totals[i],
            rank=ranks[i],
            breakdown=_breakdown(s),
            eclipse=eclipses[i],
            discarded=[c for _, c in s.removed],
        )
        for i, s in enumerate(scored)
    ]
    notes: list[Note] = []
    if itself:
        notes.append(ruled(applied_note("L-3"), "L-3"))
    if sheet.variant == "simple":
        notes.append(ruled(Msg("scorers.latria.note.simple_variant"), "L-7"))
    elif sheet.variant == "star_eclipse":
        notes.append(ruled(Msg("scorers.latria.note.star_eclipse_variant"), "L-6"))
    for i, s in enumerate(scored):
        mixed = [
            NAMES[suit]
            for suit in SUITS
            if s.evaluation.groups[suit].multipliers and len(s.evaluation.groups[suit].kinds) == 2
        ]
        if mixed:
            notes.append(ruled(Msg("scorers.latria.note.mixed_group", who=names[i],
                                   bodies=AndList(mixed), count=len(mixed)), "L-2"))
        notes += s.notes
    notes += _tie_notes(names, totals, eclipses, ranks)
    return Result(game=GAME, players=players, winners=winners_of(players), notes=notes)
