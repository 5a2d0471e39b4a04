"""Results: the ranking, the winners, why ties were broken, and every player's breakdown.

What the screen shows and does is companion/screens/results.py's (the sheet scored, the
words, the table finished, Altar's winner by an ability, a campaign's standings); this
module makes its controls and binds their events to the model's actions.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.screens.results import Ability, Results, Row, Standings
from companion.ui.score_forms import empty_sheet
from companion.ui.views import rematch, results_share
from companion.ui.widgets import why
from companion.ui.widgets.common import choice_chip, heading, muted, primary_button, screen


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/results"
    back = lambda e: ctx.go(f"/table/{table_id}/score")  # noqa: E731
    model = Results.open(ctx.store, ctx.engine, table_id, empty_sheet)
    if model.session is None:
        return screen(route, model.title, [muted(model.empty)], on_back=back)
    if model.result is None:
        return screen(route, model.title,
                      [muted(t("results.invalid")),
                       *[ft.Text(problem, size=15) for problem in model.problems]],
                      on_back=back)

    # The reason a tie went as it did leads, under the ranking it explains; the other
    # notes follow under "Why".
    controls: list[ft.Control] = [
        ft.Text(model.winners, size=22, weight=ft.FontWeight.W_700),
        ranking_card(model.ranking),
        # Not inside the card: a "Why?" in a card makes the whole card one button to a
        # screen reader.
        *why.note_rows(ctx.page, model.ties),
        results_share.share_row(ctx, model.share),
        *rematch.after_results(ctx, model.session),  # Corrected …; Rematch, Same seats, Reopen
    ]
    if model.others:
        controls.append(heading(t("results.why")))
        controls += why.note_rows(ctx.page, model.others)
    if model.ability is not None:
        controls += ability_controls(ctx, model, model.ability)
    controls.append(heading(model.breakdowns_heading))
    for player in model.breakdowns:
        lines = [ft.Text(player.total, size=17, weight=ft.FontWeight.W_600)]
        for label, points in player.lines:
            lines.append(ft.Row([
                ft.Text(label, size=15, expand=True),
                ft.Text(points, size=15, weight=ft.FontWeight.W_600)],
                vertical_alignment=ft.CrossAxisAlignment.START))
        controls.append(ft.Card(content=ft.Container(ft.Column(lines, spacing=2),
                                                     padding=ft.Padding.all(12))))
    if model.campaign is not None:
        controls += campaign_controls(ctx, model.campaign)
    return screen(route, model.title, controls, on_back=back)


def ranking_card(rows: tuple[Row, ...]) -> ft.Control:
    """The ranking, with a hint on each line whose place a tie-break decided (the
    reason follows the card)."""
    lines: list[ft.Control] = []
    for row in rows:
        name: ft.Control = ft.Text(row.name, size=16)
        if row.tie_broken:
            name = ft.Column([name, muted(t("results.tie_broken"), size=14)], spacing=0)
        lines.append(ft.Row([
            ft.Text(row.place, size=16, width=56, weight=ft.FontWeight.W_600),
            *total_cells(name, row.total),
        ], vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Card(content=ft.Container(ft.Column(lines, spacing=4),
                                        padding=ft.Padding.all(12)))


def total_cells(name: str | ft.Control, total: str) -> list[ft.Control]:
    """A ranking row's name (a text, or a control with a line under it) and total: side
    by side, or the total under the name when it is words ("9 toward completion") that
    would crush a long name."""
    if isinstance(name, str):
        name = ft.Text(name, size=16)
    if len(total) <= 6:
        return [ft.Container(name, expand=True),
                ft.Text(total, size=18, weight=ft.FontWeight.W_600)]
    return [ft.Column([name, ft.Text(total, size=16, weight=ft.FontWeight.W_600)],
                      spacing=0, expand=True)]


def ability_controls(ctx, model: Results, ability: Ability) -> list[ft.Control]:
    """Altar: who won by a god's or follower's ability, where the rulebook defers to them."""
    which = ft.TextField(label=t("results.ability_which"), value=ability.which,
                         max_length=ability.max_length)

    def save(winner: str | None) -> None:
        answer = model.record_ability(ctx.engine, winner, which.value)
        if answer.stale:  # replaced or deleted on another phone
            ctx.redraw(build(ctx, model.table_id), notice=t("score.changed_elsewhere_all"))
            return
        if not answer.saved:  # the saved tables can only be read
            ctx.show_notice(answer.notice, kind=answer.kind)
            ctx.page.update()
            return
        ctx.redraw(build(ctx, model.table_id))

    chips = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        choice_chip(choice.spoken, choice.text, choice.picked,
                    lambda e, v=choice.value: save(v))
        for choice in ability.choices
    ])
    return [
        heading(t("results.ability_heading")),
        ft.Text(t("results.ability_body"), size=14),
        ft.Column([which], horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        chips,
    ]


def campaign_controls(ctx, standings: Standings) -> list[ft.Control]:
    """The standings after this game, and the way to the next game of the series."""
    controls: list[ft.Control] = [heading(standings.heading)]
    for row in standings.rows:
        controls.append(ft.Row([
            ft.Text(row.place, size=16, width=56),
            ft.Column([ft.Text(row.name, size=16), muted(row.per_game, size=14)],
                      spacing=0, expand=True),
            ft.Text(row.total, size=18, weight=ft.FontWeight.W_600),
        ]))
    controls += why.note_rows(ctx.page, standings.notes)
    if standings.next_label is not None:
        def next_game(e) -> None:
            rematch.go(ctx, standings.next_game(ctx.engine))

        controls.append(ft.Row([primary_button(standings.next_label, next_game,
                                               ft.Icons.ARROW_FORWARD)]))
    else:
        controls.append(muted(t("campaign.complete")))
    return controls
