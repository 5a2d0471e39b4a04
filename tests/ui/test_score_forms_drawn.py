"""The score forms as Score draws them, without a browser: Latria asks once what is printed
on a Polaris astrology card and the next table remembers it; the Polaris card's holder
picks the two cards removed, chip by chip; the + of a count stops at what the box holds;
Altar says what a Realm still needs, and that Results recorded a winner by an ability."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.score import header
from companion.storage.store import Store
from companion.ui.score_forms import altar as altar_form
from companion.ui.score_forms import form_for
from companion.ui.score_forms.editor import Editor
from tests.ui.drawn import Page
from tests.ui.test_history_screens import controls_labelled
from tests.ui.test_home_and_results import texts


def drawn(controls: list[ft.Control]) -> SimpleNamespace:
    return SimpleNamespace(controls=controls)


def tap(controls: list[ft.Control], label: str) -> None:
    (control,) = controls_labelled(drawn(controls), label)
    clickable = control.content if isinstance(control, ft.Semantics) else control
    clickable.on_click(None)


def latria_editor(store: Store, page=None) -> Editor:
    """A new Latria table's form, remembering printed values as Score does."""
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"], seed=1)
    engine = Engine(store)
    form = form_for("latria")
    return Editor(form.empty_sheet(table, store.box_values("latria"), None),
                  lambda changes: None, box_values=store.box_values("latria"),
                  remember_box_value=lambda key, value: engine.remember_box_value(
                      "latria", key, value), page=page)


def test_what_is_printed_on_polaris_5_is_asked_once_and_remembered(tmp_path):
    store, page = Store(tmp_path), Page()
    with speaking("en"):
        editor = latria_editor(store, page)
        form = form_for("latria")
        tap(form.player_controls(editor, 1), "Polaris astrology 5")
        assert texts(page.dialog.title) == ["What is printed on Polaris 5?"]
        _, _, double = page.dialog.content.controls
        assert double.label == "×2 printed on the card"
        double.value = True
        double.on_change(SimpleNamespace(control=double))
        page.dialog.actions[1].on_click(None)  # Save
        assert page.dialog is None
        assert editor.sheet["players"][1]["cards"] == [
            {"astrology": "polaris", "number": 5, "multiplier": 2}]
        # The next table: no question, and Polaris 1 × 2 = 2.
        again, page.dialog = latria_editor(store, page), None
        again.sheet["players"][0]["cards"].append({"celestial": "polaris", "vp": 1})
        tap(form.player_controls(again, 0), "Polaris astrology 5")
        assert page.dialog is None
        assert header("latria", again.sheet, 0).total == "Ann: 2 points"


def test_the_polaris_card_holder_picks_the_two_cards_chip_by_chip(tmp_path):
    store = Store(tmp_path)
    with speaking("en"):
        editor = latria_editor(store)
        form = form_for("latria")
        editor.sheet["players"][0]["cards"] = [
            {"celestial": "sun", "vp": 4}, {"celestial": "sun", "vp": 1},
            {"celestial": "moon", "vp": 3}, {"celestial": "polaris", "special": "discard_two"}]

        def shown() -> list[str]:
            return texts(drawn(form.player_controls(editor, 0)))

        assert any(s.startswith("The app removes the two cards worth least to this player")
                   for s in shown())
        assert header("latria", editor.sheet, 0).total == "Ann: 4 points"
        tap(form.player_controls(editor, 0), "Remove Sun 4")
        assert "Sun 4 picked: tap one more card" in shown()
        assert header("latria", editor.sheet, 0).total == "Ann: 4 points"  # the app's still
        tap(form.player_controls(editor, 0), "Remove Sun 1")
        assert "Removed: Sun 4 + Sun 1" in shown()
        assert header("latria", editor.sheet, 0).total == "Ann: 3 points"
        tap(form.player_controls(editor, 0), "Let the app choose")
        assert header("latria", editor.sheet, 0).total == "Ann: 4 points"


def plus(controls: list[ft.Control], label: str) -> ft.IconButton:
    (button,) = controls_labelled(drawn(controls), label)
    return button


def test_a_count_stops_at_what_the_box_holds():
    with speaking("en"):
        for game, names, path, top, label in (
                ("luna", ["Ann", "Ben"], ("players", 0, "unused_favors"), 7,
                 "Unused favors: one more for Ann"),
                ("latoro", ["Ann", "Ben"], ("players", 0, "resources", "white"), 7,
                 "White · 白: one more for Ann"),
                ("carpe_astra", ["Ann", "Ben", "Cleo", "Dan"],
                 ("players", 3, "support", "engineers"), 6, "Engineers: one more for Dan")):
            form = form_for(game)
            session = SimpleNamespace(game=game, players=names, seed=None, variant="standard")
            editor = Editor(form.empty_sheet(session, {}, None), lambda changes: None)
            editor.set(path, top - 1)
            assert not plus(form.player_controls(editor, path[1]), label).disabled
            editor.set(path, top)
            assert plus(form.player_controls(editor, path[1]), label).disabled, game


def test_altar_says_what_a_realm_needs_and_an_ability_recorded_on_results():
    with speaking("en"):
        assert altar_form.realm_status(1, 3)[0] == "Still needs 1 active altar or Shrine"
        assert altar_form.realm_status(0, 4)[0] == "Still needs 1 Shrine"
        assert altar_form.realm_status(2, 3)[0] == "Complete"
        sheet = altar_form.empty_sheet(SimpleNamespace(players=["Ann", "Ben", "Cat"]), {},
                                       None)
        sheet.update(ability_winner="Cat", ability="Ancient God")
        editor = Editor(sheet, lambda changes: None)
        shown = altar_form.ability_controls(editor)
        assert shown[0].value == "Recorded on Results: Cat won by an ability (Ancient God)."
        shown[2].controls[0].on_click(None)  # Take it back
        assert "ability_winner" not in editor.sheet and "ability" not in editor.sheet
        assert altar_form.ability_controls(editor) == []
