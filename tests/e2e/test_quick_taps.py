"""Taps made quickly, one after another, while the screen is drawn again: a tap lands on what
the player saw, or is refused and told.

A finger does not wait for the screen: these tests tap where a control was seen (the
point on screen, as a finger does, not the control found again), back to back, while
this phone's own tap or another phone's change draws the screen again, then wait for
what they check: what the form shows and, once recorded, what the store holds.

What they found, and what changed (companion/ui/views/play.py ``FormInputs``,
companion/ui/app.py ``notice_place`` and ``tell_missed_taps``):

- Latria's card entry: two suits tapped just after "Enter the cards played" were lost
  without a word (the form was made anew for the proposal, its chips with it): the
  cards stayed as entered before. The form now stays while it asks the same questions.
- A question not asked of the player just picked (the taker "kept their own card")
  went away and moved the questions under it up: "Cleo kept" tapped just after toggled
  Dan's. It stays in its place, dimmed.
- Carpe Astra Score: a notice at the top pushed the screen down when another phone's
  change came, and up when it went: the next field tapped was the one above or below.
  A notice now sits above the bottom bar, and nothing under a finger moves.
- Carpe Astra Score: a character picked draws the form again; a number typed and a +
  tapped on the form seen before went nowhere without a word. They are told now. (And
  the pick itself ended in "Something went wrong with that tap": the chip row left off
  the screen was sent.)
- Latria's proposal came above the card entry (and the step's card changed its words):
  a suit tapped once it was drawn landed about 180 points above the one seen, on the
  player above's. The card entry now comes first and the proposal under it, and the
  step's card says the same before and after (companion/flows/latria.py)."""

from __future__ import annotations

import re

import pytest

from companion.storage.store import Store
from scorers.carpe_astra import CHARACTERS
from tests.e2e.flutter import (
    button,
    click_into,
    count_field,
    open_app,
    picked,
    settle,
    shows,
    tap_until,
)
from tests.e2e.held import Held
from tests.e2e.tables import saved_until, stored_table, to_latria_step_4, write_table
from tests.e2e.test_two_phones import open_table, second_page  # noqa: F401 - a fixture

TALLER = {"width": 390, "height": 2600}  # the whole card entry in view
PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


@pytest.fixture(autouse=True)
def no_tap_failed(server):
    """No handler failed on the way (companion/ui/app.py ``guard_errors``)."""
    yield
    log = server.log_path.read_text(errors="replace")
    assert "a tap failed" not in log and "Traceback" not in log, log[-3000:]


def centre(locator) -> tuple[float, float]:
    """Where a finger taps ``locator``, as it is on screen now."""
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_at(page, points) -> None:
    """Tap each point at once after the other, waiting for nothing."""
    for x, y in points:
        page.mouse.click(x, y)


def last_event(server) -> dict:
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    return store.events(table.id)[-1]


def to_step_4(page) -> None:
    to_latria_step_4(page)
    page.set_viewport_size(TALLER)


def open_card_entry(page) -> None:
    button(page, "Enter the cards played", exact=True).click()
    button(page, "Close: Enter the cards played").wait_for()


def suit(who: str, name: str) -> str:
    return f"{who}: suit: {name}"


def shows_suits(page, suits: dict[str, str]) -> None:
    for who, name in suits.items():
        picked(page, suit(who, name)).wait_for(state="attached")


def suits_of(event: dict) -> dict[str, str]:
    """The suits an event of entered cards holds, by name."""
    return {"Ann (parent)": event["parent_suit"],
            **{PLAYERS[int(seat) - 1]: s for seat, s in event["suits"].items()}}


