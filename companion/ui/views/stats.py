"""Stats: per game (chips) and per player, the figures of companion/table/stats.py as text (each
row read out whole by screen readers), then three charts drawn by flet-charts: wins per
player (bars), the picked player's scores over time (a line) and the average points by
scoring category (stacked bars; a loss such as Latria's eclipse below 0).

Colours are the theme scheme's roles, one per series (``SERIES``), so that each stays
readable in light and dark; a chart says nothing its text rows do not also say."""

from __future__ import annotations

import math
from fractions import Fraction

import flet as ft
import flet_charts as fch

from companion.catalog import GAMES
from companion.i18n import listed, t
from companion.i18n import name as player_name
from companion.table import history
from companion.table.plays import PlayRecord
from companion.table.stats import PlayerStats, Stats, compute, games_played, one_decimal, percent
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


def finished_plays(store) -> list[PlayRecord]:
    """Every finished play in the store (the one place Stats reads them from)."""
    return history.plays(store, empty_sheet)


def joined(key: str, parts: list[str]) -> str:
    """``parts`` joined by the catalog's ``key`` ("{first}. {second}": each language its
    own full stop or middle dot)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = t(key, first=out, second=part)
    return out


def signed(value: Fraction) -> str:
    shown = one_decimal(value)
    return f"+{shown}" if value > 0 and shown != "0.0" else shown


def category_name(key: str) -> str:
    """A category's name: its message key (companion/table/stats.py) in the reader's language."""
    return t(key)


def game_chips(ctx, games: list[str], chosen: str | None) -> ft.Control:
    def chip(game: str | None) -> ft.Control:
        label = t("stats.all_games") if game is None else t(GAMES[game].name)
        return choice_chip(t("stats.show", what=label), label, game == chosen,
                           lambda e, g=game: choose(g))

    def choose(game: str | None) -> None:
        ctx.drafts[("stats",)] = {"game": game}
        ctx.redraw(build(ctx))

    return ft.Row([chip(None), *[chip(g) for g in games]], wrap=True, spacing=8,
                  run_spacing=8)


def player_row(p: PlayerStats, title: str | None = None) -> ft.Control:
    """A player's figures as text lines under ``title`` (their name unless given), read
    out as one sentence."""
    lines = [t("stats.row_wins", plays=t("stats.plays", count=p.plays),
               wins=t("stats.wins", count=p.wins), rate=percent(p.win_rate))]
    if p.points and p.average is not None:
        margin = signed(p.average_margin) if p.average_margin is not None else "–"
        lines.append(t("stats.row_scores", average=one_decimal(p.average), best=p.best,
                       margin=margin))
    if p.eclipse_average is not None:
        lost = one_decimal(p.eclipse_average)
        lines.append(t("stats.row_eclipse", average=lost if lost == "0.0" else f"−{lost}",
                       total=p.eclipse_total))
    name = title or player_name(p.name)
    return ft.Semantics(
        label=t("stats.row_spoken", name=name, details=joined("stats.sentences", lines)),
        container=True, exclude_semantics=True,
        content=ft.Column([ft.Text(name, size=17, weight=ft.FontWeight.W_600),
                           *[ft.Text(line, size=15) for line in lines]], spacing=2))


def grid(step: float) -> fch.ChartGridLines:
    return fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1)


def short(name: str, width: float) -> ft.Text:
    return ft.Text(name, size=AXIS_TEXT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                   width=width, text_align=ft.TextAlign.CENTER)


def bottom_names(players: list[PlayerStats]) -> fch.ChartAxis:
    width = max(28, 300 // max(1, len(players)))
    return fch.ChartAxis(label_size=24, labels=[
        fch.ChartAxisLabel(value=i, label=short(player_name(p.name), width))
        for i, p in enumerate(players)])


def wins_chart(stats: Stats) -> ft.Control:
    players = list(stats.players)
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
    items = listed([t("stats.item", name=player_name(p.name), value=p.wins) for p in players])
    return ft.Semantics(label=t("stats.wins_spoken", items=items), container=True,
                        exclude_semantics=True, content=chart)


def scores_chart(p: PlayerStats) -> ft.Control:
    scores = [s for _, s in p.scores]
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
    text = t("stats.scores_text", name=player_name(p.name),
             scores=listed([str(s) for s in scores]))
    return ft.Column([ft.Semantics(label=text, container=True, exclude_semantics=True,
                                   content=padded(chart)),
                      muted(text)], spacing=6)


def categories_chart(stats: Stats) -> ft.Control:
    players = list(stats.players)
    colours = {c: (LOSS if all(p.categories.get(c, 0) <= 0 for p in players)
                   else SERIES[i % len(SERIES)])
               for i, c in enumerate(stats.categories)}
    edge = ft.BorderSide(1, ft.Colors.SURFACE)  # a thin line between stacked parts
    groups, lowest, highest = [], 0.0, 1.0
    for i, p in enumerate(players):
        items, up, down = [], 0.0, 0.0
        for c in stats.categories:
            value = float(p.categories.get(c, 0))
            if value >= 0:
                items.append(fch.BarChartRodStackItem(from_y=up, to_y=up + value,
                                                      color=colours[c], border_side=edge))
                up += value
            else:
                items.append(fch.BarChartRodStackItem(from_y=down + value, to_y=down,
                                                      color=colours[c], border_side=edge))
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
        ft.Row([ft.Container(width=14, height=14, bgcolor=colours[c], border_radius=3),
                ft.Text(category_name(c), size=14)], spacing=6, tight=True)
        for c in stats.categories])
    rows = [t("stats.row_spoken", name=player_name(p.name), details=listed([
        t("stats.item", name=category_name(c), value=one_decimal(p.categories.get(c, 0)))
        for c in stats.categories])) for p in players]
    return ft.Column([
        ft.Semantics(label=t("stats.categories_spoken", items=joined("stats.sentences", rows)),
                     container=True, exclude_semantics=True, content=chart),
        legend, *[ft.Text(row, size=15) for row in rows]], spacing=8)


def build(ctx) -> ft.View:
    back = lambda e: ctx.go("/")  # noqa: E731
    records = finished_plays(ctx.store)
    if not records:
        return screen(ROUTE, t("stats.title"), [muted(t("stats.none"), size=16)],
                      on_back=back)
    games = games_played(records)
    state = ctx.drafts.setdefault(("stats",), {"game": None})
    game = state.get("game") if state.get("game") in games else None
    stats = compute(records, game)
    summary = [t("stats.plays", count=stats.plays)]
    if stats.average_winning_margin is not None:
        summary.append(t("stats.winning_margin", margin=one_decimal(stats.average_winning_margin)))
    controls: list[ft.Control] = [game_chips(ctx, games, game),
                                  ft.Text(joined("stats.dot", summary), size=16,
                                          weight=ft.FontWeight.W_600)]
    if stats.eclipse_average is not None:
        controls.append(ft.Text(t("stats.eclipse_game",
                                  average=one_decimal(stats.eclipse_average),
                                  total=stats.eclipse_total), size=15))
    if game is None:
        controls.append(muted(t("stats.pick_game")))
    elif not stats.points:
        controls.append(muted(t(f"stats.no_points.{game}")))
    controls.append(heading(t("stats.players")))
    controls += [player_row(p) for p in stats.players]
    if stats.points:
        controls.append(muted(t("stats.margin_explained")))
    controls += [heading(t("stats.wins_chart")), wins_chart(stats)]
    if game is None:
        controls += by_game_section(ctx, records, stats, games)
    if stats.points:
        controls += scores_section(ctx, stats)
        controls += [heading(t("stats.categories_chart")), categories_chart(stats)]
    return screen(ROUTE, t("stats.title"), controls, on_back=back)


def picker(ctx, stats: Stats, spoken: str, show) -> ft.Control:
    """Player chips (``spoken``: a chip's name for screen readers, with ``{name}``) over
    what ``show(player)`` draws for the picked one; a pick redraws this part alone (the
    screen keeps its scroll). The pick is kept while the game changes."""
    state = ctx.drafts[("stats",)]
    body = ft.Column(spacing=10)

    def fill() -> None:
        picked = stats.player(state.get("player") or "") or stats.players[0]
        chips = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            choice_chip(t(spoken, name=player_name(p.name)),
                        player_name(p.name), p.key == picked.key,
                        lambda e, k=p.key: pick(k))
            for p in stats.players])
        body.controls = [chips, show(picked)]

    def pick(key: str) -> None:
        state["player"] = key
        fill()
        ctx.update_screen()

    fill()
    return body


def scores_section(ctx, stats: Stats) -> list[ft.Control]:
    """The picked player's scores over time."""
    return [heading(t("stats.scores_chart")),
            picker(ctx, stats, "stats.show_scores", scores_chart)]


def by_game_section(ctx, records: list[PlayRecord], stats: Stats,
                    games: list[str]) -> list[ft.Control]:
    """The picked player's figures in each game they played (every game's view)."""
    per_game = {g: compute(records, g) for g in games}

    def show(p: PlayerStats) -> ft.Control:
        rows = [player_row(mine, title=t(GAMES[g].name)) for g in games
                if (mine := per_game[g].player(p.key)) is not None]
        return ft.Column(rows, spacing=10)

    return [heading(t("stats.by_game")), picker(ctx, stats, "stats.show_by_game", show)]
