"""What a browser test can read of a screen's layout from Flutter's accessibility tree:
the texts whose box is narrower than one of their words (a word broken inside itself,
"S / u / n" one letter a line), and a top bar title cut off by the bar. The client
draws in a canvas, so the tree's boxes are what there is to measure; a card merges its
texts into one node, whose box is the card's: those are left to the screenshots."""

from __future__ import annotations

import time

from companion.assets_folder import LATIN_FONT_FILE
from companion.ui.preferences import LARGER_TEXT_KEY
from tests.e2e.flutter import open_app, settle, two_frames

SMALLEST_TEXT = 13  # px: the smallest text the screens draw (the rulebook's headers)
LARGER = 1.3  # Settings → Larger text (companion/web/web_page.py LARGER_TEXT_PERCENT)


def open_with_larger_text(page, server_url: str, url: str) -> None:
    """Open ``url`` on a phone that has Larger text on: what Settings → Larger text keeps
    in the phone's storage (tests/e2e/test_phone_ready.py taps the switch itself)."""
    page.goto(server_url)
    page.evaluate(f"localStorage.setItem('flutter.{LARGER_TEXT_KEY}', 'true')")
    open_app(page, url)
    page.wait_for_function("document.documentElement.style.fontSize === '130%'")


# Each word of each text node (a run of letters, digits and signs: kana and kanji break
# between any two, as Japanese is set) measured in the app's Latin font at the smallest
# size a text of the screen can have: a node narrower than that word has broken it.
BROKEN_WORDS = """async ([fontUrl, px]) => {
  if (!document.fonts.check(`${px}px "Measured Words"`)) {
    const face = new FontFace("Measured Words", `url(${fontUrl})`);
    document.fonts.add(await face.load());
  }
  const measure = document.createElement("canvas").getContext("2d");
  measure.font = `${px}px "Measured Words"`;
  const controls = "[role=button],[role=checkbox],[role=switch],[role=radio],[role=slider]," +
    "[role=textbox],[role=link],input,textarea";
  const broken = [];
  for (const node of document.querySelectorAll("flt-semantics-host *")) {
    // A control's name is its own (a chip's says more than its words); its words are
    // looked at on the screenshots.
    if (node.childElementCount || node.closest(controls)) continue;
    const text = node.getAttribute("aria-label") || node.textContent || "";
    const box = node.getBoundingClientRect();
    if (!text.trim() || box.width === 0) continue;
    for (const word of text.match(/[^\\s\\u3000-\\u30ff\\u3400-\\u9fff\\uff00-\\uffef]+/g) || []) {
      const wide = measure.measureText(word).width;
      if (wide > box.width + 1) {
        broken.push([word, text.slice(0, 60), Math.round(box.width), Math.round(wide)]);
      }
    }
  }
  return broken;
}"""


def broken_words(page, text_scale: float = 1.0) -> list[list]:
    """The words wider than the text node that holds them: [word, text, node's width,
    word's width]."""
    url = page.evaluate("(window.flet && window.flet.assetBase) || '/'") + LATIN_FONT_FILE
    return page.evaluate(BROKEN_WORDS, [url, SMALLEST_TEXT * text_scale])


# The top bar's title (a heading in the bar beside Back) within the bar: a title taller
# than the bar is cut at its top and its bottom, and its box is the bar's own height.
CUT_TITLE = """(back) => {
  const button = [...document.querySelectorAll("flt-semantics-host [role=button]")]
    .find(b => (b.getAttribute("aria-label") || b.textContent) === back);
  const bar = button.getBoundingClientRect();
  const titles = [...document.querySelectorAll(
      "flt-semantics-host h1, flt-semantics-host h2, flt-semantics-host [role=heading]")]
    .map(h => [h.getAttribute("aria-label") || h.textContent, h.getBoundingClientRect()])
    .filter(([, box]) => box.top < bar.bottom && box.bottom > bar.top);
  return titles.map(([text, box]) => [text, Math.round(box.top), Math.round(box.bottom),
                                      box.top > bar.top + 0.5 && box.bottom < bar.bottom - 0.5]);
}"""


