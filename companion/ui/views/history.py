"""History: the finished plays, newest first (companion/table/history.py), filtered by game and
by player with big chips; each play's date, game, variant, players with totals and the
winners, opening its Results, with Rematch and Same seats under it. The plays as a
spreadsheet file (CSV) from the bottom bar.

Dates are on the phone's clock as Home's are (views/home.py ``when``)."""

from __future__ import annotations

import flet as ft

from companion.catalog import GAMES
from companion.i18n import listed, local_time, t
from companion.i18n import name as player_name
from companion.screens.wording import game_title, when
from companion.table import history
from companion.table.plays import PlayRecord, player_key
from companion.table.result_text import total_words, winners_line
from companion.ui.score_forms import empty_sheet
from companion.ui.views import rematch
from companion.ui.views.results import total_cells
from companion.ui.widgets.common import choice_chip, muted, screen, secondary_button
from scorers.base import PlayerResult

ROUTE = "/history"
DRAFT = ("history",)  # the filters, kept across redraws (another phone finished a table)


def scored(record: PlayRecord, name: str) -> PlayerResult:
    """The scorer's result for one player of the play (the words of a total need it)."""
    return next(p for p in record.result.players if p.name == name)


def play_card(ctx, record: PlayRecord, session) -> ft.Control:
    game = GAMES[record.game]
    date = t("home.finished_at", when=when(record.finished_at))
    lines: list[ft.Control] = [
        ft.Text(game_title(game), size=17, weight=ft.FontWeight.W_600),
        muted(f"{t(game.variant(record.variant).label)} · {date}", size=14),
    ]
    if record.corrected_at is not None:
        lines.append(muted(t("history.corrected", when=when(record.corrected_at)), size=14))
    lines.append(ft.Text(winners_line(record.winners), size=16, weight=ft.FontWeight.W_600))
    # a shared rank by total, higher first, as Results list it (result_text.ranking)
    for p in sorted(record.players, key=lambda p: (p.rank, -p.total, p.seat)):
        lines.append(ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED if p.winner else ft.Icons.PERSON_OUTLINE,
                    size=18, color=ft.Colors.PRIMARY if p.winner else ft.Colors.ON_SURFACE_VARIANT),
            # a total in words (Altar's "Realm complete") goes under the name
            *total_cells(player_name(p.name),
                         total_words("results.total_value", record.result,
                                     scored(record, p.name))),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    players = listed(player_name(p.name) for p in record.players)
    opener = ft.Semantics(
        label=t("history.open", game=t(game.name), when=when(record.finished_at),
                players=players),
        button=True,
        content=ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.all(12),
                             border_radius=12,
                             on_click=lambda e: ctx.go(f"/table/{record.table_id}/results")))
    # The card's controls stay each one node: a card is one node by default, and its
    # first button then held the others (axe-core: nested-interactive).
    return ft.Card(semantic_container=False, content=ft.Column([
        opener,
        ft.Container(rematch.buttons(ctx, session, with_reopen=False),
                     padding=ft.Padding.only(left=12, right=12, bottom=12)),
    ], spacing=0))


def filter_chips(ctx, draft: dict, games: list[str], players: list[str]) -> list[ft.Control]:
    def pick(**change) -> None:
        draft.update(change)
        ctx.redraw(build(ctx))

    game_row = [choice_chip(t("history.show_all_games"), t("history.all_games"),
                            draft.get("game") is None, lambda e: pick(game=None))]
    game_row += [choice_chip(t("history.pick_game", game=t(GAMES[g].name)), t(GAMES[g].name),
                             draft.get("game") == g, lambda e, g=g: pick(game=g))
                 for g in games]
    chosen = draft.get("player")
    player_row = [choice_chip(t("history.show_everyone"), t("history.everyone"),
                              chosen is None, lambda e: pick(player=None))]
    player_row += [choice_chip(t("history.pick_player", name=n), player_name(n),
                               chosen is not None and player_key(chosen) == player_key(n),
                               lambda e, n=n: pick(player=n))
                   for n in players]

    def row(controls):
        return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)

    return [muted(t("history.filter_game"), size=15), row(game_row),
            muted(t("history.filter_player"), size=15), row(player_row)]


def save_csv(ctx, records: list[PlayRecord]):
    async def save(e) -> None:
        name = f"plays-{local_time.now():%Y-%m-%d}.csv"
        try:
            await ft.FilePicker().save_file(
                dialog_title=t("history.csv_dialog"), file_name=name,
                src_bytes=history.csv_bytes(records),
                file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["csv"])
        except Exception:  # noqa: BLE001 - a client without a file dialog
            ctx.toast(t("history.csv_cannot"))
            return
        # In a browser the file is downloaded and no path comes back.
        ctx.toast(t("export.saved"))
    return save


def build(ctx) -> ft.View:
    draft = ctx.drafts.setdefault(DRAFT, {})
    every = ctx.store.history()
    games = [g for g in GAMES if any(s.game == g for s in every)]
    players = history.players_met(every)
    if draft.get("game") not in games:
        draft["game"] = None
    if draft.get("player") is None or player_key(draft["player"]) not in {
            player_key(n) for n in players}:
        draft["player"] = None
    sessions = ctx.store.history(draft["game"], draft["player"])
    by_id = {s.id: s for s in sessions}
    records = [r for s in sessions if (r := history.finished_record(ctx.store, s, empty_sheet))]
    controls: list[ft.Control] = []
    if not every:
        controls.append(muted(t("history.empty"), size=15))
    else:
        controls += filter_chips(ctx, draft, games, players)
        if records:
            controls += [play_card(ctx, r, by_id[r.table_id]) for r in records]
        else:
            controls.append(muted(t("history.none_match"), size=15))
    # The bottom bar: the spreadsheet file of what is listed, and the Stats screen. Each
    # button as wide as its words, the two on one line while they fit: with larger text,
    # Stats goes under the file's button, whose words wrap between words (stretched to
    # share one line, "Spreadsheet" broke in the middle).
    bottom = ft.Row([secondary_button(t("history.csv_button"), save_csv(ctx, records),
                                      ft.Icons.TABLE_VIEW_OUTLINED),
                     secondary_button(t("history.stats_button"), lambda e: ctx.go("/stats"),
                                      ft.Icons.BAR_CHART)],
                    wrap=True, spacing=8, run_spacing=8, visible=bool(records))
    return screen(ROUTE, t("history.title"), controls, on_back=lambda e: ctx.go("/"),
                  bottom=bottom)
