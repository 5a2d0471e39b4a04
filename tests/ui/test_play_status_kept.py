"""Play's status card stays on screen through a redraw while it shows the same lines
(companion/ui/views/play.py ``kept_status``): its words change in place, and its "Rule"
button, kept, opens the rule of the step shown now."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.flows.luna import FLOW
from companion.ui.views.play import Kept, kept_status
from tests.ui.drawn import Page
from tests.ui.test_home_and_results import texts

START = [{"type": "start", "player": 1}, {"type": "next"}, {"type": "next"}]


def views():
    """Luna's views from its start to the Action Phase, one a step."""
    state = FLOW.initial({"players": ["Ann", "Ben", "Cat"], "variant": "standard",
                          "setup": None})
    out = [FLOW.view(state)]
    for event in START + [{"type": "next"}]:
        state = FLOW.apply(state, event)
        out.append(FLOW.view(state))
    return out


def rule_button(card: ft.Control) -> ft.TextButton:
    found = []

    def walk(c) -> None:
        if isinstance(c, ft.TextButton):
            found.append(c)
        for child in [getattr(c, "content", None), *(getattr(c, "controls", None) or [])]:
            if isinstance(child, ft.Control):
                walk(child)

    walk(card)
    return found[0]


def test_the_status_card_changes_its_words_in_place_and_its_rule_is_the_step_shown():
    ctx = SimpleNamespace(page=Page("/table/t/play"), go=lambda route: None)
    kept = Kept()
    shrines, novices = views()[1:3]  # the Preliminary Round's first two steps
    card = kept_status(kept, shrines, ctx)
    assert "Preliminary Round — Shrines" in texts(card)
    rule = rule_button(card)

    assert kept_status(kept, novices, ctx) is card  # the same lines: kept
    assert "Preliminary Round — Novices" in texts(card)
    assert "Preliminary Round — Shrines" not in texts(card)
    assert rule_button(card) is rule
    rule.on_click(None)
    shown = " ".join(texts(ctx.page.dialog))
    assert "Next, beginning with" in shown and "Beginning with the" not in shown


def test_a_status_card_of_other_lines_is_made_anew():
    ctx = SimpleNamespace(page=Page("/table/t/play"), go=lambda route: None)
    kept = Kept()
    novices = views()[2]
    card = kept_status(kept, novices, ctx)
    turn = kept_status(kept, novices.model_copy(update={"active_player": "Ann"}), ctx)
    assert turn is not card and "Now: Ann" in texts(turn)
    assert kept_status(kept, novices, ctx) is not turn  # a line fewer: anew again
