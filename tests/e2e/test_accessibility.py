"""What a screen reader meets on every screen, checked by axe-core (tests/package.json pins
it; .ci/test installs it): each control is one node with one name, each field is labelled.

axe runs once per screen after Flutter's accessibility tree is on, at 390×844, in English
(light) and Japanese (dark), one after the other on one page: one walk each through
every screen of a Latria table and the screens beside the tables, then Play and Score of
each of the five games. The table's code prompt comes first, on the same page (the
server asks for a code). A screen moves to the next by the browser's history, as a
phone's Back does, so a walk does not depend on the words of either language. The colours
of the screens are checked by tests/ui/test_contrast.py: axe cannot see the colours
Flutter paints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.conftest import PHONE, Server
from tests.e2e.flutter import button, click_into, open_app, settle, type_into
from tests.e2e.tables import write_table
from tests.e2e.test_japanese import choose_language

AXE = Path(__file__).parents[1] / "node_modules" / "axe-core" / "axe.min.js"
# The rules about names and labels. Others axe reports on any Flutter page, Flet's own
# hello counter too (document-title, meta-viewport, region), are not about the app's
# controls; colour contrast cannot be measured on Flutter's canvas.
RULES = ["aria-command-name", "nested-interactive", "label", "button-name",
         "label-content-name-mismatch", "link-name", "image-alt"]
CODE = "246810"

# (the game's id, the players)
GAMES = [
    ("latria", ["Ann", "Ben", "Cleo"]),
    ("carpe_astra", ["Ann", "Ben"]),
    ("luna", ["Ann", "Ben"]),
    ("altar", ["Ann", "Ben"]),
    ("latoro", ["Ann", "Ben"]),
]

# The screens beside the tables, and those of a table (``{t}`` is its route).
SCREENS = ["/", "/new/latria", "{t}", "{t}/players", "{t}/setup", "{t}/play", "{t}/score",
           "{t}/results", "{t}/rules", "{t}/rulings", "/history", "/stats", "/rules",
           "/rules/latria", "/rules/rulings", "/settings", "/invite"]


def go(page, route: str) -> None:
    """Open ``route`` in the app already loaded, as the browser's Back and Forward do
    (Flutter takes a popstate as a new route): no reload, so the tree stays on."""
    page.evaluate("""route => {
      history.pushState(null, '', route);
      window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
    }""", route)
    page.wait_for_function("route => location.pathname === route.split('?')[0]", arg=route)


def violations(page) -> list[str]:
    """axe's findings for the screen on show, one line per node."""
    settle(page)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async rules => {
      const r = await axe.run(document, {runOnly: {type: 'rule', values: rules}});
      return r.violations.flatMap(v => v.nodes.map(n =>
        v.id + ': ' + n.html.replace(/ style="[^"]*"/, '').slice(0, 240)));
    }""", RULES)
    return found


class Walk:
    def __init__(self, page, mode: str):
        self.page = page
        self.mode = mode
        self.found: dict[str, list[str]] = {}
        self.seen = 0

    def check(self, route: str) -> None:
        go(self.page, route)
        self.seen += 1
        if bad := violations(self.page):
            self.found[f"{self.mode} {route}"] = bad

    def report(self) -> str:
        return "\n".join(f"{where}:\n  " + "\n  ".join(nodes)
                         for where, nodes in self.found.items())


@pytest.fixture(scope="module")
def a11y_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("a11y")
    # With a code asked for: its prompt is the first screen the walk checks.
    s = Server(folder / "data", folder / "server.log", extra_args=("--access-code", CODE))
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def tables(a11y_server):
    """One table of each game, as New table makes it (the standard game), written once
    into the server's store for every walk: game id → its route."""
    return {game: "/table/" + write_table(a11y_server, game, players)
            for game, players in GAMES}


def phone(browser, dark: bool):
    context = browser.new_context(viewport=PHONE, color_scheme="dark" if dark else "light")
    page = context.new_page()
    page.set_default_timeout(20000)
    return context, page


def test_axe_is_installed():
    assert AXE.is_file(), "axe-core is missing: npm ci --prefix tests (.ci/test does it)"


def test_every_control_is_named_once(a11y_server, tables, browser):
    """One page: the English walk in the light theme, then, on the same page, Japanese
    chosen on Home and the theme turned dark (each language once and each theme once: a
    theme changes colours, not names) for the walk again."""
    context, page = phone(browser, dark=False)
    try:
        open_app(page, a11y_server.url)
        # The prompt first: a server of its own for it cost a start and a page load.
        the_code_prompt_is_labelled(page)
        type_into(page, "Table code", CODE)
        button(page, "Enter", exact=True).click()
        page.get_by_role("button", name=re.compile("^(Language: |言語：)")).first.wait_for()
        for language, dark in [("English", False), ("日本語", True)]:
            if language != "English":
                go(page, "/")
                choose_language(page, language)
                page.get_by_text("新しい卓を始める").wait_for()
                page.emulate_media(color_scheme="dark")
            walk = Walk(page, f"{language} {'dark' if dark else 'light'}")
            for screen in SCREENS:
                walk.check(screen.format(t=tables["latria"]))
            if language == "English":
                for game, route in tables.items():
                    if game != "latria":
                        walk.check(f"{route}/play")
                        walk.check(f"{route}/score")
            assert walk.seen >= len(SCREENS)
            assert not walk.found, walk.report()
    finally:
        context.close()


def the_code_prompt_is_labelled(page) -> None:
    """The table's code prompt: its field labelled."""
    # The field as a screen reader reaches it: from the tree, by its name. (The prompt
    # no longer focuses its field as it is drawn: on a loaded machine that came before
    # this test switched the tree on, and Flutter's editing element for a field focused
    # so had no name, as it would for a reader switched on after the page showed.)
    click_into(page, page.get_by_role("textbox", name="Table code"))
    bad = violations(page)
    assert not bad, "\n".join(bad)
