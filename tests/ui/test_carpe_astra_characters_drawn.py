"""Carpe Astra's characters card on Setup (companion/ui/views/setup_characters.py) drawn
in-process: once play has begun it says the characters stay as they are, every chip is
shown but cannot be tapped, and the way back to the draw is gone."""

from __future__ import annotations

import flet as ft

from companion.i18n import speaking
from companion.ui.views.setup_characters import characters_card
from setup_guides import make_setup
from tests.ui.test_home_and_results import texts

NAMES = ["Ann", "Ben", "Cleo"]


def chips(control) -> list:
    """Every tappable chip of the card, depth first."""
    found = []

    def walk(c) -> None:
        if isinstance(c, ft.Chip | ft.Container) and getattr(c, "on_click", None):
            found.append(c)
        for name in ("content", "controls"):
            inner = getattr(c, name, None)
            for child in inner if isinstance(inner, list) else [inner]:
                if isinstance(child, ft.Control):
                    walk(child)

    walk(control)
    return found


def test_the_characters_stay_as_they_are_once_play_has_begun():
    drawn = make_setup("carpe_astra", 3, "standard", 5)
    chosen = make_setup("carpe_astra", 3, "standard", 5,
                        characters=list(reversed(drawn.characters)))
    with speaking("en"):
        before = characters_card(chosen, NAMES, False, lambda picked: None)
        after = characters_card(chosen, NAMES, True, lambda picked: None)
        shown_before, shown_after = texts(before), texts(after)
    assert "Back to the draw" in shown_before
    assert "Play has begun: the characters stay as they are." in shown_after
    assert "Back to the draw" not in shown_after
    live, fixed = chips(before), chips(after)
    assert len(fixed) >= 12 and len(fixed) == len(live)  # 3 players × 4 characters at least
    assert all(c.disabled for c in fixed) and not any(c.disabled for c in live)
