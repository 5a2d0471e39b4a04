"""Taps land where they were meant and nothing vanishes, at
both phone sizes: no stepper moves while a score is entered, entries not yet recorded are
not lost with a step, and Undo says what it took back; a tap that fails is one line.

One test on one table and one page: each part is a screen of the table already open."""

from __future__ import annotations

import re

from tests.e2e.flutter import button, settle, shot, shows
from tests.e2e.tables import stored_table

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]

# Every "+" of a stepper wholly on screen above the bottom bar: name → x, y, disabled.
# A "+" is named "<what>: one more for <player>" (companion/ui/widgets/stepper.py), in
# its aria-label or, as Flutter now writes a button's name, in its text.
MORE_BUTTONS = """() => [...document.querySelectorAll('flt-semantics[role=button]')]
  .map(e => [e, e.getAttribute('aria-label') || e.textContent || ''])
  .filter(([, name]) => /: one more( for .+)?$/.test(name))
  .map(([e, name]) => { const r = e.getBoundingClientRect();
              return [name, Math.round(r.x + r.width / 2),
                      Math.round(r.y + r.height / 2), Math.round(r.y + r.height),
                      e.querySelector('[aria-disabled=true]') !== null
                      || e.getAttribute('aria-disabled') === 'true']; })
  .filter(([, , y, bottom]) => y > 0 && bottom < window.innerHeight - 140)"""


def more_buttons(page) -> dict[str, tuple[int, int, bool]]:
    return {label: (x, y, disabled)
            for label, x, y, _, disabled in page.evaluate(MORE_BUTTONS)}


def test_taps_land_and_nothing_vanishes(server, page):
    """One Latoro table on one page (a table, a page load and a server each before):
    Score's steppers at both sizes, then Play's entries not yet recorded and its Undo,
    then a tap that fails as the saved file loses its events."""
    stored_table(page, server, "latoro", ["Ann", "Ben"])
    button(page, "Score").first.click()
    page.get_by_text("Ann: 0 points").wait_for()
    # A player's form each: twenty entries on one form bring some steppers to the box's
    # limit, which would leave too few for the next size.
    for size, who in zip(SIZES, ["Ann", "Ben"], strict=True):
        no_stepper_moves_while_a_score_is_entered(page, size, who)
    button(page, "Back").first.click()
    page.get_by_text("Edit names and seats").wait_for()
    entries_not_recorded_are_not_lost_with_the_step(page)
    an_unexpected_error_in_a_tap_is_one_line_in_view(server, page)


def no_stepper_moves_while_a_score_is_entered(page, size: dict, who: str) -> None:
    page.set_viewport_size(size)
    if who != "Ann":
        button(page, f"{who}, 0 points").click()
        page.get_by_text(f"{who}: 0 points").wait_for()
    settle(page)
    before = more_buttons(page)
    assert len(before) >= 3, before
    entries = 0
    while entries < 20:
        tapped = False
        for label in before:
            if entries == 20:
                break
            if more_buttons(page).get(label, (0, 0, True))[2]:
                continue  # the box holds no more of these cards
            # A finger taps where the button was: a moved button would take the tap
            # meant for another (no scrolling it into view first, as click() does).
            x, y, _ = before[label]
            page.mouse.click(x, y)
            page.wait_for_timeout(150)
            entries += 1
            tapped = True
        assert tapped, "every stepper on screen reached its limit"
    settle(page)
    shows(page, re.compile(rf"{who}: [1-9]\d* points")).wait_for()  # the taps were entered
    after = more_buttons(page)
    for label, (x, y, _) in before.items():
        assert after[label][:2] == (x, y), f"{label} moved from {(x, y)} to {after[label][:2]}"
    shot(page, f"score-latoro-entered-{size['width']}")


def entries_not_recorded_are_not_lost_with_the_step(page) -> None:
    """The dialog and Undo's notice as the phone shows them. (The asking, Go back keeping
    the entries, and the words: tests/ui/test_play_unrecorded_drawn.py and
    tests/screens/test_play.py, ``unsaved`` and Undo's notice.)"""
    page.set_viewport_size({"width": 390, "height": 1400})  # the markers on screen too
    button(page, "Play").first.click()
    # Ann starts, whoever the seed drew: the start player takes the extra black (Latoro,
    # Player setup 4), which the figures below count on.
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    button(page, "Ann: black: one more").click()
    button(page, "Ann: black: one more").click()
    button(page, "Next: Collection phase").click()
    # Asked, not lost: go back and the two are still there, then record them.
    page.get_by_text("Not recorded yet").wait_for()
    shot(page, "play-latoro-unsaved")
    button(page, "Go back").click()
    shows(page, "Placement phase").wait_for()
    button(page, "Keep resources in the app").click()
    shows(page, re.compile(r"4 black, 1 white, 1 brown")).wait_for()  # 2 to start, + 2
    button(page, "Next: Collection phase").click()
    # The next step's own button: "Collection phase" alone is also in the button tapped,
    # and an Undo tapped before the step is drawn is a stale tap, redrawn and not undone.
    button(page, "Next: Support phase").wait_for()
    assert page.get_by_text("Not recorded yet").count() == 0

    # Undo names what it took back, in view.
    button(page, "Undo").click()
    notice = page.get_by_role("button", name="Undid: Next: Collection phase")
    notice.wait_for()
    notice = notice.bounding_box()
    assert 0 <= notice["y"] and notice["y"] + notice["height"] <= page.viewport_size["height"]
    shot(page, "play-latoro-undid")


def an_unexpected_error_in_a_tap_is_one_line_in_view(server, page) -> None:
    """The saved file loses a table under the running app (as a damaged disk would): the
    tap fails, the phone says so in one line in view and keeps its screen, never Flet's
    "Error running app"; the server's console has the traceback. (The line's words and
    Flet's error page not called: tests/ui/test_unexpected_error_drawn.py.)"""
    import sqlite3

    from companion.storage.store import DB_NAME

    page.set_viewport_size(SIZES[0])
    step = button(page, "Next: Collection phase", exact=True)
    step.wait_for()
    with sqlite3.connect(server.data_dir / DB_NAME) as conn:
        conn.execute("DROP TABLE events")
    conn.close()
    step.click()
    notice = page.get_by_role("button", name=re.compile("^Something went wrong with that tap"))
    notice.wait_for()
    box = notice.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
    assert page.get_by_text("Error running app").count() == 0
    step.wait_for()  # the screen is still there, usable
    shot(page, "play-unexpected-error")
    server.stop()
    assert "Traceback" in server.log_path.read_text(errors="replace")
