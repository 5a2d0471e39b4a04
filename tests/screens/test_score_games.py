"""Whole score sheets entered on Score as players enter them, on a real store and engine:
each entry saved through Score's entries (companion/screens/score_entries.py), each total
read off what Score shows (companion/screens/score.py ``header``), the winner and the
reasons off Results (companion/screens/results.py). Latria with an eclipse pile, a ×2 and
the Polaris card's two cards picked; Carpe Astra with four players; Luna with a tie the
Council breaks; Altar with two Realms each, with last Shrines in one turn, and won by an
ability; Latoro with a Japanese name."""

from __future__ import annotations

import pytest

from companion.engine import Engine
from companion.i18n import say
from companion.screens.results import Results
from companion.screens.score import blank_sheet, header
from companion.screens.score_entries import Entries
from companion.sheet_changes import REMOVE
from companion.storage.store import Store
from companion.ui.score_forms import empty_sheet

pytestmark = pytest.mark.usefixtures("english")


class Score:
    """One phone's Score of a new table: entries saved one at a time, as taps save them."""

    def __init__(self, store: Store, game: str, names: list[str]):
        self.store, self.engine = store, Engine(store)
        self.game = game
        table = store.create_table(game, "standard", names, seed=1)
        self.table_id = table.id
        self.entries = Entries(table.id, blank_sheet(empty_sheet, table, {}), store)

    def enter(self, path: tuple, value) -> None:
        assert self.entries.enter(self.engine, [(path, value)]).saved

    def total(self, player: int) -> str:
        """The total line Score shows for ``player``'s entries."""
        return header(self.game, self.entries.saved, player).total

    def results(self) -> Results:
        return Results.open(self.store, self.engine, self.table_id, empty_sheet)


def card(body: str, vp: int) -> dict:
    return {"celestial": body, "vp": vp}


def test_three_player_latria_with_eclipse_and_double(store):
    score = Score(store, "latria", ["Ann", "Ben", "Cleo"])
    ann = [card("sun", 4), card("sun", 3), card("moon", 2), card("moon", 2),
           {"celestial": "moon", "special": "x2"}]
    score.enter(("players", 0, "cards"), ann)
    assert score.total(0) == "Ann: 15 points"  # Sun 4 + 3 = 7; Moon (2 + 2) × 2 = 8
    score.enter(("players", 0, "eclipsed"), [card("sun", 2)])
    assert score.total(0) == "Ann: 13 points"  # under the eclipse marker: −2
    # Ben: Polaris 2 + 2 and Polaris astrology 5 printed ×2 → 8; Sun astrology 8 is 3 VP.
    ben = [card("polaris", 2), card("polaris", 2),
           {"astrology": "polaris", "number": 5, "multiplier": 2}]
    score.enter(("players", 1, "cards"), ben)
    assert score.total(1) == "Ben: 8 points"
    score.enter(("players", 1, "cards"), [*ben, {"astrology": "sun", "number": 8, "vp": 3}])
    assert score.total(1) == "Ben: 11 points"
    # Cleo: Moon 3 + Moon astrology 7 (2 VP) = 5.
    score.enter(("players", 2, "cards"), [card("moon", 3),
                                           {"astrology": "moon", "number": 7, "vp": 2}])
    assert score.total(2) == "Cleo: 5 points"
    results = score.results()
    assert results.winners == "Ann wins"
    assert [(r.name, r.total) for r in results.ranking] == [
        ("Ann", "13"), ("Ben", "11"), ("Cleo", "5")]
    assert any(label.startswith("Eclipse") for label, _ in results.breakdowns[0].lines)


def test_the_polaris_card_holder_picks_the_two_cards_removed(store):
    """Polaris card note (L-3, L-4): the app removes the two worth least to the holder (the
    best total) until the players pick."""
    score = Score(store, "latria", ["Ann", "Ben", "Cleo"])
    score.enter(("players", 0, "cards"), [card("sun", 4), card("sun", 1), card("moon", 3),
                                          {"celestial": "polaris", "special": "discard_two"}])
    assert score.total(0) == "Ann: 4 points"  # Sun 1 and Moon 3 removed: 4 left
    score.enter(("players", 0, "discarded"), [card("sun", 4), card("sun", 1)])
    assert score.total(0) == "Ann: 3 points"  # the table's pick: Moon 3 is left
    score.enter(("players", 0, "discarded"), None)  # "Let the app choose"
    assert score.total(0) == "Ann: 4 points"


