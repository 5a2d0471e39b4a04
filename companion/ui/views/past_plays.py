"""History: the finished plays, newest first, filtered by game and by player with big
chips; each play's date, game, variant, players with totals and the winners, opening its
Results, with Rematch and Same seats under it. The plays as a spreadsheet file (CSV) from
the bottom bar.

What is listed and in which words is the model's (companion/screens/past_plays.py); this
view draws it and binds the chips, the cards and the bottom bar."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.screens.past_plays import Choice, PastPlay, PastPlays
from companion.ui.score_forms import empty_sheet
from companion.ui.views import rematch
from companion.ui.views.results import total_cells
from companion.ui.widgets.common import choice_chip, muted, screen, secondary_button

ROUTE = "/history"
DRAFT = ("history",)  # the filters, kept across redraws (another phone finished a table)


def play_card(ctx, play: PastPlay) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(play.title, size=17, weight=ft.FontWeight.W_600),
        muted(play.variant_and_date, size=14),
    ]
    if play.corrected is not None:
        lines.append(muted(play.corrected, size=14))
    lines.append(ft.Text(play.winners, size=16, weight=ft.FontWeight.W_600))
    for p in play.players:
        lines.append(ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED if p.winner else ft.Icons.PERSON_OUTLINE,
                    size=18, color=ft.Colors.PRIMARY if p.winner else ft.Colors.ON_SURFACE_VARIANT),
            # a total in words (Altar's "Realm complete") goes under the name
            *total_cells(p.name, p.total),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    opener = ft.Semantics(
        label=play.spoken,
        button=True,
        content=ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.all(12),
                             border_radius=12,
                             on_click=lambda e: ctx.go(play.results)))
    # The card's controls stay each one node: a card is one node by default, and its
    # first button then held the others (axe-core: nested-interactive).
    return ft.Card(semantic_container=False, content=ft.Column([
        opener,
        ft.Container(rematch.buttons(ctx, play.session, with_reopen=False),
                     padding=ft.Padding.only(left=12, right=12, bottom=12)),
    ], spacing=0))


def filter_chips(ctx, draft: dict, shown: PastPlays) -> list[ft.Control]:
    def pick(**change) -> None:
        draft.update(change)
        ctx.redraw(build(ctx))

    def chips(choices: tuple[Choice, ...], key: str) -> ft.Control:
        return ft.Row([choice_chip(c.spoken, c.label, c.chosen,
                                   lambda e, v=c.value: pick(**{key: v}))
                       for c in choices], wrap=True, spacing=8, run_spacing=8)

    return [muted(t("history.filter_game"), size=15), chips(shown.games, "game"),
            muted(t("history.filter_player"), size=15), chips(shown.players, "player")]


def save_csv(ctx, shown: PastPlays):
    async def save(e) -> None:
        name, data = shown.spreadsheet()
        try:
            await ft.FilePicker().save_file(
                dialog_title=t("history.csv_dialog"), file_name=name, src_bytes=data,
                file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["csv"])
        except Exception:  # noqa: BLE001 - a client without a file dialog
            ctx.toast(t("history.csv_cannot"))
            return
        # In a browser the file is downloaded and no path comes back.
        ctx.toast(t("export.saved"))
    return save


def build(ctx) -> ft.View:
    draft = ctx.drafts.setdefault(DRAFT, {})
    shown = PastPlays.open(ctx.store, empty_sheet, draft.get("game"), draft.get("player"))
    draft["game"], draft["player"] = shown.game, shown.player
    controls: list[ft.Control] = []
    if not shown.any_play:
        controls.append(muted(shown.empty, size=15))
    else:
        controls += filter_chips(ctx, draft, shown)
        controls += [play_card(ctx, play) for play in shown.plays]
        if shown.empty is not None:
            controls.append(muted(shown.empty, size=15))
    # The bottom bar: the spreadsheet file of what is listed, and the Stats screen. Each
    # button as wide as its words, the two on one line while they fit: with larger text,
    # Stats goes under the file's button, whose words wrap between words (stretched to
    # share one line, "Spreadsheet" broke in the middle).
    bottom = ft.Row([secondary_button(t("history.csv_button"), save_csv(ctx, shown),
                                      ft.Icons.TABLE_VIEW_OUTLINED),
                     secondary_button(t("history.stats_button"), lambda e: ctx.go("/stats"),
                                      ft.Icons.BAR_CHART)],
                    wrap=True, spacing=8, run_spacing=8, visible=bool(shown.plays))
    return screen(ROUTE, t("history.title"), controls, on_back=lambda e: ctx.go("/"),
                  bottom=bottom)
