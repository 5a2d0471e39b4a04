"""Altar: Realms of the Gods on a phone: each Realm's Shrines and active Altars, who placed
the last Shrine when a tie needs it, and how the game ended.

Altar has no points: the total is the progress (Shrines + active Altars), and the winners
are the players who completed their Realm (both Realms with 2 players). Each Realm shows
live whether it is complete or what it still needs.

- The god's name is optional: gods are free text (ruling AL-6) and the two named in the
  rulebook are offered as chips. Left blank, the sheet holds "" and the scorer calls the
  Realm "Realm 1"; a god that is named is named once.
- ``last_shrine_turn`` is asked only where it decides (``scorers.altar.turns_needed``:
  complete players who tie on Shrines, AL-2; with nobody complete, those tied for the most
  Shrines, AL-3), or when one is already entered (so it can be cleared); 0 means "not
  noted". ``last_shrine_order`` (the last Shrine's place among the Shrines of its turn) is
  asked of those of them whose turn another of them shares (a card's ability can place a
  Shrine on another player's Realm), or when one is already entered.
- ``end`` follows the Realms until someone picks it on this screen: "a Realm was
  completed" once a player is complete, "the draw deck ran out" while nobody is. So a
  sheet being entered is never refused for its end, and a pick by hand is never changed.
  An end that differs from the followed one when the form is drawn (picked earlier, or
  imported) counts as picked.
"""

from __future__ import annotations

import weakref
from typing import Any

import flet as ft

from companion.i18n import t
from companion.ui.widgets.common import TAP, choice_chip
from scorers.altar import (
    ALTARS_MAX,
    ENDS,
    KNOWN_GODS,
    REALM_TARGET,
    SHRINES_MAX,
    realm_complete,
    realm_missing,
    realms_per_player,
    shrine_tiles_in_play,
    turns_needed,
)

# editors whose end was picked by hand on the screen (then it is never changed for them)
_end_picked: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
NO_GOD = ""  # a Realm whose god is not named (optional, ruling AL-6)


def empty_sheet(session, box_values, setup) -> dict:
    n = len(session.players)
    realms = realms_per_player(n) if 2 <= n <= 5 else 1
    return {
        "game": "altar",
        "end": "deck_exhausted",
        "players": [
            {"name": name,
             "realms": [{"god": NO_GOD, "shrines": 0, "active_altars": 0}
                        for _ in range(realms)]}
            for name in session.players
        ],
    }


# ---------------------------------------------------------------- pure helpers


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def realm_counts(realm: dict) -> tuple[int, int]:
    return _int(realm.get("shrines")), _int(realm.get("active_altars"))


def player_shrines(player: dict) -> int:
    return sum(realm_counts(r)[0] for r in player.get("realms", []))


def player_done(player: dict) -> bool:
    """Complete: every Realm complete (both with 2 players; ruling AL-4)."""
    realms = player.get("realms", [])
    return bool(realms) and all(realm_complete(*realm_counts(r)) for r in realms)


def tied_groups(sheet: dict) -> list[list[int]]:
    """The groups of players whose last Shrine placed decides (Altar, Winner of the Game):
    complete players tied on Shrines (AL-2), or, when nobody completed and the game ended
    by the Shrine tiles or the deck, those tied for the most Shrines (AL-3) — as the
    scorer asks."""
    players = sheet.get("players", [])
    return turns_needed([player_shrines(p) for p in players],
                        [player_done(p) for p in players], str(sheet.get("end")),
                        overridden=sheet.get("ability_winner") is not None)


def tied_players(sheet: dict) -> list[int]:
    return sorted(i for group in tied_groups(sheet) for i in group)


def turn_players(sheet: dict) -> list[int]:
    """Players whose last-Shrine turn is asked: the tied ones and any already entered."""
    tied = set(tied_players(sheet))
    return [i for i, p in enumerate(sheet.get("players", []))
            if i in tied or p.get("last_shrine_turn") is not None]


def order_players(sheet: dict) -> list[int]:
    """Players whose last Shrine's place in its turn is asked: tied players whose
    last-Shrine turn another of their group shares (then the one placed later in that turn
    is the last, Altar, Winner of the Game), and any with one already entered."""
    players = sheet.get("players", [])
    turns = [p.get("last_shrine_turn") for p in players]
    shared = {i for group in tied_groups(sheet) for i in group
              if turns[i] is not None and any(turns[j] == turns[i] for j in group if j != i)}
    return [i for i, p in enumerate(players)
            if i in shared or p.get("last_shrine_order") is not None]


