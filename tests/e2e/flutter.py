"""Helpers to drive the Flutter web client through its accessibility tree."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SHOTS = Path(__file__).parent / "artifacts"


def open_app(page: Page, url: str) -> None:
    """Load the app and switch on Flutter's accessibility tree (Flutter builds it
    only once its placeholder is clicked)."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics", state="attached")


def button(page: Page, name: str, exact: bool = False):
    return page.get_by_role("button", name=name, exact=exact)


def stepper_button(page: Page, name: str):
    """A stepper's − or + (companion/ui/widgets/stepper.py) named ``name`` ("Credits: one
    more"), whether or not its name goes on to say for whom ("… for Ann")."""
    # "/" escaped too: Playwright hands the pattern on between slashes.
    pattern = "^" + re.escape(name).replace("/", "\\/") + "( for .+)?$"
    return page.get_by_role("button", name=re.compile(pattern))


def picked(page: Page, name):
    """The chip (companion/ui/widgets/common.py ``choice_chip``) named ``name`` shown
    picked: exactly ``name``, or a compiled regex."""
    return page.get_by_role("button", name=name, exact=isinstance(name, str)).and_(
        page.locator('[aria-current="true"]'))


def textbox(page: Page, name: str):
    return page.get_by_role("textbox", name=name)


def tap_until(page: Page, target, shown, tries: int = 3, still=None,
              state: str = "visible", patience: float = 4000) -> None:
    """Tap ``target`` (a locator) until ``shown`` (a locator) is in ``state`` (visible, or
    detached: the tapped chip taken away). Flutter now and then drops a tap that lands
    just as a screen has been drawn (seen on a loaded machine: Back on Results right after
    History opened it, its tooltip shown and nothing else): a player taps again, and so
    does this, only while ``still`` (by default ``target``) is on screen, so a tap that
    did land is never repeated. ``patience`` (ms): how long a tap may take to show before
    it is taken as dropped (longer for a toggle, whose second tap would undo the first)."""
    still = target if still is None else still
    for attempt in range(tries):
        target.click()
        try:
            shown.wait_for(state=state, timeout=patience)
            return
        except Exception:
            if attempt == tries - 1 or not still.is_visible():
                shown.wait_for(state=state)  # the normal wait and its message
                return


def click_into(page: Page, box) -> None:
    """Click a text field (a locator) until Flutter has focused its editing element.
    Flutter now and then misses a click while the previous field hands over its focus
    (seen on a loaded machine), and it puts a field's text in the page only then."""
    for attempt in range(3):
        box.click()
        try:
            wait_for_editing(page, timeout=5000)
            return
        except Exception:
            if attempt == 2:
                raise


def type_into(page: Page, name: str, text: str) -> None:
    """Replace a text field's content (Playwright's fill does not reach Flutter)."""
    click_into(page, textbox(page, name))
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    if text:
        page.keyboard.type(text)


def wait_for_editing(page: Page, timeout: float | None = None) -> None:
    """After clicking a text field, wait until Flutter has focused its editing element:
    keys pressed before that are lost (seen as an untyped first name now and then)."""
    page.wait_for_function("document.activeElement && document.activeElement.tagName === 'INPUT'",
                           timeout=timeout)
    page.wait_for_timeout(150)


def settle(page: Page) -> None:
    """Wait until the tree holds still: the screen has been drawn and described (at most
    a few seconds: a screen that never holds still is for the test's next wait to tell).
    The quarter of a second counts from now: a change just made (a new size, the text
    size) may leave the tree's length as it was."""
    page.evaluate("window.__treeChanged = performance.now()")
    try:
        page.wait_for_function(HELD_STILL, polling=25, timeout=8000)
    except PlaywrightTimeout:
        pass


# True once nothing in the accessibility tree has changed for a quarter of a second: an
# observer of the tree (set up at the first call on a page, again for a new tree) notes
# the time of each change, so that a change that leaves its size as it was counts too.
HELD_STILL = """() => {
  const host = document.querySelector("flt-semantics-host");
  if (!host) return false;
  if (window.__treeWatched !== host) {
    window.__treeWatched = host;
    new MutationObserver(() => { window.__treeChanged = performance.now(); }).observe(
      host, {subtree: true, childList: true, attributes: true, characterData: true});
    window.__treeChanged = performance.now();
  }
  return performance.now() - window.__treeChanged >= 250;
}"""


FRAMES_WITHIN = 10_000  # ms


def two_frames(page: Page) -> None:
    """Wait until the page has drawn two frames. A browser under load was seen to stop
    drawing a page altogether (its scripts still ran): that fails here within
    FRAMES_WITHIN, worded as Playwright's own timeouts (.ci/test runs those again),
    instead of waiting for a frame until the test's own time runs out."""
    drawn = page.evaluate("""(ms) => new Promise(r => {
      requestAnimationFrame(() => requestAnimationFrame(() => r(true)));
      setTimeout(() => r(false), ms);
    })""", FRAMES_WITHIN)
    if not drawn:
        raise PlaywrightTimeout(f"Timeout {FRAMES_WITHIN}ms exceeded: the page drew no frame")


def shot(page: Page, name: str) -> Path:
    """Save a screenshot for a person to look at (tests/e2e/artifacts/NAME.png)."""
    SHOTS.mkdir(exist_ok=True)
    # The accessibility tree can run ahead of the painted frame and of font loading: the
    # tree held still, the fonts the page asked for fetched (no request for half a second
    # since the page loaded; Flutter fetches its fonts itself) and loaded.
    settle(page)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")
    # Two animation frames more: on a busy machine the painted canvas was seen a screen
    # behind the accessibility tree (a screenshot of the screen before the last tap).
    two_frames(page)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def count_field(page: Page, label: str):
    """The typed-number box of a stepper (companion/ui/widgets/stepper.py). Flutter does not
    mirror the value into the DOM: click it and type, then read the result on screen."""
    return page.locator(f'[flt-semantics-identifier="count:{label}"] input')


# The lines read after a card's name, up to the next card's (Play's markers: a player's
# card is read as its name, then each line on its own).
CARD_SAYS = """([name, names, pattern]) => {
  const texts = [...document.querySelectorAll("flt-semantics")].map(
    e => (e.getAttribute("aria-label") || e.textContent || "").replace(/\\s+/g, " ").trim());
  const wanted = new RegExp(pattern);
  for (let at = 0; at < texts.length; at++) {
    if (texts[at] !== name) continue;
    const lines = [];
    for (let i = at + 1; i < texts.length && !names.includes(texts[i]); i++) lines.push(texts[i]);
    if (wanted.test(lines.join(" "))) return true;
  }
  return false;
}"""


def card_says(page: Page, name: str, names: list[str], pattern: str,
              timeout: float = 15000) -> None:
    """Wait until the card of ``name`` (one of ``names``) reads ``pattern`` (a regex over
    its lines joined by spaces)."""
    page.wait_for_function(CARD_SAYS, arg=[name, names, pattern], timeout=timeout)


def card_reads(page: Page, name: str, names: list[str], pattern: str) -> bool:
    """Whether the card of ``name`` reads ``pattern`` now."""
    return page.evaluate(CARD_SAYS, [name, names, pattern])


def shows(page: Page, text):
    """Text (a string or a compiled regex) on screen, whether Flutter exposes it as text or
    as a group's aria-label (a card's lines are merged into one label)."""
    return page.get_by_text(text).or_(page.get_by_label(text)).first
