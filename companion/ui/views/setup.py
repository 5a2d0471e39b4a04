"""Setup: the table's checklist with tick boxes, what was drawn from its seed, and "draw
again".

The checklist comes from ``setup_guides`` for the table's game, player count, variant and
seed, so two phones with the same seed show the same setup. The ticks are saved with the
table at every tap; drawing again picks a new seed and clears them (a new setup).

The helpers from ``number_parts`` to ``kept_ticks`` are pure (no flet) and tested in
tests/ui/test_setup_screen_helpers.py, with ``build`` against a real store.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import groupby

import flet as ft

import setup_guides
from companion.catalog import GAMES
from companion.engine import Refused, Saved, Stale
from companion.i18n import say, say_error, t
from companion.screens.wording import game_title
from companion.table.setup import setup_for
from companion.ui.views.setup_characters import characters_card
from companion.ui.widgets import why
from companion.ui.widgets.common import (
    TAP,
    heading,
    muted,
    primary_button,
    screen,
    secondary_button,
)
from setup_guides.carpe_astra import CarpeAstraSetup

# A number worth bolding in a checklist line: 12, 1–3, −1, 1st–2nd. Not the digits of a
# ruling's name ("S-1") or glued to a word ("x2").
NUMBER = re.compile(
    r"(?<![\w\-–])[−+]?\d+(?:st|nd|rd|th)?(?:–\d+(?:st|nd|rd|th)?)?(?!\w)"
)
# "Seat 2" in English, "2番席" in Japanese (setup_guides' catalogs)
SEAT = re.compile(r"\b([Ss]eat (\d+))\b|((\d+)番席)")


def number_parts(text: str) -> list[tuple[str, bool]]:
    """``"Deal 10 cards"`` → ``[("Deal ", False), ("10", True), (" cards", False)]``:
    the text cut into runs, each marked True where it is a number to show in bold.
    The runs joined give the text back."""
    parts: list[tuple[str, bool]] = []
    at = 0
    for match in NUMBER.finditer(text):
        if match.start() > at:
            parts.append((text[at:match.start()], False))
        parts.append((match.group(), True))
        at = match.end()
    if at < len(text) or not parts:
        parts.append((text[at:], False))
    return parts


def with_seat_names(text: str, players: list[str]) -> str:
    """``"Seat 2"`` (``"2番席"``) → ``"Ben"``: the setup guides number the seats, the
    screen names who sits there (seats are numbered clockwise from the first player
    entered, ruling S-1)."""

    def name(match: re.Match) -> str:
        seat = int(match.group(2) or match.group(4))
        if 1 <= seat <= len(players):
            return players[seat - 1]
        return match.group(0)

    return SEAT.sub(name, text)


def first_player_mode(setup: setup_guides.Setup) -> str:
    """How the first player is found: ``"rule"`` where the rulebook names a rule for people
    (the oldest, the most confident in astrology, …) and the drawn seat is the
    alternative; ``"drawn"`` where the rulebook says to choose at random, so the seat drawn
    from the seed is the answer; ``"fixed"`` where a rule decides with no choice (Luna
    solo: the virtual opponent starts)."""
    drawn = "drawn from the seed" in setup.first_player_text()
    if not drawn:
        return "fixed"
    return "drawn" if "random" in setup.first_player_rule.lower() else "rule"


def split_draws(rows: list[tuple[str, str]]) -> tuple[tuple[str, str] | None,
                                                      list[tuple[str, str]]]:
    """The first player row (every game's draws start with it) and the other draws."""
    if not rows:
        return None, []
    return rows[0], rows[1:]


def sections(steps: list) -> list[tuple[str, list[tuple[int, object]]]]:
    """The steps numbered from 1 and grouped by section, in checklist order (a section
    that comes back later starts a new group, as the CLI prints it)."""
    numbered = list(enumerate(steps, start=1))
    return [(name, list(group)) for name, group in
            groupby(numbered, key=lambda pair: pair[1].section)]


def kept_ticks(ticks: list[int], steps: int) -> set[int]:
    """The saved ticks that name a step of this checklist (1…steps)."""
    return {n for n in ticks if 1 <= n <= steps}


# --- the screen --------------------------------------------------------------------------


def number_spans(text: str, color: str | None = None) -> list[ft.TextSpan]:
    """``text`` as spans, its numbers in bold (a Text's own colour does not reach its
    spans, so each span carries it)."""
    return [ft.TextSpan(text=part, style=ft.TextStyle(
                color=color, weight=ft.FontWeight.W_700 if is_number else None))
            for part, is_number in number_parts(text)]


def rich(text: str, size: int = 14, color: str | None = None,
         weight: ft.FontWeight | None = None) -> ft.Text:
    """Text with its numbers in bold."""
    return ft.Text(spans=number_spans(text, color), size=size, weight=weight)


def build(ctx, table_id: str) -> ft.View:
    route = f"/table/{table_id}/setup"
    back = lambda e: ctx.go(f"/table/{table_id}")  # noqa: E731
    session = ctx.store.get_table(table_id)
    if session is None:
        return screen(route, t("app.title"), [muted(t("table.not_found"))], on_back=back)
    title = t("setup.title", game=game_title(GAMES[session.game]))
    content = ft.Column(spacing=14)

    def render() -> None:
        """Fill the screen from the saved table (again after "Draw again")."""
        shown["take_ticks"] = None
        session = ctx.store.get_table(table_id)
        if session is None:  # deleted on another screen
            content.controls = [muted(t("table.not_found"))]
            return
        if session.seed is None:  # a table from before seeds: draw one now, once
            # (read-only: refused, and drawn for this screen only)
            if isinstance(ctx.engine.draw_again(table_id, first=True), Saved):
                session = ctx.store.get_table(table_id)
        try:
            # (a later Latria campaign game follows game 1's parent: table_setup)
            setup = setup_for(session, ctx.store)
        except setup_guides.SetupError as err:
            content.controls = [muted(t("setup.unavailable", detail=say_error(err)))]
            return
        content.controls, shown["take_ticks"] = checklist(ctx, table_id, setup, session,
                                                         confirm_redraw, on_stale)
        if isinstance(setup, CarpeAstraSetup):  # who plays which character, chosen once
            started = ctx.store.last_seq(table_id) > 0
            content.controls.insert(1, characters_card(setup, session.players, started,
                                                       choose_characters))
        shown["seed"] = session.seed
        shown["choices"] = session.setup_choices

    def choose_characters(characters: list[str] | None) -> None:
        """Save the characters chosen (None: the draw again); the checklist follows."""
        outcome = ctx.engine.choose_setup(table_id, "characters", characters, shown["seed"])
        if isinstance(outcome, Refused):
            ctx.show_notice(outcome.text(), kind="refused")
            ctx.page.update()
            return
        render()
        if isinstance(outcome, Stale):  # drawn again, play begun, or deleted elsewhere
            ctx.show_notice(t("setup_characters.changed"))
        ctx.page.update()

    shown: dict = {"seed": None, "take_ticks": None, "choices": {}}

    def on_stale() -> None:
        render()
        ctx.show_notice(t("setup.changed_elsewhere"))
        ctx.page.update()

    def take_change(change) -> None:
        """Another phone ticked a step (shown in place) or drew again (a new checklist)."""
        saved = ctx.store.get_table(table_id)
        if saved is None or saved.seed != shown["seed"] or shown["take_ticks"] is None:
            on_stale()
        elif saved.setup_choices != shown["choices"]:  # characters chosen elsewhere
            render()
            ctx.show_notice(t("setup_characters.changed"))
        else:
            shown["take_ticks"](saved.setup_ticks)

    ctx.live[route] = take_change

    def confirm_redraw(e) -> None:
        saved = ctx.store.get_table(table_id)
        ticks = len(saved.setup_ticks) if saved else 0

        def redraw(e) -> None:
            ctx.page.pop_dialog()
            outcome = ctx.engine.draw_again(table_id)
            if isinstance(outcome, Stale):  # deleted on another screen
                on_stale()
                return
            if isinstance(outcome, Refused):
                ctx.show_notice(outcome.text(), kind="refused")
                ctx.page.update()
                return
            render()
            ctx.toast(t("setup.redrawn"))
            ctx.page.update()

        ctx.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(t("setup.redraw_title")),
            content=ft.Text(t("setup.redraw_body", done=ticks)),
            actions=[
                ft.TextButton(content=t("common.cancel"), height=TAP,
                              on_click=lambda e: ctx.page.pop_dialog()),
                ft.FilledButton(content=t("setup.redraw_confirm"), height=TAP,
                                on_click=redraw),
            ],
        ))

    render()
    return screen(route, title, [content], on_back=back)


