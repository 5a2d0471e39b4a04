"""Every screen of every game, read as a player reads it at 360×740: no ruling ids, file
paths or program words anywhere (docs/DESIGN.md, "Words for players"), and a screenshot of
each screen in tests/e2e/artifacts/ (every part of it with WALK_SHOTS=all;
docs/DEVELOPING.md, "Screenshots"). The screens: Home, a new table, then per game the
table, Setup, Play (before the first tap and after it), Score, Results and a "Why?" on
Results."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import Server
from tests.e2e.flutter import button, open_app, settle
from tests.e2e.tables import stored_table
from tests.e2e.words import SMALL, program_words, read_screen

GAMES = [
    # (game, file name, players, variant): the table New table makes for them, written
    # into the store (typing names in is New table's own test: test_players_and_words.py)
    ("latria", "latria", ["Ann", "Ben", "Cleo"], "standard"),
    ("carpe_astra", "carpe-astra", ["Ann", "Ben", "Cleo"], "standard"),
    ("luna", "luna", ["Ann", "Ben", "Cleo", "Dan"], "standard"),
    ("luna", "luna-solo", ["Mika"], "solo1"),
    ("altar", "altar", ["Ann", "Ben"], "standard"),
    ("latoro", "latoro", ["Ann", "Ben", "あおい"], "standard"),
]

_PRIMARY = """() => {
  // The main button of the bottom bar: the lowest enabled button, the rightmost of its row.
  const buttons = [...document.querySelectorAll('flt-semantics[role="button"]')]
    .filter(b => b.getAttribute('aria-disabled') !== 'true'
                 && !b.querySelector('[aria-disabled="true"]'))
    .map(b => [b, b.getBoundingClientRect()])
    .filter(([b, r]) => r.width > 0 && r.bottom <= window.innerHeight + 1);
  buttons.sort((a, b) => (b[1].bottom - a[1].bottom) || (b[1].right - a[1].right));
  if (!buttons.length) return null;
  const [b, r] = buttons[0];
  return {label: b.getAttribute('aria-label') || b.textContent, x: r.x + r.width / 2,
          y: r.y + r.height / 2};
}"""


def tap_primary(page) -> str | None:
    """Tap the bottom bar's main button and wait until the next step has replaced it.

    Its place is read once the page holds still: just after a resize (the walks switch to
    the small phone before this tap) the old layout's place would land on another button."""
    settle(page)
    found = page.evaluate(_PRIMARY)
    if found is None:
        return None
    page.mouse.click(found["x"], found["y"])
    page.wait_for_function(f"""() => {{
      const now = ({_PRIMARY})();
      return !now || now.label !== {json.dumps(found["label"])};
    }}""")
    return found["label"]


@pytest.fixture(scope="module")
def walk_server(tmp_path_factory):
    """One server for every walk: each test starts its own table on it."""
    folder = tmp_path_factory.mktemp("walk")
    s = Server(folder / "data", folder / "server.log")
    s.start()
    yield s
    s.stop()


def back_to_table(page) -> None:
    button(page, "Back").click()
    page.get_by_text("Players", exact=True).wait_for()


class Walk:
    """The screens read so far and the program words found on them."""

    def __init__(self, page):
        self.page = page
        self.found: dict[str, list[str]] = {}

    def read(self, name: str) -> None:
        bad = program_words(read_screen(self.page, name))
        if bad:
            self.found[name] = bad


@pytest.mark.parametrize("game, name, players, variant", GAMES, ids=[g[1] for g in GAMES])
def test_every_screen_speaks_the_players_words(walk_server, page, game, name, players,
                                               variant):
    server = walk_server
    walk = Walk(page)
    stored_table(page, server, game, players, variant)
    walk.read(f"walk-{name}-table")

    button(page, "Setup").first.click()
    page.get_by_text("Share this seed").first.wait_for()
    walk.read(f"walk-{name}-setup")
    back_to_table(page)

    button(page, "Play").first.click()
    button(page, "Undo").first.wait_for()
    walk.read(f"walk-{name}-play")
    page.set_viewport_size(SMALL)
    if name == "altar":  # the Goddess of Love's Realm is asked, never preselected
        button(page, "Realm of the Goddess of Love (if played): nobody / none").click()
    if tap_primary(page) is not None:  # the first tap: round 1 (or the preliminary round)
        walk.read(f"walk-{name}-play-1")
    back_to_table(page)

    button(page, "Score").first.click()
    page.get_by_role("button", name="See the results").wait_for()
    walk.read(f"walk-{name}-score")
    results = page.get_by_role("button", name="See the results")
    if results.locator('[aria-disabled="true"]').count() == 0:
        results.click()
        # a note's "Why?" (a tie's reason leads, under the ranking, with no heading)
        page.get_by_role("button", name="Why? ").first.wait_for()
        walk.read(f"walk-{name}-results")
        # A note's "Why?": the ruling as the players read it.
        page.get_by_role("button", name="Why? ").first.click()
        page.get_by_text("The rulebook says").first.wait_for()
        walk.read(f"walk-{name}-why")
        button(page, "Close").click()

    assert walk.found == {}, "\n".join(f"{k}: {v}" for k, v in walk.found.items())


def test_home_and_new_table_speak_the_players_words(walk_server, page):
    server = walk_server
    walk = Walk(page)
    open_app(page, server.url)
    page.get_by_text("Start a new table").wait_for()
    walk.read("walk-home")
    button(page, "Latria").first.click()
    page.get_by_text("Number of players").wait_for()
    walk.read("walk-new-table")
    assert walk.found == {}
