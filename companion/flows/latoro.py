"""Latoro (ラトーロ, 2–4 players): 4 rounds of Placement, Collection, Support and
Preparation; the round marker; the area-card refills for the next round; the resource cap
(7 of each); and, when the table wants it, each player's resources (they feed the final
sheet). Source: seeds/004 (Japanese) and seeds/latoro-en.md (its English translation).

Events (``type``; a player is named by seat, ``base.seat``):
- ``start`` ``{player}``: the start player.
- ``next``: the next phase or Preparation step (the resource-cap step caps the resources
  the app keeps).
- ``track_resources`` ``{black: {seat: n}, white: {…}, brown: {…}}``: from now on the app
  keeps the resources, starting from these counts.
- ``resources`` ``{player, black, white, brown}``: a change of one player's resources
  (each a signed number).
- ``convert`` ``{player, black, white, brown, get}``: Support phase only: 3 resources
  given (the counts) for 1 of colour ``get``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorers.boxes import latoro as box
from scorers.boxes import player_range, variant_ids
from scorers.boxes.latoro import RESOURCE_CAP, ROUNDS  # the box's numbers

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
    cites,
    own,
    parse_config,
    player_field,
    req_choice,
    req_group,
    req_int,
    req_player,
    seat_key,
    seat_order,
    setup_first_player,
    start_action,
)
from .i18n import Msg, Text

GAME = "latoro"
# The counts and variants: scorers/boxes/latoro.py
VARIANTS = variant_ids(box)
PLAYERS = player_range(box)
COLOURS = ("black", "white", "brown")
COLOUR_NAMES = {"black": Msg("flow.latoro.colour.black"), "white": Msg("flow.latoro.colour.white"),
                "brown": Msg("flow.latoro.colour.brown")}
CONVERT_GIVE = 3  # Latoro, Support phase: "turn any 3 of your resources into 1"
LEVEL2_DECK = 17  # Latoro, Preparing the play area 3: "all 17 Level 2 cards"
LEVEL3_DECK = 24  # Latoro, Preparing the play area 5: "all 24 Level 3 cards"
# Latoro, Preparing the play area 4: Level 2 cards face up: 2 players 5; 3 or 4 players 6.
LEVEL2_FACE_UP = {2: 5, 3: 6, 4: 6}
# Latoro, Preparation phase 3: refills by player count, for rounds 2, 3, 4 (level 2, 3).
REFILLS = {
    2: {2: (3, 1), 3: (1, 3), 4: (0, 4)},
    3: {2: (4, 2), 3: (2, 4), 4: (0, 6)},
    4: {2: (5, 3), 3: (3, 5), 4: (0, 8)},
}
# Latoro, Player setup 4: one of each colour, plus by turn position from the start player.
EXTRA = ({"black": 1}, {"white": 1}, {"brown": 1}, {"white": 1, "black": 1})

BOOK = "latoro-en"  # the translation its steps cite (companion.rules.rulebooks)
CITATIONS: dict[str, Citation] = {
    "start": cite(BOOK, "Player setup",
        ("player-setup", "The player who most", "player card.")),
    "placement": cite(BOOK, "Placement phase",
        ("placement-phase", "On your turn place one Uka or one Suma piece on one of:"),
        ("placement-phase", "an area card;"),
        ("placement-phase", "the Journey on the Offering board (not Suma);"),
        ("placement-phase", "the support track (not Suma);"),
        ("placement-phase", "the Home on your player board."),
        ("placement-phase", "The phase ends when every player's pieces are placed.")),
    "collection": cite(BOOK, "Collection phase",
        ("collection-phase", "Take back the Uka", "support track."),
        ("collection-phase", "Some area cards act in this phase: do not forget them.")),
    "support": cite(BOOK, "Support phase",
        ("support-phase", "In order from the", "offering)."),
        ("support-phase", "If you can support", "must support."),
        ("support-phase", "If there is no card", "the supply."),
        ("support-phase", "In this phase only,", "another type.")),
    "prep_cap": cite(BOOK, "Preparation phase",
        ("preparation-phase", "Resource cap: at", "the supply.")),
    "prep_marker": cite(BOOK, "Preparation phase",
        ("preparation-phase", "Advance the round marker by one.")),
    "prep_refill": cite(BOOK, "Preparation phase",
        ("preparation-phase", "Refill the area cards by player count:")),
    "end": cite(BOOK, "End of the game",
        ("end-of-the-game", "The game ends when the Preparation phase of round 4 is over."),
        ("end-of-the-game", "1 evaluation point per 3 resource pieces you still hold.")),
}


# The same steps in the Japanese original, shown to a phone in Japanese.
BOOK_JA = GAME
CITATIONS_JA: dict[str, Citation] = {
    "start": cite(BOOK_JA, "プレイヤーの準備",
        ("プレイヤーの準備", "最近動物に乗った", "カードを受け取ります。")),
    "placement": cite(BOOK_JA, "配置フェイズについて",
        ("配置フェイズについて", "プレイヤーは手番でウカ族コマかスーマ族コマ１個を"),
        ("配置フェイズについて", "エリアカード"),
        ("配置フェイズについて", "捧げものボードの旅（スーマ族は配置不可）"),
        ("配置フェイズについて", "支援トラック（スーマ族は配置不可）"),
        ("配置フェイズについて", "プレイヤーボードの自宅"),
        ("配置フェイズについて", "のいずれかに配置することができます。")),
    "collection": cite(BOOK_JA, "回収フェイズについて",
        ("回収フェイズについて", "支援トラック以外", "てください。")),
    "support": cite(BOOK_JA, "支援フェイズについて",
        ("支援フェイズについて", "支援トラックの小さな数から順に支援をすることができます。"),
        ("支援フェイズについて", "支援したい各エリ", "ことに注意）")),
    # The conversion's sentence is in the next section (支援フェイズの注意点について): the
    # step's Why? (P-18) quotes it there.
    "prep_cap": cite(BOOK_JA, "準備フェーズについて",
        ("準備フェーズについて", "資源の上限は", "サプライに戻します。")),
    "prep_marker": cite(BOOK_JA, "準備フェーズについて",
        ("準備フェーズについて", "ラウンドマーカーを一つ進めます。")),
    "prep_refill": cite(BOOK_JA, "準備フェーズについて",
        ("準備フェーズについて", "プレイ人数に応じてエリアカードを補充してください。")),
    "end": cite(BOOK_JA, "ゲーム終了について",
        ("ゲーム終了について", "４ラウンド目の", "得点計算を行います。"),
        ("ゲーム終了について", "資源コマ３個につき１評価点を得ます。")),
}



class LatoroState(FlowState):
    game: str = GAME
    rounds: int = ROUNDS
    resource_cap: int = RESOURCE_CAP
    refills: dict[int, tuple[int, int]]  # round → (level 2, level 3)
    level2_left: int
    level3_left: int
    proposed_start: int | None = 0
    setup_resources: list[dict[str, int]] | None = None
    start: int = 0
    round: int = 0
    phase: str = "start"
    resources: list[dict[str, int]] | None = None  # None: the table keeps them itself


def starting_resources(start: int, n: int) -> list[dict[str, int]]:
    """Per player (list order): Latoro, Player setup 4, counted from the start player."""
    out: list[dict[str, int]] = [{} for _ in range(n)]
    for position, i in enumerate(seat_order(start, n)):
        out[i] = {c: 1 + EXTRA[position].get(c, 0) for c in COLOURS}
    return out


def initial(config: Mapping[str, Any]) -> LatoroState:
    players, variant, setup = parse_config(config, GAME, PLAYERS, VARIANTS)
    n = len(players)
    refills = dict(REFILLS[n])
    given = setup.get("refills")
    if isinstance(given, dict):
        refills = {int(r): (v["level2"], v["level3"]) for r, v in given.items()}
    resources = setup.get("starting_resources")
    if not (isinstance(resources, list) and len(resources) == n):
        resources = None
    return LatoroState(
        players=players, variant=variant, rounds=setup.get("rounds", ROUNDS),
        resource_cap=setup.get("resource_cap", RESOURCE_CAP), refills=refills,
        level2_left=setup.get("level2_deck", LEVEL2_DECK) - LEVEL2_FACE_UP[n],
        level3_left=setup.get("level3_deck", LEVEL3_DECK),
        proposed_start=setup_first_player(setup, n), setup_resources=resources,
    )


def _default_resources(s: LatoroState) -> list[dict[str, int]]:
    # The setup's per-seat resources follow its drawn start player; when the table chose
    # another start player, count from that one (Latoro, Player setup 4).
    if s.setup_resources is not None and s.start == s.proposed_start:
        return [dict(r) for r in s.setup_resources]
    return starting_resources(s.start, len(s.players))


def over_cap(s: LatoroState) -> list[tuple[int, str, int]]:
    """(player, colour, excess) for each colour above the cap."""
    if s.resources is None:
        return []
    return [(i, c, r[c] - s.resource_cap) for i, r in enumerate(s.resources)
            for c in COLOURS if r[c] > s.resource_cap]


# ---------------------------------------------------------------------------------------
# moves


def _start(s: LatoroState, event: Mapping[str, Any]) -> None:
    s.start = req_player(s.players, event.get("player"),
                         Msg("flow.latoro.error.start_player"))  # type: ignore[assignment]
    s.round = 1
    TABLE.enter(s, "placement")


def _kept_from_now(s: LatoroState, event: Mapping[str, Any]) -> None:
    """``track_resources``: the app keeps each player's resources from these counts."""
    if s.finished:
        raise FlowError(Msg("flow.latoro.error.over_resources"))
    if s.phase == "start":
        raise FlowError(Msg("flow.latoro.error.start_first"))
    if s.resources is not None:
        raise FlowError(Msg("flow.latoro.error.already_kept"))
    defaults = _default_resources(s)
    out: list[dict[str, int]] = []
    for i, name in enumerate(s.players):
        r = {}
        for c in COLOURS:
            group = req_group(event, c)
            what = {"name": name, "colour": COLOUR_NAMES[c]}
            r[c] = req_int(group.get(seat_key(i), defaults[i][c]), 0, 99,
                           whole=Msg("flow.latoro.error.track_whole", **what),
                           low=Msg("flow.latoro.error.track_low", lo=0, **what),
                           high=Msg("flow.latoro.error.track_high", hi=99, **what))
        out.append(r)
    s.resources = out