def checklist(ctx, table_id: str, setup: setup_guides.Setup, session,
              on_redraw, on_stale) -> tuple[list[ft.Control], Callable[[list[int]], None]]:
    """The seed card, the progress line and the steps with their tick boxes, and how to
    show ticks saved on another phone in place. ``on_stale`` is called when the table
    was drawn again on another screen."""
    steps = setup.steps
    ticked = kept_ticks(session.setup_ticks, len(steps))
    progress = ft.Text(size=16, weight=ft.FontWeight.W_600)
    bar = ft.ProgressBar(value=0, bar_height=6, border_radius=3)
    details: dict[int, ft.Text] = {}
    boxes: dict[int, ft.Checkbox] = {}

    def show_progress() -> None:
        done = len(ticked)
        bar.value = done / len(steps) if steps else 1
        progress.value = (t("setup.all_done", total=len(steps)) if done == len(steps)
                          else t("setup.progress", done=done, total=len(steps)))

    def show_tick(number: int) -> None:
        on = number in ticked
        boxes[number].value = on
        # A done step's detail steps back, so the eye finds the next one.
        details[number].spans = number_spans(with_seat_names(say(steps[number - 1].detail),
                                                             session.players),
                                             ft.Colors.ON_SURFACE_VARIANT if on else None)

    def show_ticks(saved: list[int]) -> None:
        ticked.clear()
        ticked.update(kept_ticks(saved, len(steps)))
        for n in boxes:
            show_tick(n)
        show_progress()

    def set_tick(number: int, on: bool) -> None:
        # One step, on the saved ticks: another phone on the same table may have ticked
        # other steps since this screen was drawn, and keeps them.
        outcome = ctx.engine.tick(table_id, number, on, setup.seed)
        if isinstance(outcome, Stale):  # drawn again, or deleted, on another phone
            on_stale()
            return
        if isinstance(outcome, Refused):  # the saved tables can only be read: it unticks
            current = ctx.store.get_table(table_id)
            show_ticks(current.setup_ticks if current else [])
            ctx.show_notice(outcome.text(), kind="refused")
            ctx.page.update()
            return
        show_ticks(outcome.value)
        ctx.page.update()

    def step_row(number: int, step) -> ft.Control:
        on = number in ticked
        name = f"{number}. {say(step.title)}"
        box = ft.Checkbox(
            value=on,
            semantics_label=name,
            on_change=lambda e: set_tick(number, bool(e.control.value)),
        )
        boxes[number] = box
        detail = rich(with_seat_names(say(step.detail), session.players), size=14,
                      color=ft.Colors.ON_SURFACE_VARIANT if on else None)
        details[number] = detail
        text = ft.Column([
            # The box carries the title as its name; the painted title is not read twice.
            ft.Semantics(exclude_semantics=True,
                         content=rich(name, size=16, weight=ft.FontWeight.W_700)),
            detail,
            # The reading this step follows (docs/RULINGS.md), in the players' words,
            # quoting this game's rulebook.
            *([ft.Row([why.link(ctx.page, step.rulings, session.game)])] if step.rulings
              else []),
        ], spacing=2, expand=True)
        return ft.Container(
            content=ft.Row([ft.Container(box, width=40, height=40), text],
                           vertical_alignment=ft.CrossAxisAlignment.START, spacing=4),
            # The whole row is the tap target, not only the little box.
            on_click=lambda e: set_tick(number, number not in ticked),
            ink=True,
            border_radius=8,
            padding=ft.Padding.only(top=6, right=4, bottom=10),
        )

    show_progress()
    controls: list[ft.Control] = [
        seed_card(setup, session.players, on_redraw),
        ft.Column([progress, bar], spacing=6),
    ]
    for name, group in sections(steps):
        if name:
            controls.append(heading(say(name)))
        controls.append(ft.Column([step_row(n, s) for n, s in group], spacing=4))
    # The way on once the table is set up (also before every step is ticked: a table
    # that set up from the rulebook need not tick them).
    controls.append(ft.Row([primary_button(t("setup.to_play"),
                                           lambda e: ctx.go(f"/table/{table_id}/play"),
                                           ft.Icons.PLAY_ARROW)]))
    return controls, show_ticks


