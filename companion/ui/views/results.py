"""Results: the ranking, the winners, why ties were broken, and every player's breakdown.

Altar: where the rulebook leaves the winner to the gods' and followers' abilities (the game
ended by the Shrine tiles or the deck, or a tie; ruling AL-3), the table can record who won
by such an ability; it is saved in the score sheet (``ability_winner``, ``ability``) as a
field-level change, so the Score screen and the command line give the same result.
"""

from __future__ import annotations

import flet as ft

from companion.catalog import GAMES
from companion.engine import Refused, Stale
from companion.i18n import listed, say, t, t_for
from companion.i18n import name as player_name
from companion.screens.rematch import next_game as campaign_next_game
from companion.screens.score import problem_text
from companion.screens.wording import game_title
from companion.table import campaign
from companion.table.result_text import ranking, tie_broken, total_words, winners_line
from companion.table.setup import sheet_with_readings
from companion.table.sheet_changes import REMOVE
from companion.ui.score_forms import form_for
from companion.ui.views import rematch, results_share
from companion.ui.widgets import why
from companion.ui.widgets.common import choice_chip, heading, muted, primary_button, screen
from scorers import altar
from scorers.base import SheetProblems
from scorers.sheets import score_sheet, validated
from scorers.ties import tie_notes


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/results"
    back = lambda e: ctx.go(f"/table/{table_id}/score")  # noqa: E731
    session = ctx.store.get_table(table_id)
    form = form_for(session.game) if session else None
    if session is None or form is None:
        return screen(route, t("app.title"), [muted(t("results.no_sheet"))], on_back=back)
    if session.score_sheet is None:  # nothing entered yet: the sheet the Score screen shows
        empty = form.empty_sheet(session, ctx.store.box_values(session.game))
        session = session.model_copy(update={"score_sheet": empty})
    # the table's own readings (its Rulings screen) go into the sheet the scorer reads
    session = session.model_copy(
        update={"score_sheet": sheet_with_readings(session, session.score_sheet)})
    try:
        result = score_sheet(session.score_sheet)
    except SheetProblems as err:
        return screen(route, t("results.title"),
                      [muted(t("results.invalid")),
                       *[ft.Text(saved_problem_text(p, session.score_sheet), size=15)
                         for p in err.problems]],
                      on_back=back)
    mark_finished(ctx, session)

    winners = winners_line(result.winners)
    # The reason a tie went as it did leads, under the ranking it explains; the other
    # notes follow under "Why".
    ties = tie_notes(result)
    others = [note for note in result.note_details if note not in ties]
    controls: list[ft.Control] = [
        ft.Text(winners, size=22, weight=ft.FontWeight.W_700),
        ranking_card(result),
        # Not inside the card: a "Why?" in a card makes the whole card one button to a
        # screen reader.
        *why.note_rows(ctx.page, ties),
        results_share.share_row(ctx, session, result),
        *rematch.after_results(ctx, session),  # Corrected …; Rematch, Same seats, Reopen
    ]
    if others:
        controls.append(heading(t("results.why")))
        controls += why.note_rows(ctx.page, others)
    if GAMES[session.game].ability_wins:
        controls += ability_controls(ctx, session)
    controls.append(heading(t_for(session.game, "results.breakdowns")))
    for player in result.players:
        lines = [ft.Text(total_words("score.total", result, player, name=player.name),
                         size=17,
                         weight=ft.FontWeight.W_600)]
        for line in player.breakdown:
            lines.append(ft.Row([
                ft.Text(say(line.label), size=15, expand=True),
                ft.Text(t_for(session.game, "results.line_value", points=line.points),
                        size=15, weight=ft.FontWeight.W_600)],
                vertical_alignment=ft.CrossAxisAlignment.START))
        controls.append(ft.Card(content=ft.Container(ft.Column(lines, spacing=2),
                                                     padding=ft.Padding.all(12))))
    if session.variant == "campaign":
        controls += campaign_controls(ctx, session)
    return screen(route, t("results.title_game", game=game_title(GAMES[session.game])),
                  controls, on_back=back)