def _whose(s: LatoroState, event: Mapping[str, Any]) -> int:
    """The player whose kept resources change."""
    if s.finished:
        raise FlowError(Msg("flow.latoro.error.over_resources"))
    if s.resources is None:
        raise FlowError(Msg("flow.latoro.error.not_kept"))
    who = req_player(s.players, event.get("player"), Msg("flow.latoro.error.player"))
    assert who is not None
    return who


def _change(s: LatoroState, event: Mapping[str, Any]) -> None:
    """``resources``: any change of one player's resources."""
    who = _whose(s, event)
    deltas = {c: req_int(
        event.get(c, 0), -99, 99,
        whole=Msg("flow.latoro.error.change_whole", colour=COLOUR_NAMES[c]),
        low=Msg("flow.latoro.error.change_low", colour=COLOUR_NAMES[c], lo=-99),
        high=Msg("flow.latoro.error.change_high", colour=COLOUR_NAMES[c], hi=99))
        for c in COLOURS}
    _add(s, who, deltas)


def _convert(s: LatoroState, event: Mapping[str, Any]) -> None:
    """``convert``: Latoro, Support phase: "In this phase only, you may turn any 3 of your
    resources into 1 resource of another type"."""
    who = _whose(s, event)
    if s.phase != "support":
        raise FlowError(Msg("flow.latoro.error.convert_phase"))
    give = {c: req_int(
        event.get(c, 0), 0, CONVERT_GIVE,
        whole=Msg("flow.latoro.error.given_whole", colour=COLOUR_NAMES[c]),
        low=Msg("flow.latoro.error.given_low", colour=COLOUR_NAMES[c], lo=0),
        high=Msg("flow.latoro.error.given_high", colour=COLOUR_NAMES[c], hi=CONVERT_GIVE))
        for c in COLOURS}
    if sum(give.values()) != CONVERT_GIVE:
        raise FlowError(Msg("flow.latoro.error.convert_count", count=CONVERT_GIVE))
    get = req_choice(event.get("get"), COLOURS, Msg("flow.latoro.error.colour_received"))
    if give[get]:  # type: ignore[index]
        # 「手持ちの好きな資源３つを別の資源１つに変換」: one resource of *another* kind than
        # those given (ruling P-18).
        raise FlowError(Msg("flow.latoro.error.same_type", colour=COLOUR_NAMES[get]))
    _add(s, who, {c: -give[c] + (1 if c == get else 0) for c in COLOURS})