def seed_card(setup: setup_guides.Setup, players: list[str], on_redraw) -> ft.Control:
    """The seed to share, the first player and the other draws, and "Draw again"."""
    first, others = split_draws(setup_guides.draws(setup))
    if isinstance(setup, CarpeAstraSetup):
        others = []  # the characters have a card of their own (setup_characters.py)
    mode = first_player_mode(setup)
    parts: list[ft.Control] = [
        # One node for screen readers (and tests): "Share this seed: 123456". The number
        # stays selectable on screen, to copy into a message.
        ft.Semantics(
            label=t("setup.seed_label", seed=setup.seed), container=True,
            exclude_semantics=True,
            content=ft.Column([
                muted(t("setup.share_seed")),
                ft.Text(str(setup.seed), size=34, weight=ft.FontWeight.W_700, selectable=True),
            ], spacing=0),
        ),
        muted(t("setup.share_hint"), size=14),
        ft.Divider(height=12),
    ]
    if first is not None:
        label, value = say(first[0]), with_seat_names(say(first[1]), players)
        parts.append(ft.Text(label, size=15, weight=ft.FontWeight.W_700))
        if mode == "rule":
            parts += [
                ft.Text(t("setup.rulebook_rule", rule=say(setup.first_player_rule)), size=15),
                ft.Text(t("setup.or_drawn", seat=value), size=15,
                        weight=ft.FontWeight.W_600),
            ]
        else:
            parts += [
                rich(value, size=18, weight=ft.FontWeight.W_600),
                muted(t("setup.drawn_rule" if mode == "drawn" else "setup.fixed_rule",
                        rule=say(setup.first_player_rule)), size=14),
            ]
    if others:
        parts += [ft.Divider(height=12),
                  ft.Text(t("setup.drawn"), size=15, weight=ft.FontWeight.W_700)]
        for label, value in others:
            parts.append(ft.Column([
                muted(with_seat_names(say(label), players), size=14),
                rich(with_seat_names(say(value), players), size=15
, weight=ft.FontWeight.W_600),
            ], spacing=0))
    parts.append(ft.Row([secondary_button(t("setup.redraw"), on_redraw, ft.Icons.CASINO_OUTLINED)],
                        alignment=ft.MainAxisAlignment.END))
    return ft.Card(content=ft.Container(ft.Column(parts, spacing=6),
                                        padding=ft.Padding.all(14)))
