"""Stats: per game (chips) and per player, the figures as text (each row read out whole by
screen readers), then three charts drawn by flet-charts: wins per player (bars), the picked
player's scores over time (a line) and the average points by scoring category (stacked
bars; a loss such as Latria's eclipse below 0). The figures and their words are the
model's (companion/screens/player_stats.py); this view draws them.

Colours are the theme scheme's roles, one per series (``SERIES``), so that each stays
readable in light and dark; a chart says nothing its text rows do not also say."""

from __future__ import annotations

import math

import flet as ft
import flet_charts as fch

from companion.i18n import t
from companion.screens.player_stats import FiguresRow, PlayerFigures, StatsFigures
from companion.ui.score_forms import empty_sheet
from companion.ui.widgets.common import choice_chip, heading, muted, screen

ROUTE = "/stats"
CHART_HEIGHT = 200  # px: under a quarter of a 844-px phone screen, taller than the names
# One colour per category, in order, a role and the deeper one of its family in turn so
# that stacked neighbours differ; each stands out from the page in light and dark mode
# (3:1, WCAG 1.4.11: tests/ui/test_contrast.py). A loss (below 0) is drawn in ERROR.
SERIES = (ft.Colors.PRIMARY, ft.Colors.ON_TERTIARY_CONTAINER, ft.Colors.SECONDARY,
          ft.Colors.ON_PRIMARY_CONTAINER, ft.Colors.TERTIARY, ft.Colors.ON_SECONDARY_CONTAINER,
          ft.Colors.OUTLINE)
LOSS = ft.Colors.ERROR
AXIS_TEXT = 12  # px: the axis labels; the figures themselves are in the text rows


def axis(low: float, high: float) -> tuple[float, float, float]:
    """Round bounds and a label step (1, 2, 5, 10, 20...) for values in low..high, about four
    steps: the top and bottom labels fall on a step and never overlap the next one."""
    span = max(high - low, 1)
    step = 1
    while span / step > 5:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def padded(chart: ft.Control) -> ft.Control:
    """Room on the right for the last bottom label (half of it is past the chart's edge)."""
    return ft.Container(chart, padding=ft.Padding.only(right=14))


def game_chips(ctx, figures: StatsFigures) -> ft.Control:
    def choose(game: str | None) -> None:
        ctx.drafts[("stats",)] = {"game": game}
        ctx.redraw(build(ctx))

    return ft.Row([choice_chip(c.spoken, c.label, c.chosen, lambda e, g=c.value: choose(g))
                   for c in figures.games], wrap=True, spacing=8, run_spacing=8)


def player_row(row: FiguresRow) -> ft.Control:
    """A player's figures as text lines under their name (or a game's), read out as one
    sentence."""
    return ft.Semantics(
        label=row.spoken, container=True, exclude_semantics=True,
        content=ft.Column([ft.Text(row.title, size=17, weight=ft.FontWeight.W_600),
                           *[ft.Text(line, size=15) for line in row.lines]], spacing=2))


def grid(step: float) -> fch.ChartGridLines:
    return fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1)


def short(name: str, width: float) -> ft.Text:
    return ft.Text(name, size=AXIS_TEXT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                   width=width, text_align=ft.TextAlign.CENTER)


def bottom_names(players: tuple[PlayerFigures, ...]) -> fch.ChartAxis:
    width = max(28, 300 // max(1, len(players)))
    return fch.ChartAxis(label_size=24, labels=[
        fch.ChartAxisLabel(value=i, label=short(p.name, width))
        for i, p in enumerate(players)])


def wins_chart(figures: StatsFigures) -> ft.Control:
    players = figures.players
    low, high, step = axis(0, max((p.wins for p in players), default=0))
    chart = fch.BarChart(
        height=CHART_HEIGHT, interactive=False, tooltip=None, max_y=high, min_y=low,
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=p.wins, width=18, color=SERIES[0],
            border_radius=ft.BorderRadius.only(top_left=4, top_right=4))])
            for i, p in enumerate(players)],
        left_axis=fch.ChartAxis(label_size=28, label_spacing=step),
        bottom_axis=bottom_names(players),
        horizontal_grid_lines=grid(step),
    )
    return ft.Semantics(label=figures.wins_spoken, container=True,
                        exclude_semantics=True, content=chart)


def scores_chart(p: PlayerFigures) -> ft.Control:
    scores = list(p.scores)
    low, high, step = axis(min(0, *scores), max(1, *scores))
    chart = fch.LineChart(
        height=CHART_HEIGHT, interactive=False, tooltip=None,
        min_x=0, max_x=max(1, len(scores) - 1), min_y=low, max_y=high,
        data_series=[fch.LineChartData(
            points=[fch.LineChartDataPoint(x=i, y=s) for i, s in enumerate(scores)],
            color=SERIES[0], stroke_width=3,
            point=fch.ChartCirclePoint(radius=3, color=SERIES[0]))],
        left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
        bottom_axis=fch.ChartAxis(label_size=22, labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(str(i + 1), size=AXIS_TEXT))
            for i in range(len(scores)) if len(scores) <= 12 or i % 5 == 0]),
        horizontal_grid_lines=grid(step),
    )
    return ft.Column([ft.Semantics(label=p.scores_text, container=True, exclude_semantics=True,
                                   content=padded(chart)),
                      muted(p.scores_text)], spacing=6)


