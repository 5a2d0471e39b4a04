"""Every screen of every game, drawn in-process in English and in Japanese, read as a
player reads it: in English no ruling id, file of the program or program word
(tests/e2e/words.py ``program_words``); in Japanese no English left but a player's name,
a box's English name or a quote of an English rulebook under its 英語 mark
(tests/e2e/test_walk_japanese.py ``english_left``). The screens: Home, New table, and per
game the table, Setup, Play before and after its first tap, Score and Results. The walks
in tests/e2e/ read the same screens in a browser and take their screenshots."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.i18n import LANGUAGE_NAMES, speaking, t
from companion.screens.play import Play
from companion.storage.store import Store
from companion.ui.views import home, new_table, play, results, score, setup, table
from tests.e2e.test_walk_japanese import english_left
from tests.e2e.words import program_words
from tests.ui.test_home_and_results import fake_ctx, texts

GAMES = [  # (game, variant, players): the walks' tables
    ("latria", "standard", ["Ann", "Ben", "Cleo"]),
    ("carpe_astra", "standard", ["Ann", "Ben", "Cleo"]),
    ("luna", "standard", ["Ann", "Ben", "Cleo", "Dan"]),
    ("luna", "solo1", ["Mika"]),
    ("altar", "standard", ["Ann", "Ben"]),
    ("latoro", "standard", ["Ann", "Ben", "あおい"]),
]
IDS = [f"{game}-{len(players)}" for game, _, players in GAMES]
SHOWN_NAMES = ("home", "table", "score", "results")  # the screens that name the players


def phone(store: Store):
    ctx = fake_ctx(store)
    ctx.where_now = {}
    ctx.page = SimpleNamespace(show_dialog=lambda d: None, pop_dialog=lambda: None,
                               update=lambda *controls: None, views=[],
                               session=SimpleNamespace(store={}))  # (served by nothing)
    ctx.taking_change = False
    ctx.redraw = lambda view: None
    ctx.show_notice = lambda text, kind="changed", action=None: None
    ctx.update_screen = lambda: None
    return ctx


def screen_texts(view) -> list[str]:
    """What the screen shows and tells a screen reader; not a radio button's value (the
    program's name of the choice: its label is what is shown), nor the language chips'
    names (each language named in its own words, as a phone's language list does)."""
    parts = [*view.controls, view.appbar, getattr(view, "bottom_appbar", None)]
    names = LANGUAGE_NAMES.values()
    hidden = {*names, *(t("home.language_choice", language=n) for n in names),
              *radio_values(view)}
    return [text for c in parts for text in texts(c) if text not in hidden]


def radio_values(control) -> list[str]:
    found = []
    if isinstance(control, ft.Radio) and isinstance(control.value, str):
        found.append(control.value)
    for name in ("content", "title", "leading", "trailing", "appbar"):
        child = getattr(control, name, None)
        if isinstance(child, ft.Control):
            found += radio_values(child)
    for child in getattr(control, "controls", None) or []:
        found += radio_values(child)
    return found


def first_tap(store: Store, ctx, table_id: str) -> None:
    """The step's primary button, as the walks tap it."""
    drawn = Play.open(store, table_id)
    primary = [a for a in drawn.view.actions if a.primary]
    if primary:
        from companion.flows import build_event
        drawn.tap(ctx.engine, build_event(primary[0]))


def screens(tmp_path, game: str, variant: str, players: list[str]) -> dict[str, list[str]]:
    store = Store(tmp_path)
    ctx = phone(store)
    table_id = store.create_table(game, variant, players, seed=5).id
    read = {"home": screen_texts(home.build(ctx)),
            "new-table": screen_texts(new_table.build(ctx, game)),
            "table": screen_texts(table.build(ctx, table_id)),
            "setup": screen_texts(setup.build(ctx, table_id)),
            "play": screen_texts(play.build(ctx, table_id))}
    first_tap(store, ctx, table_id)
    read["play-1"] = screen_texts(play.build(ctx, table_id))
    read["score"] = screen_texts(score.build(ctx, table_id))
    # (built without a phone's page, as its share buttons allow: their actions need one)
    read["results"] = screen_texts(results.build(fake_ctx(store), table_id))
    return read


@pytest.mark.parametrize("game, variant, players", GAMES, ids=IDS)
def test_every_screen_speaks_the_players_words(tmp_path, game, variant, players):
    with speaking("en"):
        read = screens(tmp_path, game, variant, players)
    assert all(players[0] in " ".join(read[name]) for name in SHOWN_NAMES)  # read whole
    found = {name: program_words(lines) for name, lines in read.items()}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("game, variant, players", GAMES, ids=IDS)
def test_every_screen_speaks_japanese(tmp_path, game, variant, players):
    with speaking("ja"):
        read = screens(tmp_path, game, variant, players)
    assert all(players[0] in " ".join(read[name]) for name in SHOWN_NAMES)
    found = {name: english_left(lines, players) for name, lines in read.items()}
    assert {k: v for k, v in found.items() if v} == {}
