"""Home drawn in-process (companion/ui/views/home.py) on a real store and engine: the five
games offered with their player ranges, a table with a Japanese name listed again from
the data folder opened anew, and Delete asking first (Cancel keeps the table)."""

from __future__ import annotations

import flet as ft

from companion.storage.store import Store
from companion.ui.views import home
from tests.e2e.tables import HOME_TILES
from tests.ui.drawn import button_named, drawn_ctx
from tests.ui.test_history_screens import controls_labelled
from tests.ui.test_home_and_results import texts, view_texts


def test_home_offers_the_five_games_each_with_its_player_range(tmp_path):
    shown = view_texts(home.build(drawn_ctx(Store(tmp_path))))
    start = shown.index("Start a new table")
    # Each game's tile: its name, then its player range, in the catalog's order.
    tiles = range(start + 1, start + 1 + 2 * len(HOME_TILES), 2)
    offered = [(shown[i], shown[i + 1]) for i in tiles]
    assert offered == HOME_TILES
    assert any(text.startswith("No table in progress") for text in shown)


def test_a_japanese_name_is_kept_and_listed_from_the_data_folder_opened_again(tmp_path):
    from companion.screens.new_table import NewTable

    store = Store(tmp_path)
    form = NewTable.open(store, "latria")
    form.choose_count(4)
    table_id, refused = form.create(drawn_ctx(store).engine, ["Ann", "さくら", "", ""], "")
    assert refused is None
    # As after a server restart: a new store on the same folder.
    shown = view_texts(home.build(drawn_ctx(Store(tmp_path))))
    at = shown.index("Open Latria table:")
    assert shown[at + 1] == "Ann, さくら, Player 3, Player 4"
    assert Store(tmp_path).get_table(table_id).players == ["Ann", "さくら", "Player 3",
                                                            "Player 4"]


def test_delete_asks_first_then_removes_the_table_and_undo_brings_it_back(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("luna", "standard", ["Ann", "Ben"])
    ctx = drawn_ctx(store)
    view = home.build(ctx)
    (delete,) = controls_labelled(view, "Delete Luna table: Ann, Ben")
    delete.on_click(None)
    dialog = ctx.page.dialog
    assert isinstance(dialog, ft.AlertDialog)
    assert texts(dialog.title) == ["Delete this table?"]
    button_named(dialog, "Cancel").on_click(None)
    assert ctx.page.dialog is None
    assert [t.id for t in store.list_tables()] == [table.id]  # still there
    delete.on_click(None)
    button_named(ctx.page.dialog, "Delete").on_click(None)
    assert ctx.page.dialog is None and ctx.notices == ["Table deleted"]
    assert Store(tmp_path).list_tables() == []  # gone from the folder, not only the screen
    shown = view_texts(home.build(drawn_ctx(Store(tmp_path))))
    assert any(text.startswith("No table in progress") for text in shown)
    # The notice's Undo: the table is back, and the phone is told so.
    words, undo = ctx.actions[-1]
    assert words == "Undo"
    undo()
    assert ctx.notices[-1] == "The table is back, with everything entered for it"
    assert [t.id for t in Store(tmp_path).list_tables()] == [table.id]
