"""Luna's final score sheet on a phone: influence, Shrines, unused Favors and the Council.

Each player: influence held before the end-game scoring (typed; it can be large), Shrines
(0–6), unused Favor tokens (0–7) and the value printed at their Council seat (entered as
printed: the rulebook text does not give the seat values, ruling LU-1). For the table:
the Council of Priests order, furthest ahead first, which breaks ties (LU-4).
"""

from __future__ import annotations

import flet as ft

from companion.flows.base import setup_first_player
from companion.flows.luna import OPPONENT, council_stack
from companion.i18n import t
from scorers.luna import FAVOR_POINTS, FAVORS_MAX, SHRINE_POINTS, SHRINES_MAX


def sheet_players(session) -> list[str]:
    """The table's players; a solo game is scored against the virtual opponent, who has
    a place on the sheet like a player (Luna, Solo rules; ruling LU-5)."""
    players = list(session.players)
    return players + [OPPONENT] if len(players) == 1 else players


def setup_council(session, players: list[str], setup: dict | None) -> list[str]:
    """The Council as the table's ``setup`` stacks it, furthest ahead first: the setup's
    first player at the bottom (Luna, Setup 8; ruling S-11). Solo: the virtual opponent
    starts (Solo Level 1), so your piece is on top. Seat order when the table has no setup
    yet."""
    if len(session.players) == 1:
        return council_stack(players, 1)
    if setup is None:
        return players
    return council_stack(players, setup_first_player(setup, len(players)))


def empty_sheet(session, box_values, setup) -> dict:
    """Nothing counted yet; the Council as the setup stacked it (Play's order, when it
    kept one, comes with what Play fills in). Solo: the virtual opponent is marked, so the
    notes name your final score (LU-5)."""
    players = sheet_players(session)
    solo = len(session.players) == 1
    return {
        "game": "luna",
        "council_order": setup_council(session, players, setup),
        "players": [
            {"name": name, "influence": 0, "shrines": 0, "unused_favors": 0,
             "council_points": 0, **({"virtual": True} if solo and i == 1 else {})}
            for i, name in enumerate(players)
        ],
    }


def player_controls(editor, index: int) -> list[ft.Control]:
    name = editor.get(("players", index, "name"), "")
    base = ("players", index)
    return [
        editor.stepper((*base, "influence"), t("luna.influence"),
                       hint=t("luna.influence_hint")),
        editor.stepper((*base, "shrines"), t("luna.shrines"), maximum=SHRINES_MAX,
                       hint=t("luna.shrines_hint", points=SHRINE_POINTS, max=SHRINES_MAX)),
        editor.stepper((*base, "unused_favors"), t("luna.favors"), maximum=FAVORS_MAX,
                       hint=t("luna.favors_hint", points=FAVOR_POINTS, max=FAVORS_MAX)),
        editor.stepper((*base, "council_points"), t("luna.council_points"),
                       hint=t("luna.council_points_hint", name=name)),
    ]


def table_controls(editor) -> list[ft.Control]:
    return [
        ft.Divider(),
        editor.ordering(("council_order",), t("luna.council_order"),
                        hint=t("luna.council_order_hint")),
    ]