def test_four_player_carpe_astra_totals_and_winner(store):
    score = Score(store, "carpe_astra", ["Ann", "Ben", "Cleo", "Dan"])
    score.enter(("players", 0, "support", "military"), 3)
    score.enter(("players", 0, "credits"), 2)
    assert score.total(0) == "Ann: 4 points"  # the single most Military
    score.enter(("players", 1, "support", "military"), 1)
    score.enter(("players", 1, "support", "priests"), 2)
    assert score.total(1) == "Ben: 6 points"  # single second (2) + alone on Priests (4)
    score.enter(("players", 2, "support", "priests"), 2)
    score.enter(("players", 2, "credits"), 4)
    assert score.total(2) == "Cleo: 3 points"  # ties Ben for most Priests: 3 each
    assert score.total(1) == "Ben: 5 points"
    score.enter(("players", 3, "support", "engineers"), 6)
    assert score.total(3) == "Dan: 6 points"  # all 6 in play
    # A 7th Engineers token is not in the box: the sheet would have no total.
    seventh = {**score.entries.saved}
    seventh["players"] = [dict(p, support=dict(p.get("support", {})))
                          for p in seventh["players"]]
    seventh["players"][3]["support"]["engineers"] = 7
    assert header("carpe_astra", seventh, 3).fix
    assert not header("carpe_astra", score.entries.saved, 3).fix
    assert score.results().winners == "Dan wins"


def test_four_player_luna_totals_and_council_tie(store):
    score = Score(store, "luna", ["Ann", "Ben", "Cleo", "Dan"])
    for i, (influence, shrines, favors, council) in enumerate(
            [(40, 4, 2, 3), (38, 3, 1, 1), (50, 1, 0, 0), (45, 2, 2, 6)]):
        for key, value in (("influence", influence), ("shrines", shrines),
                           ("unused_favors", favors), ("council_points", council)):
            score.enter(("players", i, key), value)
    assert [score.total(i) for i in range(4)] == [
        "Ann: 61 points", "Ben: 52 points", "Cleo: 54 points", "Dan: 61 points"]
    # The favors stop at 7, one of each kind: an 8th leaves no total.
    eight = {**score.entries.saved, "players": [dict(p) for p in score.entries.saved["players"]]}
    eight["players"][3]["unused_favors"] = 8
    assert header("luna", eight, 3).fix
    # Council of Priests: Dan furthest ahead, then Ann, Ben, Cleo.
    score.enter(("council_order",), ["Dan", "Ann", "Ben", "Cleo"])
    assert not header("luna", score.entries.saved, 0).fix
    results = score.results()
    assert results.winners == "Dan wins"  # Ann and Dan tie on 61: the Council decides
    assert any(say(n.text).startswith("Dan and Ann tie on 61") for n in results.ties)


def test_two_player_altar_realms_tie_and_last_shrine(store):
    score = Score(store, "altar", ["Ann", "Ben"])

    def realm(player: int, number: int, shrines: int, altars: int) -> None:
        score.enter(("players", player, "realms", number, "shrines"), shrines)
        score.enter(("players", player, "realms", number, "active_altars"), altars)

    score.enter(("players", 0, "realms", 0, "god"), "Goddess of Love")
    realm(0, 0, 2, 3)  # 5: complete
    realm(0, 1, 1, 3)  # 4: one short
    assert score.total(0) == "Ann: 9 toward completion"
    realm(0, 1, 1, 4)
    assert score.total(0) == "Ann: both Realms complete"
    score.enter(("players", 1, "realms", 0, "god"), "God of War")
    realm(1, 0, 3, 2)
    realm(1, 1, 0, 4)  # a Realm needs at least one Shrine
    assert score.total(1) == "Ben: 9 toward completion"
    # the end the form fills in from the Realms (tests/ui/test_score_forms_luna_altar_latoro.py)
    score.enter(("end",), "realm_completed")
    realm(1, 1, 1, 4)  # Ben complete with 4 Shrines: more than Ann's 3, no turn asked
    assert score.total(1) == "Ben: both Realms complete"
    assert score.results().winners == "Ben wins"
    realm(1, 0, 2, 3)  # 3 Shrines like Ann: who placed the last Shrine is asked
    assert score.total(1) == "Ben: fix the marked entries"
    score.enter(("players", 0, "last_shrine_turn"), 14)
    score.enter(("players", 1, "last_shrine_turn"), 17)
    assert score.total(1) == "Ben: both Realms complete"
    results = score.results()
    assert results.winners == "Ben wins"
    assert any("Ben placed the last Shrine" in say(n.text) for n in results.ties)


