"""New table: player count, player names, variant → a saved table session.

The names of recent tables are offered as chips under the name fields (Store
``recent_players``, most recent first): a tap fills the next empty field. A name already
at this table is not offered (the same name is the same player: ``plays.player_key``),
nor a field's default name ("Player 3"), which is a hint, not someone who played."""

from __future__ import annotations

import flet as ft

import setup_guides
from companion.catalog import GAMES
from companion.engine import Saved
from companion.i18n import FIXED_NAMES, LANGUAGES, speaking, t
from companion.table.plays import player_key
from companion.ui.views.home import game_title
from companion.ui.views.names import counter_text, name_field
from companion.ui.views.setup import parse_seed, seed_error
from companion.ui.widgets.common import (
    TAP,
    choice_chip,
    heading,
    muted,
    primary_button,
    screen,
    spoken_as,
)
from scorers.base import MAX_NAME_LENGTH, name_issues


def name_error(issue: str, other: int) -> str:
    return {
        "empty": lambda: t("new.error.empty"),
        "too_long": lambda: t("new.error.too_long", max=MAX_NAME_LENGTH),
        "duplicate": lambda: t("new.error.duplicate", n=other + 1),
    }[issue]()


def default_name(index: int) -> str:
    """The name of a player whose field was left empty: its hint, "Player 1"."""
    return t("new.default_name", n=index + 1)


RECENT_SHOWN = 12  # two or three rows of chips on a phone


def default_names() -> set[str]:
    """The keys of the default names in every language ("Player 1", "プレイヤー1"…)."""
    keys = {player_key(n) for n in FIXED_NAMES}
    for language in LANGUAGES:
        with speaking(language):
            keys |= {player_key(default_name(i)) for i in range(8)}
    return keys


