"""Results (companion/screens/results.py) on a real store and engine: what a finished
sheet shows (the winners, the ranking and the places a tie-break decided, why, every
breakdown, the text to share), the table finished by opening it, a sheet that does not
score, Altar's winner by an ability, a Latria campaign's standings and next game, a
table deleted on another phone and saved tables that can only be read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Engine
from companion.i18n import say
from companion.screens.results import Results
from companion.screens.score import blank_sheet
from companion.storage.store import Store
from companion.ui.score_forms import empty_sheet
from tests.engine.test_outcomes import read_only

DATA = Path(__file__).parents[1] / "data"


pytestmark = pytest.mark.usefixtures("english")


def example(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def scored_table(store: Store, game: str, sheet: dict, variant: str = "standard"):
    table = store.create_table(game, variant, [p["name"] for p in sheet["players"]], seed=1)
    store.set_score_sheet(table.id, sheet)
    return table


def opened(store: Store, table_id: str, engine: Engine | None = None) -> Results:
    return Results.open(store, engine or Engine(store), table_id, empty_sheet)


def test_a_latria_tie_is_marked_on_both_lines_and_its_reason_leads(store):
    """Dee and Eve tie on 0; Dee has fewer eclipse points: both their places were decided
    by the tie-break, and the reason comes first, apart from the other notes."""
    table = scored_table(store, "latria", example("latria_example3.json"))
    results = opened(store, table.id)
    assert results.title == "Results · Latria"
    assert results.winners == "Ann wins"
    assert [(r.place, r.name, r.total, r.tie_broken) for r in results.ranking] == [
        ("1.", "Ann", "17", False), ("2.", "Ben", "9", False), ("3.", "Cy", "3", False),
        ("4.", "Dee", "0", True), ("5.", "Eve", "0", True)]
    assert [say(note.text) for note in results.ties] == [
        "Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)"]
    assert results.ties[0].rulings == ["L-10"]  # its "Why?"
    assert results.others and not any(note in results.ties for note in results.others)
    assert results.breakdowns_heading == "Every point"
    ann = results.breakdowns[0]
    assert ann.total == "Ann: 17 points"
    assert ann.lines[0] == ("Sun 4+3+2+1 = 10", "+10")
    assert ann.lines[-1] == ("Eclipse −((3+2) × 2)", "-10")
    assert results.ability is None and results.campaign is None


def test_the_text_to_share_lists_the_ranking_the_winners_and_the_tie(store):
    table = scored_table(store, "latria", example("latria_example3.json"))
    store.append_event(table.id, {"type": "start", "player": 3}, 0)
    share = opened(store, table.id).share
    assert share.text.splitlines()[1:] == [
        "1. Ann: 17", "2. Ben: 9", "3. Cy: 3", "4. Dee: 0", "5. Eve: 0", "Ann wins",
        "Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)"]
    assert share.text.startswith("Latria — ")
    assert share.subject == "Latria: results"
    assert share.link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")


def test_carpe_astra_has_no_tie_and_its_notes_under_why(store):
    table = scored_table(store, "carpe_astra", example("carpe_astra_example.json"))
    results = opened(store, table.id)
    assert results.winners == "Ch'un wins"
    assert [(r.name, r.total) for r in results.ranking] == [
        ("Ch'un", "14"), ("Ichthon", "12"), ("Tyndar", "11")]
    assert not any(r.tie_broken for r in results.ranking) and results.ties == ()
    assert "Ichthon holds all 5 Priests tokens in play, none left in the supply: 6 points" \
        in [say(note.text) for note in results.others]
    assert results.breakdowns[0].total == "Ch'un: 14 points"


def test_opening_the_results_finishes_the_table_once(store):
    """Nothing entered: the sheet the Score screen shows is scored (everyone 0), and the
    table moves to History; opened again, nothing more is saved or told."""
    table = store.create_table("latria", "standard", ["Cy", "Di", "Ed"], seed=2)
    told: list = []
    engine = Engine(store, announce=lambda table_id, kind, *rest: told.append(kind))
    results = opened(store, table.id, engine)
    assert results.winners == "Shared win: Cy, Di, Ed"
    assert store.get_table(table.id).status == "finished"
    assert store.get_table(table.id).score_sheet is None  # scored, not saved
    opened(store, table.id, engine)
    assert told == ["table"]


def test_a_sheet_that_does_not_score_says_why_and_leaves_the_table_in_progress(store):
    sheet = example("altar_example.json")
    sheet["players"][0]["realms"][0]["shrines"] = 7
    table = scored_table(store, "altar", sheet)
    results = opened(store, table.id)
    assert results.result is None and results.title == "Results"
    assert results.problems == (
        "Ann: 7, but a Realm holds at most 3 Shrines (0–3)",
        "10 Shrines on the Realms, but a 3-player game has only 6 Shrine tiles")
    assert store.get_table(table.id).status == "in_progress"


def test_altar_ties_on_shrines_and_a_winner_by_an_ability_is_recorded_and_taken_back(store):
    """Ann and Ben complete with 2 Shrines each and Ben placed the last: Ben wins, both
    places decided by the tie-break. The table records that the Ancient God's rule made
    Cat the winner, then takes it back."""
    table = scored_table(store, "altar", example("altar_example.json"))
    engine = Engine(store)
    results = opened(store, table.id, engine)
    assert results.winners == "Ben wins"
    assert [(r.name, r.total, r.tie_broken) for r in results.ranking] == [
        ("Ben", "Realm complete", True), ("Ann", "Realm complete", True),
        ("Cat", "4 toward completion", False)]
    assert say(results.ties[0].text).startswith(
        "Ann and Ben completed with 2 Shrines each; Ben placed the last Shrine")
    assert results.breakdowns_heading == "Each Realm's progress"
    ability = results.ability
    assert ability.which == "" and ability.max_length == 40
    assert [(c.value, c.text, c.spoken, c.picked) for c in ability.choices] == [
        (None, "No: as worked out above", "No: as worked out above", True),
        ("Ann", "Ann", "Won by an ability: Ann", False),
        ("Ben", "Ben", "Won by an ability: Ben", False),
        ("Cat", "Cat", "Won by an ability: Cat", False)]

    assert results.record_ability(engine, "Cat", "  Ancient God ").saved
    saved = store.get_table(table.id).score_sheet
    assert (saved["ability_winner"], saved["ability"]) == ("Cat", "Ancient God")
    now = opened(store, table.id, engine)
    assert now.winners == "Cat wins"
    assert any("Cat wins by a god's or follower's ability (“Ancient God”)" in say(n.text)
               for n in now.ties + now.others)
    assert now.ability.which == "Ancient God"
    assert [c.value for c in now.ability.choices if c.picked] == ["Cat"]

    assert now.record_ability(engine, None, "Ancient God").saved
    saved = store.get_table(table.id).score_sheet
    assert "ability_winner" not in saved and "ability" not in saved
    assert opened(store, table.id, engine).winners == "Ben wins"


def test_altar_offers_no_ability_where_the_rulebook_decides(store):
    """Ben alone completes his Realm: the winner is his, no ability is asked."""
    table = scored_table(store, "altar", {"game": "altar", "end": "realm_completed",
                                          "players": [
        {"name": "Aiko", "realms": [{"shrines": 1, "active_altars": 2}]},
        {"name": "Ben", "last_shrine_turn": 9, "realms": [{"shrines": 2, "active_altars": 4}]},
        {"name": "Chiara", "realms": [{"shrines": 1, "active_altars": 3}]}]})
    results = opened(store, table.id)
    assert results.ability is None
    # Aiko and Chiara share rank 2, the higher total first; no tie-break placed them.
    assert [(r.place, r.name, r.total, r.tie_broken) for r in results.ranking] == [
        ("1.", "Ben", "Realm complete", False), ("2.", "Chiara", "4 toward completion", False),
        ("2.", "Aiko", "3 toward completion", False)]


def test_a_campaign_shows_its_standings_and_starts_its_next_game(store):
    players = ["Ann", "Ben", "Cy"]
    first = store.create_table("latria", "campaign", players, seed=1)
    store.set_score_sheet(first.id, blank_sheet(empty_sheet, first, {}))  # everyone on 0 VP
    standings = opened(store, first.id).campaign
    assert standings.heading == "Campaign standings after game 1 of 3"
    # All tied on 0 VP are 1st: each scores as many points as there are players.
    assert [(r.place, r.name, r.per_game, r.total) for r in standings.rows] == [
        ("1.", name, "+3", "3") for name in players]
    assert "Game 1: everyone tied on 0 VP, so all are 1st and score 3" in [
        say(note.text) for note in standings.notes]
    assert standings.next_label == "Start campaign game 2"
    way = standings.next_game(Engine(store))
    second = store.get_table(way.table_id)
    assert (second.variant, second.campaign_id, second.players) == (
        "campaign", first.id, players)
    # The second game has nothing scored yet: still one game in the standings.
    assert opened(store, second.id).campaign.heading == \
        "Campaign standings after game 1 of 3"


def test_a_campaign_with_no_game_scored_says_so(store):
    first = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"], seed=1)
    standings = opened(store, first.id).campaign
    assert standings.heading == "Campaign standings: no game of 3 scored yet"
    assert standings.rows == () and standings.notes == ()


def test_a_table_deleted_on_another_phone(store):
    """Deleted before the screen opens: nothing to show. Deleted while it is shown: an
    ability recorded is not saved, and the screen is drawn again."""
    table = scored_table(store, "altar", example("altar_example.json"))
    engine = Engine(store)
    results = opened(store, table.id, engine)
    Engine(store).delete(table.id)
    answer = results.record_ability(engine, "Cat", "Ancient God")
    assert answer.stale and answer.gone and not answer.saved
    gone = opened(store, table.id, engine)
    assert gone.session is None and gone.result is None and gone.title == "Table Companion"
    assert gone.empty == "This table no longer exists."


def test_saved_tables_that_can_only_be_read_show_the_results_and_refuse_a_change(store):
    table = scored_table(store, "altar", example("altar_example.json"))
    ro = read_only(store)
    engine = Engine(ro)
    results = opened(ro, table.id, engine)
    assert results.winners == "Ben wins"
    assert ro.get_table(table.id).status == "in_progress"  # left so
    answer = results.record_ability(engine, "Cat", "Ancient God")
    assert not answer.saved and not answer.stale and answer.kind == "refused"
    assert answer.notice == ("Not saved: the saved tables can be read but not changed "
                             "(the data file is read-only).")
    assert "ability_winner" not in ro.get_table(table.id).score_sheet
