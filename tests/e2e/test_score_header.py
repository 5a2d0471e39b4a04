"""Score's header at phone sizes: every player's button can be reached and is visibly
so — in sight, or past an arrow that shows it — with six players and Larger text at
360×740, and the header leaves at least half the screen to the entries.

One test on one page: each check's setup is a route and a text size on the page already
open (a page load and a server start cost more than the checks)."""

from __future__ import annotations

import re

from companion.ui.preferences import LARGER_TEXT_KEY
from companion.ui.widgets.common import TAP
from tests.e2e.flutter import button, open_app, settle, shot
from tests.e2e.layout import chip_widths, strip, strip_showing, whole
from tests.e2e.tables import write_table
from tests.e2e.test_accessibility import go

SIX = ["Aiko", "Ben", "Chiara", "Dev", "Emre", "Fumiko"]
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}


def chip(page, name: str):
    return button(page, f"{name}, 0 points")


def in_sight(box, width: float) -> bool:
    return box["x"] >= 0 and box["x"] + box["width"] <= width


def chip_in_sight(page, name: str, width: float) -> bool:
    """Whether ``name``'s chip shows whole. Flutter clips a chip cut off at the row's edge
    to its visible part, so its box ends where a shown arrow begins: only a chip clear of
    the shown arrows is whole."""
    box = chip(page, name).bounding_box()
    left, right = 0.0, width
    if arrow_shown(page, "Players before these"):
        before = arrow(page, "Players before these").bounding_box()
        left = before["x"] + before["width"] + 0.5
    if arrow_shown(page, "More players"):
        right = arrow(page, "More players").bounding_box()["x"] - 0.5
    return in_sight(box, width) and box["x"] >= left and box["x"] + box["width"] <= right


def arrow(page, name: str):
    """The arrow named ``name`` (its name is said twice: its label and its tooltip)."""
    return page.get_by_role("button", name=re.compile("^" + name))


def arrow_shown(page, name: str) -> bool:
    found = arrow(page, name)
    return found.count() == 1 and found.is_visible()


def out_of_sight(page, names: list[str], width: float) -> tuple[list[str], bool]:
    """The players past the edge, and whether the arrow shows, once they agree: the arrow
    comes a moment after the row is laid out (its sizes are sent from the phone)."""
    for _ in range(20):
        hidden = [n for n in names if not chip_in_sight(page, n, width)]
        shown = arrow_shown(page, "More players")
        if shown == bool(hidden):
            return hidden, shown
        page.wait_for_timeout(250)
    return hidden, shown


def larger_text(page, on: bool) -> None:
    """Settings → Larger text switched on this page as the switch does (the phone's
    storage, which the page's script follows at once): no page load for it."""
    key = f"flutter.{LARGER_TEXT_KEY}"
    if on:
        page.evaluate("key => localStorage.setItem(key, 'true')", key)
    else:
        page.evaluate("key => localStorage.removeItem(key)", key)
    page.wait_for_function("size => document.documentElement.style.fontSize === size",
                           arg="130%" if on else "")


def test_score_header_at_phone_sizes(server, page):
    """One page load for all of it (each a table of its own before): four and six
    players, without and with Larger text, at both sizes; then the arrows' taps at 390 px
    and at 360 px with Larger text; then a chosen chip cut off at the edge."""
    tables = {4: write_table(server, "latria", SIX[:4]), 6: write_table(server, "latria", SIX)}
    open_app(page, f"{server.url}table/{tables[4]}/score")
    for count, table in tables.items():
        players_in_sight_or_past_an_arrow(page, table, SIX[:count])
    one_tap_on_the_arrow_shows_the_players_hidden_past_it(page)
    the_chosen_players_chip_shows_whole(page)


def players_in_sight_or_past_an_arrow(page, table: str, names: list[str]) -> None:
    """Four players fit without an arrow where they can; six at 360 px with Larger text
    cannot, and the arrow shows. The header leaves half the screen to the entries."""
    larger_text(page, False)
    page.set_viewport_size(PHONE)
    go(page, f"/table/{table}/score")
    chip(page, names[-1]).wait_for()
    page.get_by_text("Aiko: 0 points").wait_for()
    for larger in (False, True):
        larger_text(page, larger)
        for size in (PHONE, SMALL_PHONE):
            page.set_viewport_size(size)
            settle(page)
            hidden, arrow_there = out_of_sight(page, names, size["width"])
            assert arrow_there == bool(hidden), (size, hidden)
            assert all(chip(page, n).bounding_box()["x"] > size["width"] / 2 for n in hidden)
            shot(page, f"score-header-{len(names)}{'-larger' if larger else ''}-{size['width']}")
    assert hidden  # 360 px with larger text: the arrow was needed, and shown
    # The header (app bar, players, total, Latria's pile) leaves half the screen.
    pile = button(page, "Pile: Under the eclipse marker").bounding_box()
    assert pile["y"] + pile["height"] <= SMALL_PHONE["height"] / 2, pile


