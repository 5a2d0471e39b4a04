"""Two more readings the table chooses on its Rulings screen: Latria's Polaris "two red
symbols" card (L-3) and Luna's influence floor (P-11), followed on Score and in Play's
round calculator."""

from __future__ import annotations

import re

from companion.flows import FLOWS, build_event
from companion.storage.store import Store
from companion.table.setup import flow_config
from tests.e2e.flutter import button, card_says, open_app, settle, shot, shows, tap_until
from tests.e2e.tables import stored_table, write_table
from tests.e2e.words import RULING_ID, program_words, texts

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
TALL = {"width": 390, "height": 2600}


def choose_the_other_reading(page, title: str, name: str) -> None:
    """Open the table's Rulings screen, save it at both sizes, pick the other reading."""
    button(page, re.compile(r"^Rulings\s+How the app reads")).click()
    shows(page, "Your table's readings").wait_for()
    other = button(page, f"{title}: the other reading")
    other.wait_for()
    shot(page, f"table-readings-{name}")
    page.set_viewport_size(SMALL)
    shot(page, f"table-readings-{name}-360")
    assert not [line for line in texts(page) if RULING_ID.search(line)]
    assert program_words(texts(page)) == []
    page.set_viewport_size(PHONE)
    other.click()
    settle(page)
    shot(page, f"table-readings-{name}-chosen")
    button(page, re.compile(r"^Back")).click()


def test_the_polaris_card_may_remove_itself_by_the_tables_reading(server, page):
    """Polaris card note: "remove any 2 of your acquired cards … If you hold 2 or fewer
    cards, including this card itself, remove all of them." Holding the card, Sun 4 and
    Sun 3: the other reading removes the card and Sun 3, and Ann keeps Sun 4."""
    stored_table(page, server, "latria", ["Ann", "Ben", "Cleo"])
    choose_the_other_reading(page, 'The Polaris "two red symbols" card and the cards it '
                                   "removes", "latria-polaris")
    button(page, "Score").first.click()
    page.set_viewport_size(TALL)
    page.get_by_text("Celestial cards", exact=True).wait_for()
    for label in ("Sun 4 VP", "Sun 3 VP", "Polaris two red symbols"):
        button(page, f"{label}: one more for Ann", exact=True).click()
    page.get_by_text("Ann: 4 points").wait_for()
    button(page, "Remove Polaris two red symbols").wait_for()  # the card itself may go
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 3000)
    shot(page, "score-latria-polaris-itself")
    page.set_viewport_size(TALL)
    button(page, "See the results").click()
    shows(page, re.compile(r"The table's reading: the Polaris two-red-symbols card counts "
                           r"among its holder's cards")).wait_for()
    shows(page, "Ann wins").wait_for()
    page.set_viewport_size(PHONE)
    shot(page, "results-latria-polaris-itself")
    assert not [line for line in texts(page) if RULING_ID.search(line)]


def test_luna_pays_the_round_as_a_whole_by_the_tables_reading(server, page):
    """Apostate: "Each player now loses a number of influence points equal to his count
    plus one." Ann (5 or 6 influence) with 6 at the Apostate and 3 in the Temple: the
    other reading takes the whole 7 and gives 3 back: −4, where the app's stops at 0."""
    from tests.e2e.test_play_luna import to_scoring

    stored_table(page, server, "luna", ["Ann", "Ben"])
    choose_the_other_reading(page, "Influence does not fall below 0", "luna-influence")
    page.set_viewport_size({"width": 390, "height": 1800})
    button(page, "Play").first.click()
    button(page, "Start: Preliminary round").click()
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        button(page, label).click()
    to_scoring(page, 3)
    button(page, "Work out the round scoring").click()
    button(page, "Second value: 2").click()
    button(page, "Continue").click()
    shows(page, "Round scoring").wait_for()
    apostate = page.get_by_role("button", name="Apostate: one more").nth(0)
    for _ in range(6):
        apostate.click()
    temple = page.get_by_role("button", name="Novices in the Temple: one more").nth(0)
    for _ in range(3):
        temple.click()
    shows(page, "Ann: -4").wait_for()
    shows(page, re.compile(r"The table's reading: each player loses the Apostate's full "
                           r"count plus one")).wait_for()
    for size, name in ((PHONE, "play-luna-round-whole"), (SMALL, "play-luna-round-whole-360")):
        page.set_viewport_size(size)
        page.mouse.move(195, 400)
        page.mouse.wheel(0, 5000)
        shot(page, name)
    page.set_viewport_size({"width": 390, "height": 1800})
    button(page, "Use these changes").click()
    shows(page, "Preparing the Next Round").wait_for()
    # 5 to start, +1 to whoever turned the last Time token: Ann ends with 1 or 2, not 3.
    card_says(page, "Ann", ["Ann", "Ben"], r"influence [12]\b")


