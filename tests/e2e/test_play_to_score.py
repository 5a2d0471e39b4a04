"""What Play tracked is on Score however Score is opened: a few rounds of each game on
Play, then Score from the table's screen (not Play's last button) shows the credits,
support tokens, influence, Council order and Shrines Play kept; a number entered on
Score stays when Play moves on, and opening Score again writes nothing. (Latoro's
resources, and every game's prefill, are tested in-process:
tests/screens/test_play_to_score.py.)"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from companion.storage.store import Store
from tests.e2e.flutter import button, click_into, count_field, shot, shows, stepper_button
from tests.e2e.tables import stored_table
from tests.e2e.test_play_latria import play_round
from tests.e2e.test_play_luna import prepare_next_round, to_scoring
from tests.e2e.test_score_luna_altar_latoro import wait_council_place
from tests.e2e.test_two_phones import open_table

TALL = {"width": 390, "height": 2400}
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def taps(page, *labels: str) -> None:
    for label in labels:
        button(page, label, exact=True).or_(stepper_button(page, label)).click()
        page.wait_for_timeout(150)  # the next screen's buttons can share the label


def counts_are(page, expected: dict[str, int]) -> None:
    """The numbers in the steppers' boxes on Score (Flutter puts one in the page once its
    box has the focus)."""
    for label, value in expected.items():
        box = count_field(page, label)
        click_into(page, box)
        expect(box).to_have_value(str(value))


def player(page, name: str) -> None:
    """Show ``name``'s sheet on Score."""
    page.get_by_role("button", name=re.compile(rf"^{name}, ")).first.click()
    shows(page, re.compile(rf"^{name}: ")).wait_for()


def score_from_the_table(page) -> None:
    """Back to the table's screen, then its Score button, as a table opens it."""
    button(page, "Back").click()
    page.get_by_text("Players", exact=True).wait_for()
    button(page, "Score").first.click()
    button(page, "See the results").wait_for()


def play_from_the_table(page) -> None:
    button(page, "Back").click()
    page.get_by_text("Players", exact=True).wait_for()
    button(page, "Play").first.click()
    button(page, "Undo").wait_for()