def test_suits_tapped_back_to_back_land_also_as_the_form_is_drawn_again(server, page):
    held = Held(page)
    stored_table(page, server, "latria", PLAYERS)
    to_step_4(page)
    open_card_entry(page)

    # Four suits tapped one after another, without waiting: each lands.
    first = {"Ann (parent)": "Moon", "Ben": "Polaris", "Cleo": "Sun", "Dan": "Latria"}
    tap_at(page, [centre(button(page, suit(w, s))) for w, s in first.items()])
    shows_suits(page, first)

    # "Enter the cards played", and at once two suits on the screen as it is: they reach
    # the server after it has drawn the screen again for the proposal (on its way to the
    # phone, held), and land on the form, kept ("Enter the cards again").
    second = {"Ben": "Sun", "Cleo": "Polaris"}
    points = [centre(button(page, suit(w, s))) for w, s in second.items()]
    held.holding = True
    tap_at(page, [centre(button(page, "Enter the cards played", exact=True)), *points])
    held.redrawn()  # the screen drawn again for the proposal, sent (held)
    held.release()
    shows(page, "Cards: Ann Moon 7, Ben Polaris 7, Cleo Sun 7, Dan Latria 7.").wait_for()
    again = {**first, **second}
    shows_suits(page, again)
    assert {k: v.lower() for k, v in first.items()} == suits_of(last_event(server))
    button(page, "Enter the cards again", exact=True).click()
    shows(page, "Cards: Ann Moon 7, Ben Sun 7, Cleo Polaris 7, Dan Latria 7.").wait_for()
    assert {k: v.lower() for k, v in again.items()} == suits_of(last_event(server))


def test_suits_tapped_once_the_proposal_is_drawn_land_where_they_were_seen(server, page):
    """On a phone's screen, the card entry scrolled to its button: "Enter the cards
    played", then, once the proposal is on screen, two suits tapped where they were seen
    before it came. Nothing above them moved, so they land on the suits seen."""
    stored_table(page, server, "latria", PLAYERS)
    to_step_4(page)
    page.set_viewport_size({"width": 390, "height": 844})
    open_card_entry(page)
    first = {"Ann (parent)": "Moon", "Ben": "Polaris", "Cleo": "Sun", "Dan": "Latria"}
    for who, name in first.items():
        button(page, suit(who, name)).click()
    enter = button(page, "Enter the cards played", exact=True)
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 600)  # as a finger scrolls (not the control brought into view)
    settle(page)
    second = {"Cleo": "Latria", "Dan": "Sun"}
    seen = {w: centre(button(page, suit(w, s))) for w, s in second.items()}
    assert all(60 < y < 760 for _, y in seen.values()), seen  # on screen, as a finger sees

    tap_at(page, [centre(enter)])
    shows(page, "Cards: Ann Moon 7, Ben Polaris 7, Cleo Sun 7, Dan Latria 7.").wait_for()
    settle(page)
    assert {w: centre(button(page, suit(w, s))) for w, s in second.items()} == seen
    tap_at(page, seen.values())
    again = {**first, **second}
    shows_suits(page, again)
    tap_at(page, [centre(button(page, "Enter the cards again", exact=True))])
    shows(page, "Cards: Ann Moon 7, Ben Polaris 7, Cleo Latria 7, Dan Sun 7.").wait_for()
    assert {k: v.lower() for k, v in again.items()} == suits_of(last_event(server))


def test_a_question_not_asked_of_the_taker_keeps_its_place(server, page):
    """Ben picked as the taker, then at once "Cleo kept their own card" where it was seen:
    Ben's question stays in its place, dimmed, so the tap lands on Cleo's."""
    stored_table(page, server, "latria", PLAYERS)
    to_step_4(page)
    kept = {n: page.get_by_role("checkbox", name=f"{n} kept their own card")
            for n in ("Ben", "Cleo", "Dan")}
    seen = {n: centre(box) for n, box in kept.items()}
    tap_at(page, [centre(button(page, "Took the celestial cards: Ben")), seen["Cleo"]])
    kept["Cleo"].and_(page.locator('[aria-checked="true"]')).wait_for(state="attached")
    kept["Ben"].and_(page.locator('[aria-disabled="true"]')).wait_for(state="attached")
    assert {n: centre(box) for n, box in kept.items()} == seen  # nothing moved
    assert kept["Dan"].get_attribute("aria-checked") == "false"
    tap_at(page, [seen["Ben"]])  # not asked: a tap on it does nothing
    button(page, "Targeted body: Sun").click()
    button(page, "Record who took the cards").click()
    shows(page, "Step 5").first.wait_for()
    assert last_event(server) == {"type": "acquire", "body": "sun", "taker": 2,
                                  "kept": {"2": False, "3": True, "4": False}}