def test_the_new_readings_in_japanese(server, page):
    """The two cards of the Rulings screen as a Japanese table reads them."""
    from tests.e2e.flutter import open_app
    from tests.e2e.test_japanese import both_sizes, choose_language, create_table_ja

    open_app(page, server.url)
    choose_language(page, "日本語")
    create_table_ja(page, "ラトリア", ["あおい", "Ben", "Cleo"])
    button(page, re.compile(r"^裁定\s+ルールブックがあいまいな所")).click()
    shows(page, "このテーブルの読み方").wait_for()
    shows(page, re.compile("北極星のカードも持ち主の獲得したカードに数え")).wait_for()
    both_sizes(page, "ja-table-readings-latria-polaris")
    open_app(page, server.url)  # Home again, still in Japanese
    create_table_ja(page, "ルナ", ["あおい", "Ben"])
    button(page, re.compile(r"^裁定\s+ルールブックがあいまいな所")).click()
    shows(page, re.compile("背教者では数＋1をそのまま失い")).wait_for()
    both_sizes(page, "ja-table-readings-luna-influence")


def test_latoro_refuses_a_conversion_into_a_kind_given(server, page):
    """Support phase: 「手持ちの好きな資源３つを別の資源１つに変換」 — 2 black and 1 white
    cannot become black; they can become brown."""
    stored_table(page, server, "latoro", ["Ann", "Ben"])
    page.set_viewport_size({"width": 390, "height": 2200})
    button(page, "Play").first.click()
    for label in ("Start player: Ann", "Start round 1", "Keep resources in the app"):
        button(page, label, exact=True).click()
        page.wait_for_timeout(150)
    for label in ("Next: Collection phase", "Next: Support phase"):
        button(page, label, exact=True).click()
        page.wait_for_timeout(150)
    convert = button(page, "Convert 3 resources into 1", exact=True)
    convert.wait_for()
    page.get_by_role("button", name="Player: Ann", exact=True).last.click()
    for label in ("black given: one more", "black given: one more", "white given: one more",
                  "Colour received: black"):
        button(page, label, exact=True).click()
        page.wait_for_timeout(150)
    convert.click()
    shows(page, re.compile(r"another type than the three given, and black is among them"
                           )).wait_for()
    page.set_viewport_size(PHONE)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 5000)
    shot(page, "play-latoro-conversion-refused")
    page.set_viewport_size(SMALL)
    shot(page, "play-latoro-conversion-refused-360")


def short_supply_log(table) -> list[dict]:
    """The taps of a Carpe Astra game up to Ben's Gain Support in round 2, with 48 of the
    box's 49 credits held: each turn's big button, and in round 2 an event that gave Ann
    25 credits with nothing scored. A game started before event credits needed a card
    (its first tap names no ``rules``: companion/flows/carpe_astra.py ``RULES``) still
    plays so, and it is the short way to a short supply."""
    flow = FLOWS["carpe_astra"]
    state = flow.initial(flow_config(table))
    events = []

    def tap(event: dict) -> None:
        nonlocal state
        state = flow.apply(state, event)
        events.append(event)

    tap({"type": "start", "player": 1})  # (no "rules": as a game started before)
    while not (state.round == 2 and state.phase == "support"):
        tap(build_event(next(a for a in flow.view(state).actions if a.primary), {}))
    tap({"type": "event_credits", "amount": 25})
    while not (state.turn == 1 and state.phase == "support"):
        tap(build_event(next(a for a in flow.view(state).actions if a.primary), {}))
    return events


def test_carpe_astra_says_when_the_credit_supply_is_short(server, page):
    """Gain Support: "take two credits from the supply"; Components: "49 money tokens
    (credits)". Round 2: an event gave Ann 25, then her +2: 48 of 49 held, so Ben, who
    scores nothing, takes the last one, and Play says so before the tap."""
    store = Store(server.data_dir)
    table = store.get_table(write_table(server, "carpe_astra", ["Ann", "Ben", "Cleo"]))
    for seq, event in enumerate(short_supply_log(table)):
        store.append_event(table.id, event, seq)
    open_app(page, server.url)
    tap_until(page, button(page, "Open Carpe Astra table: Ann, Ben, Cleo").first,
              page.get_by_text("Players", exact=True))
    page.set_viewport_size({"width": 390, "height": 1800})
    button(page, "Play").first.click()
    shows(page, "The supply has only 1 credit left (the box has 49): if nothing is scored, "
                "Ben takes it.").wait_for()
    last = button(page, "Nothing scored: +1 credit, the supply's last — Next: Draw",
                  exact=True)
    last.wait_for()
    shows(page, re.compile(r"Supply: credits\s+1$")).wait_for()  # beside the board
    for size, name in ((PHONE, "play-carpe-astra-supply-short"),
                       (SMALL, "play-carpe-astra-supply-short-360")):
        page.set_viewport_size(size)
        page.mouse.move(195, 400)
        page.mouse.wheel(0, -5000)
        shot(page, name)
    page.set_viewport_size({"width": 390, "height": 1800})
    last.click()
    card_says(page, "Ben", ["Ann", "Ben", "Cleo"], r"credits 8\b")