def six_at(page, larger: bool) -> list[float]:
    """The six-player Score shown at 360×740 with Larger text or at 390×844 without, its
    row back at its start; each chip's own width (``layout.chip_widths``)."""
    page.set_viewport_size(SMALL_PHONE if larger else PHONE)
    larger_text(page, larger)
    settle(page)
    widths = chip_widths(page, SIX)
    for _ in range(6):
        if not strip(page, SIX, widths)["before"]:
            break
        arrow(page, "Players before these").click()
    return widths


def one_tap_on_the_arrow_shows_the_players_hidden_past_it(page) -> None:
    """Each tap on › moved the row by less than it shows (the sixth player took three
    taps at 360 px), and its tooltip popped up over the header. A tap brings the first
    player cut off at the edge to the other edge, with every player after that fits:
    at 390 px, all the rest at once."""
    widths = six_at(page, larger=False)
    row = strip(page, SIX, widths)
    assert row["after"] and not row["before"], row
    assert "Fumiko" not in whole(row)
    arrow(page, "More players").click()
    row = strip_showing(page, SIX, widths, lambda row: not row["after"])
    assert not row["after"], row  # nobody is left past the edge: the arrow went
    assert whole(row)[-2:] == ["Emre", "Fumiko"], row
    shot(page, "score-header-6-390-one-tap")  # no tooltip over the header
    arrow(page, "Players before these").click()
    row = strip_showing(page, SIX, widths, lambda row: not row["before"])
    assert not row["before"] and row["after"], row
    assert whole(row)[0] == "Aiko", row

    # 360 px with larger text: a tap shows the next players that fit, the first of them
    # at the left edge.
    widths = six_at(page, larger=True)
    row = strip(page, SIX, widths)
    taps = 0
    while row["after"] and taps < 4:
        next_one = SIX[SIX.index(whole(row)[-1]) + 1]
        arrow(page, "More players").click()
        taps += 1
        row = strip_showing(page, SIX, widths, lambda row, n=next_one: n in whole(row))
        assert next_one in whole(row), row
        assert row["chips"][SIX.index(next_one)][1] <= 16 + TAP + 1 or not row["after"], row
    assert taps == 2 and "Fumiko" in whole(row), (taps, row)


def the_chosen_players_chip_shows_whole(page) -> None:
    """A chip cut off at the row's edge, chosen, comes whole into view (its total shows),
    the row moving no more than that takes; a chip in view stays where it is."""
    widths = six_at(page, larger=True)
    row = strip(page, SIX, widths)
    assert "Chiara" not in whole(row), row  # cut off by the arrow at 360 px
    ben = row["chips"][1][1]
    chip(page, "Ben").click()
    page.get_by_text("Ben: 0 points").wait_for()
    assert strip(page, SIX, widths)["chips"][1][1] == ben  # in view: nothing moved
    chip(page, "Chiara").click()
    page.get_by_text("Chiara: 0 points").wait_for()
    row = strip_showing(page, SIX, widths, lambda row: "Chiara" in whole(row))
    assert "Chiara" in whole(row), row
    assert "Ben" in whole(row), row  # moved as far as Chiara needed, no further
    shot(page, "score-header-6-larger-360-chosen")
    # The last player, chosen after a swipe left them cut off, shows whole too.
    shown = whole(row)
    arrow(page, "More players").click()
    row = strip_showing(page, SIX, widths, lambda row: whole(row) != shown)
    cut = next(name for name, _, is_whole, _ in row["chips"][SIX.index(whole(row)[-1]):]
               if not is_whole)
    chip(page, cut).click()
    page.get_by_text(f"{cut}: 0 points").wait_for()
    assert cut in whole(strip_showing(page, SIX, widths, lambda row: cut in whole(row)))