def test_suits_tapped_while_another_phone_changes_the_table_land(
        server, page, second_page):  # noqa: F811
    held = Held(page)
    stored_table(page, server, "latria", PLAYERS)
    to_step_4(page)
    open_card_entry(page)
    second_page.set_viewport_size(TALLER)
    open_app(second_page, server.url)
    on_table = second_page.get_by_text("Edit names and seats")
    tap_until(second_page, button(second_page, "Open Latria table"), on_table)
    ticks = second_page.get_by_role("checkbox")
    tap_until(second_page, button(second_page, "Setup").first, ticks.first, still=on_table)

    # B ticks the setup checklist (each tick draws A's Play again) while A taps suits.
    first = {"Ann (parent)": "Moon", "Ben": "Polaris", "Cleo": "Sun", "Dan": "Latria"}
    points = [centre(button(page, suit(w, s))) for w, s in first.items()]
    for i, point in enumerate(points):
        ticks.nth(i).click()
        tap_at(page, [point])
    for i in range(len(points)):
        ticks.nth(i).and_(second_page.locator('[aria-checked="true"]')).wait_for(
            state="attached")
    shows_suits(page, first)

    # B enters other cards; A's screen, drawn again for them, is on its way (held) while
    # A taps three suits on the screen it shows: they land on A's form, kept.
    # Back and Play tapped again if dropped (each lands as a screen is drawn), Play only
    # while the table's screen shows ("Enter the cards played" is a "play" button too).
    tap_until(second_page, second_page.get_by_role("button", name="Back"), on_table)
    tap_until(second_page, button(second_page, "Play").first,
              button(second_page, "Enter the cards played", exact=True), still=on_table)
    open_card_entry(second_page)
    theirs = {"Ann (parent)": "Sun", "Ben": "Moon", "Cleo": "Polaris", "Dan": "Latria"}
    for who, name in theirs.items():
        button(second_page, suit(who, name)).click()
    shows_suits(second_page, theirs)
    mine = {"Ben": "Sun", "Cleo": "Latria", "Dan": "Polaris"}
    points = [centre(button(page, suit(w, s))) for w, s in mine.items()]
    held.holding = True
    button(second_page, "Enter the cards played", exact=True).click()
    held.redrawn()  # A's screen drawn again on the server, sent (held)
    tap_at(page, points)  # (on their way after it: they reach the screen drawn anew)
    held.release()
    shows(page, "Cards: Ann Sun 7, Ben Moon 7, Cleo Polaris 7, Dan Latria 7.").wait_for()
    shows_suits(page, {"Ann (parent)": "Moon", **mine})
    button(page, "Enter the cards again", exact=True).click()
    shows(page, "Cards: Ann Moon 7, Ben Sun 7, Cleo Latria 7, Dan Polaris 7.").wait_for()
    assert suits_of(last_event(server)) == {"Ann (parent)": "moon", "Ben": "sun",
                                            "Cleo": "latria", "Dan": "polaris"}


