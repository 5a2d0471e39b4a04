"""Luna on the Play screen: Time tokens, then the round scoring worked out and recorded;
the "5" figure's second value asked first; the solo opponent and the Apostate; the
Council order kept from round to round."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, card_reads, card_says, shot, shows
from tests.e2e.tables import create_table, stored_table

TALL = {"width": 390, "height": 1800}
FOUR = ["Ann", "Ben", "Cleo", "Dan"]
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def shots(page, name: str, scroll: int = 0) -> None:
    """Screenshots at the two phone sizes (``scroll`` pixels down, e.g. inside a dialog),
    then back to the tall page the test drives."""
    for size, suffix in ((PHONE, ""), (SMALL, "-360")):
        page.set_viewport_size(size)
        if scroll:
            page.mouse.move(size["width"] // 2, size["height"] // 2)
            page.wait_for_timeout(200)
            page.mouse.wheel(0, scroll)
        shot(page, name + suffix)
    page.set_viewport_size(TALL)


def to_scoring(page, tokens: int, name: str | None = None) -> None:
    """Everyone turns Time tokens until the last one ends the action phase (screenshots
    of the action phase at its start and at its last token when ``name`` is given)."""
    for left in range(tokens, 1, -1):
        shows(page, re.compile(rf"Time tokens left\s+{left} of {tokens}")).wait_for()
        if name and left == tokens:
            shots(page, name)
        button(page, f"A Time token was turned ({left} left)").click()  # one tap, no name
    shows(page, re.compile(rf"Time tokens left\s+1 of {tokens}")).wait_for()
    # The last one: whoever turned it gains 1, so the app asks who (nobody preselected).
    button(page, "The last Time token was turned (+1)").click()
    shows(page, "Choose who turned it.").wait_for()
    shows(page, re.compile(rf"Time tokens left\s+1 of {tokens}")).wait_for()
    if name:
        shots(page, name + "-last")
    page.get_by_role("button", name=re.compile("^Who turned it: ")).first.click()
    button(page, "The last Time token was turned (+1)").click()
    shows(page, "Scoring Phase").wait_for()


def prepare_next_round(page, round_: int) -> None:
    button(page, "Next: Move the figures").click()
    button(page, "Next: Guard and Time tokens").click()
    button(page, f"Next: Round {round_}").click()
    shows(page, f"Round {round_} of 6").wait_for()


def test_round_scoring_from_the_table_adds_to_influence(server, page):
    stored_table(page, server, "luna", ["Ann", "Ben"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "Start: Preliminary round").click()
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        button(page, label).click()
    # 2 players: 3 Time tokens; whoever turns the last one gains 1 influence.
    to_scoring(page, 3, "play-luna-action")

    button(page, "Work out the round scoring").click()
    # 2 players: the "5" figure; its second value is printed on it, not in the rulebook:
    # asked before anything is worked out (never a made-up 0).
    shows(page, re.compile("smaller number printed on the figure")).wait_for()
    assert button(page, "Continue").is_disabled()
    assert page.get_by_text(re.compile(r"Ann: [+−-]\d")).count() == 0
    shots(page, "play-luna-second-value")
    button(page, "Second value: 2").click()
    button(page, "Continue").click()
    shows(page, "Round scoring").wait_for()
    # The dialog lists Ann's fields first, then Ben's: the first "Moon Priestess's Isle"
    # is Ann's.
    more = page.get_by_role("button", name="Moon Priestess's Isle: one more")
    more.nth(0).click()
    more.nth(1).click()
    more.nth(1).click()
    shows(page, "Ben: +5").wait_for()
    shows(page, "Ann: +2").wait_for()
    shots(page, "play-luna-round-scoring")
    button(page, "Use these changes").click()
    shows(page, "Preparing the Next Round").wait_for()
    # Influence: 5 to start; Ann +2, Ben +5, and +1 for whoever turned the last Time token
    # (the start player is drawn from the table's seed, so either of them).
    two = ["Ann", "Ben"]
    card_says(page, "Ben", two, r"influence 1[01]\b")
    ann_last = card_reads(page, "Ann", two, r"influence 8\b")
    ben_last = card_reads(page, "Ben", two, r"influence 11\b")
    assert ann_last + ben_last == 1
    assert card_reads(page, "Ann", two, r"influence [78]\b")
    shot(page, "play-luna-after-scoring")

    # The second value is remembered: the next round's calculator opens at once.
    prepare_next_round(page, 2)
    to_scoring(page, 3)
    button(page, "Work out the round scoring").click()
    shows(page, "Moon Priestess: 2nd place value").wait_for()
    assert page.get_by_text(re.compile("smaller number printed on the figure")).count() == 0


def test_solo_opponent_does_not_lose_influence_to_the_apostate(server, page):
    """Luna, Solo Game Rules: "Your opponent does not lose influence due to the Apostate." """
    create_table(page, server.url, "Luna", ["Ann"])  # New table's level for one player
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    for label in ("Next: the Temple", "Next: your starting pieces", "Next: Novices",
                  "Next: Favor tokens", "Next: Round 1", "Next: the opponent's Temple tile",
                  "Next: Action phase", "End the action phase", "Next: Scoring"):
        button(page, label).click()
    shows(page, "Scoring Phase").wait_for()
    # The hand-entered form has no Apostate field for him either.
    assert page.get_by_role("button", name="Virtual opponent: Apostate: one fewer").count() == 0
    assert page.get_by_role("button", name="Ann: Apostate: one fewer").count() == 1

    button(page, "Work out the round scoring").click()
    button(page, "Second value: 2").click()
    button(page, "Continue").click()
    shows(page, "Round scoring").wait_for()
    shows(page, re.compile("Virtual opponent does not lose influence there")).wait_for()
    # Only your Apostate count can be entered.
    assert page.get_by_role("button", name="Apostate: one more").count() == 1
    more = page.get_by_role("button", name="Moon Priestess's Isle: one more")
    more.nth(1).click()
    more.nth(1).click()  # he is first on the Moon Priestess's Isle: +5
    page.get_by_role("button", name="Apostate: one more").click()  # you: 1 Novice → −2
    shows(page, "Virtual opponent: +5").wait_for()
    shows(page, "Ann: -2").wait_for()
    shots(page, "play-luna-solo-round-scoring")
    button(page, "Use these changes").click()
    shows(page, "Preparing the Next Round").wait_for()
    solo = ["Ann", "Virtual opponent"]
    card_says(page, "Virtual opponent", solo, r"influence 10\b")
    card_says(page, "Ann", solo, r"influence 3\b")
    shots(page, "play-luna-solo-after-scoring")
    # Solo uses no Time tokens: preparing the next round does not mention them.
    button(page, "Next: Move the figures").click()
    button(page, "Next: the Guard").click()
    shows(page, "Preparing the Next Round — the Guard").wait_for()
    assert page.get_by_text(re.compile("Time token")).count() == 0
    shots(page, "play-luna-solo-guard")


def test_council_order_is_kept_across_rounds(server, page):
    """Luna, Setup 8: "Beginning with the start player, the players stack their Member of
    the Council piece on the first space of the Council of Priests." Moon Priestess: "If
    there is more than one player on the same space, the player whose piece is on top
    breaks the tie." Ann starts: Dan on top, then Cleo, Ben, Ann."""
    stored_table(page, server, "luna", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    button(page, "Start player: Ann").click()
    button(page, "Start: Preliminary round").click()
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        button(page, label).click()
    card_says(page, "Dan", FOUR, r"influence 5 place in the Council 1st")
    to_scoring(page, 4)

    button(page, "Work out the round scoring").click()
    more = page.get_by_role("button", name="Moon Priestess's Isle: one more")
    more.first.wait_for()  # the calculator ("Round scoring" is also in the button tapped)
    for who, count in ((0, 3), (1, 2), (2, 2)):  # Ann 3, Ben 2, Cleo 2
        for _ in range(count):
            more.nth(who).click()
    # The setup's stack, not seat order: Cleo is above Ben and takes 2nd place (3).
    shows(page, "Cleo: +3").wait_for()
    shows(page, "Ben: +1").wait_for()
    shows(page, re.compile("tie with Ben decided by the Council")).wait_for()
    shots(page, "play-luna-council-tie", scroll=5000)  # the breakdown, under the entries
    button(page, "Use these changes").click()
    prepare_next_round(page, 2)

    # Round 2: Ben moves up in the Council to the top; the next tie goes his way.
    page.get_by_role("button", name="Council: whose piece moved: Ben").click()
    page.get_by_role("button", name="Their place now (1st = furthest ahead): 1st").click()
    button(page, "Record the Council move").click()
    card_says(page, "Ben", FOUR, r"influence \d+ place in the Council 1st")
    shots(page, "play-luna-council-move")
    to_scoring(page, 4)
    shows(page, re.compile("go by the Council: Ben, Dan, Cleo, Ann")).wait_for()
    button(page, "Work out the round scoring").click()
    more = page.get_by_role("button", name="Moon Priestess's Isle: one more")
    more.first.wait_for()  # the calculator ("Round scoring" is also in the button tapped)
    for who, count in ((1, 2), (2, 2)):  # Ben 2, Cleo 2
        for _ in range(count):
            more.nth(who).click()
    shows(page, "Ben: +6").wait_for()
    shows(page, "Cleo: +3").wait_for()
    button(page, "Use these changes").click()
    shows(page, "Preparing the Next Round").wait_for()
    card_says(page, "Ben", FOUR, r"influence \d+ place in the Council 1st")