def test_two_last_shrines_in_one_turn_are_placed_in_it(store):
    """Nobody complete, the deck ran out: Ann and Ben tie on 1 Shrine, both in turn 4;
    Ben's came second in that turn, so Ben wins."""
    score = Score(store, "altar", ["Ann", "Ben", "Cat"])
    assert score.entries.replace_sheet(score.engine, {
        "game": "altar", "end": "deck_exhausted", "players": [
            {"name": "Ann", "last_shrine_turn": 4,
             "realms": [{"god": "", "shrines": 1, "active_altars": 2}]},
            {"name": "Ben", "last_shrine_turn": 4,
             "realms": [{"god": "", "shrines": 1, "active_altars": 0}]},
            {"name": "Cat", "realms": [{"god": "", "shrines": 0, "active_altars": 3}]}]}).saved
    assert header("altar", score.entries.saved, 0).fix  # their places in the turn asked
    score.enter(("players", 0, "last_shrine_order"), 1)
    score.enter(("players", 1, "last_shrine_order"), 2)
    saved = store.get_table(score.table_id).score_sheet
    assert [p.get("last_shrine_order") for p in saved["players"][:2]] == [1, 2]
    results = score.results()
    assert results.winners == "Ben wins"
    assert any("Ben placed the last Shrine" in say(n.text) for n in results.ties)


def test_nobody_complete_shrines_decide_and_an_ability_can_override(store):
    """Altar, Winner of the Game: with nobody complete the most Shrines wins, the last
    Shrine placed breaks a tie, and a god's or follower's ability may name the winner
    (ruling AL-3), recorded on Results and taken back on Score."""
    score = Score(store, "altar", ["Ann", "Ben", "Cat"])
    score.enter(("players", 0, "realms", 0, "shrines"), 2)
    score.enter(("players", 0, "realms", 0, "active_altars"), 1)
    assert score.total(0) == "Ann: 3 toward completion"
    score.enter(("players", 1, "realms", 0, "shrines"), 2)
    assert score.total(1) == "Ben: fix the marked entries"  # the last Shrine is asked
    # Cat has nothing marked: the problem is Ann's and Ben's turns.
    shown = header("altar", score.entries.saved, 2)
    assert shown.total == "Fix the problems shown to see the totals"
    assert {p.where for p in shown.problems} == {"players[0].last_shrine_turn",
                                                 "players[1].last_shrine_turn"}
    score.enter(("players", 2, "realms", 0, "shrines"), 1)
    assert score.entries.saved["end"] == "deck_exhausted"
    score.enter(("players", 0, "last_shrine_turn"), 12)
    score.enter(("players", 1, "last_shrine_turn"), 15)
    assert score.total(2) == "Cat: 1 toward completion"
    results = score.results()
    assert results.winners == "Ben wins"
    notes = [say(n.text) for n in results.ties + results.others]
    assert any("the player with the most Shrines wins" in n for n in notes)
    assert any("Ben placed the last Shrine" in n for n in notes)

    assert results.record_ability(score.engine, "Cat", "Ancient God").saved
    now = score.results()
    assert now.winners == "Cat wins"
    notes = [say(n.text) for n in now.ties + now.others]
    assert any("Cat wins by a god's or follower's ability (“Ancient God”)" in n
               and "by the rules above it would be Ben" in n for n in notes), notes
    # Score follows Results' change, and its "Take it back" leaves both keys out.
    fresh = store.get_table(score.table_id).score_sheet
    score.entries.follow(fresh, (("ability",), ("ability_winner",)))
    assert score.entries.enter(score.engine, [(("ability",), REMOVE),
                                              (("ability_winner",), REMOVE)]).saved
    saved = store.get_table(score.table_id).score_sheet
    assert "ability" not in saved and "ability_winner" not in saved
    assert score.results().winners == "Ben wins"


def test_three_player_latoro_with_japanese_name(store):
    score = Score(store, "latoro", ["Ann", "さくら", "Ben"])
    for i, (tags, honor, (black, white, brown)) in enumerate(
            [(12, [3, 5], (2, 7, 1)), (15, [4], (7, 7, 7)), (10, [5, 4, 3], (1, 1, 0))]):
        score.enter(("players", i, "clan_tag_points"), tags)
        score.enter(("players", i, "honor_points"), honor)
        score.enter(("players", i, "resources"), {"black": black, "white": white,
                                                  "brown": brown})
    # 12 + 8 + 10 resources → 3 = 23; 15 + 4 + 21 → 7 = 26; 10 + 12 + 2 → 0 = 22.
    assert [score.total(i) for i in range(3)] == [
        "Ann: 23 points", "さくら: 26 points", "Ben: 22 points"]
    assert score.results().winners == "さくら wins"
