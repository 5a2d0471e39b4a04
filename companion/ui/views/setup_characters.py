"""Carpe Astra's characters on the Setup screen: "Determine which player is which
character" (Setup) is done here, once — the seed's draw, or the table's own choice — and
Play reads it from the table's setup (companion/table/setup.py).

One row per character with a chip per player: tapping a player gives them that character
and whoever had it takes theirs (a swap, so every player always has one and nobody has
two); with 2 or 3 players a character nobody has is not in play (ruling S-6). The choice
is saved with the table (``store.set_setup_choice``) and shown on the other phones; once
play has begun it stays as it is.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import say, t
from companion.ui.widgets.common import choice_chip, muted, secondary_button
from setup_guides.carpe_astra import CHARACTERS, character_label


def swapped(characters: list[str], player: int, character: str) -> list[str]:
    """``player`` takes ``character``; whoever had it takes ``player``'s.

    >>> swapped(["chun", "tyndar", "verron"], 0, "verron")
    ['verron', 'tyndar', 'chun']
    >>> swapped(["chun", "tyndar"], 1, "ichthon")
    ['chun', 'ichthon']
    """
    out = list(characters)
    if character in out:
        out[out.index(character)] = out[player]
    out[player] = character
    return out


def characters_card(setup, players: list[str], started: bool,
                    choose: Callable[[list[str] | None], None]) -> ft.Control:
    """The card; ``choose`` saves a new list (one character per seat), or None for the
    draw again."""
    current = list(setup.characters)
    rows: list[ft.Control] = [ft.Text(t("setup_characters.title"), size=15,
                                      weight=ft.FontWeight.W_700)]
    if started:
        rows.append(muted(t("setup_characters.locked"), size=14))
    else:
        rows.append(muted(t("setup_characters.chosen" if setup.characters_chosen
                            else "setup_characters.drawn"), size=14))
    for character in CHARACTERS:
        chips = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            choice_chip(t("setup_characters.chip", character=say(CHARACTERS[character].name),
                          name=name),
                        name, current[i] == character,
                        lambda e, i=i, c=character: choose(swapped(current, i, c)),
                        disabled=started)
            for i, name in enumerate(players)
        ])
        label = say(character_label(character))

        if character not in current:
            label = t("setup_characters.not_in_play", character=label)
        rows.append(ft.Column([ft.Text(label, size=15, weight=ft.FontWeight.W_600), chips],
                              spacing=6))
    if setup.characters_chosen and not started:
        rows.append(ft.Row([secondary_button(t("setup_characters.back_to_draw"),
                                             lambda e: choose(None),
                                             ft.Icons.CASINO_OUTLINED)]))
    return ft.Card(content=ft.Container(ft.Column(rows, spacing=10),
                                        padding=ft.Padding.all(14)))