def _add(s: LatoroState, who: int, deltas: dict[str, int]) -> None:
    assert s.resources is not None
    mine = s.resources[who]
    new = {c: mine[c] + deltas[c] for c in COLOURS}
    short = [c for c in COLOURS if new[c] < 0]
    if short:
        raise FlowError(Msg("flow.latoro.error.short", name=s.players[who],
                            count=mine[short[0]], colour=COLOUR_NAMES[short[0]]))
    own(s, "resources")
    s.resources[who] = new


MOVES = {"start": _start, "track_resources": _kept_from_now, "resources": _change,
         "convert": _convert}


def _cap(s: LatoroState, event: Mapping[str, Any]) -> None:
    """Latoro, Preparation phase 1: at most 7 of each type; the excess goes back."""
    if s.resources is not None:
        own(s, "resources")
        for r in s.resources:
            for c in COLOURS:
                r[c] = min(r[c], s.resource_cap)


def _advance_marker(s: LatoroState, event: Mapping[str, Any]) -> None:
    s.round += 1  # Latoro, Preparation phase 2: advance the round marker


def _refill(s: LatoroState, event: Mapping[str, Any]) -> None:
    """Latoro, Preparation phase 3: the area cards refilled for the round begun."""
    refill = _refills(s, s.round)
    s.level2_left = max(0, s.level2_left - refill["level2"])
    s.level3_left = max(0, s.level3_left - refill["level3"])


