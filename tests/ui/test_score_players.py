"""Score's row of players (companion/ui/views/score_players.py), from the sizes a phone
reports: six chips at 360 px with larger text (the row 328 px wide, an arrow 52)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.views.score_players import ARROW, PlayerStrip
from companion.ui.widgets.common import choice_chip
from tests.run_async import run

WIDTHS = [98, 94, 118, 93, 106, 127]  # Aiko … Fumiko with larger text, as measured
ROW = 328


def measured(widths=WIDTHS, row=ROW) -> PlayerStrip:
    chips = ft.Row([choice_chip(str(i), str(i), i == 0, lambda e: None)
                    for i in range(len(widths))], spacing=8)
    strip = PlayerStrip(chips)
    strip.row_measured(SimpleNamespace(width=row))
    for i, width in enumerate(widths):
        strip.chip_measured(i)(SimpleNamespace(width=width))
    strip.content_measured(SimpleNamespace(width=sum(widths) + 8 * (len(widths) - 1)))
    return strip


def shown(strip: PlayerStrip) -> list[int]:
    return [i for i in range(len(WIDTHS)) if strip.whole(i)]


def test_the_arrows_show_where_players_are_hidden():
    strip = measured()
    assert (strip.before.visible, strip.after.visible) == (False, True)
    assert shown(strip) == [0, 1]
    assert not measured(widths=[60, 60], row=ROW).after.visible  # all in view: no arrow


def test_a_tap_on_the_arrow_brings_the_next_players_to_the_edge_it_came_from():
    strip = measured()
    run(strip.on(None))
    assert strip.at == 208  # Chiara, cut off before, at the left edge
    assert shown(strip) == [2, 3]
    assert (strip.before.visible, strip.after.visible) == (True, True)
    run(strip.on(None))  # Emre was cut: to the end, where only ‹ shows
    assert strip.at == sum(WIDTHS) + 40 - (ROW - ARROW)
    assert shown(strip) == [4, 5]
    assert (strip.before.visible, strip.after.visible) == (True, False)
    run(strip.back(None))  # Dev, cut at the left, comes whole to the right edge
    assert 3 in shown(strip) and 2 in shown(strip)
    run(strip.back(None))
    assert strip.at == 0 and shown(strip) == [0, 1]
    assert not strip.before.visible


def test_the_chosen_chip_comes_whole_into_view_and_no_further():
    strip = measured()
    strip.reveal(1)  # whole already: nothing moves
    assert strip.at == 0
    strip.reveal(2)
    assert shown(strip) == [1, 2]  # Chiara's right edge at the arrow
    strip.reveal(5)
    assert 5 in shown(strip) and not strip.after.visible
    strip.reveal(0)
    assert strip.at == 0 and 0 in shown(strip)


def test_a_chosen_chip_that_grows_past_the_edge_is_brought_back():
    strip = measured()
    strip.reveal(2)
    at = strip.at
    strip.chip_measured(2)(SimpleNamespace(width=WIDTHS[2] + 30))  # its total grew
    strip.content_measured(SimpleNamespace(width=sum(WIDTHS) + 40 + 30))
    assert strip.at > at and 2 in shown(strip)
