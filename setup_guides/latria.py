"""Latria (Latria Opus), 3–6 players — seeds/000, "Game Setup" and "Extension Rules".

Variants: ``standard``; ``simple`` (Extension Rules 1); ``star_eclipse`` (Extension
Rules 2); ``campaign`` (Extension Rules 3: a series of standard games, one per player,
each with the next starting parent — ruling S-3). A campaign's later game is set up with
``campaign_game`` (2…N) and ``first_parent`` (game 1's starting parent, by default the seat
drawn from the seed): its first parent is game 1's, one seat on clockwise per game.
"""

from __future__ import annotations

import random

from scorers.boxes import latria as box
from scorers.boxes.latria import (
    ASTROLOGY_NUMBERS,
    CARDS_PER_SUIT,
    CELESTIAL_PER_BODY,
    ECLIPSE_MARKERS_IN_BOX,
    REMOVED_NUMBERS,
    SUITS,
    hand_size,
    rounds,
)
from scorers.messages import AndList, Msg
from setup_guides.base import (
    RULE_OR_SEAT_RULINGS,
    Setup,
    Step,
    draw_seat,
    number_range,
    rule_or_seat,
    seat_order,
)

GAME = "latria"
NAME = Msg("setup.latria.name")
VARIANTS = box.VARIANTS  # the counts and variants: scorers/boxes/latria.py
# What the table may choose instead of the draw (nothing).
TABLE_CHOICES: tuple[str, ...] = ()

# Latria, Game Setup: Remove cards — how the removed cards are marked.
REMOVED_MARK = {
    3: Msg("setup.latria.removed_mark_3"),
    4: Msg("setup.latria.removed_mark_4"),
}
# Latria, Extension Rules 1 (Simple), "Celestial cards used": the three cards removed.
SIMPLE_REMOVED_CELESTIAL = ["sun_x0", "moon_x2", "polaris_discard_two"]

# Latria, Game Setup: Choose the first parent
PARENT_RULE = Msg("setup.latria.parent_rule")
# Latria, Extension Rules 3 (Campaign)
CAMPAIGN_PARENT_RULE = Msg("setup.latria.campaign_parent_rule")
# Latria, Extension Rules 3: the placement points after each game, by player count.
CAMPAIGN_POINTS_KEYS = {
    3: "setup.latria.campaign.points_3",
    4: "setup.latria.campaign.points_4",
    5: "setup.latria.campaign.points_5",
    6: "setup.latria.campaign.points_6",
}


class LatriaSetup(Setup):
    hand_size: int
    rounds: int
    removed_astrology: dict[str, list[int]]
    deck_size: int
    eclipse_markers: int
    boards: list[str]
    removed_celestial: list[str]
    polaris_eclipsed: bool
    # Campaign only (empty otherwise): the starting parent's seat for game 1, 2, …
    campaign_parents: list[int]
    # Campaign only: which game of the series this setup is for (1…N); None otherwise
    campaign_game: int | None = None

    def later_game(self) -> bool:
        """A campaign game after the first: its parent follows game 1's, not a draw."""
        return bool(self.campaign_game and self.campaign_game > 1)

    def draws(self) -> list[tuple[str, str]]:
        if not self.campaign_parents:
            return [(Msg("setup.latria.draw.first_parent"),
                     Msg("setup.common.draw.seat", seat=self.first_player))]
        if self.later_game():
            # Nothing is drawn for a later game: its parent follows game 1's (the
            # checklist's campaign step lists every game's).
            return [(Msg("setup.latria.draw.game_parent", game=self.campaign_game),
                     Msg("setup.common.draw.seat", seat=self.first_player))]
        return [(Msg("setup.latria.draw.game_parent", game=i),
                 Msg("setup.common.draw.seat", seat=seat))
                for i, seat in enumerate(self.campaign_parents, start=1)]

    def first_player_text(self) -> str:
        if self.later_game():
            return Msg("setup.latria.first_player_later", seat=self.first_player,
                       game=self.campaign_game)
        return super().first_player_text()


def campaign_points(players: int) -> list[int]:
    """Placement points by place. Latria, Extension Rules 3 (Campaign): "the player in 1st
    place records a score equal to the number of players. Each player below 1st records
    one point less ... However, the player in last place records −1." """
    return [players - place for place in range(players - 1)] + [-1]