def test_numbers_and_picks_on_score_land_or_are_told(server, page, second_page):  # noqa: F811
    """Carpe Astra Score, one table on one page (a table, a page load and a server each
    before): first a number typed as Score's own redraw comes (on the empty sheet it
    needs), then numbers typed quickly while another phone changes the table."""
    held = Held(page)
    write_table(server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    # Every box typed into well above the bottom: a box that the notice under the
    # scrolling part cuts off is scrolled into view when tapped (as one under the bottom
    # bar is), which is the finger's own doing.
    page.set_viewport_size({"width": 390, "height": 1100})
    open_table(page, server.url, "Carpe Astra", "Score")
    page.get_by_text("Support tokens", exact=True).wait_for()
    a_number_typed_as_score_draws_the_form_again_is_told(server, page, held)
    numbers_typed_quickly_on_score_land_in_the_boxes_typed_into(server, page, second_page)


def numbers_typed_quickly_on_score_land_in_the_boxes_typed_into(server, page, other) -> None:
    """Three numbers typed one after another; two more while another phone's Play tap
    changes Ann's credits; and a notice of another phone's change comes, then goes with
    the next entry, while nothing under the finger moves: each number is in the box it
    was typed into."""
    start = saved_player(server)["credits"]  # (the sheet holds Ann's character)
    boxes = ["Military", "Traders", "Priests"]
    seen = {label: where(page, label) for label in ["Credits", *boxes]}
    points = {label: centre(count_field(page, label)) for label in seen}
    for label, number in zip(boxes, "321", strict=True):
        type_in(page, points[label], label, number, over="0")
    wait_for_sheet(page, server, start, {"military": 3, "traders": 2, "priests": 1})

    open_table(other, server.url, "Carpe Astra", "Play")
    button(other, "Start player: Ann").click()
    button(other, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(other, label).click()
    nothing = button(other, re.compile("^Nothing scored: \\+2 credits"))
    nothing.wait_for()
    notice = page.get_by_role("button", name=re.compile("^Play changed on another phone"))
    notice.first.wait_for()  # (Play began: Score follows it)
    assert {label: where(page, label) for label in seen} == seen
    # An entry that lands: the notice goes.
    type_in(page, points["Traders"], "Traders", "3", over="2")
    notice.first.wait_for(state="detached")
    assert {label: where(page, label) for label in seen} == seen
    credits = saved_player(server)["credits"]

    # B's tap, and at once A types 2 into Military and 4 into Priests.
    nothing.click()
    type_in(page, points["Military"], "Military", "2", over="3")
    type_in(page, points["Priests"], "Priests", "4", over="1")
    wait_for_sheet(page, server, credits + 2, {"military": 2, "traders": 3, "priests": 4})

    # B takes its tap back: A is told what Play changed, and nothing on A's screen moves
    # while the notice is shown, nor when A's next entry puts it away.
    button(other, "Undo").click()
    told = page.get_by_role("button", name=re.compile(
        f"^Play changed on another phone: Ann · Credits is now {credits}"))
    told.wait_for()
    assert {label: where(page, label) for label in seen} == seen
    type_in(page, points["Credits"], "Credits", "9", over=str(credits))
    told.wait_for(state="detached")
    assert {label: where(page, label) for label in seen} == seen
    wait_for_sheet(page, server, 9, {"military": 2, "traders": 3, "priests": 4})


def where(page, label: str) -> tuple[float, float]:
    """Where a stepper's box is on screen: its top left corner (the part of it in view
    is shorter while a notice under the scrolling part cuts it off)."""
    box = page.locator(f'[flt-semantics-identifier="count:{label}"]').bounding_box()
    return box["x"], box["y"]


def saved_player(server) -> dict:
    """Ann's entries, as saved."""
    (table,) = Store(server.data_dir).list_tables()
    return table.score_sheet["players"][0]


def wait_for_sheet(page, server, credits: int, support: dict[str, int]) -> None:
    """Until Ann's saved credits and these support tokens are these (each entry is saved
    as it is typed; Play may have given her others)."""
    def entered() -> tuple | None:
        (table,) = Store(server.data_dir).list_tables()
        if table.score_sheet is None:
            return None  # nothing saved yet
        ann = table.score_sheet["players"][0]
        return ann["credits"], {k: ann["support"].get(k, 0) for k in support}

    saved_until(lambda: entered() == (credits, support), f"{credits} credits, {support}",
                seen=entered)


def type_in(page, point: tuple[float, float], label: str, number: str, over: str) -> None:
    """Tap the box seen at ``point``, which shows ``over``; once the phone types there
    (Flutter has put that number in the box's editing element: keys pressed before that
    are lost, and an element of a box drawn anew in its place may still hold what was
    typed in the old one), the number."""
    page.mouse.click(*point)
    page.wait_for_function(
        "([label, over]) => { const e = document.activeElement; return e && e.value === over"
        " && e.closest(`[flt-semantics-identifier=\"count:${label}\"]`) }", arg=[label, over])
    page.keyboard.press("Control+a")
    page.keyboard.type(number)


def a_number_typed_as_score_draws_the_form_again_is_told(server, page, held) -> None:
    """Score's own redraw: a character picked draws Ann's form again (the tokens in play
    follow the characters). A number typed into the box seen before, and a + seen
    before, reach the server once those are gone: not applied, and the phone says so
    (they went nowhere without a word)."""
    characters = page.get_by_role("button", name=re.compile("^Character: "))
    other = next(c for c in characters.all() if c.get_attribute("aria-current") != "true")
    name = other.text_content()
    point, more = centre(other), centre(button(page, "Priests: one more for Ann"))
    military = centre(count_field(page, "Military"))
    before = Store(server.data_dir).list_tables()[0].score_sheet  # (none entered yet)

    held.holding = True
    tap_at(page, [point])
    type_in(page, military, "Military", "2", over="0")
    tap_at(page, [more])
    held.redrawn()  # Ann's form drawn again on the server, sent (held)
    held.release()
    page.get_by_role("button", name=re.compile(
        "^The screen changed just before your tap: it was not applied")).wait_for()
    picked(page, name).wait_for(state="attached")
    ann = saved_player(server)
    assert before is None and CHARACTERS[ann["character"]].name in name  # it landed
    assert ann["support"].get("military", 0) == 0 and ann["support"].get("priests", 0) == 0


ALTAR_TIE = {  # both Realms complete for both, 3 Shrines each: the last Shrine's turn asked
    "game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [{"god": "", "shrines": 2, "active_altars": 3},
                                   {"god": "", "shrines": 1, "active_altars": 4}]},
        {"name": "Ben", "realms": [{"god": "", "shrines": 2, "active_altars": 3},
                                   {"god": "", "shrines": 1, "active_altars": 4}]}]}