def title_in_bar(page, back: str = "Back") -> tuple[str, bool]:
    """The top bar's title, and whether it lies wholly within the bar."""
    titles = page.evaluate(CUT_TITLE, back)
    assert len(titles) == 1, titles
    text, _, _, whole = titles[0]
    return text, whole


# Score's row of players (companion/ui/views/score_players.py): where each chip is, and
# whether it shows whole. Flutter clips a chip cut off at the row's edge (or under an
# arrow) to its visible part: a chip is whole when its box is as wide as the chip
# (``chip_widths``) and lies within the row, clear of the arrows shown.
STRIP = """([names, widths, before, after]) => {
  const buttons = [...document.querySelectorAll("flt-semantics-host [role=button]")];
  const named = (start) => buttons.find(b =>
    (b.getAttribute("aria-label") || b.textContent || "").startsWith(start));
  const shown = (name) => {
    const arrow = buttons.find(b => (b.getAttribute("aria-label") || b.textContent) === name);
    const box = arrow && arrow.getBoundingClientRect();
    return box && box.width > 0 ? box : null;
  };
  const left = shown(before), right = shown(after);
  const from = (left ? left.right : 16) - 0.5;
  const to = (right ? right.left : window.innerWidth - 16) + 0.5;
  const chips = names.map((name, i) => {
    const chip = named(name);
    const box = chip && chip.getBoundingClientRect();
    const whole = !!box && box.left >= from && box.right <= to &&
      (!widths || box.width >= widths[i] - 0.5);
    return [name, box ? Math.round(box.left) : null, whole, box ? box.width : 0];
  });
  return {before: !!left, after: !!right, chips};
}"""


def chip_widths(page, names: list[str]) -> list[float]:
    """Each chip's own width: read on a screen wide enough for the whole row."""
    size = page.viewport_size
    resize(page, {"width": 1600, "height": size["height"]})
    row = at_rest(page, [names, None, "", ""])
    resize(page, size)
    return [width for *_, width in row["chips"]]


def at_rest(page, arg: list) -> dict:
    """``STRIP`` once the row has come to rest (the same twice, a frame apart: a tap on
    an arrow slides it)."""
    last = None
    for _ in range(60):
        now = page.evaluate(STRIP, arg)
        if now == last:
            return now
        last = now
        two_frames(page)
    raise AssertionError(f"the players' row did not come to rest: {last}")


def strip(page, names: list[str], widths: list[float], before: str = "Players before these",
          after: str = "More players") -> dict:
    """{"before": ‹ shown, "after": › shown, "chips": [[name, left, whole, width], …]}
    once the row has come to rest."""
    return at_rest(page, [names, widths, before, after])


def strip_showing(page, names: list[str], widths: list[float], shows,
                  within: float = 10.0, arrows: tuple[str, ...] = ()) -> dict:
    """``strip`` (with the ``arrows``' names, if not English) once ``shows(row)`` holds,
    after a tap: the tap's arrows come first and the chips slide after them
    (``score_players.slide``), so on a loaded machine the row can hold still between the
    two. The row as it is after ``within`` seconds otherwise, for the test's assertion to
    tell."""
    deadline = time.monotonic() + within
    row = strip(page, names, widths, *arrows)
    while not shows(row) and time.monotonic() < deadline:
        row = strip(page, names, widths, *arrows)  # (each read waits for frames)
    return row


def whole(row: dict) -> list[str]:
    return [name for name, _, is_whole, _ in row["chips"] if is_whole]


def resize(page, size: dict) -> None:
    """Turn the phone to ``size`` and wait until the accessibility tree has been laid out
    at that width (its root node's) and holds still: the nodes under the root can be
    placed a frame or more after it (a line read at the old screen's bottom edge)."""
    page.set_viewport_size(size)
    page.wait_for_function("""(w) => {
        const root = document.querySelector("flt-semantics-host flt-semantics");
        return root && Math.round(root.getBoundingClientRect().width) === w;
    }""", arg=size["width"])
    settle(page)
