"""Altar's Score, as players tap: two tied players whose last Shrines came in the same
turn are asked each one's place in that turn, and the later one wins."""

from __future__ import annotations

from companion.catalog import GAMES
from companion.i18n import t
from companion.storage.store import Store
from tests.e2e.conftest import PHONE
from tests.e2e.flutter import button, open_app, shot, tap_until
from tests.e2e.tables import saved_until, write_table
from tests.e2e.test_score_luna_altar_latoro import TALL, type_count

# Nobody complete, the deck ran out: Ann and Ben tie for the most Shrines (1 each) and
# both placed their last Shrine in turn 4 (a Ritual, then a card's Shrine on Ben's Realm).
SHEET = {"game": "altar", "end": "deck_exhausted", "players": [
    {"name": "Ann", "last_shrine_turn": 4, "realms": [{"god": "", "shrines": 1,
                                                       "active_altars": 2}]},
    {"name": "Ben", "last_shrine_turn": 4, "realms": [{"god": "", "shrines": 1,
                                                       "active_altars": 0}]},
    {"name": "Cat", "realms": [{"god": "", "shrines": 0, "active_altars": 3}]}]}


def test_two_last_shrines_in_one_turn_ask_their_place_in_it(server, page):
    names = ["Ann", "Ben", "Cat"]
    table_id = write_table(server, "altar", names)
    Store(server.data_dir).set_score_sheet(table_id, SHEET)
    open_app(page, server.url)
    tap_until(page, button(page, f"Open {t(GAMES['altar'].name)} table: {', '.join(names)}")
              .first, page.get_by_text("Players", exact=True))
    button(page, "Score").first.click()
    page.get_by_text("How the game ended", exact=True).wait_for()
    page.set_viewport_size(TALL)
    page.get_by_text("Who placed the last Shrine?").wait_for()
    page.get_by_text("Ann's last Shrine, place in its turn", exact=True).wait_for()
    page.get_by_text("Ben's last Shrine, place in its turn", exact=True).wait_for()
    type_count(page, "Ann's last Shrine, place in its turn", 1)
    type_count(page, "Ben's last Shrine, place in its turn", 2)
    saved_until(lambda: [p.get("last_shrine_order") for p in Store(server.data_dir)
                         .get_table(table_id).score_sheet["players"][:2]] == [1, 2],
                "Ann's and Ben's places in the turn")
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 5000)
    shot(page, "score-altar-same-turn")
    page.set_viewport_size(TALL)
    button(page, "See the results").click()
    page.get_by_text("Ben wins").wait_for()
    page.get_by_text("Ben placed the last Shrine", exact=False).wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "results-altar-same-turn")