def last_round(s: LatoroState) -> bool:
    return s.round >= s.rounds


# ---------------------------------------------------------------------------------------
# view


def _refills(s: LatoroState, round_: int) -> dict[str, int]:
    """The area cards refilled for ``round_``, by level (Latoro, Preparation phase 3)."""
    l2, l3 = s.refills.get(round_, (0, 0))
    return {"level2": l2, "level3": l3}


def _refill_text(s: LatoroState, round_: int) -> Msg:
    return Msg("flow.latoro.refill", **_refills(s, round_))


def _markers(s: LatoroState) -> list[Marker]:
    out = [Marker(label=Msg("flow.latoro.marker.round"),
                  value=Msg("flow.latoro.marker.round_value", round=s.round or 1,
                            rounds=s.rounds))]
    if s.phase != "start":
        # The text does not say whether the start player card passes (ruling P-16).
        out.append(Marker(label=Msg("flow.latoro.marker.start"), value=s.players[s.start]))
    upcoming = s.round if s.phase == "prep_refill" else max(s.round, 1) + 1
    if upcoming <= s.rounds and not s.finished:
        out.append(Marker(label=Msg("flow.latoro.marker.refill", round=upcoming),
                          value=_refill_text(s, upcoming)))
    out.append(Marker(label=Msg("flow.latoro.marker.level2"), value=s.level2_left))
    out.append(Marker(label=Msg("flow.latoro.marker.level3"), value=s.level3_left))
    out.append(Marker(label=Msg("flow.latoro.marker.cap"), value=s.resource_cap))
    if s.resources is not None:
        for i, name in enumerate(s.players):
            r = s.resources[i]
            if any(r[c] > s.resource_cap for c in COLOURS):
                value = Msg("flow.latoro.marker.resources_over", **r)
            else:
                value = Msg("flow.latoro.marker.resources_value", **r)
            out.append(Marker(label=Msg("flow.latoro.marker.resources", name=name),
                              value=value, player=name))
    return out


