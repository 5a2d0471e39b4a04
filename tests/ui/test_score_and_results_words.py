"""What Results, History and Score say, built against a real store (no browser), in English
and Japanese: Altar's progress never reads as what is still to go, and its
players tied on Shrines are marked as the other games' tied players are; Latria's Polaris
card says which two cards go and why; a problem about every player's cards is the whole
table's, in a short line with every problem one tap away; History names Luna's virtual
opponent in the reader's language."""

from __future__ import annotations

import flet as ft

from companion.i18n import speaking, t
from companion.rules.rulings import ruling
from companion.screens import score as score_model
from companion.storage.store import Store
from companion.table.result_text import tie_broken, total_words
from companion.ui.score_forms import luna
from companion.ui.views import past_plays as history
from companion.ui.views import results, score
from companion.ui.widgets.common import TAP
from scorers.base import SheetProblems
from scorers.messages import render
from scorers.sheets import score_sheet
from tests.ui.test_home_and_results import fake_ctx, view_texts


def realm(shrines: int, altars: int) -> dict:
    return {"god": "", "shrines": shrines, "active_altars": altars}


def altar_table(store: Store):
    """Ann and Ben complete with 2 Shrines each, Ben's last Shrine later; Cal is at 3."""
    table = store.create_table("altar", "standard", ["Ann", "Ben", "Cal"], seed=1)
    store.set_score_sheet(table.id, {"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "last_shrine_turn": 12, "realms": [realm(2, 3)]},
        {"name": "Ben", "last_shrine_turn": 15, "realms": [realm(2, 3)]},
        {"name": "Cal", "realms": [realm(1, 2)]}]})
    return table


def test_japanese_altar_says_a_completed_realm_is_complete(tmp_path):
    """「完成まで5」 read as "5 still to go" for a player who had completed the Realm."""
    store = Store(tmp_path)
    table = altar_table(store)
    with speaking("ja"):
        shown = view_texts(results.build(fake_ctx(store), table.id))
        past = view_texts(history.build(fake_ctx(store)))
    assert shown[:12] == ["Benの勝ち", "1位", "Ben", "同点 — 決め方は下に", "領域完成",
                          "2位", "Ann", "同点 — 決め方は下に", "領域完成",
                          "3位", "Cal", "進み具合3"]
    assert "Ben：領域完成" in shown and "Cal：進み具合3" in shown
    assert past.count("領域完成") == 2 and "進み具合3" in past
    assert not any("完成まで" in text for text in shown + past)


def test_english_altar_says_complete_and_marks_the_tie_on_shrines(tmp_path):
    store = Store(tmp_path)
    table = altar_table(store)
    with speaking("en"):
        shown = view_texts(results.build(fake_ctx(store), table.id))
    assert shown[:12] == ["Ben wins", "1.", "Ben", "tied — decided below", "Realm complete",
                          "2.", "Ann", "tied — decided below", "Realm complete",
                          "3.", "Cal", "3 toward completion"]
    assert not any("5 toward completion" in text for text in shown)


def test_altar_marks_only_players_level_on_shrines():
    placed_by_shrines = score_sheet({"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [realm(2, 3)]}, {"name": "Ben", "realms": [realm(0, 2)]},
        {"name": "Cat", "realms": [realm(1, 4)]}]})
    assert tie_broken(placed_by_shrines) == set()  # most Shrines is the rule, not a tie
    nobody = score_sheet({"game": "altar", "end": "shrines_depleted", "players": [
        {"name": "Ann", "last_shrine_turn": 4, "realms": [realm(2, 1)]},
        {"name": "Ben", "last_shrine_turn": 7, "realms": [realm(2, 0)]},
        {"name": "Cy", "realms": [realm(1, 1)]}]})
    assert tie_broken(nobody) == {"Ann", "Ben"}


def test_two_player_altar_words_both_realms():
    result = score_sheet({"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [realm(2, 3), realm(1, 4)]},
        {"name": "Ben", "realms": [realm(2, 3), realm(1, 1)]}]})
    ann, ben = result.players
    with speaking("en"):
        assert total_words("score.total", result, ann, name="Ann") == \
            "Ann: both Realms complete"
        assert total_words("score.player_chip", result, ben, name="Ben") == \
            "Ben, 7 toward completion"
    with speaking("ja"):
        assert total_words("results.total_value", result, ann) == "領域完成"
        assert total_words("score.total", result, ben, name="Ben") == "Ben：進み具合7"


