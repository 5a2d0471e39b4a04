"""Results: the ranking, the winners, why ties were broken, and every player's breakdown."""

from __future__ import annotations

import flet as ft

from companion import campaign
from companion.catalog import GAMES
from companion.i18n import t, t_for
from companion.views.home import game_title
from companion.widgets.common import heading, muted, primary_button, screen
from scorers.base import SheetProblems
from scorers.sheets import score_sheet


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/results"
    back = lambda e: ctx.go(f"/table/{table_id}/score")  # noqa: E731
    session = ctx.store.get_table(table_id)
    if session is None or session.score_sheet is None:
        return screen(route, t("app.title"), [muted(t("results.no_sheet"))], on_back=back)
    try:
        result = score_sheet(session.score_sheet)
    except SheetProblems as err:
        return screen(route, t("results.title"),
                      [muted(t("results.invalid")), *[ft.Text(str(p)) for p in err.problems]],
                      on_back=back)

    if result.winners:
        winners = t("results.winner" if len(result.winners) == 1 else "results.winners",
                    names=", ".join(result.winners))
    else:
        winners = t("results.no_winner")
    ranking = ft.Column(spacing=4)
    for player in sorted(result.players, key=lambda p: p.rank):
        ranking.controls.append(ft.Row([
            ft.Text(t("results.place", rank=player.rank), size=16, width=56,
                    weight=ft.FontWeight.W_600),
            ft.Text(player.name, size=16, expand=True),
            ft.Text(str(player.total), size=18, weight=ft.FontWeight.W_600),
        ]))
    controls: list[ft.Control] = [
        ft.Text(winners, size=22, weight=ft.FontWeight.W_700),
        ft.Card(content=ft.Container(ranking, padding=ft.Padding.all(12))),
    ]
    if result.notes:
        controls.append(heading(t("results.why")))
        controls += [ft.Text(f"• {note}", size=14) for note in result.notes]
    controls.append(heading(t("results.breakdowns")))
    for player in result.players:
        lines = [ft.Text(t_for(session.game, "score.total", name=player.name,
                               total=player.total), size=17,
                         weight=ft.FontWeight.W_600)]
        for line in player.breakdown:
            lines.append(ft.Row([ft.Text(line.label, size=13, expand=True),
                                 ft.Text(f"{line.points:+d}", size=13)]))
        controls.append(ft.Card(content=ft.Container(ft.Column(lines, spacing=2),
                                                     padding=ft.Padding.all(12))))
    if session.variant == "campaign":
        controls += campaign_controls(ctx, session)
    return screen(route, t("results.title_game", game=game_title(GAMES[session.game])),
                  controls, on_back=back)


def campaign_controls(ctx, session) -> list[ft.Control]:
    """The standings after this game, and the way to the next game of the series."""
    root = campaign.series_id(session)
    tables = ctx.store.series(root)
    result, played = campaign.standings(tables)
    controls: list[ft.Control] = [heading(t("campaign.standings", n=played,
                                              total=len(session.players)))]
    if result is not None:
        for player in sorted(result.players, key=lambda p: p.rank):
            per_game = ", ".join(f"{line.points:+d}" for line in player.breakdown)
            controls.append(ft.Row([
                ft.Text(t("results.place", rank=player.rank), size=16, width=56),
                ft.Column([ft.Text(player.name, size=16),
                           muted(per_game, size=12)], spacing=0, expand=True),
                ft.Text(str(player.total), size=18, weight=ft.FontWeight.W_600),
            ]))
        controls += [ft.Text(f"• {note}", size=13) for note in result.notes]
    if campaign.can_start_next(tables):
        def next_game(e) -> None:
            new = ctx.store.create_table(session.game, "campaign", list(session.players),
                                         campaign_id=root)
            ctx.announce(new.id, "table")
            ctx.go(f"/table/{new.id}")

        controls.append(ft.Row([primary_button(t("campaign.next", n=len(tables) + 1),
                                               next_game, ft.Icons.ARROW_FORWARD)]))
    else:
        controls.append(muted(t("campaign.complete")))
    return controls