def test_a_digit_typed_after_a_chip_is_tapped_goes_to_no_number(server, page):
    """The keyboard after a tap on a chip: a chip drawn anew gave the number typed last the
    keyboard back, its digits selected, and the next digit replaced it (Ben's turn 17
    became 9, and Ann won)."""
    write_table(server, "altar", ["Ann", "Ben"])
    store = Store(server.data_dir)
    (table,) = store.list_tables()
    store.set_score_sheet(table.id, ALTAR_TIE)
    open_app(page, f"{server.url}table/{table.id}/score")
    page.set_viewport_size({"width": 390, "height": 1400})
    for name, turn in (("Ann", 14), ("Ben", 17)):
        click_into(page, count_field(page, f"{name}'s last Shrine, turn"))
        page.keyboard.press("Control+a")
        page.keyboard.type(str(turn))
    saved_until(lambda: [p.get("last_shrine_turn") for p in Store(server.data_dir)
                         .get_table(table.id).score_sheet["players"]] == [14, 17],
                "the turns typed")
    button(page, "How the game ended: A Realm was completed").click()
    page.keyboard.type("9")
    button(page, "See the results").click()  # sent after the 9: it has landed by then
    page.get_by_text("Ben wins").wait_for()
    players = Store(server.data_dir).get_table(table.id).score_sheet["players"]
    assert [p.get("last_shrine_turn") for p in players] == [14, 17]