def test_polaris_says_the_two_worth_least_are_removed():
    """The app removes the two that leave the best total: the two worth least to the
    holder, never "the best two"."""
    with speaking("en"):
        by_app, title = t("latria.discard_by_app"), ruling("L-4").title
    assert by_app.startswith("The app removes the two cards worth least to this player")
    assert "best total" in by_app and "best two" not in by_app
    assert title == "When the holder names no cards, the two worth least to them are removed"
    with speaking("ja"):
        by_app, title = t("latria.discard_by_app"), ruling("L-4").title
    assert "価値が最も低い2枚" in by_app and "最善" not in by_app
    assert "価値が最も低い2枚" in title and "最善" not in title
    red = {"celestial": "polaris", "special": "discard_two"}
    result = score_sheet({"game": "latria", "players": [
        {"name": "Ann", "cards": [{"celestial": "sun", "vp": 4}, {"celestial": "sun", "vp": 3},
                                  {"celestial": "moon", "vp": 1},
                                  {"celestial": "moon", "vp": 2}, red]},
        {"name": "Ben", "cards": []}, {"name": "Cy", "cards": []}]})
    (note,) = [n.text for n in result.note_details if "L-4" in n.rulings]
    assert "Moon 1 and Moon 2 were removed: the two worth least to Ann" in render(note, "en")
    assert "Annにとって価値が最も低い2枚" in render(note, "ja")


def latria_problems() -> list:
    """Cleo's Polaris 2 under the eclipse marker (hers), and two box limits over all
    three players' cards."""
    sun4, moon1 = {"celestial": "sun", "vp": 4}, {"celestial": "moon", "vp": 1}
    try:
        score_sheet({"game": "latria", "players": [
            {"name": "Ann", "cards": [sun4, sun4, moon1, moon1]},
            {"name": "Ben", "cards": [sun4, sun4]},
            {"name": "Cleo", "cards": [moon1, moon1, sun4],
             "eclipsed": [{"celestial": "polaris", "vp": 2}]}]})
    except SheetProblems as err:
        return err.problems
    raise AssertionError("the sheet has problems")


def test_a_problem_of_every_players_cards_is_the_tables():
    names = ["Ann", "Ben", "Cleo"]
    with speaking("en"):
        lines = [score_model.problem_text(p, names) for p in latria_problems()]
    assert lines == [
        "Cleo: Cleo's Polaris 2 is a Polaris celestial card; Polaris never enters the "
        "eclipse state in the standard game, so it belongs in the face-down pile",
        "All players: 5 Sun 4 cards in all (Ann 2, Ben 2, Cleo 1); the box has 3",
        "All players: 4 Moon 1 cards in all (Ann 2, Cleo 2); the box has 3"]
    assert t("latria.pile.cards") == "Face-down pile"  # the pile the line names
    with speaking("ja"):
        lines = [score_model.problem_text(p, names) for p in latria_problems()]
    assert lines[0].endswith("裏向きの山に入れてください") and '"cards"' not in lines[0]
    assert [line.split("：")[0] for line in lines] == ["Cleo", "全員", "全員"]


def test_the_total_line_names_a_player_only_when_their_entries_are_marked():
    with speaking("en"):
        assert score_model.fix_words("Ann")[0] == "Ann: fix the marked entries"
        assert score_model.fix_words(None) == ("Fix the problems shown to see the totals",
                                         "Fix the problems shown to see the totals.")
    with speaking("ja"):
        assert "Ann" not in "".join(score_model.fix_words(None))


def test_the_problems_take_one_short_line_with_the_rest_a_tap_away():
    with speaking("en"):
        lines = [score_model.problem_text(p, ["Ann", "Ben", "Cleo"]) for p in latria_problems()]
        (row,) = score.problems_row(None, lines)
    icon, words, details = row.controls
    assert isinstance(icon, ft.Icon) and icon.color == ft.Colors.ERROR
    assert words.value == f"3 problems — {lines[0]}"
    assert (words.max_lines, words.overflow) == (2, ft.TextOverflow.ELLIPSIS)
    assert details.height == TAP and details.content.value == "Details"
    assert details.content.semantics_label == "Details: all 3 problems"
    with speaking("en"):
        (row,) = score.problems_row(None, lines[:1])
    assert row.controls[1].value == lines[0]  # one problem: its words alone
    assert score.problems_row(None, []) == []


def test_history_names_the_virtual_opponent_in_japanese(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("luna", "solo1", ["Mika"], seed=1)
    sheet = score_model.blank_sheet(luna.empty_sheet, table, {})
    sheet["players"][0]["influence"] = 31
    sheet["players"][1]["influence"] = 24
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)
    with speaking("ja"):
        past = view_texts(history.build(fake_ctx(store)))
    (label,) = [text for text in past if text.startswith("結果を開く：")]
    assert label.endswith("、Mika、仮想の対戦相手")
    assert not any("Virtual opponent" in text for text in past)