def build(ctx, game_id: str) -> ft.View:
    game = GAMES.get(game_id)
    if game is None:
        from companion.ui.views import home

        return home.build(ctx)

    state = {"count": game.min_players if game.min_players > 1 else min(2, game.max_players),
             "variant": game.variants_for(game.min_players)[0].id,
             "typed_in": False}  # whether the player has tapped into a field yet
    if game.id == "luna":
        state["count"] = 4 if 4 in game.player_counts else game.min_players
        state["variant"] = game.variants_for(state["count"])[0].id

    count_row = ft.Row(wrap=True, spacing=8, run_spacing=8)
    name_fields = ft.Column(spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    variant_group = ft.RadioGroup(content=ft.Column(spacing=0))
    form_error = ft.Text("", color=ft.Colors.ERROR, visible=False)
    # A seed from another phone's Setup screen gives this table the same setup.
    seed_field = ft.TextField(
        label=t("setup.shared_seed_label"),
        helper=t("setup.shared_seed_hint"),
        helper_max_lines=3,
        helper_style=ft.TextStyle(size=14),  # Flutter's 12 px is too small at a table
        error_style=ft.TextStyle(size=14),
        error_max_lines=2,
        keyboard_type=ft.KeyboardType.NUMBER,
    )

    def on_seed_change(e: ft.ControlEvent) -> None:
        if seed_field.error:
            seed_field.error = None
            seed_field.update()

    seed_field.on_change = on_seed_change

    defaults = default_names()
    recent = [n for n in ctx.store.recent_players(limit=RECENT_SHOWN + game.max_players + 8)
              if player_key(n) not in defaults]
    recent_row = ft.Row(wrap=True, spacing=8, run_spacing=8)
    recent_box = ft.Column([muted(t("new.recent"), size=14), recent_row], spacing=6)

    def render_recent() -> None:
        seated = typed_names()
        used = {player_key(n) for n in seated if n.strip()}
        shown = [n for n in recent if player_key(n) not in used][:RECENT_SHOWN]
        state["recent"] = (tuple(shown), any(not n.strip() for n in seated))
        recent_row.controls = [choice_chip(t("new.recent_pick", name=n), n, False,
                                           pick(n)) for n in shown]
        recent_box.visible = bool(shown) and any(not n.strip() for n in seated)

    def pick(name: str):
        async def on_pick(e) -> None:
            await fill(name)
        return on_pick

    async def fill(name: str) -> None:
        # A second quick tap on the chip, before it was taken away, would seat the name
        # twice.
        if player_key(name) not in {player_key(n) for n in typed_names() if n.strip()}:
            empty = [f for f in seats[: state["count"]] if not (f.value or "").strip()]
            if empty:
                empty[0].value, empty[0].counter = name, counter_text(name)
                empty.pop(0)
            # Once a field has been typed in, the keyboard goes where a player goes on:
            # the next empty field, or Create table once all are in (names only tapped in
            # bring up no keyboard). It is moved before the tapped chip is taken away: a
            # focused chip taken away hands the keyboard back to the field typed in last
            # with its name selected, and the next letter replaced it ("Ann", "Fill in
            # Cleo", "e" left "e"; on a slow phone even when the move was asked first).
            if state["typed_in"]:
                ctx.page.update()
                await (empty[0] if empty else create_button).focus()
        render_recent()
        ctx.page.update()

    def on_field_focus(e) -> None:
        state["typed_in"] = True

    def on_name_change(e: ft.ControlEvent) -> None:
        if e.control.error:
            e.control.error = None
            e.control.update()
        was = state.get("recent")
        render_recent()
        if state["recent"] != was:  # a name typed that was offered, or the last field filled
            recent_box.update()

    # One field per seat, made once, holding the form's names: changing the count shows
    # more or fewer of the same fields, so it never loses a typed name, and a field
    # tapped just after the count (its keyboard already up) keeps its focus and its
    # letters; new fields each time lost the first letters of a name typed before the
    # phone had drawn them (seen in the browser tests). A name left empty is the hint
    # shown in its field, "Player 3".
    seats = [name_field(t("new.name_label", n=i + 1), "", default_name(i), on_name_change)
             for i in range(game.max_players)]
    for field in [*seats, seed_field]:
        field.on_focus = on_field_focus

    def typed_names() -> list[str]:
        """What the seated players' fields hold (each field's value follows its typing)."""
        return [field.value or "" for field in seats[: state["count"]]]

    # The count buttons, made once like the fields: a tapped button drawn anew handed the
    # keyboard back to the name field typed in last with its name selected, so the next
    # letter replaced the name ("Ann", 3 players, "e": "e"). Kept, the tap only moves
    # the focus off the field, as a tap anywhere else does.
    # Each one button, named "3 players" and, when chosen, "3 players, chosen": its name
    # says so, as a Semantics around the button would hold it as a second control.
    def count_name(n: int) -> str:
        return t("new.player_count_button", count=n)

    count_buttons = {n: ft.OutlinedButton(content=spoken_as(str(n), count_name(n)), width=64,
                                          height=TAP, on_click=lambda e, n=n: choose_count(n))
                     for n in game.player_counts}
    count_row.controls = list(count_buttons.values())
    chosen_style = ft.ButtonStyle(bgcolor=ft.Colors.PRIMARY, color=ft.Colors.ON_PRIMARY)

    def render_counts() -> None:
        """The chosen count filled, as a filled button is; the others outlined."""
        for n, count in count_buttons.items():
            chosen = n == state["count"]
            count.content.semantics_label = (t("new.player_count_chosen", count=count_name(n))
                                             if chosen else count_name(n))
            count.style = chosen_style if chosen else None

    def render_names() -> None:
        name_fields.controls = seats[: state["count"]]

    def render_variants() -> None:
        variants = game.variants_for(state["count"])
        if state["variant"] not in {v.id for v in variants}:
            state["variant"] = variants[0].id
        variant_group.value = state["variant"]
        variant_group.content.controls = [
            ft.Container(ft.Radio(value=v.id, label=t(v.label)), height=TAP) for v in variants
        ]

    def choose_count(n: int) -> None:
        state["count"] = n
        for field in seats:  # as a new form: the last Create's complaints are gone
            field.error = None
        render_counts()
        render_names()
        render_recent()
        render_variants()
        form_error.visible = False
        ctx.page.update()

    def on_variant(e: ft.ControlEvent) -> None:
        state["variant"] = e.control.value

    variant_group.on_change = on_variant

    def create(e) -> None:
        chosen = [n.strip() or default_name(i) for i, n in enumerate(typed_names())]
        issues = name_issues(chosen)
        for field in name_fields.controls:
            field.error = None
        for index, issue, other in issues:
            name_fields.controls[index].error = name_error(issue, other)
        seed_field.error = None
        seed = None
        try:
            seed = parse_seed(seed_field.value or "")
        except ValueError as err:
            seed_field.error = seed_error(str(err))
        form_error.value = t("new.error.fix") if issues else t("setup.seed_error.fix")
        form_error.visible = bool(issues) or seed_field.error is not None
        if form_error.visible:
            ctx.page.update()
            return
        if seed is None:
            seed = setup_guides.new_seed()
        outcome = ctx.engine.create_table(game.id, state["variant"], chosen, seed=seed)
        if not isinstance(outcome, Saved):  # the saved tables can only be read
            form_error.value = outcome.text()
            form_error.visible = True
            ctx.page.update()
            return
        ctx.go(f"/table/{outcome.value.id}")

    create_button = primary_button(t("new.create"), create, ft.Icons.CHECK)

    render_counts()
    render_names()
    render_recent()
    render_variants()
    controls = [
        heading(t("new.player_count")),
        count_row,
        heading(t("new.names")),
        name_fields,
        recent_box,
    ]
    if len(game.variants) > 1:
        controls += [heading(t("new.variant")), variant_group]
    controls += [heading(t("setup.shared_seed_heading")),
                 ft.Column([seed_field], horizontal_alignment=ft.CrossAxisAlignment.STRETCH)]
    bottom = ft.Column([form_error, ft.Row([create_button])], spacing=6)
    return screen(f"/new/{game.id}", t("new.title", game=game_title(game)), controls,
                  on_back=lambda e: ctx.go("/"), bottom=bottom)