def _resource_actions(s: LatoroState) -> list[Action]:
    if s.resources is None:
        defaults = _default_resources(s)
        fields = [Field(key=seat_key(i), group=c,
                        label=Msg("flow.latoro.field.track", name=name, colour=COLOUR_NAMES[c]),
                        kind="number", min=0, max=99,
                        default=defaults[i][c])
                  for i, name in enumerate(s.players) for c in COLOURS]
        return [Action(event={"type": "track_resources"},
                       label=Msg("flow.latoro.action.track"),
                       fields=fields)]
    # Whose resources and which colour: the table says; nothing picked to start with.
    who = [player_field("player", Msg("flow.latoro.field.player"), s.players,
                        default=NOT_PICKED)]
    acts = [Action(
        event={"type": "resources"}, label=Msg("flow.latoro.action.resources"),
        fields=who + [Field(key=c, label=Msg("flow.latoro.field.change", colour=COLOUR_NAMES[c]),
                            kind="number", min=-99, max=99, default=0) for c in COLOURS])]
    if s.phase == "support":
        acts.append(Action(
            event={"type": "convert"},
            label=Msg("flow.latoro.action.convert", count=CONVERT_GIVE),
            fields=who + [Field(key=c, label=Msg("flow.latoro.field.given", colour=COLOUR_NAMES[c]),
                                kind="number", min=0, max=CONVERT_GIVE, default=0)
                          for c in COLOURS]
            + [Field(key="get", label=Msg("flow.latoro.field.received"), kind="choice",
                     choices=list(COLOURS), choice_labels=[COLOUR_NAMES[c] for c in COLOURS],
                     default=NOT_PICKED)]))
    return acts


def _returns(s: LatoroState) -> list[Text]:
    notes: list[Text] = [Msg("flow.latoro.note.returns", name=s.players[i], count=excess,
                             colour=COLOUR_NAMES[c]) for i, c, excess in over_cap(s)]
    if last_round(s):
        notes.append(Msg("flow.latoro.note.last_round"))
    return notes


def _frame(s: LatoroState, view: dict[str, Any]) -> None:
    view.update(round=s.round or None, rounds=s.rounds,
                phase=(Msg("flow.latoro.phase.round", round=s.round, rounds=s.rounds)
                       if s.round else Msg("flow.latoro.phase.setup")),
                markers=_markers(s),
                # the Japanese original for a phone in Japanese, the translation else
                cites=cites(CITATIONS_JA, s.phase) + view["cites"])
    if s.phase != "start" and not s.finished:
        view["actions"].extend(_resource_actions(s))


def _not_now(s: LatoroState, kind: str) -> Msg:
    if s.finished:
        return Msg("flow.latoro.error.over")
    return Msg("flow.latoro.error.not_now", phase=TABLE.step(s).title)


