"""The Luna, Altar and Latoro score forms: their empty sheets, pure helpers and the
editor's controls they use (no browser needed; the browser tests are in tests/e2e/)."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import flet as ft
import pytest

from companion.sheet_changes import REMOVE
from companion.ui.score_forms import altar as altar_form
from companion.ui.score_forms import form_for
from companion.ui.score_forms import latoro as latoro_form
from companion.ui.score_forms import luna as luna_form
from companion.ui.score_forms.editor import Editor
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

NAMES = ["Ann", "さくら", "Cleo", "Dan", "Eve"]
RANGES = {"luna": range(1, 5), "altar": range(2, 6), "latoro": range(2, 5)}


def session(game: str, n: int):
    return SimpleNamespace(game=game, players=NAMES[:n], seed=None, variant="standard")


@pytest.mark.parametrize(("game", "n"), [(g, n) for g, r in RANGES.items() for n in r])
def test_empty_sheet_is_accepted_for_every_player_count(game, n):
    form = form_for(game)
    sheet = form.empty_sheet(session(game, n), {}, None)
    result = score_sheet(copy.deepcopy(sheet))
    expected = NAMES[:n] + ([luna_form.OPPONENT] if (game, n) == ("luna", 1) else [])
    assert [p.name for p in result.players] == expected
    assert all(p.total == 0 for p in result.players)


def test_every_form_draws_every_player_and_the_table():
    for game, counts in RANGES.items():
        form = form_for(game)
        for n in counts:
            editor = Editor(form.empty_sheet(session(game, n), {}, None), lambda changes: None)
            for i in range(n):
                assert form.player_controls(editor, i)
            form.table_controls(editor)


# ---------------------------------------------------------------- Luna


def test_luna_council_starts_in_seat_order():
    sheet = luna_form.empty_sheet(session("luna", 4), {}, None)
    assert sheet["council_order"] == ["Ann", "さくら", "Cleo", "Dan"]


# ---------------------------------------------------------------- Altar


def test_altar_two_players_get_two_realms_each_with_no_god_yet():
    sheet = altar_form.empty_sheet(session("altar", 2), {}, None)
    assert [r["god"] for r in sheet["players"][1]["realms"]] == ["", ""]
    sheet = altar_form.empty_sheet(session("altar", 3), {}, None)
    assert [len(p["realms"]) for p in sheet["players"]] == [1, 1, 1]
    score_sheet(sheet)  # a sheet with no god named is valid (ruling AL-6)


def realms(*pairs):
    return [{"god": f"g{i}", "shrines": s, "active_altars": a} for i, (s, a) in enumerate(pairs)]


def test_altar_tie_needs_the_last_shrine_only_between_complete_equal_players():
    sheet = {"game": "altar", "end": "realm_completed", "players": [
        {"name": "A", "realms": realms((2, 3))},
        {"name": "B", "realms": realms((2, 4))},
        {"name": "C", "realms": realms((3, 2))},
        {"name": "D", "realms": realms((2, 1))},  # 2 Shrines but not complete
    ]}
    assert altar_form.tied_players(sheet) == [0, 1]
    assert altar_form.turn_players(sheet) == [0, 1]
    sheet["players"][3]["last_shrine_turn"] = 9  # entered: shown so it can be cleared
    assert altar_form.turn_players(sheet) == [0, 1, 3]
    sheet["players"][1]["realms"][0]["shrines"] = 3  # B 3 vs C 3 now
    assert altar_form.tied_players(sheet) == [1, 2]


def test_altar_nobody_complete_asks_the_last_shrine_of_those_tied_for_the_most():
    """Altar, Winner of the Game: "If there is a tie, the player with the most Shrines is
    the winner. If there is still a tie then the player who placed the last Shrine is the
    winner." With nobody complete (the deck or the Shrine tiles ran out) the form asks it
    only of the players tied for the most Shrines, as the scorer does (ruling AL-3)."""
    sheet = {"game": "altar", "end": "deck_exhausted", "players": [
        {"name": "A", "realms": realms((2, 1))},
        {"name": "B", "realms": realms((2, 0))},
        {"name": "C", "realms": realms((1, 2))},
    ]}
    assert altar_form.tied_players(sheet) == [0, 1]
    sheet["players"][1]["realms"][0]["shrines"] = 1  # A alone has the most: nothing decides
    assert altar_form.tied_players(sheet) == []
    sheet["players"][1]["realms"][0]["shrines"] = 2
    sheet["ability_winner"] = "C"  # a god's ability named the winner: the tie decides nothing
    assert altar_form.tied_players(sheet) == []


def test_altar_two_players_complete_only_with_both_realms():
    assert not altar_form.player_done({"realms": realms((3, 2), (1, 3))})
    assert altar_form.player_done({"realms": realms((3, 2), (1, 4))})


def test_altar_end_follows_the_realms_until_picked():
    sheet = altar_form.empty_sheet(session("altar", 3), {}, None)
    assert altar_form.followed_end(sheet) == "deck_exhausted"
    editor = Editor(sheet, lambda changes: None)
    editor.rebuild = lambda: None
    altar_form.table_controls(editor)
    editor.set(("players", 0, "realms", 0, "shrines"), 2)
    editor.set(("players", 0, "realms", 0, "active_altars"), 3)
    assert sheet["end"] == "realm_completed"
    score_sheet(copy.deepcopy(sheet))  # valid all along
    editor.set(("players", 0, "realms", 0, "active_altars"), 2)
    assert sheet["end"] == "deck_exhausted"
    # once picked by hand the end stays
    altar_form._end_picked[editor] = True
    editor.set(("end",), "shrines_depleted")
    editor.set(("players", 0, "realms", 0, "active_altars"), 3)
    assert sheet["end"] == "shrines_depleted"


def test_altar_turn_field_appears_when_a_tie_needs_it():
    sheet = altar_form.empty_sheet(session("altar", 3), {}, None)
    redraws = []
    editor = Editor(sheet, lambda changes: None)
    editor.rebuild = lambda: redraws.append(1)
    altar_form.table_controls(editor)
    for i in (0, 1):
        editor.set(("players", i, "realms", 0, "shrines"), 1)
        editor.set(("players", i, "realms", 0, "active_altars"), 4)
    assert redraws  # the tie appeared: the table part is drawn again with the turn fields
    with pytest.raises(SheetProblems) as err:
        score_sheet(copy.deepcopy(sheet))
    assert {p.where for p in err.value.problems} == {"players[0].last_shrine_turn",
                                                     "players[1].last_shrine_turn"}
    editor = Editor(sheet, lambda changes: None)
    texts = [c for c in altar_form.table_controls(editor) if isinstance(c, ft.Text)]
    assert any("Who placed the last Shrine?" == c.value for c in texts)


# ---------------------------------------------------------------- Latoro


def test_latoro_honor_cards_resize_keeps_entered_points():
    assert latoro_form.resized([3, 5], 3) == [3, 5, 0]
    assert latoro_form.resized([3, 5, 2], 1) == [3]
    assert latoro_form.resized([], 0) == []


def test_latoro_labels_carry_the_japanese_terms():
    assert latoro_form.colour_label("brown") == "Brown · 茶"
    editor = Editor(latoro_form.empty_sheet(session("latoro", 3), {}, None), lambda changes: None)
    latoro_form.player_controls(editor, 1)
    assert "players[1].honor_points" in editor.error_slots


# ---------------------------------------------------------------- editor additions


def test_editor_unset_and_optional_stepper_leave_the_key_out():
    changes = []
    editor = Editor({"players": [{"name": "A", "last_shrine_turn": 4}]},
                    changes.append)
    editor.optional_stepper(("players", 0, "last_shrine_turn"), "Turn")
    editor.unset(("players", 0, "last_shrine_turn"))
    assert editor.sheet == {"players": [{"name": "A"}]}
    # handed to the screen as one field change: the key left out
    assert changes == [[(("players", 0, "last_shrine_turn"), REMOVE)]]
    editor.unset(("players", 0, "last_shrine_turn"))  # not there: no error
    assert "players[0].last_shrine_turn" in editor.error_slots


def test_editor_followers_run_before_the_screen_and_are_replaced_by_key():
    order = []
    editor = Editor({"n": 0}, lambda changes: order.append("screen"))
    editor.follow("a", lambda: order.append("old"))
    editor.follow("a", lambda: order.append("new"))
    editor.set(("n",), 1)
    assert order == ["new", "screen"]


def test_editor_text_with_blank_stores_the_blank_value():
    editor = Editor({"god": "Ann · Realm"}, lambda changes: None)
    field = editor.text(("god",), "God", blank="Ann · Realm")
    assert field.value == ""
    field.value = "Goddess of Love"
    field.on_change(None)
    assert editor.sheet["god"] == "Goddess of Love"
    field.value = "  "
    field.on_change(None)
    assert editor.sheet["god"] == "Ann · Realm"


def test_editor_ordering_moves_names():
    editor = Editor({"order": ["A", "B", "C"]}, lambda changes: None)
    control = editor.ordering(("order",), "Council")
    rows = control.controls[1].controls
    down_a = rows[0].content.controls[3]
    assert down_a.icon.semantics_label == "Move A down"
    down_a.on_click(None)
    assert editor.sheet["order"] == ["B", "A", "C"]
    up_first = control.controls[1].controls[0].content.controls[2]
    assert up_first.disabled


def test_luna_solo_sheet_has_the_virtual_opponent_and_scores():
    """Luna, Solo rules: the player is scored against the virtual opponent (LU-5)."""
    sheet = luna_form.empty_sheet(session("luna", 1), {}, None)
    names = [p["name"] for p in sheet["players"]]
    assert names == ["Ann", luna_form.OPPONENT]
    sheet["players"][0]["influence"] = 30
    sheet["players"][1]["influence"] = 25
    result = score_sheet(sheet)
    assert result.winners == ["Ann"]
    # The results name the human player's final score, not "if you are …".
    assert result.note_details[0].text == (
        "Ann's final score is 5: Ann's 30 minus the virtual opponent's 25")


def test_a_problem_names_its_field_even_for_a_player_not_shown():
    """Every problem names the field."""
    from companion.screens.score import field_label

    labels = {"players[0].realms[1].shrines": "Realm 2 · Shrines", "end": "How the game ended",
              "players[0].last_shrine_turn": "Ann's last Shrine, turn"}
    names = ["Ann", "Ben"]
    assert field_label(labels, "players[0].realms[1].shrines", names) == "Realm 2 · Shrines"
    assert field_label(labels, "players[1].realms[1].shrines", names) == "Realm 2 · Shrines"
    assert field_label(labels, "end", names) == "How the game ended"
    # Ann's label is not Ben's: no label rather than the wrong one.
    assert field_label(labels, "players[1].last_shrine_turn", names) is None
    assert field_label(labels, "players", names) is None
