"""Larger text on a small phone (Settings → Larger text, 360×740, and 390×844 beside it),
in English and Japanese: no word broken inside itself, no top bar title cut off.

Read from the accessibility tree where it can be (tests/e2e/layout.py): each text node's
box holds its longest word, and the title lies within the bar. The screenshots
(tests/e2e/artifacts/larger-*.png) are for a person to look at for the rest."""

from __future__ import annotations

from companion.i18n import speaking, t
from tests.e2e.flutter import shot
from tests.e2e.layout import (
    LARGER,
    broken_words,
    chip_widths,
    open_with_larger_text,
    resize,
    strip,
    strip_showing,
    title_in_bar,
    whole,
)
from tests.e2e.tables import write_table
from tests.e2e.test_accessibility import go
from tests.e2e.test_japanese import choose_language

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
LANGUAGES = {"en": "en-US", "ja": "ja-JP"}
SIX = ["Aiko", "Ben", "Chiara", "Dev", "Emre", "Fumiko"]


def words(lang: str, key: str, **values) -> str:
    with speaking(lang):
        return t(key, **values)


def to_the_bottom(page) -> None:
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 5000)


# Each marker's line (its label and value, one node for screen readers): its box.
MARKER_LINE = """(label) => {
  const node = [...document.querySelectorAll("flt-semantics-host *")].find(n =>
    !n.childElementCount && (n.getAttribute("aria-label") || n.textContent || "")
      .startsWith(label + "\\n"));
  if (!node) return null;
  const box = node.getBoundingClientRect();
  return {text: node.getAttribute("aria-label") || node.textContent, height: box.height};
}"""


def test_larger_text_in_english_then_japanese(server, browser):
    """One page with Larger text at 360×740 (and 390×844 beside it): each screen in
    English, then the language switched on Home and each screen again in Japanese. The
    screens are reached by route on the page already open: one page load in all."""
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1,
                                  locale=LANGUAGES["en"])
    page = context.new_page()
    page.set_default_timeout(15000)
    tables = {"play": write_table(server, "latria", ["Ann", "Ben", "Cleo", "Dan"]),
              "setup": write_table(server, "latoro", ["Ann", "Ben"]),
              "score": write_table(server, "latria", SIX)}
    try:
        open_with_larger_text(page, server.url, f"{server.url}table/{tables['play']}/play")
        for lang in sorted(LANGUAGES):
            if lang == "ja":
                go(page, "/")
                choose_language(page, "日本語")
                page.get_by_text("新しい卓を始める").wait_for()
            go(page, f"/table/{tables['play']}/play")
            latria_play_markers_keep_whole_words(page, lang)
            go(page, f"/table/{tables['setup']}/setup")
            latoro_setup_title_is_whole(page, lang)
            go(page, f"/table/{tables['score']}/score")
            score_with_six_players(page, lang)
    finally:
        context.close()


def latria_play_markers_keep_whole_words(page, lang: str) -> None:
    """Under "Beside the board", "Sun" and "Moon" beside "not eclipsed (0 of 3
    mutations)" were crushed to one letter a line (three lines for "Sun"): a label and
    its value share a line while both fit, else the value goes under its label. Each
    marker's line is read on its own; at most two lines high, as high as its label's
    line and its value's, where the round's ("Round … 0 of 11") takes one."""
    with speaking(lang):
        from companion.flows.latria import NAMES
        from companion.i18n import say
        labels = [say(NAMES["sun"]), say(NAMES["moon"])]
        round_label = t("flow.latria.marker.round")
    page.get_by_text(words(lang, "play.markers"), exact=True).wait_for()
    for size in (SMALL_PHONE, PHONE):
        resize(page, size)
        to_the_bottom(page)
        page.wait_for_function(MARKER_LINE, arg=labels[-1])
        one_line = page.evaluate(MARKER_LINE, round_label)["height"]
        for label in labels:
            line = page.evaluate(MARKER_LINE, label)
            assert line["height"] <= 2 * one_line + 4, (label, line, one_line)
        assert broken_words(page, LARGER) == [], size
        assert title_in_bar(page, words(lang, "common.back"))[1], size
        shot(page, f"larger-{size['width']}-latria-play-{lang}")


def latoro_setup_title_is_whole(page, lang: str) -> None:
    """ "Latoro · ラトーロ setup" took two lines at 20 px, taller than the bar, which cut
    both; a title that may not fit one line is drawn smaller, on two lines the bar holds."""
    with speaking(lang):
        from companion.catalog import GAMES
        from companion.screens.wording import game_title
        title = t("setup.title", game=game_title(GAMES["latoro"]))
    page.get_by_role("heading", name=title).wait_for()
    for size in (SMALL_PHONE, PHONE):
        resize(page, size)
        assert title_in_bar(page, words(lang, "common.back")) == (title, True), size
        assert broken_words(page, LARGER) == [], size
        shot(page, f"larger-{size['width']}-latoro-setup-{lang}")


def score_with_six_players(page, lang: str) -> None:
    """Score's header with six players and Larger text: the title whole, and a tap on the
    arrow shows the players hidden past it, till the arrow goes with the last of them."""
    names = SIX
    arrows = (words(lang, "score.players_before"), words(lang, "score.players_after"))
    more = page.get_by_role("button", name=arrows[1], exact=True)
    for size in (SMALL_PHONE, PHONE):
        resize(page, size)
        more.wait_for()  # six players do not fit: the arrow shows
        assert title_in_bar(page, words(lang, "common.back"))[1], size
        assert broken_words(page, LARGER) == [], size
        shot(page, f"larger-{size['width']}-score-six-{lang}")
    widths = chip_widths(page, names)
    row = strip(page, names, widths, *arrows)
    for _ in range(2):  # at 390 px two taps at most (each shows every player that fits)
        shown = whole(row)
        after = row["chips"][[c[0] for c in row["chips"]].index(shown[-1]) + 1:]
        first_cut = after[0][0]  # the first player past the right edge, cut or hidden
        more.click()
        row = strip_showing(page, names, widths, lambda row, cut=first_cut: cut in whole(row),
                            arrows=arrows)
        assert first_cut in whole(row), row
        if not row["after"]:
            break
    assert not row["after"] and "Fumiko" in whole(row), row
    shot(page, f"larger-390-score-six-end-{lang}")
