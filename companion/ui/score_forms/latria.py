"""Latria's score sheet on a phone: each player's two piles as they lie on the table.

The face-down pile (cards acquired, no eclipse marker) and the pile under the eclipse
marker are entered separately. Celestial cards are counted by body and value with steppers
that stop at what the box holds (the copies on other piles count against it); astrology
cards are tapped by suit and number. Polaris and Latria astrology cards carry printed
values the rulebook text does not give (ruling L-1): the first time one is
entered the app asks what is printed and remembers it for the next game.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import say, t
from companion.ui.widgets import why
from companion.ui.widgets.common import TAP, choice_chip
from companion.ui.widgets.stepper import Stepper
from scorers.latria import (
    ASTROLOGY_VP_TABLE,
    BODIES,
    CELESTIAL_BOX,
    CELESTIAL_VP,
    NAMES,
    PRINTED_VALUE_SUITS,
    SPECIAL_NAMES,
    SPECIALS,
    SUITS,
    astrology_numbers_in_play,
    card_label,
)
from scorers.sheet_models.latria import Card

PILES = ("cards", "eclipsed")


def sheet_variant(session) -> str:
    # A campaign is a series of standard games (Latria, Extension Rules 3).
    return "standard" if session.variant == "campaign" else session.variant


def empty_sheet(session, box_values, setup) -> dict:
    return {
        "game": "latria",
        "variant": sheet_variant(session),
        "players": [{"name": name, "cards": [], "eclipsed": []} for name in session.players],
    }


# -- which physical card a sheet entry is ------------------------------------------------
def celestial_kind(card: dict) -> tuple | None:
    if "celestial" in card:
        return (card["celestial"], card.get("special") or card.get("vp"))
    return None


def astrology_kind(card: dict) -> tuple | None:
    if "astrology" in card:
        return (card["astrology"], card.get("number"))
    return None


def all_piles(sheet: dict):
    """(player index, pile, card) for every card on the sheet."""
    for i, player in enumerate(sheet.get("players", [])):
        for pile in PILES:
            for card in player.get(pile) or []:
                yield i, pile, card


def celestial_card(body: str, value) -> dict:
    if isinstance(value, str):
        return {"celestial": body, "special": value}
    return {"celestial": body, "vp": value}


def printed_key(suit: str, number: int) -> str:
    return f"{suit}_{number}"


def astrology_card(suit: str, number: int, printed: dict | None) -> dict:
    card = {"astrology": suit, "number": number}
    if suit in PRINTED_VALUE_SUITS and printed:
        card.update({k: v for k, v in printed.items() if k in ("vp", "multiplier")})
    return card


def holdable_numbers(suit: str, players: int) -> list[int]:
    """Astrology numbers a player can end with: in play for the player count, and for Sun
    and Moon only those with VP (a card without VP or effect is never kept, ruling L-8)."""
    numbers = list(astrology_numbers_in_play(players))
    if suit in ASTROLOGY_VP_TABLE:
        numbers = [n for n in numbers if ASTROLOGY_VP_TABLE[suit][n] > 0]
    return numbers


# -- the form -----------------------------------------------------------------------------
def shown_pile(editor, index: int) -> str:
    """Which of the player's piles is on screen: each player's own choice, starting on
    the face-down pile (a choice made for one player never carries over to the next)."""
    simple = editor.sheet.get("variant") == "simple"
    pile = editor.ui.get(f"latria_pile_{index}", "cards")
    return pile if pile in (("cards",) if simple else PILES) else "cards"


def header_controls(editor, index: int) -> list[ft.Control]:
    """Kept at the top of the Score screen, above the entries: which pile they go to."""
    if editor.sheet.get("variant") == "simple":
        return []
    pile = shown_pile(editor, index)

    def pick_pile(value: str) -> None:
        editor.ui[f"latria_pile_{index}"] = value
        editor.rebuild()

    return [editor_choice(editor, {"pile": pile}, "pile", t("latria.pile"),
                          [("cards", t("latria.pile.cards")),
                           ("eclipsed", t("latria.pile.eclipsed"))], pick_pile)]


def player_controls(editor, index: int) -> list[ft.Control]:
    sheet = editor.sheet
    simple = sheet.get("variant") == "simple"
    pile = shown_pile(editor, index)
    player = sheet["players"][index]
    for p in PILES:
        player.setdefault(p, [])
    controls: list[ft.Control] = []
    if pile == "eclipsed":
        controls.append(ft.Text(t("latria.eclipsed_hint"), size=14,
                                color=ft.Colors.ON_SURFACE_VARIANT))

    cards: list[dict] = player[pile]

    def count_of(kind: tuple) -> int:
        return sum(1 for c in cards if celestial_kind(c) == kind)

    def held_elsewhere(kind: tuple) -> int:
        return sum(1 for i, p, c in all_piles(sheet)
                   if celestial_kind(c) == kind and not (i == index and p == pile))

    def set_count(body: str, value, n: int) -> None:
        kind = (body, value)
        current = [c for c in cards if celestial_kind(c) == kind]
        if n > len(current):
            cards.extend(celestial_card(body, value) for _ in range(n - len(current)))
        else:
            for c in current[n:]:
                cards.remove(c)
        editor.changed()
        if value == "discard_two" or holds_polaris_card(player):
            editor.rebuild()  # the Polaris card's list of removable cards changed

    controls.append(ft.Text(t("latria.celestial"), size=17, weight=ft.FontWeight.W_600))
    for body in BODIES:
        values: list = list(CELESTIAL_VP[body])
        if not simple:  # Simple variant: the three special cards are out (Extension Rules 1)
            values.append(SPECIALS[body])
        for value in values:
            kind = (body, value)
            in_box = CELESTIAL_BOX[kind]
            label = (f"{say(NAMES[body])} {say(SPECIAL_NAMES[value])}" if isinstance(value, str)
                     else t("latria.celestial_vp", body=NAMES[body], vp=value))
            room = in_box - held_elsewhere(kind)
            stepper = Stepper(label, count_of(kind), lambda n: None,
                              maximum=max(room, count_of(kind)),
                              hint=t("latria.in_box", n=in_box),
                              whom=editor.whose(("players", index, pile)))
            # A count changes that stepper only (the others' limits count the other piles).
            stepper.on_change = lambda n, b=body, v=value, s=stepper: editor.change_from(
                s.control, lambda: set_count(b, v, n))
            controls.append(stepper.control)

    controls.append(ft.Text(t("latria.astrology"), size=17, weight=ft.FontWeight.W_600))
    controls.append(why.with_link(editor.page, ft.Text(t("latria.astrology_hint"), size=14,
                                                       color=ft.Colors.ON_SURFACE_VARIANT),
                                  ["L-1"]))
    taken = {astrology_kind(c): (i, p) for i, p, c in all_piles(sheet) if astrology_kind(c)}
    players = len(sheet["players"])
    for suit in SUITS:
        chips = []
        for number in holdable_numbers(suit, players):
            owner = taken.get((suit, number))
            mine = owner == (index, pile)
            elsewhere = owner is not None and not mine
            label = t("latria.astrology_card", suit=NAMES[suit], number=number)
            text = str(number)
            if suit in ASTROLOGY_VP_TABLE:
                text += f" · {ASTROLOGY_VP_TABLE[suit][number]}★"
            elif (printed := editor.box_values.get(printed_key(suit, number))):
                text += " · " + printed_text(printed)
            chips.append(choice_chip(
                label, text, mine,
                lambda e, s=suit, n=number: toggle_astrology(editor, cards, s, n),
                disabled=elsewhere))
        controls.append(ft.Column([ft.Text(say(NAMES[suit]), size=15),
                                   ft.Row(chips, wrap=True, spacing=6, run_spacing=6)],
                                  spacing=4))
    controls += discard_controls(editor, index)
    known = [k for k, v in editor.box_values.items()
             if v is not None and k.split("_")[0] in PRINTED_VALUE_SUITS]
    if known:
        def forget(e) -> None:
            for key in known:
                editor.remember(key, None)  # asked again the next time the card is tapped
            editor.rebuild()

        # Two lines at 360 px (three in Japanese): a row that grows with them, as a
        # text button does not (its height stays one line's, and cut the second).
        words = t("latria.printed_forget")
        controls.append(ft.Semantics(label=words, button=True, exclude_semantics=True,
                                     on_tap=forget, content=ft.Container(
            ft.Row([ft.Icon(ft.Icons.EDIT_NOTE, color=ft.Colors.PRIMARY),
                    ft.Text(words, size=15, color=ft.Colors.PRIMARY, expand=True)],
                   spacing=10),
            on_click=forget, ink=True, border_radius=8,
            padding=ft.Padding.symmetric(horizontal=12, vertical=14))))
    return controls


def holds_polaris_card(player: dict) -> bool:
    return any(c.get("special") == "discard_two"
               for pile in PILES for c in player.get(pile) or [])


def discard_controls(editor, index: int) -> list[ft.Control]:
    """The Polaris "two red symbols" card: its holder removes two other cards (Polaris card
    note, ruling L-3). The players pick the two, or leave it to the app, which removes the
    two that leave the best total and says which (L-4)."""
    player = editor.sheet["players"][index]
    held = [c for pile in PILES for c in player.get(pile) or []]
    polaris = next((c for c in held if c.get("special") == "discard_two"), None)
    picks_key = f"latria_discard_{index}"
    if polaris is None:
        player.pop("discarded", None)  # only the holder lists removed cards
        editor.ui.pop(picks_key, None)
        return []
    others = [c for c in held if c is not polaris]
    title = ft.Text(t("latria.discard_title"), size=17, weight=ft.FontWeight.W_600)
    # The table's other reading of L-3: the card is one of the held cards and may go too;
    # then only "2 or fewer cards, including this card itself" leaves no choice.
    itself = (editor.sheet.get("readings") or {}).get("L-3") == "alternative"
    if len(others) <= (1 if itself else 2):
        player.pop("discarded", None)
        return [title, why.with_link(editor.page, ft.Text(t("latria.discard_all"), size=14),
                                     ["L-3"])]
    if itself:
        others = [polaris, *others]
    if "discarded" in player:  # the sheet says which two (entered here or imported)
        picks = matching_indices(others, player["discarded"])
    else:  # at most one tapped so far; the app chooses until the second
        picks = [i for i in editor.ui.get(picks_key, []) if i < len(others)][:1]

    def pick_auto() -> None:
        editor.ui[picks_key] = []
        player.pop("discarded", None)
        editor.changed()
        editor.rebuild()

    def toggle(i: int) -> None:
        chosen = [p for p in picks if p != i] if i in picks else [*picks, i][-2:]
        editor.ui[picks_key] = chosen
        if len(chosen) == 2:
            player["discarded"] = [dict(others[k]) for k in chosen]
        else:
            player.pop("discarded", None)  # the app chooses until two are picked
        editor.changed()
        editor.rebuild()

    auto = "discarded" not in player
    chips = [choice_chip(t("latria.discard_auto"), t("latria.discard_auto"), auto,
                         lambda e: pick_auto())]
    for i, card in enumerate(others):
        label = readable_card(card)
        chips.append(choice_chip(t("latria.discard_card", card=label), label, i in picks,
                                 lambda e, i=i: toggle(i)))
    if len(picks) == 2:
        status = t("latria.discard_picked", cards=" + ".join(
            readable_card(others[i]) for i in picks))
    elif picks:
        status = t("latria.discard_one_more", card=readable_card(others[picks[0]]))
    else:
        status = t("latria.discard_by_app")
    return [title, why.with_link(editor.page, ft.Text(t("latria.discard_hint"), size=14,
                                                      color=ft.Colors.ON_SURFACE_VARIANT),
                                 ["L-3", "L-4"]),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            ft.Text(status, size=14, weight=ft.FontWeight.W_600)]


def matching_indices(cards: list[dict], wanted: list[dict] | None) -> list[int]:
    """Positions in ``cards`` of the ``wanted`` cards (each position used once)."""
    found: list[int] = []
    for card in wanted or []:
        i = next((k for k, c in enumerate(cards) if c == card and k not in found), None)
        if i is not None:
            found.append(i)
    return found


def readable_card(card: dict) -> str:
    try:
        return say(card_label(Card.model_validate(card)))

    except ValueError:
        return str(card)


def editor_choice(editor, holder: dict, key: str, label: str, options, on_pick):
    """A choice bound to screen state rather than to the sheet."""
    row = ft.Row(wrap=True, spacing=8, run_spacing=8)
    row.controls = [choice_chip(f"{label}: {text}", text, value == holder[key],
                                lambda e, v=value: on_pick(v))
                    for value, text in options]
    return ft.Column([ft.Text(label, size=15), row], spacing=6)


def printed_text(printed: dict) -> str:
    parts = []
    if printed.get("vp"):
        parts.append(f"{printed['vp']}★")
    if printed.get("multiplier") is not None:
        parts.append(f"×{printed['multiplier']}")
    return " ".join(parts) or "0★"


def toggle_astrology(editor, cards: list[dict], suit: str, number: int) -> None:
    existing = next((c for c in cards if astrology_kind(c) == (suit, number)), None)
    if existing is not None:
        cards.remove(existing)
        editor.changed()
        editor.rebuild()
        return
    printed = editor.box_values.get(printed_key(suit, number))
    if suit in PRINTED_VALUE_SUITS and printed is None:
        ask_printed(editor, cards, suit, number)
        return
    cards.append(astrology_card(suit, number, printed))
    editor.changed()
    editor.rebuild()


def ask_printed(editor, cards: list[dict], suit: str, number: int) -> None:
    """Ask once what a Polaris or Latria astrology card shows (ruling L-1)."""
    page = editor.page
    choice = {"vp": 0, "multiplier": None}
    vp = Stepper(t("latria.printed_vp"), 0, lambda n: choice.update(vp=n), maximum=9)
    double = ft.Checkbox(label=t("latria.printed_x2"), value=False,
                         on_change=lambda e: choice.update(
                             multiplier=2 if e.control.value else None))

    def save(e) -> None:
        printed = {"vp": choice["vp"]} if choice["vp"] else {}
        if choice["multiplier"] is not None:
            printed["multiplier"] = choice["multiplier"]
        editor.remember(printed_key(suit, number), printed)
        cards.append(astrology_card(suit, number, printed))
        page.pop_dialog()
        editor.changed()
        editor.rebuild()

    page.show_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(t("latria.printed_title", suit=NAMES[suit], number=number)),
        content=ft.Column([ft.Text(t("latria.printed_body")), vp.control, double],
                          tight=True, width=340),
        actions=[ft.TextButton(content=t("common.cancel"), height=TAP,
                               on_click=lambda e: page.pop_dialog()),
                 ft.FilledButton(content=t("latria.printed_save"), height=TAP, on_click=save)],
    ))


def table_controls(editor) -> list[ft.Control]:
    return []
