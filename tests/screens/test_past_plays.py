"""History's model (companion/screens/past_plays.py) on a real store: the plays listed
newest first and in which words, the filters by game and by player (a filter no longer
matching dropped), the empty states, a table finished with nothing entered, a corrected
sheet, and the spreadsheet file of what is listed."""

from __future__ import annotations

import csv
import io

from companion.i18n import speaking
from companion.screens.past_plays import PastPlays
from companion.storage.store import Store
from companion.ui.score_forms import empty_sheet
from tests.table.test_history import finished_table, sheet_for


def shown(store: Store, game: str | None = None, player: str | None = None,
          language: str = "en") -> PastPlays:
    with speaking(language):
        return PastPlays.open(store, empty_sheet, game, player)


def chips(choices) -> list[tuple[str, str, bool]]:
    return [(c.label, c.spoken, c.chosen) for c in choices]


def test_no_finished_play_says_how_plays_get_there(store):
    store.create_table("latria", "standard", ["Ann", "Ben", "Cy"])  # in progress: not here
    history = shown(store)
    assert not history.any_play and history.plays == () and history.records == ()
    assert history.empty == ("No finished play yet. A table is listed here once its "
                             "Results have been shown.")


def test_the_plays_newest_first_in_the_words_of_their_results(store):
    latria = finished_table(store, "latria_example3")  # Ann, Ben, Cy, Dee, Eve
    altar = finished_table(store, "altar_example")  # Ann, Ben, Cat
    history = shown(store)
    assert history.any_play and history.empty is None
    assert [p.session.id for p in history.plays] == [altar.id, latria.id]
    first, second = history.plays
    assert first.title == "Altar: Realms of the Gods"
    assert first.variant_and_date.startswith("Standard · Finished ")
    assert first.winners == "Ben wins" and first.corrected is None
    # ranked as Results rank them, the totals in words (Altar's Realms, not points)
    assert [(p.name, p.total, p.winner) for p in first.players] == [
        ("Ben", "Realm complete", True), ("Ann", "Realm complete", False),
        ("Cat", "4 toward completion", False)]
    # a screen reader hears the game, when, and the players in seat order
    assert first.spoken.startswith("Open the results: Altar: Realms of the Gods, ")
    assert first.spoken.endswith(", Ann, Ben, Cat")
    assert first.results == f"/table/{altar.id}/results"
    assert second.title == "Latria" and second.winners == "Ann wins"
    assert [(p.name, p.total) for p in second.players] == [
        ("Ann", "17"), ("Ben", "9"), ("Cy", "3"), ("Dee", "0"), ("Eve", "0")]


def test_filters_offer_the_games_played_and_the_players_met(store):
    finished_table(store, "latria_example3")
    finished_table(store, "altar_example")
    history = shown(store)
    # the games in the catalog's order, only those played
    assert chips(history.games) == [
        ("All games", "Show every game", True),
        ("Latria", "Show only Latria", False),
        ("Altar: Realms of the Gods", "Show only Altar: Realms of the Gods", False)]
    # everyone met, most plays first, then by name
    assert [c.value for c in history.players] == [None, "Ann", "Ben", "Cat", "Cy", "Dee",
                                                  "Eve"]
    assert history.players[3].spoken == "Show only plays with Cat"


def test_a_player_is_found_whatever_the_case_and_filters_combine(store):
    finished_table(store, "latria_example3")
    altar = finished_table(store, "altar_example")
    history = shown(store, player="CAT")
    assert [p.session.id for p in history.plays] == [altar.id]
    assert [c.label for c in history.players if c.chosen] == ["Cat"]
    assert history.player == "CAT" and history.empty is None
    none = shown(store, game="latria", player="Cat")
    assert none.plays == () and none.any_play
    assert none.empty == "No finished play matches these filters."
    assert [c.value for c in none.games if c.chosen] == ["latria"]


def test_a_filter_no_longer_matching_is_dropped(store):
    """The last play of a game, or with a player, was reopened on another phone: History
    shows everything rather than an empty list nobody asked for."""
    finished_table(store, "latria_example3")
    luna = finished_table(store, "luna_example")
    store.reopen(luna.id)
    names = [p["name"] for p in sheet_for("luna_example")["players"]]
    history = shown(store, game="luna", player=names[0])
    assert (history.game, history.player) == (None, None)
    assert len(history.plays) == 1 and history.games[0].chosen and history.players[0].chosen


def test_a_table_finished_with_nothing_entered_is_scored_on_the_empty_sheet(store):
    table = store.create_table("luna", "standard", ["Zed", "Yan"])
    store.finish(table.id)
    (play,) = shown(store).plays
    assert [(p.name, p.total) for p in play.players] == [("Zed", "0"), ("Yan", "0")]


def test_a_sheet_corrected_after_the_finish_says_when(store):
    table = finished_table(store, "latria_example3")
    assert shown(store).plays[0].corrected is None
    sheet = sheet_for("latria_example3")
    sheet["players"][3]["cards"] = [{"celestial": "sun", "vp": 4}]  # Dee's Sun forgotten
    store.set_score_sheet(table.id, sheet)
    (play,) = shown(store).plays
    assert play.corrected is not None and play.corrected.startswith("Corrected ")
    assert ("Dee", "4") in [(p.name, p.total) for p in play.players]


def test_the_spreadsheet_file_holds_the_plays_listed(store):
    finished_table(store, "latria_example3")
    finished_table(store, "altar_example")
    name, data = shown(store, player="Cat").spreadsheet()
    assert name.startswith("plays-") and name.endswith(".csv")
    assert data.startswith("\ufeff".encode())  # for Excel's Japanese
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["date", "game", "variant", "player", "seat", "total", "rank", "winner"]
    # the Altar play alone (Cat's): player, seat, total, rank, winner
    assert [r[1:] for r in rows[1:]] == [
        ["Altar: Realms of the Gods", "Standard", "Ann", "1", "5", "2", "0"],
        ["Altar: Realms of the Gods", "Standard", "Ben", "2", "6", "1", "1"],
        ["Altar: Realms of the Gods", "Standard", "Cat", "3", "4", "3", "0"]]


def test_history_in_japanese(store):
    finished_table(store, "latoro_example")
    history = shown(store, language="ja")
    assert history.games[0].spoken == "すべてのゲームを表示"
    assert "あおいのいるプレイだけを表示" in [c.spoken for c in history.players]
