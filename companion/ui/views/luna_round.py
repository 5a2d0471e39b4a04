"""Luna's round scoring worked out on the Play screen (Luna, Scoring phase).

The players enter what lies on the table — the Novices and Shrines on the Moon
Priestess's Isle, the Novices on or next to the Apostate's Isle, the Novices in the
Temple and those on a book — and scorers.luna_round gives each player's three parts
(Moon Priestess, Apostate, Temple), which the Play screen records as one event with the
Council order the scoring used.

- With 2–3 players (and solo) the "5" Moon Priestess's second value is printed on the
  figure, not in the rulebook: it is asked before anything is worked out, and remembered
  as a box value (never a made-up 0).
- The Council order starts where play left it (the setup's stack, then the moves the
  table recorded) and breaks ties on the Moon Priestess's Isle.
- Solo: the virtual opponent is marked on the sheet and loses nothing at the Apostate.
- Each player's influence now goes with the sheet, so the Apostate takes no more than a
  player holds (ruling P-11) and the totals shown are what play records; a table that
  chose the other reading of P-11 has the round paid as a whole, here as in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.flows import Action, build_event, seat, seat_key
from companion.flows.luna import LunaState, council, is_solo
from companion.i18n import name as player_name
from companion.i18n import say, t
from companion.ui.score_forms.editor import Editor
from companion.ui.widgets.common import TAP, ChoiceRow
from scorers.base import SheetProblems
from scorers.luna import default_priestess_values, priestess_figure
from scorers.luna_round import PRIESTESS_ISLE_MAX, temple_tiles_in_play
from scorers.readings import ALTERNATIVE, applied_note, chosen
from scorers.sheets import score_sheet

SECOND_VALUE = "priestess_second"  # box value: the 2nd number printed on the "5" figure


def second_value_needed(players: int, box_values: dict) -> bool:
    """Whether the "5" figure's second value must be asked before anything is worked out."""
    return default_priestess_values(players) is None and SECOND_VALUE not in box_values


def round_sheet(players: list[str], box_values: dict, council_order: list[str] | None = None,
                virtual: int | None = None, influence: list[int] | None = None) -> dict:
    """The round's sheet with nothing counted yet. Without the "5" figure's second value
    the sheet has no ``priestess_values`` (the scorer then asks for them: LU-2)."""
    n = len(players)
    values = default_priestess_values(n)
    if values is None and SECOND_VALUE in box_values:
        # 2–3 players and solo: the "5" figure; its other value is printed on it (LU-2)
        values = [priestess_figure(n), int(box_values[SECOND_VALUE])]
    sheet: dict[str, Any] = {
        "game": "luna_round",
        "council_order": list(council_order or players),
        "players": [{"name": p, "priestess_isle": 0, "apostate_isle": 0,
                     "temple_novices": 0, "temple_books": 0} for p in players],
    }
    if values is not None:
        sheet["priestess_values"] = values
    for i, player in enumerate(sheet["players"]):
        if i == virtual:
            player["virtual"] = True  # Solo: he does not lose influence to the Apostate
        if influence is not None:
            player["influence"] = influence[i]
    return sheet


def state_sheet(state: LunaState, box_values: dict) -> dict:
    """The round's sheet for a table in play: its Council, its solo opponent, its coins,
    and the table's reading of P-11 (how the round is paid), as its Play pays it."""
    sheet = round_sheet(list(state.players), box_values, council_order=council(state),
                        virtual=1 if is_solo(state) else None, influence=list(state.influence))
    if chosen(state.readings, "P-11"):
        sheet["readings"] = {"P-11": ALTERNATIVE}
    return sheet


def round_event(action: Action, result, council_order: list[str]) -> dict:
    """The ``round_scored`` event from the scorer's parts (companion.flows.luna), its
    players by seat: the sheet's players are the table's, in seat order."""
    values: dict[str, int] = {}
    seats = {p.name: seat(i) for i, p in enumerate(result.players)}
    for i, p in enumerate(result.players):
        values[f"priestess.{seat_key(i)}"] = p.parts.priestess
        values[f"apostate.{seat_key(i)}"] = p.parts.apostate
        values[f"temple.{seat_key(i)}"] = p.parts.temple
    event = build_event(action, values)
    event["council_order"] = [seats[name] for name in council_order]
    return event


