"""New table: player count, player names, variant → a saved table session. What the
form holds and what Create table does are its model's (companion/screens/new_table.py);
this draws it, keeping each name field and count button on screen while the form changes
(a field or button drawn anew loses its keyboard, or takes it)."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.screens.names import default_name
from companion.screens.new_table import NewTable
from companion.screens.wording import game_title
from companion.ui.views.names import counter_text, name_field
from companion.ui.widgets.common import (
    TAP,
    choice_chip,
    heading,
    muted,
    primary_button,
    screen,
    spoken_as,
)


def build(ctx, game_id: str) -> ft.View:
    form = NewTable.open(ctx.store, game_id)
    if form is None:
        from companion.ui.views import home

        return home.build(ctx)
    game = form.game
    typed_in = {"yes": False}  # whether the player has tapped into a field yet

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

    recent_row = ft.Row(wrap=True, spacing=8, run_spacing=8)
    recent_box = ft.Column([muted(t("new.recent"), size=14), recent_row], spacing=6)
    shown_recent: dict[str, tuple] = {}

    def render_recent() -> None:
        offered = form.offered(typed_names())
        shown_recent["now"] = tuple(offered)
        recent_row.controls = [choice_chip(t("new.recent_pick", name=n), n, False,
                                           pick(n)) for n in offered]
        recent_box.visible = bool(offered)

    def pick(name: str):
        async def on_pick(e) -> None:
            await fill(name)
        return on_pick

    async def fill(name: str) -> None:
        seat = form.seat_for(typed_names(), name)  # (None: a second quick tap on the chip)
        if seat is not None:
            seats[seat].value, seats[seat].counter = name, counter_text(name)
        empty = [f for f in seats[: form.count] if not (f.value or "").strip()]
        # Once a field has been typed in, the keyboard goes where a player goes on: the
        # next empty field, or Create table once all are in (names only tapped in bring
        # up no keyboard). It is moved before the tapped chip is taken away: a focused
        # chip taken away hands the keyboard back to the field typed in last with its
        # name selected, and the next letter replaced it ("Ann", "Fill in Cleo", "e" left
        # "e"; on a slow phone even when the move was asked first).
        if typed_in["yes"]:
            ctx.page.update()
            await (empty[0] if empty else create_button).focus()
        render_recent()
        ctx.page.update()

    def on_field_focus(e) -> None:
        typed_in["yes"] = True

    def on_name_change(e: ft.ControlEvent) -> None:
        if e.control.error:
            e.control.error = None
            e.control.update()
        was = shown_recent.get("now")
        render_recent()
        if shown_recent["now"] != was:  # a name typed that was offered, or the last filled
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
        return [field.value or "" for field in seats[: form.count]]

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
            chosen = n == form.count
            count.content.semantics_label = (t("new.player_count_chosen", count=count_name(n))
                                             if chosen else count_name(n))
            count.style = chosen_style if chosen else None

    def render_names() -> None:
        name_fields.controls = seats[: form.count]

    def render_variants() -> None:
        variant_group.value = form.variant
        variant_group.content.controls = [
            ft.Container(ft.Radio(value=v.id, label=t(v.label)), height=TAP)
            for v in form.variants()]

    def choose_count(n: int) -> None:
        form.choose_count(n)
        for field in seats:  # as a new form: the last Create's complaints are gone
            field.error = None
        render_counts()
        render_names()
        render_recent()
        render_variants()
        form_error.visible = False
        ctx.page.update()

    def on_variant(e: ft.ControlEvent) -> None:
        form.choose_variant(e.control.value)

    variant_group.on_change = on_variant

    def create(e) -> None:
        table_id, refused = form.create(ctx.engine, typed_names(), seed_field.value or "")
        if table_id is not None:
            ctx.go(f"/table/{table_id}")
            return
        for index, field in enumerate(name_fields.controls):
            field.error = refused.names.get(index)
        seed_field.error = refused.seed
        form_error.value, form_error.visible = refused.form, True
        ctx.page.update()

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
