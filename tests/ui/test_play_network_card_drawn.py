"""Carpe Astra's Gain Support on Play drawn in-process (companion/ui/views/play.py) on a
real store and engine: "Scored a Network card" tapped with no guild chosen records
nothing and says what to choose; with a guild chosen the card is recorded, its token
leaves the supply, and the form for the next card starts with nothing chosen again."""

from __future__ import annotations

import flet as ft

from companion.i18n import speaking
from companion.storage.store import Store
from companion.ui.views import play as play_view
from tests.screens.test_play_latria import Table
from tests.ui.drawn import drawn_ctx
from tests.ui.test_home_and_results import view_texts
from tests.ui.test_play_unrecorded_drawn import controls, tap

NETWORK = "Scored a Network card"


def chips(view: ft.View, field: str) -> dict[str, ft.Semantics]:
    """The chips of the field ``field``, by their choice's words."""
    prefix = f"{field}: "
    return {c.content.content.semantics_label.removeprefix(prefix): c for c in controls(view)
            if isinstance(c, ft.Semantics) and c.button
            and (c.content.content.semantics_label or "").startswith(prefix)}


def picked(view: ft.View, field: str) -> list[str]:
    return [choice for choice, chip in chips(view, field).items() if chip.selected]


def big_button(view: ft.View) -> str:
    """The words of the big button, on the right of the bottom bar."""
    return view.controls[-1].controls[-1].content


def after(view: ft.View, label: str) -> str:
    """What the screen shows beside (after) ``label``: a marker's value."""
    shown = view_texts(view)
    return shown[shown.index(label) + 1]


def test_a_network_card_tapped_with_no_guild_records_nothing_and_says_what_to_choose(
        tmp_path):
    store = Store(tmp_path)
    table = Table(store, "carpe_astra", ["Ann", "Ben", "Cleo"])
    table.press("Start round 1", {"Start player": "Ann"})
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        table.press(label)
    ctx = drawn_ctx(store, f"/table/{table.id}/play")
    with speaking("en"):
        view = play_view.build(ctx, table.id)
        ctx.page.views[:] = [view]
        # Nothing chosen for the player: no guild (not the first, Military), and with
        # two opponents, no one slandered.
        assert list(chips(view, "Support token taken"))[:2] == ["Military", "Traders"]
        assert picked(view, "Support token taken") == []
        assert list(chips(view, "Opponent slandered")) == ["Ben", "Cleo"]
        assert picked(view, "Opponent slandered") == []
        assert big_button(view) == "Nothing scored: +2 credits — Next: Draw"
        seq, supply = store.last_seq(table.id), after(view, "Supply: Priests")

        tap(view, NETWORK)
        assert ctx.notices == ["First choose the guild whose support token was taken, or "
                               "“nobody / none” if the card's guilds have none left."]
        assert store.last_seq(table.id) == seq  # nothing recorded
        assert "1 card scored this turn." not in view_texts(view)
        assert big_button(view) == "Nothing scored: +2 credits — Next: Draw"

        chips(view, "Support token taken")["Priests"].content.on_click(None)
        assert picked(view, "Support token taken") == ["Priests"]
        tap(view, NETWORK)
        assert store.last_seq(table.id) == seq + 1 and len(ctx.notices) == 1
        assert ctx.page.views == [view]  # drawn again in place
        assert "1 card scored this turn." in view_texts(view)
        assert big_button(view) == "Next: Draw"
        assert (supply, after(view, "Supply: Priests")) == ("3", "2")
        assert picked(view, "Support token taken") == []  # the next card's form: afresh