def open_calculator(ctx, game: str, state: LunaState, action: Action,
                    record: Callable[[dict], None],
                    refusal: Callable[[dict], str | None] = lambda event: None) -> None:
    """The calculator for this round; ``record`` saves the event it builds. ``refusal``
    says why the game would refuse it (None: it would not): then the calculator stays
    open with the reason at its top and nothing entered in it is lost."""
    if second_value_needed(len(state.players), ctx.store.box_values(game)):
        ask_second_value(ctx, game, lambda: open_calculator(ctx, game, state, action, record,
                                                            refusal))
        return
    page = ctx.page
    box = ctx.store.box_values(game)
    players = list(state.players)
    sheet = state_sheet(state, box)
    summary = ft.Text("", size=16, weight=ft.FontWeight.W_600)  # live, at the top
    outcome = ft.Column(spacing=2)  # each player's breakdown, at the bottom
    use = ft.FilledButton(content=t("luna_round.use"), height=TAP)
    scored: dict[str, Any] = {}

    def recompute() -> None:
        try:
            result = score_sheet(sheet)
        except SheetProblems as err:
            editor.show_problems(err.problems)
            outcome.controls = [ft.Text(say(p.message), color=ft.Colors.ERROR, size=14)
                                for p in err.problems]
            summary.value = t("luna_round.fix")
            use.disabled = True
            scored.clear()
            return
        editor.show_problems([])
        outcome.controls = []
        if "readings" in sheet:  # the table's other reading of P-11, said once on top
            outcome.controls.append(ft.Text(say(applied_note("P-11")), size=14,
                                            color=ft.Colors.ON_SURFACE_VARIANT))
        for p in result.players:
            outcome.controls.append(ft.Text(t("luna_round.change", name=p.name,
                                              change=f"{p.total:+d}"),
                                            size=15, weight=ft.FontWeight.W_600))
            outcome.controls += [ft.Text(f"  {say(line.label)}", size=14)
 for line in p.breakdown]
        summary.color = None
        summary.value = " · ".join(t("luna_round.change", name=p.name, change=f"{p.total:+d}")
                                   for p in result.players)
        use.disabled = False
        scored["result"] = result

    def changed() -> None:
        recompute()
        page.update()

    editor = Editor(sheet, lambda changes: changed(), box_values=box, page=page)
    tiles = temple_tiles_in_play(len(players))
    fields: list[ft.Control] = []
    if len(sheet.get("priestess_values", [])) == 2:
        fields.append(editor.stepper(("priestess_values", 1), t("luna_round.second_value"),
                                     maximum=priestess_figure(len(players)),
                                     hint=t("luna_round.second_value_hint")))
    for i, name in enumerate(players):
        fields.append(ft.Text(player_name(name), size=16, weight=ft.FontWeight.W_600))
        fields.append(editor.stepper(("players", i, "priestess_isle"),
                                     t("luna_round.priestess_isle"), maximum=PRIESTESS_ISLE_MAX,
                                     hint=t("luna_round.priestess_hint")))
        if sheet["players"][i].get("virtual"):
            fields.append(ft.Text(t("luna_round.no_apostate", name=name), size=14,
                                  color=ft.Colors.ON_SURFACE_VARIANT))
        else:
            fields.append(editor.stepper(("players", i, "apostate_isle"),
                                         t("luna_round.apostate_isle"),
                                         maximum=PRIESTESS_ISLE_MAX,
                                         hint=t("luna_round.apostate_hint")))
        fields += [
            editor.stepper(("players", i, "temple_novices"), t("luna_round.temple_novices"),
                           maximum=tiles),
            editor.stepper(("players", i, "temple_books"), t("luna_round.temple_books"),
                           maximum=tiles),
        ]
    fields.append(editor.ordering(("council_order",), t("luna_round.council"),
                                  hint=t("luna_round.council_hint"), on_move=changed))

    def apply(e) -> None:
        if "result" not in scored:
            return
        event = round_event(action, scored["result"], sheet["council_order"])
        problem = refusal(event)
        if problem:
            summary.value = problem
            summary.color = ft.Colors.ERROR
            page.update()
            return
        if len(sheet.get("priestess_values", [])) == 2:
            # (read-only: refused, and asked again next time; the round still goes)
            ctx.engine.remember_box_value(game, SECOND_VALUE, sheet["priestess_values"][1])
        page.pop_dialog()
        record(event)

    use.on_click = apply
    recompute()
    page.show_dialog(ft.AlertDialog(
        title=ft.Column([ft.Text(t("luna_round.title")), summary], spacing=4),
        content=ft.Column([*fields, ft.Divider(), outcome], scroll=ft.ScrollMode.AUTO,
                          width=380, height=540, spacing=8),
        inset_padding=ft.Padding.symmetric(horizontal=8, vertical=24),
        content_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                               on_click=lambda e: page.pop_dialog()), use],
    ))


def ask_second_value(ctx, game: str, then: Callable[[], None]) -> None:
    """Ask for the second number printed on the "5" Moon Priestess, before anything is
    worked out: it is not in the rulebook's text, so the app never assumes one (LU-2)."""
    page = ctx.page
    figure = priestess_figure(2)
    chosen: dict[str, int] = {}
    go = ft.FilledButton(content=t("luna_round.second_continue"), height=TAP, disabled=True)

    def pick(v: int) -> None:
        chosen["v"] = v
        go.disabled = False
        chips.show(v)
        page.update()

    # A printed value is not negative and not more than the large number (LU-2).
    chips = ChoiceRow([(v, t("luna_round.second_pick", value=v), str(v))
                       for v in range(figure + 1)], None, pick)

    def confirm(e) -> None:
        if "v" not in chosen:
            return
        # (read-only: refused, and asked again next time)
        ctx.engine.remember_box_value(game, SECOND_VALUE, chosen["v"])
        page.pop_dialog()
        then()

    go.on_click = confirm
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("luna_round.title")),
        content=ft.Column([
            ft.Text(t("luna_round.second_question", figure=figure), size=16),
            ft.Text(t("luna_round.second_why"), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            chips.control,
        ], spacing=12, tight=True, width=380),
        inset_padding=ft.Padding.symmetric(horizontal=8, vertical=24),
        actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                               on_click=lambda e: page.pop_dialog()), go],
    ))