def followed_end(sheet: dict) -> str:
    """The end while nobody picked one: a Realm was completed, or else the deck ran out."""
    players = sheet.get("players", [])
    return "realm_completed" if any(player_done(p) for p in players) else "deck_exhausted"


def shrines_placed(sheet: dict) -> int:
    return sum(player_shrines(p) for p in sheet.get("players", []))


# ---------------------------------------------------------------- controls


def end_label(end: str) -> str:
    return {
        "realm_completed": t("altar.end_realm_completed"),
        "shrines_depleted": t("altar.end_shrines_depleted"),
        "deck_exhausted": t("altar.end_deck_exhausted"),
    }[end]


def realm_status(shrines: int, altars: int) -> tuple[str, str]:
    if realm_complete(shrines, altars):
        return t("altar.realm_complete"), ft.Colors.PRIMARY
    return t("altar.realm_needs", missing=realm_missing(shrines, altars)), \
        ft.Colors.ON_SURFACE_VARIANT


GOD_KEYS = {"Goddess of Love": "altar.known_god.goddess_of_love",
            "Ancient God": "altar.known_god.ancient_god"}


def god_name(god: str) -> str:
    """A god the rulebook names, in the phone's language."""
    return t(GOD_KEYS[god]) if god in GOD_KEYS else god


def god_field(editor, path: tuple, realm_label: str) -> list[ft.Control]:
    """The god's name (optional) and chips for the gods the rulebook names."""
    label = (t("altar.god_n", realm=realm_label) if realm_label else t("altar.god"))
    field = editor.text(path, label, hint=t("altar.god_hint"), blank=NO_GOD)
    chips = ft.Row(wrap=True, spacing=8, run_spacing=8)

    def render() -> None:
        current = editor.get(path)
        chips.controls = []
        for god in KNOWN_GODS:
            # The god is free text (AL-6): a chip writes its name in the phone's language,
            # and a name written in either language shows its chip picked.
            name = god_name(god)
            chips.controls.append(choice_chip(
                t("altar.pick_god", label=label, god=name), name, current in (god, name),
                lambda e, g=name: pick(g)))

    def pick(god: str) -> None:
        current = editor.get(path) or ""
        picked = god_name(current) == god  # "Ancient God" or 古き神: its chip is picked
        new = NO_GOD if picked else god  # tapping the picked god clears it
        field.value = new
        editor.set(path, new)

    render()
    editor.follow(f"altar.gods.{path}", render, controls=[chips])
    return [field, chips]


def player_controls(editor, index: int) -> list[ft.Control]:
    player = editor.get(("players", index))
    realms = player.get("realms", [])
    note = t("altar.progress_note")
    if len(realms) > 1:
        note += " " + t("altar.both_realms")
    controls: list[ft.Control] = [ft.Text(note, size=14, color=ft.Colors.ON_SURFACE_VARIANT)]
    for j in range(len(realms)):
        base = ("players", index, "realms", j)
        realm_label = t("altar.realm_n", n=j + 1) if len(realms) > 1 else ""
        prefix = f"{realm_label} · " if realm_label else ""
        status = ft.Text("", size=14, weight=ft.FontWeight.W_600)

        def show_status(base=base, status=status) -> None:
            status.value, status.color = realm_status(*realm_counts(editor.get(base, {})))

        show_status()
        editor.follow(f"altar.status.{j}", show_status, controls=[status])
        content = [ft.Text(realm_label or t("altar.realm"), size=17,
                           weight=ft.FontWeight.W_600)]
        content += god_field(editor, (*base, "god"), realm_label)
        content += [
            editor.stepper((*base, "shrines"), t("altar.shrines"),
                           maximum=SHRINES_MAX, hint=t("altar.shrines_hint", max=SHRINES_MAX),
                           name=f"{prefix}{t('altar.shrines')}"),
            editor.stepper((*base, "active_altars"), t("altar.altars"),
                           maximum=ALTARS_MAX,
                           hint=t("altar.altars_hint", max=ALTARS_MAX, target=REALM_TARGET),
                           name=f"{prefix}{t('altar.altars')}"),
            status,
        ]
        controls.append(ft.Container(
            ft.Column(content, spacing=8),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12,
            padding=ft.Padding.only(left=12, right=4, top=10, bottom=10),
        ))
    return controls


