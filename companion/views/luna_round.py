"""Luna's round scoring worked out on the Play screen (Luna, Scoring phase).

The players enter what lies on the table — the Novices and Shrines on the Moon
Priestess's Isle, the Novices on or next to the Apostate's Isle, the Novices in the
Temple and those on a book — and scorers.luna_round gives each player's change of
influence, which the Play screen then records as one event.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.score_forms.editor import Editor
from companion.widgets.common import TAP
from scorers.base import SheetProblems
from scorers.luna import default_priestess_values, priestess_figure
from scorers.luna_round import PRIESTESS_ISLE_MAX, temple_tiles_in_play
from scorers.sheets import score_sheet

SECOND_VALUE = "priestess_second"  # box value: the 2nd number printed on the "5" figure


def round_sheet(players: list[str], box_values: dict) -> dict:
    n = len(players)
    values = default_priestess_values(n)
    if values is None:  # 2–3 players: the "5" figure; its other value is printed (LU-2)
        values = [priestess_figure(n), int(box_values.get(SECOND_VALUE, 0))]
    return {
        "game": "luna_round",
        "council_order": list(players),
        "priestess_values": values,
        "players": [{"name": p, "priestess_isle": 0, "apostate_isle": 0,
                     "temple_novices": 0, "temple_books": 0} for p in players],
    }


def open_calculator(ctx, game: str, players: list[str],
                    on_use: Callable[[dict[str, int]], None]) -> None:
    page = ctx.page
    box = ctx.store.box_values(game)
    sheet = round_sheet(players, box)
    summary = ft.Text("", size=16, weight=ft.FontWeight.W_600)  # live, at the top
    outcome = ft.Column(spacing=2)  # each player's breakdown, at the bottom
    use = ft.FilledButton(content=t("luna_round.use"), height=TAP)

    def recompute() -> None:
        try:
            result = score_sheet(sheet)
        except SheetProblems as err:
            editor.show_problems(err.problems)
            outcome.controls = [ft.Text(str(p), color=ft.Colors.ERROR, size=13)
                                for p in err.problems]
            summary.value = t("luna_round.fix")
            use.disabled = True
            return
        editor.show_problems([])
        outcome.controls = []
        for p in result.players:
            outcome.controls.append(ft.Text(t("luna_round.change", name=p.name,
                                              change=f"{p.total:+d}"),
                                            size=15, weight=ft.FontWeight.W_600))
            outcome.controls += [ft.Text(f"  {line.label}", size=12) for line in p.breakdown]
        summary.value = " · ".join(t("luna_round.change", name=p.name, change=f"{p.total:+d}")
                                   for p in result.players)
        use.disabled = False
        use.data = {p.name: p.total for p in result.players}

    def changed() -> None:
        recompute()
        page.update()

    editor = Editor(sheet, lambda changes: changed(), box_values=box, page=page)
    tiles = temple_tiles_in_play(len(players))
    fields: list[ft.Control] = []
    if len(sheet["priestess_values"]) == 2:
        fields.append(editor.stepper(("priestess_values", 1), t("luna_round.second_value"),
                                     maximum=priestess_figure(len(players)),
                                     hint=t("luna_round.second_value_hint")))
    for i, name in enumerate(players):
        fields.append(ft.Text(name, size=16, weight=ft.FontWeight.W_600))
        fields += [
            editor.stepper(("players", i, "priestess_isle"), t("luna_round.priestess_isle"),
                           maximum=PRIESTESS_ISLE_MAX, hint=t("luna_round.priestess_hint")),
            editor.stepper(("players", i, "apostate_isle"), t("luna_round.apostate_isle"),
                           maximum=PRIESTESS_ISLE_MAX, hint=t("luna_round.apostate_hint")),
            editor.stepper(("players", i, "temple_novices"), t("luna_round.temple_novices"),
                           maximum=tiles),
            editor.stepper(("players", i, "temple_books"), t("luna_round.temple_books"),
                           maximum=tiles),
        ]
    fields.append(editor.ordering(("council_order",), t("luna_round.council"),
                                  hint=t("luna_round.council_hint"), on_move=changed))

    def apply(e) -> None:
        if len(sheet["priestess_values"]) == 2:
            ctx.store.set_box_value(game, SECOND_VALUE, sheet["priestess_values"][1])
        page.pop_dialog()
        on_use(use.data)

    use.on_click = apply
    recompute()
    page.show_dialog(ft.AlertDialog(
        title=ft.Column([ft.Text(t("luna_round.title")), summary], spacing=4),
        content=ft.Column([*fields, ft.Divider(), outcome], scroll=ft.ScrollMode.AUTO,
                          width=380, height=540, spacing=8),
        inset_padding=ft.Padding.symmetric(horizontal=8, vertical=24),
        content_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                               on_click=lambda e: page.pop_dialog()), use],
    ))
