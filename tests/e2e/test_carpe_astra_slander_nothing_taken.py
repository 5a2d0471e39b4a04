"""Carpe Astra at the table (ruling P-7): a Slander card against an opponent who has no
token of that guild is scored all the same, takes nothing, and pays no two credits; the
note says so with its own Why?. Event credits are not offered before a card is scored."""

from __future__ import annotations

from tests.e2e.flutter import button, shot, shows
from tests.e2e.tables import stored_table


def test_a_slander_against_an_opponent_without_the_token_is_scored(server, page):
    stored_table(page, server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    page.set_viewport_size({"width": 390, "height": 1400})
    button(page, "Play").first.click()
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(page, label).click()
    button(page, "Scored a Slander card", exact=True).wait_for()
    assert button(page, "Credits from the event").count() == 0  # round 1, nothing scored

    button(page, "Opponent slandered: Ben").click()
    button(page, "Guild: Engineers").click()  # Ben holds his own guild's two only
    button(page, "Scored a Slander card", exact=True).click()
    shows(page, "Ben has no Engineers support token: the Slander card is scored all the "
                "same and takes nothing.").wait_for()
    shows(page, "1 card scored this turn.").wait_for()
    button(page, "Next: Draw", exact=True).wait_for()  # a card scored: no +2
    why = button(page, "Why? Two credits when nothing was scored").first
    why.scroll_into_view_if_needed()
    shot(page, "play-carpe-astra-slander-nothing-taken")
    why.click()
    shows(page, "so does a Slander card played against an opponent who has no token").wait_for()
    shot(page, "play-carpe-astra-slander-nothing-taken-why")
