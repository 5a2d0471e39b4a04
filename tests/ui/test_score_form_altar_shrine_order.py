"""Altar's Score form asks, when two tied players' last Shrines came in the same turn,
each one's place among that turn's Shrines (``last_shrine_order``), and
what Play passed on reaches the sheet and scores."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import flet as ft
import pytest

from companion.ui.score_forms import altar as altar_form
from companion.ui.score_forms.editor import Editor
from scorers.base import SheetProblems
from scorers.sheets import score_sheet


def tied_sheet() -> dict:
    """Nobody complete, the deck ran out: Ann and Ben tie for the most Shrines (1)."""
    sheet = altar_form.empty_sheet(SimpleNamespace(players=["Ann", "Ben", "Cat"]), {}, None)
    for i in (0, 1):
        sheet["players"][i]["realms"][0]["shrines"] = 1
    return sheet


def labels(controls: list[ft.Control]) -> list[str]:
    out = []
    for c in controls:
        out += [getattr(x, "value", None) for x in _walk(c)]
    return [v for v in out if isinstance(v, str)]


def _walk(control):
    yield control
    for attr in ("controls", "content"):
        inner = getattr(control, attr, None)
        for child in inner if isinstance(inner, list) else [inner] if inner else []:
            yield from _walk(child)


def test_the_place_in_the_turn_is_asked_only_for_a_shared_turn():
    sheet = tied_sheet()
    assert altar_form.turn_players(sheet) == [0, 1]
    assert altar_form.order_players(sheet) == []
    sheet["players"][0]["last_shrine_turn"] = 4
    sheet["players"][1]["last_shrine_turn"] = 5
    assert altar_form.order_players(sheet) == []
    sheet["players"][1]["last_shrine_turn"] = 4
    assert altar_form.order_players(sheet) == [0, 1]
    # Cat has no Shrine and is not tied: an order entered for her is still shown, so it
    # can be cleared.
    sheet["players"][2]["last_shrine_order"] = 1
    assert altar_form.order_players(sheet) == [0, 1, 2]


def test_the_form_draws_the_place_fields_and_the_sheet_scores_with_them():
    sheet = tied_sheet()
    redraws = []
    editor = Editor(sheet, lambda changes: None)
    editor.rebuild = lambda: redraws.append(1)
    altar_form.table_controls(editor)
    editor.set(("players", 0, "last_shrine_turn"), 4)
    assert not redraws
    editor.set(("players", 1, "last_shrine_turn"), 4)
    assert redraws  # the same turn: drawn again with the place fields
    with pytest.raises(SheetProblems) as err:
        score_sheet(copy.deepcopy(sheet))
    assert {p.where for p in err.value.problems} == {"players[0].last_shrine_order",
                                                     "players[1].last_shrine_order"}
    editor = Editor(sheet, lambda changes: None)
    shown = labels(altar_form.table_controls(editor))
    assert "Ann's last Shrine, place in its turn" in shown
    assert "Ben's last Shrine, place in its turn" in shown
    assert "players[1].last_shrine_order" in editor.error_slots
    editor.set(("players", 0, "last_shrine_order"), 1)
    editor.set(("players", 1, "last_shrine_order"), 2)
    assert score_sheet(copy.deepcopy(sheet)).winners == ["Ben"]
    editor.unset(("players", 1, "last_shrine_order"))  # 0 = not noted: left out
    assert "last_shrine_order" not in sheet["players"][1]