def shots(page, name: str) -> None:
    """Score at both phone sizes, from its top, then back to the tall page."""
    for size, suffix in ((PHONE, "390"), (SMALL, "360")):
        page.set_viewport_size(size)
        page.mouse.move(size["width"] // 2, size["height"] // 2)
        page.mouse.wheel(0, -5000)
        shot(page, f"{name}-{suffix}")
    page.set_viewport_size(TALL)


def sheet_version(server, table_name: str) -> int:
    store = Store(server.data_dir)
    (table,) = [t for t in store.list_tables() if t.game == table_name]
    return table.sheet_version


def test_carpe_astra_credits_and_support_tokens(server, page):
    stored_table(page, server, "carpe_astra", ["Ann", "Ben"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    taps(page, "Start player: Ann", "Start round 1")
    # Ann pays 1 credit to change tack (5 → 4) and scores a Network card: an Engineers
    # token (no character's own guild, so she had none).
    taps(page, "Paid 1 credit: drew 2, discarded 2", "Next: Make New Contacts",
         "Next: Infiltrate Guilds", "Next: Gain Support", "Support token taken: Engineers",
         "Scored a Network card", "Next: Draw", "Next: Ben's turn")
    # Ben scores nothing: 2 credits (5 → 7).
    taps(page, "Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support",
         "Nothing scored: +2 credits — Next: Draw")
    shows(page, "Ben's turn — Draw").wait_for()

    score_from_the_table(page)
    counts_are(page, {"Credits": 4, "Engineers": 1})
    shots(page, "play-to-score-carpe-astra")
    player(page, "Ben")
    counts_are(page, {"Credits": 7, "Engineers": 0})
    # Ben counts his money on the table: 9. That entry stays whatever Play does next.
    taps(page, "Credits: one more", "Credits: one more")
    counts_are(page, {"Credits": 9})

    play_from_the_table(page)
    taps(page, "Next: End of the round", "Next: Round 2")
    # Round 2: Ann scores nothing (4 → 6); Ben nothing (Play: 7 → 9, Score says 9 too).
    taps(page, "Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support",
         "Nothing scored: +2 credits — Next: Draw")
    shows(page, "Ann's turn — Draw").wait_for()
    score_from_the_table(page)
    counts_are(page, {"Credits": 6, "Engineers": 1})
    player(page, "Ben")
    counts_are(page, {"Credits": 9})

    version = sheet_version(server, "carpe_astra")
    score_from_the_table(page)  # nothing new on Play: nothing written
    assert sheet_version(server, "carpe_astra") == version


def luna_influence(page, who: str, change: int, then: int) -> None:
    """Play's "Other influence change" for ``who`` (the change starts at +1); ``then``:
    their influence after it, as Play shows it."""
    taps(page, f"Player: {who}")
    for _ in range(change - 1):
        taps(page, "Change (+/−): one more")
    taps(page, "Other influence change")
    # each line of a player's card is read on its own, after the card's name
    shows(page, re.compile(rf"^influence\s+{then}$")).wait_for()


def luna_council(page, who: str, place: str) -> None:
    taps(page, f"Council: whose piece moved: {who}",
         f"Their place now (1st = furthest ahead): {place}", "Record the Council move")
    page.wait_for_function(CARD_LINE, arg=[who, f"place in the Council {place}"])


# Whether a line of Play's markers is on the card of ``name``: the card's name is read
# first, then each of its lines on its own.
CARD_LINE = """([name, line]) => {
  const texts = [...document.querySelectorAll("flt-semantics")].map(
    e => (e.getAttribute("aria-label") || e.textContent || "").replace(/\\s+/g, " ").trim());
  const at = texts.indexOf(line);
  if (at < 0) return false;
  for (let i = at - 1; i >= 0; i--) {
    if (/^(Ann|Ben|Cleo)$/.test(texts[i])) return texts[i] === name;
  }
  return false;
}"""


def council_is(page, order: list[str]) -> None:
    for place, name in enumerate(order, start=1):
        wait_council_place(page, name, place)


def test_luna_influence_and_council_order(server, page):
    stored_table(page, server, "luna", ["Ann", "Ben", "Cleo"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    taps(page, "Start player: Ann", "Start: Preliminary round", "Next: Novices",
         "Next: Favor tokens", "Next: Round 1")
    # Round 1: Ben sanctifies (+6: 5 → 11), Ann's piece moves to the front of the Council
    # (the setup stacked Cleo, Ben, Ann), Cleo gains 3 (8), and Ann turns the last Time
    # token (+1: 6).
    taps(page, "Who sanctified: Ben", "Sanctification (+6)")
    shows(page, re.compile(r"^influence\s+11$")).wait_for()
    luna_council(page, "Ann", "1st")
    luna_influence(page, "Cleo", 3, then=8)
    to_scoring(page, 4)
    taps(page, "Work out the round scoring", "Second value: 2", "Continue")
    taps(page, "Use these changes")  # nobody scored anything this round
    prepare_next_round(page, 2)

    score_from_the_table(page)
    counts_are(page, {"Influence": 6})
    council_is(page, ["Ann", "Cleo", "Ben"])
    shots(page, "play-to-score-luna")
    page.mouse.wheel(0, 5000)
    for size, suffix in ((PHONE, "390"), (SMALL, "360")):  # the Council, further down
        page.set_viewport_size(size)
        page.mouse.move(size["width"] // 2, size["height"] // 2)
        page.mouse.wheel(0, 5000)
        shot(page, f"play-to-score-luna-council-{suffix}")
    page.set_viewport_size(TALL)
    player(page, "Cleo")
    counts_are(page, {"Influence": 8})
    player(page, "Ben")
    counts_are(page, {"Influence": 11})
    # Ben's influence counted on the table is one more. It stays while Play goes on.
    taps(page, "Influence: one more")
    counts_are(page, {"Influence": 12})

    play_from_the_table(page)
    luna_influence(page, "Cleo", 1, then=9)
    luna_influence(page, "Ben", 2, then=13)
    luna_council(page, "Ben", "1st")
    score_from_the_table(page)
    council_is(page, ["Ben", "Ann", "Cleo"])
    counts_are(page, {"Influence": 6})
    player(page, "Ben")
    counts_are(page, {"Influence": 12})  # as entered on Score (Play says 13)
    player(page, "Cleo")
    counts_are(page, {"Influence": 9})


def altar_turn(page, who: str, main: str, then: str) -> None:
    """One turn on Play: the card drawn, the main action, then on to ``then``'s turn."""
    shows(page, f"{who}'s turn — Draw a Card").wait_for()
    taps(page, "Next: Main action", main)
    taps(page, f"Next: {then}'s turn")


def test_altar_shrines_and_altars(server, page):
    stored_table(page, server, "altar", ["Ann", "Ben", "Cleo"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    taps(page, "First player: Ann", "Realm of the Goddess of Love (if played): Ben",
         "Start the first turn")
    # Round 1: Ann builds a Shrine and activates an Altar; Ben builds a Shrine in the
    # Goddess of Love's Realm (it starts with an active Altar); Cleo passes.
    shows(page, "Ann's turn — Draw a Card").wait_for()
    taps(page, "Next: Main action", "Ritual: built a Shrine", "Ann: Altar activated")
    shows(page, re.compile("Ann: 1 Shrine, 1 active, 0 inactive Altars")).wait_for()
    taps(page, "Next: Ben's turn")
    altar_turn(page, "Ben", "Ritual: built a Shrine", "Cleo")
    altar_turn(page, "Cleo", "Passed", "Ann")
    # Round 2: Ann's second Shrine.
    shows(page, "Ann's turn — Draw a Card").wait_for()
    taps(page, "Next: Main action", "Ritual: built a Shrine")
    shows(page, re.compile("Ann: 2 Shrines, 1 active, 0 inactive Altars")).wait_for()

    score_from_the_table(page)
    # and the turn of each one's last Shrine (counted over all players: the tie-break)
    counts_are(page, {"Shrines": 2, "Active altars": 1, "Ann's last Shrine, turn": 4,
                      "Ben's last Shrine, turn": 2})
    shots(page, "play-to-score-altar")
    player(page, "Ben")
    counts_are(page, {"Shrines": 1, "Active altars": 1})
    player(page, "Cleo")
    counts_are(page, {"Shrines": 0, "Active altars": 0})


def test_latria_play_knows_nothing_the_sheet_holds(server, page):
    """Latria's sheet is the cards each player holds and their printed values, which Play
    does not record: Score opens on the table's players and writes nothing."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo", "Dan"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    taps(page, "First parent: Ann", "Start round 1")
    play_round(page, parent="Ann", mutation=True, body="Sun", taker="Ben", next_parent="Ben")
    play_round(page, parent="Ben", mutation=False, body="Moon", taker="Cleo",
               next_parent="Cleo")
    shows(page, "Round 3 of 11").wait_for()

    score_from_the_table(page)
    for name in ("Ann", "Ben", "Cleo", "Dan"):
        page.get_by_role("button", name=re.compile(rf"^{name}, 0 points")).wait_for()
    shots(page, "play-to-score-latria")
    assert Store(server.data_dir).list_tables()[0].score_sheet is None


def test_a_phone_on_score_follows_what_another_phone_plays(server, page, browser):
    stored_table(page, server, "carpe_astra", ["Ann", "Ben"])
    page.set_viewport_size(TALL)
    button(page, "Play").first.click()
    taps(page, "Start player: Ann", "Start round 1")
    # Phone B opens Score while phone A plays on.
    context = browser.new_context(viewport=TALL, device_scale_factor=1)
    try:
        other = context.new_page()
        open_table(other, server.url, "Carpe Astra", "Score")
        button(other, "See the results").wait_for()
        counts_are(other, {"Credits": 5})
        # A: Ann scores nothing, +2 credits (5 → 7): B's Score shows it without reopening.
        taps(page, "Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support",
             "Nothing scored: +2 credits — Next: Draw")
        shows(page, "Ann's turn — Draw").wait_for()
        counts_are(other, {"Credits": 7})
        # B counts Ann's money on the table: 8. Play's next +2 leaves that entry as it is.
        taps(other, "Credits: one more")
        counts_are(other, {"Credits": 8})
        taps(page, "Next: Ben's turn", "Next: Make New Contacts", "Next: Infiltrate Guilds",
             "Next: Gain Support", "Nothing scored: +2 credits — Next: Draw")
        shows(page, "Ben's turn — Draw").wait_for()
        counts_are(other, {"Credits": 8})
        player(other, "Ben")
        counts_are(other, {"Credits": 7})
    finally:
        context.close()
