"""Reading a whole screen as a player sees it: every text and label on it at phone size
(360×740), with a screenshot of it (of each part with WALK_SHOTS=all) in
tests/e2e/artifacts/."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page

from tests.e2e.flutter import SHOTS, settle
from tests.e2e.readme_shots import keep_for_readme

SMALL = {"width": 360, "height": 740}

# Words a player must never meet (docs/DESIGN.md, "Words for players"): a ruling's id
# ("(L-4)", "ruling S-6"), a file of the program ("seeds/latoro-en.md"), its commands
# ("python -m scorers") and its own documents ("spec: Altar winners").
RULING_ID = re.compile(r"\b[A-Z]{1,2}-\d+\b")
PROGRAM_WORDS = re.compile(r"python|seeds/|\bspec(?![a-z])", re.IGNORECASE)

_TEXTS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('flt-semantics, flt-semantics-host *')) {
    const label = e.getAttribute('aria-label');
    if (label) out.push(label);
    if (e.childElementCount === 0 && e.textContent.trim()) out.push(e.textContent);
  }
  for (const e of document.querySelectorAll('input, textarea')) {
    if (e.value) out.push(e.value);
    if (e.placeholder) out.push(e.placeholder);
  }
  return out;
}"""


def texts(page: Page) -> list[str]:
    """The texts Flutter's accessibility tree exposes for what is on screen now."""
    return page.evaluate(_TEXTS)


def program_words(lines: list[str]) -> list[str]:
    """The lines that hold a word a player must not meet ("special" is not "spec")."""
    return sorted({line for line in lines if RULING_ID.search(line) or PROGRAM_WORDS.search(line)})


def mouse_away(page: Page) -> None:
    """The mouse over the app bar, where it shades nothing: before the wait for a
    screenshot, so that no hover shade is in the picture."""
    page.mouse.move(180, 8)


def fast_shot(page: Page, name: str) -> Path:
    """A screenshot of the page held still, the mouse away (``mouse_away``)."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    keep_for_readme(name, path)
    return path


_TOPS = """() => [...document.querySelectorAll('flt-semantics')]
  .map(e => Math.round(e.getBoundingClientRect().top)).join(',')"""


def read_screen(page: Page, name: str, max_parts: int = 12) -> list[str]:
    """Every text of the screen at 360×740, and a screenshot of its top (``NAME-360``).

    Flutter's accessibility tree holds the whole scrolling column, not only what is in
    view, so one read covers the screen. With ``WALK_SHOTS=all`` the screen is also
    scrolled to the bottom with a screenshot of each part (``NAME-360-2``, …), to look
    at every part of every screen."""
    page.set_viewport_size(SMALL)
    page.mouse.move(180, 400)
    page.mouse.wheel(0, -20000)
    mouse_away(page)
    settle(page)
    page.evaluate("document.fonts.ready.then(() => true)")
    seen = texts(page)
    fast_shot(page, f"{name}-360")
    if os.environ.get("WALK_SHOTS") == "all":
        for part in range(2, max_parts + 1):
            before = page.evaluate(_TOPS)
            page.mouse.move(180, 400)
            page.mouse.wheel(0, 560)
            mouse_away(page)
            page.wait_for_timeout(350)
            if page.evaluate(_TOPS) == before:  # the bottom was reached: nothing moved
                break
            fast_shot(page, f"{name}-360-{part}")
        page.mouse.move(180, 400)
        page.mouse.wheel(0, -20000)
        page.wait_for_timeout(150)
    return seen