def categories_chart(figures: StatsFigures) -> ft.Control:
    players = figures.players
    colours = [LOSS if c.loss else SERIES[i % len(SERIES)]
               for i, c in enumerate(figures.categories)]
    edge = ft.BorderSide(1, ft.Colors.SURFACE)  # a thin line between stacked parts
    groups, lowest, highest = [], 0.0, 1.0
    for i, p in enumerate(players):
        items, up, down = [], 0.0, 0.0
        for colour, average in zip(colours, p.categories, strict=True):
            value = float(average)
            if value >= 0:
                items.append(fch.BarChartRodStackItem(from_y=up, to_y=up + value,
                                                      color=colour, border_side=edge))
                up += value
            else:
                items.append(fch.BarChartRodStackItem(from_y=down + value, to_y=down,
                                                      color=colour, border_side=edge))
                down += value
        lowest, highest = min(lowest, down), max(highest, up)
        groups.append(fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=down, to_y=up, width=22, stack_items=items, color=SERIES[0],
            border_radius=0)]))
    low, high, step = axis(lowest, highest)
    chart = fch.BarChart(
        height=CHART_HEIGHT, interactive=False, tooltip=None, groups=groups,
        min_y=low, max_y=high, baseline_y=0,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
        bottom_axis=bottom_names(players), horizontal_grid_lines=grid(step),
    )
    legend = ft.Row(wrap=True, spacing=12, run_spacing=4, controls=[
        ft.Row([ft.Container(width=14, height=14, bgcolor=colour, border_radius=3),
                ft.Text(c.name, size=14)], spacing=6, tight=True)
        for c, colour in zip(figures.categories, colours, strict=True)])
    return ft.Column([
        ft.Semantics(label=figures.categories_spoken, container=True, exclude_semantics=True,
                     content=chart),
        legend, *[ft.Text(p.categories_text, size=15) for p in players]], spacing=8)


def build(ctx) -> ft.View:
    back = lambda e: ctx.go("/")  # noqa: E731
    state = ctx.drafts.setdefault(("stats",), {"game": None})
    figures = StatsFigures.open(ctx.store, empty_sheet, state.get("game"))
    if figures.empty is not None:
        return screen(ROUTE, t("stats.title"), [muted(figures.empty, size=16)],
                      on_back=back)
    controls: list[ft.Control] = [game_chips(ctx, figures),
                                  ft.Text(figures.summary, size=16,
                                          weight=ft.FontWeight.W_600)]
    if figures.eclipse is not None:
        controls.append(ft.Text(figures.eclipse, size=15))
    if figures.note is not None:
        controls.append(muted(figures.note))
    controls.append(heading(t("stats.players")))
    controls += [player_row(p.row) for p in figures.players]
    if figures.points:
        controls.append(muted(t("stats.margin_explained")))
    controls += [heading(t("stats.wins_chart")), wins_chart(figures)]
    if figures.game is None:
        controls += by_game_section(ctx, figures)
    if figures.points:
        controls += scores_section(ctx, figures)
        controls += [heading(t("stats.categories_chart")), categories_chart(figures)]
    return screen(ROUTE, t("stats.title"), controls, on_back=back)


def picker(ctx, figures: StatsFigures, spoken, show) -> ft.Control:
    """Player chips (``spoken(player)``: a chip's name for screen readers) over what
    ``show(player)`` draws for the picked one; a pick redraws this part alone (the screen
    keeps its scroll). The pick is kept while the game changes."""
    state = ctx.drafts[("stats",)]
    body = ft.Column(spacing=10)

    def fill() -> None:
        picked = figures.picked(state.get("player"))
        chips = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            choice_chip(spoken(p), p.name, p.key == picked.key,
                        lambda e, k=p.key: pick(k))
            for p in figures.players])
        body.controls = [chips, show(picked)]

    def pick(key: str) -> None:
        state["player"] = key
        fill()
        ctx.update_screen()

    fill()
    return body


def scores_section(ctx, figures: StatsFigures) -> list[ft.Control]:
    """The picked player's scores over time."""
    return [heading(t("stats.scores_chart")),
            picker(ctx, figures, lambda p: p.show_scores, scores_chart)]


def by_game_section(ctx, figures: StatsFigures) -> list[ft.Control]:
    """The picked player's figures in each game they played (every game's view)."""
    def show(p: PlayerFigures) -> ft.Control:
        return ft.Column([player_row(row) for row in p.by_game], spacing=10)

    return [heading(t("stats.by_game")),
            picker(ctx, figures, lambda p: p.show_by_game, show)]
