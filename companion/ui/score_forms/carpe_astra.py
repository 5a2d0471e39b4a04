"""Carpe Astra's score sheet on a phone: character, credits left, support tokens per guild."""

from __future__ import annotations

import flet as ft

from companion.i18n import say, t
from scorers.carpe_astra import CHARACTERS, GUILDS, MONEY_TOKENS, tokens_in_play


def seat_characters(session, setup: dict | None) -> list[str]:
    """The characters drawn in the table's ``setup`` when there is one, else in seat
    order."""
    if setup is not None:
        return list(setup["characters"])
    return list(CHARACTERS)[: len(session.players)]


def empty_sheet(session, box_values, setup) -> dict:
    characters = seat_characters(session, setup)
    return {
        "game": "carpe_astra",
        "players": [
            {"name": name, "character": character, "credits": 0, "support": {}}
            for name, character in zip(session.players, characters, strict=True)
        ],
    }


def character_label(cid: str) -> str:
    c = CHARACTERS[cid]
    return t("carpe_astra.character", name=c.name, guild=GUILDS[c.guild].name)


def player_controls(editor, index: int) -> list[ft.Control]:
    players = editor.get(("players",))
    characters = [p.get("character") for p in players]
    readings = editor.get(("readings",), {})  # the table's own reading of C-1
    in_play = tokens_in_play(len(players), characters,
                             isinstance(readings, dict) and readings.get("C-1") == "alternative")

    def pick_character(cid: str) -> None:
        editor.set(("players", index, "character"), cid)
        editor.rebuild()  # 3 players: the tokens in play follow the characters

    controls = [
        editor.choice(("players", index, "character"), t("carpe_astra.character_label"),
                      [(cid, character_label(cid)) for cid in CHARACTERS],
                      on_pick=pick_character),
        editor.stepper(("players", index, "credits"), t("carpe_astra.credits"),
                       maximum=MONEY_TOKENS, hint=t("carpe_astra.credits_hint")),
        ft.Text(t("carpe_astra.support"), size=17, weight=ft.FontWeight.W_600),
    ]
    for gid, guild in GUILDS.items():
        controls.append(editor.stepper(
            ("players", index, "support", gid), say(guild.name), maximum=in_play[gid],
            hint=t("carpe_astra.in_play", n=in_play[gid])))
    return controls


def table_controls(editor) -> list[ft.Control]:
    return []