def table_controls(editor) -> list[ft.Control]:
    sheet = editor.sheet
    players = sheet.get("players", [])
    n = len(players)
    tiles = shrine_tiles_in_play(n) if 2 <= n <= 5 else None
    placed = ft.Text("", size=14)
    placed_error = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)
    end_note = ft.Text(t("altar.end_followed"), size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    shown_turns = turn_players(sheet)
    shown_orders = order_players(sheet)
    if sheet.get("end") != followed_end(sheet):
        _end_picked[editor] = True  # an end that differs was picked (or imported): keep it

    def show_placed(message: str | None) -> None:
        placed_error.value = message or ""
        placed_error.visible = bool(message)

    def follow() -> None:
        placed.value = (t("altar.tiles_placed", placed=shrines_placed(sheet), tiles=tiles)
                        if tiles else "")
        end_note.visible = editor not in _end_picked
        redraw = turn_players(sheet) != shown_turns or order_players(sheet) != shown_orders
        if editor not in _end_picked and sheet.get("end") in ("realm_completed",
                                                              "deck_exhausted"):
            want = followed_end(sheet)
            if sheet.get("end") != want:
                sheet["end"] = want
                redraw = True
        if redraw:
            editor.rebuild()

    def pick_end(end: str) -> None:
        _end_picked[editor] = True
        end_note.visible = False
        editor.set(("end",), end)

    placed.value = (t("altar.tiles_placed", placed=shrines_placed(sheet), tiles=tiles)
                    if tiles else "")
    end_note.visible = editor not in _end_picked
    editor.follow("altar.table", follow, controls=[placed, end_note])
    editor.error_slot("players", show_placed, placed_error,
                      lambda: (placed_error.value, placed_error.visible))

    controls: list[ft.Control] = [ft.Divider(), placed, placed_error]
    if shown_turns or shown_orders:
        controls += [
            ft.Text(t("altar.last_shrine"), size=17, weight=ft.FontWeight.W_600),
            ft.Text(t("altar.last_shrine_hint"), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        for i in sorted({*shown_turns, *shown_orders}):
            name = players[i].get("name", "")
            if i in shown_turns:
                controls.append(editor.optional_stepper(
                    ("players", i, "last_shrine_turn"), t("altar.last_shrine_turn", name=name),
                    hint=t("altar.last_shrine_turn_hint")))
            if i in shown_orders:
                # Altar, Winner of the Game: "the player who placed the last Shrine" — two
                # last Shrines in one turn are told apart by which was placed later.
                controls.append(editor.optional_stepper(
                    ("players", i, "last_shrine_order"),
                    t("altar.last_shrine_order", name=name), maximum=tiles,
                    hint=t("altar.last_shrine_order_hint")))
    controls += [
        editor.choice(("end",), t("altar.end"),
                      [(end, end_label(end)) for end in ENDS], on_pick=pick_end),
        end_note,
    ]
    controls += ability_controls(editor)
    return controls


def ability_controls(editor) -> list[ft.Control]:
    """A winner recorded on Results as won by a god's or follower's ability (AL-3): said
    here, with the way to take it back (the entries above can make it not apply)."""
    winner = editor.sheet.get("ability_winner")
    if winner is None:
        return []
    error = ft.Text("", color=ft.Colors.ERROR, size=14, visible=False)

    def show(message: str | None) -> None:
        error.value = message or ""
        error.visible = bool(message)

    def clear(e) -> None:
        editor.unset(("ability",))
        editor.unset(("ability_winner",))
        editor.rebuild()

    editor.error_slot("ability_winner", show, error, lambda: (error.value, error.visible))
    ability = editor.sheet.get("ability")
    text = (t("altar.ability_recorded_by", name=winner, ability=ability) if ability
            else t("altar.ability_recorded", name=winner))
    return [ft.Text(text, size=14), error,
            ft.Row([ft.OutlinedButton(content=t("altar.ability_clear"), height=TAP,
                                      on_click=clear)])]