def ranking_card(result) -> ft.Control:
    """The ranking, with a hint on each line whose place a tie-break decided (the
    reason follows the card)."""
    broken = tie_broken(result)
    rows: list[ft.Control] = []
    for player in ranking(result):
        name: ft.Control = ft.Text(player_name(player.name), size=16)
        if player.name in broken:
            name = ft.Column([name, muted(t("results.tie_broken"), size=14)], spacing=0)
        rows.append(ft.Row([
            ft.Text(t("results.place", rank=player.rank), size=16, width=56,
                    weight=ft.FontWeight.W_600),
            *total_cells(name, total_words("results.total_value", result, player)),
        ], vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Card(content=ft.Container(ft.Column(rows, spacing=4),
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


def saved_problem_text(problem, sheet: dict) -> str:
    """A sheet problem in the players' words: whose entry it is (or every player's), and
    what is wrong, as the Score screen says it."""
    players = sheet.get("players") if isinstance(sheet, dict) else None  # any saved sheet
    names = [p["name"] if isinstance(p, dict) and isinstance(p.get("name"), str) else ""
             for p in (players if isinstance(players, list) else [])]
    return problem_text(problem, names)



def mark_finished(ctx, session) -> None:
    """Results shown: the game is over. The table leaves Home's "Tables in progress" for
    History (it still opens the same way, to check or correct the scores; a change to its
    sheet from now on is dated, Store ``corrected_at``)."""
    if session.status == "finished":
        return
    ctx.engine.finish(session.id)  # (deleted on another phone, or read-only: left so)


def ability_controls(ctx, session) -> list[ft.Control]:
    """Altar: who won by a god's or follower's ability, where the rulebook defers to them."""
    sheet = validated("altar", session.score_sheet)
    if not altar.ability_can_decide(sheet):
        return []
    chosen = sheet.ability_winner
    ability = ft.TextField(label=t("results.ability_which"), value=sheet.ability or "",
                           max_length=altar.GOD_NAME_MAX)

    def save(winner: str | None) -> None:
        what = (ability.value or "").strip()
        changes = [(("ability_winner",), REMOVE if winner is None else winner),
                   (("ability",), REMOVE if winner is None or not what else what)]
        outcome = ctx.engine.change_sheet(session.id, changes, base=session.score_sheet)
        if isinstance(outcome, Stale):  # replaced or deleted on another phone
            ctx.redraw(build(ctx, session.id), notice=t("score.changed_elsewhere_all"))
            return
        if isinstance(outcome, Refused):  # the saved tables can only be read
            ctx.show_notice(outcome.text(), kind="refused")
            ctx.page.update()
            return
        ctx.redraw(build(ctx, session.id))

    options: list[tuple[str | None, str]] = [(None, t("results.ability_none"))]
    options += [(p.name.strip(), p.name.strip()) for p in sheet.players]
    def picked(value: str | None) -> bool:
        if value is None or chosen is None:
            return value is chosen
        return value.casefold() == chosen.strip().casefold()

    chips = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        choice_chip(t("results.ability_pick", name=text) if value else text, text,
                    picked(value), lambda e, v=value: save(v))
        for value, text in options
    ])
    return [
        heading(t("results.ability_heading")),
        ft.Text(t("results.ability_body"), size=14),
        ft.Column([ability], horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        chips,
    ]


def campaign_controls(ctx, session) -> list[ft.Control]:
    """The standings after this game, and the way to the next game of the series."""
    root = campaign.series_id(session)
    tables = ctx.store.series(root)
    result, played = campaign.standings(tables)
    total = len(session.players)
    controls: list[ft.Control] = [heading(t("campaign.standings", n=played, total=total)
                                          if played else
                                          t("campaign.standings_none", total=total))]
    if result is not None:
        for player in ranking(result):
            per_game = listed(f"{line.points:+d}" for line in player.breakdown)
            controls.append(ft.Row([
                ft.Text(t("results.place", rank=player.rank), size=16, width=56),
                ft.Column([ft.Text(player_name(player.name), size=16),
                           muted(per_game, size=14)], spacing=0, expand=True),
                ft.Text(str(player.total), size=18, weight=ft.FontWeight.W_600),
            ]))
        controls += why.note_rows(ctx.page, result.note_details)
    if campaign.can_start_next(tables):
        def next_game(e) -> None:
            rematch.go(ctx, campaign_next_game(ctx.engine, session, root))

        controls.append(ft.Row([primary_button(t("campaign.next", n=len(tables) + 1),
                                               next_game, ft.Icons.ARROW_FORWARD)]))
    else:
        controls.append(muted(t("campaign.complete")))
    return controls