def signed(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def build(players: int, variant: str, seed: int, campaign_game: int | None = None,
          first_parent: int | None = None) -> LatriaSetup:
    """``campaign_game`` and ``first_parent`` (game 1's starting parent) only with
    ``campaign``; ``make_setup`` checks them."""
    rng = random.Random(seed)
    first = draw_seat(rng, players)  # the only draw: the first parent
    campaign = variant == "campaign"
    game = (campaign_game or 1) if campaign else None
    # Latria, Extension Rules 3: "each player is the starting parent for one game, in turn"
    # — clockwise from game 1's parent (ruling S-3).
    parents = seat_order(first_parent or first, players) if campaign else []
    parent = parents[game - 1] if game is not None and game > 1 else first

    simple = variant == "simple"
    removed = REMOVED_NUMBERS[players]
    deck = CARDS_PER_SUIT * len(SUITS) - len(removed) * len(SUITS)
    hand = hand_size(players)
    game_rounds = rounds(players)
    # Latria, Game Setup: Eclipse markers — "equal to the number of players";
    # Extension Rules 1: "eclipse markers are not used in this rule".
    markers = 0 if simple else players
    celestial_each = CELESTIAL_PER_BODY - (1 if simple else 0)

    steps: list[Step] = []
    section = Msg("setup.latria.section.setup")
    if simple:
        # Latria, Extension Rules 1, "Celestial cards used": "At the start of setup ..."
        steps.append(Step(
            title=Msg("setup.latria.simple_celestial.title"),
            detail=Msg("setup.latria.simple_celestial.detail", each=celestial_each),
            section=section,
        ))

    # Latria, Game Setup: Remove cards (3 or 4 players only)
    if removed:
        count = len(removed) * len(SUITS)
        kept = [n for n in ASTROLOGY_NUMBERS if n not in removed]
        detail = Msg("setup.latria.remove.detail", players=players,
                     mark=REMOVED_MARK[players], removed=number_range(removed), count=count,
                     deck=deck, kept=number_range(kept))
    else:
        detail = Msg("setup.latria.remove.none", players=players, deck=deck)
    steps.append(Step(title=Msg("setup.latria.remove.title"), detail=detail, section=section))

    # Latria, Game Setup: Deal astrology cards; Game Flow: the last card is not used.
    steps.append(Step(
        title=Msg("setup.latria.deal.title"),
        detail=Msg("setup.latria.deal.detail", deck=deck, count=hand, rounds=game_rounds),
        section=section,
    ))

    # Latria, Game Setup: Prepare celestial cards and boards (Simple: "Board used").
    if simple:
        detail = Msg("setup.latria.celestial.simple", each=celestial_each)
    else:
        detail = Msg("setup.latria.celestial.detail", each=celestial_each)
    steps.append(Step(title=Msg("setup.latria.celestial.title"), detail=detail,
                      section=section))

    if variant == "star_eclipse":
        # Latria, Extension Rules 2 (Star Eclipse)
        steps.append(Step(
            title=Msg("setup.latria.star_eclipse.title"),
            detail=Msg("setup.latria.star_eclipse.detail"),
            section=section,
        ))

    # Latria, Game Setup: Eclipse markers
    if simple:
        detail = Msg("setup.latria.markers.simple", count=ECLIPSE_MARKERS_IN_BOX)
    else:
        left = ECLIPSE_MARKERS_IN_BOX - markers
        detail = (Msg("setup.latria.markers.left", markers=markers, count=left) if left
                  else Msg("setup.latria.markers.all", markers=markers))
    steps.append(Step(title=Msg("setup.latria.markers.title"), detail=detail,
                      section=section))

    # Latria, Game Setup: Choose the first parent
    if game is not None and game > 1:
        # Latria, Extension Rules 3: "each player is the starting parent for one game, in
        # turn" — this game's parent follows game 1's (ruling S-3).
        steps.append(Step(
            title=Msg("setup.latria.later_parent.title", game=game),
            detail=Msg("setup.latria.later_parent.detail", seat=parent, game=game,
                       first=parents[0]),
            section=section,
            rulings=["S-3", "S-1"],
        ))
    else:
        steps.append(Step(
            title=Msg("setup.latria.first_parent.title"),
            detail=Msg("setup.latria.first_parent.detail",
                       choice=rule_or_seat(PARENT_RULE, first)),
            section=section,
            rulings=RULE_OR_SEAT_RULINGS,
        ))

    if campaign:
        # Latria, Extension Rules 3 (Campaign); ruling S-3
        points = Msg(CAMPAIGN_POINTS_KEYS[players], **{
            f"p{i}": signed(p) for i, p in enumerate(campaign_points(players), start=1)})
        order = AndList(Msg("setup.latria.campaign.order_item", game=i, seat=s)
                        for i, s in enumerate(parents, start=1))
        if game is not None and game > 1:
            detail = Msg("setup.latria.campaign.later", game=game, players=players,
                         order=order, points=points)
        else:
            detail = Msg("setup.latria.campaign.detail", players=players, order=order,
                         points=points)
        steps.append(Step(
            title=Msg("setup.latria.campaign.title"),
            detail=detail,
            section=Msg("setup.latria.section.campaign"),
            rulings=["S-3"],
        ))

    return LatriaSetup(
        game=GAME,
        players=players,
        variant=variant,
        seed=seed,
        steps=steps,
        first_player=parent,
        first_player_rule=CAMPAIGN_PARENT_RULE if game is not None and game > 1 else PARENT_RULE,
        hand_size=hand,
        rounds=game_rounds,
        removed_astrology={suit: list(removed) for suit in SUITS},
        deck_size=deck,
        eclipse_markers=markers,
        boards=["latria"] if simple else ["sun", "moon", "polaris"],
        removed_celestial=list(SIMPLE_REMOVED_CELESTIAL) if simple else [],
        polaris_eclipsed=variant == "star_eclipse",
        campaign_parents=parents,
        campaign_game=game,
    )