# The rulebook's order of a game (Latoro, Game flow): Player setup, then 4 rounds of the
# Placement, Collection, Support and Preparation phases; the game ends after round 4's
# Preparation. A step's id is its key in CITATIONS.
TABLE = StepTable(
    game=GAME, step_field="phase", moves=MOVES, citations=CITATIONS,
    anytime=frozenset({"track_resources", "resources", "convert"}),
    refusal=_not_now, unknown=Msg("flow.latoro.error.unknown"), frame=_frame,
    steps=(
        # Latoro, Player setup 5: the start player.
        Step("start", Msg("flow.latoro.title.start"), Msg("flow.latoro.reminder.start"),
             cites=("start",), moves=("start",),
             actions=lambda s: [start_action(s.players, s.proposed_start,
                                             Msg("flow.latoro.action.start"),
                                             Msg("flow.latoro.field.start_player"))]),
        # Latoro, Placement phase
        Step("placement", Msg("flow.latoro.title.placement"),
             Msg("flow.latoro.reminder.placement"), cites=("placement",),
             next="collection", next_label=Msg("flow.latoro.next.collection"),
             rulings=("P-16",)),  # the start player card is not passed (the marker)
        # Latoro, Collection phase
        Step("collection", Msg("flow.latoro.title.collection"),
             Msg("flow.latoro.reminder.collection"), cites=("collection",),
             next="support", next_label=Msg("flow.latoro.next.support")),
        # Latoro, Support phase
        Step("support", Msg("flow.latoro.title.support"), Msg("flow.latoro.reminder.support"),
             cites=("support",), next="prep_cap",
             next_label=Msg("flow.latoro.next.preparation"),
             # a conversion gives a kind not among the three given
             rulings=lambda s: ("P-18",) if s.resources is not None else ()),
        # Latoro, Preparation phase 1: the resource cap; after round 4 the game ends
        # (Latoro, End of the game; ruling P-15).
        Step("prep_cap", Msg("flow.latoro.title.prep_cap"),
             lambda s: Msg("flow.latoro.reminder.prep_cap", cap=s.resource_cap),
             cites=("prep_cap",), then=_cap,
             next=lambda s: "end" if last_round(s) else "prep_marker",
             next_label=lambda s: Msg("flow.latoro.next.finish" if last_round(s)
                                      else "flow.latoro.next.marker"),
             notes=_returns, rulings=lambda s: ("P-15",) if last_round(s) else ()),
        # Latoro, Preparation phase 2: the round marker
        Step("prep_marker", Msg("flow.latoro.title.prep_marker"),
             lambda s: Msg("flow.latoro.reminder.prep_marker", round=s.round + 1),
             cites=("prep_marker",), then=_advance_marker, next="prep_refill",
             next_label=lambda s: Msg("flow.latoro.next.refill", round=s.round + 1)),
        # Latoro, Preparation phase 3: the area cards
        Step("prep_refill", Msg("flow.latoro.title.prep_refill"),
             lambda s: Msg("flow.latoro.reminder.prep_refill", **_refills(s, s.round)),
             cites=("prep_refill",), then=_refill, next="placement",
             next_label=lambda s: Msg("flow.latoro.next.placement", round=s.round)),
        # Latoro, End of the game
        Step("end", Msg("flow.latoro.title.end"), Msg("flow.latoro.reminder.end"),
             cites=("end",), final=True),
    ),
)


def score_prefill(s: LatoroState) -> dict[str, Any]:
    """Latoro sheet: each player's resources, when the app kept them. Within a round a
    colour may be past the cap: the sheet gets what the next Preparation leaves (Play
    caps them there too, so after round 4 they are the counts as held)."""
    players = []
    for i, name in enumerate(s.players):
        entry: dict[str, Any] = {"name": name}
        if s.resources is not None:
            # Latoro, Preparation phase 1: at most 7 of each type; the rest to the supply.
            entry["resources"] = {c: min(n, s.resource_cap) for c, n in s.resources[i].items()}
        players.append(entry)
    return {"game": GAME, "players": players}


FLOW = Flow(
    game=GAME, title=box.NAME, state_model=LatoroState, variants=VARIANTS,
    player_range=PLAYERS, initial=initial, apply=TABLE.apply, view=TABLE.view,
    score_prefill=score_prefill,
    citations=(*CITATIONS.values(), *CITATIONS_JA.values()), steps=TABLE,
)
