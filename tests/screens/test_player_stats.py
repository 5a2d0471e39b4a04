"""Stats' model (companion/screens/player_stats.py) on a real store holding the 30 finished
plays of tests/table/test_stats.py (Latria ×12, Luna ×12, Altar ×6; the figures are
worked out by hand there): the words of every row, the game picked, the player picked,
the charts' figures and what a screen reader hears of them, and the empty store."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from companion.i18n import speaking
from companion.screens.player_stats import StatsFigures, signed
from companion.storage.store import Store
from companion.ui.score_forms import empty_sheet
from tests.table.test_stats import SHEETS


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    """The plays finished one after the other, in the fixture's order (oldest first)."""
    store = Store(tmp_path_factory.mktemp("stats"))
    for sheet in SHEETS:
        table = store.create_table(sheet["game"], sheet.get("variant", "standard"),
                                   [p["name"] for p in sheet["players"]])
        store.set_score_sheet(table.id, sheet)
        store.finish(table.id)
    return store


def shown(store: Store, game: str | None = None, language: str = "en") -> StatsFigures:
    with speaking(language):
        return StatsFigures.open(store, empty_sheet, game)


def test_no_finished_play_says_so(tmp_path: Path):
    store = Store(tmp_path)
    store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])  # in progress
    stats = shown(store)
    assert stats.empty == ("No finished plays yet. A table counts here once its results "
                           "have been shown.")
    assert stats.players == () and stats.games == ()


def test_every_game_counts_plays_and_wins_and_each_players_games(store):
    stats = shown(store)
    assert stats.empty is None and stats.game is None and not stats.points
    # the games most played first (Luna's plays are the newer of the two with 12)
    assert [(c.label, c.spoken, c.chosen) for c in stats.games] == [
        ("All games", "Show All games", True), ("Luna", "Show Luna", False),
        ("Latria", "Show Latria", False),
        ("Altar: Realms of the Gods", "Show Altar: Realms of the Gods", False)]
    assert stats.summary == "30 plays" and stats.eclipse is None
    assert stats.note == ("Pick a game to see scores, margins and categories: scores of "
                          "different games are not compared.")
    assert [p.row.spoken for p in stats.players] == [
        "Ann: 30 plays · 12 wins · 40% won", "Ben: 30 plays · 9 wins · 30% won",
        "Cy: 30 plays · 9 wins · 30% won"]
    assert stats.wins_spoken == "Wins per player: Ann 12, Ben 9, Cy 9"
    ben = stats.picked("ben")
    assert ben.show_by_game == "Show Ben game by game"
    assert [row.spoken for row in ben.by_game] == [
        "Luna: 12 plays · 4 wins · 33% won. Average 40.7 · best 48 · margin -20.3",
        "Latria: 12 plays · 3 wins · 25% won. Average 5.0 · best 9 · margin -0.8. "
        "Eclipse: 0.0 a play (0 in all)",
        "Altar: Realms of the Gods: 6 plays · 2 wins · 33% won"]
    assert stats.categories == () and ben.scores == ()


def test_latria_its_scores_margins_categories_and_eclipse_pile(store):
    stats = shown(store, "latria")
    assert stats.game == "latria" and stats.points and stats.note is None
    assert [c.value for c in stats.games if c.chosen] == ["latria"]
    assert stats.summary == "12 plays · Average winning margin: 4.3"
    assert stats.eclipse == ("The eclipse pile cost 0.9 points per player and play "
                             "(33 in all).")
    ann, ben, cy = stats.players
    assert ann.row.title == "Ann" and ann.row.lines == (
        "12 plays · 6 wins · 50% won", "Average 4.5 · best 8 · margin -1.5",
        "Eclipse: −0.8 a play (9 in all)")
    assert cy.row.spoken == ("Cy: 12 plays · 3 wins · 25% won. Average 0.5 · best 5 · "
                             "margin -6.0. Eclipse: −2.0 a play (24 in all)")
    assert stats.wins_spoken == "Wins per player: Ann 6, Ben 3, Cy 3"
    assert ben.scores == (5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1)
    assert ben.scores_text == "Ben's scores, oldest first: 5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1"
    assert ben.show_scores == "Show Ben's scores"
    # what gives points first, what takes them last; the eclipse drawn as a loss
    assert [(c.name, c.loss) for c in stats.categories] == [
        ("Sun", False), ("Moon", False), ("Polaris", False), ("Eclipse", True)]
    assert ben.categories == (F(5, 4), F(9, 4), F(3, 2), F(0))
    assert ben.categories_text == "Ben: Sun 1.3, Moon 2.3, Polaris 1.5, Eclipse 0.0"
    assert stats.categories_spoken == (
        "Average points per play by category. Ann: Sun 4.0, Moon 1.3, Polaris 0.0, "
        "Eclipse -0.8. Ben: Sun 1.3, Moon 2.3, Polaris 1.5, Eclipse 0.0. Cy: Sun 0.8, "
        "Moon 0.5, Polaris 1.3, Eclipse -2.0")


def test_a_game_without_points_counts_plays_and_wins_only(store):
    luna = shown(store, "luna")
    assert luna.points and luna.eclipse is None  # only a game with an eclipse pile
    assert all(len(p.row.lines) == 2 for p in luna.players)
    altar = shown(store, "altar")
    assert not altar.points and altar.categories == () and altar.eclipse is None
    assert altar.note == ("Altar is won by completing a Realm, not by the highest total: "
                          "only plays and wins are counted.")
    assert [p.row.spoken for p in altar.players] == [
        "Ann: 6 plays · 2 wins · 33% won", "Ben: 6 plays · 2 wins · 33% won",
        "Cy: 6 plays · 2 wins · 33% won"]
    assert all(p.scores_text == "" for p in altar.players)


def test_the_player_picked_whatever_the_spelling_else_the_most_wins(store):
    stats = shown(store, "latria")
    assert stats.picked("ben").name == "Ben"
    assert stats.picked("ＢＥＮ").name == "Ben"  # full width, upper case: one player
    assert stats.picked(None).name == "Ann" and stats.picked("zoe").name == "Ann"


def test_a_game_no_longer_played_shows_every_game(tmp_path: Path):
    store = Store(tmp_path)
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])
    store.set_score_sheet(table.id, SHEETS[0])
    store.finish(table.id)
    stats = shown(store, "luna")
    assert stats.game is None and stats.games[0].chosen
    assert [c.value for c in stats.games] == [None, "latria"]


def test_a_margin_says_its_sign():
    assert [signed(F(5, 2)), signed(F(-3, 2)), signed(F(1, 100)), signed(F(0))] == [
        "+2.5", "-1.5", "0.0", "0.0"]


def test_stats_in_japanese(store):
    stats = shown(store, "latria", language="ja")
    assert stats.summary == "プレイ12回・平均勝利差：4.3"
    assert stats.players[0].row.spoken == ("Ann：プレイ12回・6勝・勝率50%。平均4.5点・"
                                           "最高8点・差-1.5。食：1プレイあたり−0.8点（合計9点）")
    assert stats.picked("ben").categories_text == "Ben：太陽 1.3、月 2.3、北極星 1.5、食 0.0"
