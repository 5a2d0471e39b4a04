"""Latoro (ラトーロ) on a phone, labelled in English and the game's own Japanese terms.

Each player: clan tag points (氏族タグ, read from the player summary; ruling LT-1), the
points of each face-up honor card (栄誉カード, at most 3; LT-2) — first how many are face
up, then one field per card — and the resources (資源) left, 0–7 of each colour.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.ui.widgets.stepper import Stepper
from scorers.latoro import (
    COLOUR_LABELS_JA,
    HONOR_CARDS_MAX,
    LABELS_JA,
    RESOURCE_CAP,
    RESOURCE_COLOURS,
    RESOURCES_PER_POINT,
)
from scorers.sheets import location


def empty_sheet(session, box_values, setup) -> dict:
    return {
        "game": "latoro",
        "players": [
            {"name": name, "clan_tag_points": 0, "honor_points": [],
             "resources": {colour: 0 for colour in RESOURCE_COLOURS}}
            for name in session.players
        ],
    }


def colour_label(colour: str) -> str:
    ja = COLOUR_LABELS_JA[colour]
    return {
        "black": t("latoro.black", ja=ja),
        "white": t("latoro.white", ja=ja),
        "brown": t("latoro.brown", ja=ja),
    }[colour]


def resized(points: list[int], count: int) -> list[int]:
    """The honor card points for ``count`` face-up cards: kept in order, new cards at 0."""
    return [*points[:count], *[0] * max(0, count - len(points))]


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=17, weight=ft.FontWeight.W_600)


def player_controls(editor, index: int) -> list[ft.Control]:
    base = ("players", index)
    honor_path = (*base, "honor_points")
    points = list(editor.get(honor_path, []) or [])

    cards = ft.Column(spacing=14)

    def render_cards() -> None:
        # keep the fields already drawn (a tap on them must not land on a redrawn one)
        shown = len(editor.get(honor_path, []) or [])
        del cards.controls[shown:]
        cards.controls += [
            editor.stepper((*honor_path, j), t("latoro.honor_card", n=j + 1),
                           hint=t("latoro.honor_card_hint"))
            for j in range(len(cards.controls), shown)
        ]

    def face_up(n: int) -> None:
        # one field per face-up card: change the list, draw the fields, then save and redraw
        editor.get(base)["honor_points"] = resized(list(editor.get(honor_path, []) or []), n)
        render_cards()
        editor.changed()

    count = Stepper(t("latoro.face_up"), len(points), face_up,
                    minimum=0, maximum=max(HONOR_CARDS_MAX, len(points)),
                    hint=t("latoro.face_up_hint", max=HONOR_CARDS_MAX))
    editor.error_slot(location(honor_path), count.show_error, count.control,
                      count.error_state)
    render_cards()

    controls: list[ft.Control] = [
        editor.stepper((*base, "clan_tag_points"), t("latoro.clan_tags", ja=LABELS_JA["clan_tags"]),
                       hint=t("latoro.clan_tags_hint", ja=LABELS_JA["player_summary"])),
        heading(t("latoro.resources", ja=LABELS_JA["resources"])),
        ft.Text(t("latoro.resources_hint", per=RESOURCES_PER_POINT,
                  ja=LABELS_JA["resource_pieces"]),
                size=14, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for colour in RESOURCE_COLOURS:
        controls.append(editor.stepper((*base, "resources", colour), colour_label(colour),
                                       maximum=RESOURCE_CAP,
                                       hint=t("latoro.resource_hint", max=RESOURCE_CAP)))
    # Last: a field per face-up card is added as cards are counted, and nothing below
    # it may move under a finger.
    controls += [heading(t("latoro.honor_cards", ja=LABELS_JA["honor_cards"])),
                 count.control, cards]
    return controls


def table_controls(editor) -> list[ft.Control]:
    return []
