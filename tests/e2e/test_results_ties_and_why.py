"""At the table, as players tap: Carpe Astra's Gain Support records no guild the table
did not choose; a Latria table's Why? on its first parent quotes Latria's rulebook alone;
Results lead with the reason a tie went as it did, on the first screen at 360 px.
Screens saved at 390×844 and 360×740."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, shot, shows, tap_until
from tests.e2e.flutter import picked as chip_picked
from tests.e2e.tables import stored_table

DATA = Path(__file__).resolve().parents[1] / "data"
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def both_sizes(page, name: str) -> None:
    """The screen from its top, at both phone sizes."""
    for size, suffix in ((PHONE, "390"), (SMALL, "360")):
        page.set_viewport_size(size)
        page.mouse.move(180, 300)
        page.mouse.wheel(0, -5000)
        shot(page, f"{name}-{suffix}")
    page.set_viewport_size(PHONE)


def picked_chips(page, field: str):
    return chip_picked(page, re.compile("^" + re.escape(f"{field}: ")))


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= \
        page.viewport_size["height"]


def finished_table(data_dir: Path, game: str, variant: str, players: list[str],
                   sheet: dict) -> None:
    """A play finished before, straight into the store (as test_history does)."""
    store = Store(data_dir)
    table = store.create_table(game, variant, players)
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)


def open_results(page, url: str, game: str) -> None:
    open_app(page, url)
    page.get_by_role("button", name="History\nFinished plays: 1").click()
    tap_until(page, button(page, f"Open the results: {game}"),
              page.get_by_text("Every point").or_(
                  page.get_by_text("Each Realm's progress")).first)


def test_carpe_astra_gain_support_records_no_guild_the_table_did_not_choose(server, page):
    """"Scored a Network card" tapped with nothing chosen records nothing and says what
    to choose; a guild chosen is recorded; the next card's form starts empty again."""
    stored_table(page, server, "carpe_astra", ["Ann", "Ben", "Cleo"])
    button(page, "Play").first.click()
    button(page, "Start player: Ann").click()
    button(page, "Start round 1").click()
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        button(page, label).click()
    page.set_viewport_size({"width": 390, "height": 1400})
    button(page, "Scored a Network card", exact=True).wait_for()
    assert picked_chips(page, "Support token taken").count() == 0  # not Military, nothing
    assert picked_chips(page, "Opponent slandered").count() == 0  # two opponents: no pick
    shot(page, "play-carpe-astra-gain-support-nothing-picked")

    button(page, "Scored a Network card", exact=True).click()
    shows(page, "First choose the guild whose support token was taken").wait_for()
    shot(page, "play-carpe-astra-gain-support-refused")
    assert page.get_by_text("1 card scored this turn.").count() == 0
    button(page, "Nothing scored: +2 credits — Next: Draw").wait_for()  # still nothing

    button(page, "Support token taken: Priests").click()
    button(page, "Scored a Network card", exact=True).click()
    shows(page, "1 card scored this turn.").wait_for()
    button(page, "Next: Draw", exact=True).wait_for()
    shows(page, "Supply: Priests").wait_for()
    page.wait_for_timeout(300)
    assert picked_chips(page, "Support token taken").count() == 0  # the next card: afresh
    page.set_viewport_size(PHONE)
    both_sizes(page, "play-carpe-astra-gain-support-after-a-card")


def test_latria_first_parents_why_quotes_latria(server, page):
    """Setup → the first parent's Why?: Latria's rule, not Altar's oldest player nor
    Latoro's rider of animals."""
    stored_table(page, server, "latria", ["Aiko", "Ben", "Chiara", "Dev"])
    button(page, "Setup").first.click()
    page.get_by_text("Share this seed").first.wait_for()
    why = button(page, "Why? A human rule, or the drawn seat").first
    why.scroll_into_view_if_needed()
    why.click()
    shows(page, re.compile("most confident in astrology")).wait_for()
    button(page, "Close").wait_for()
    # Everything on screen (the dialog over the checklist), painted text and labels.
    text = " ".join(page.locator("flt-semantics").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || '') + ' ' + e.textContent)"))
    for elsewhere in ("oldest", "Ancient God", "animal", "Altar", "Latoro", "Carpe Astra",
                      "Luna"):
        assert elsewhere not in text, elsewhere
    both_sizes(page, "setup-latria-first-parent-why")


def test_results_lead_with_the_latria_tie_reason(server, page):
    """Latria: Dee and Eve tie on 0 and Dee has fewer eclipse points: the reason is on
    the first screen, under the ranking, and both their lines say a tie-break decided."""
    sheet = json.loads((DATA / "latria_example3.json").read_text(encoding="utf-8"))
    finished_table(server.data_dir, "latria", "standard",
                   [p["name"] for p in sheet["players"]], sheet)
    open_results(page, server.url, "Latria")
    page.mouse.wheel(0, -5000)
    card = page.get_by_text(re.compile(r"^1\.\s+Ann\s")).first  # the ranking card
    card.wait_for()
    lines = card.text_content().split("\n")
    assert lines[:3] == ["1.", "Ann", "17"]
    assert lines[lines.index("Dee") + 1] == "tied — decided below"
    assert lines[lines.index("Eve") + 1] == "tied — decided below"
    reason = page.get_by_text("Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)")
    page.set_viewport_size(SMALL)
    page.wait_for_timeout(400)
    assert in_view(page, reason)  # the first line under the ranking, on the first screen
    box, under = card.bounding_box(), reason.bounding_box()
    assert box["y"] + box["height"] <= under["y"] < box["y"] + box["height"] + 40
    why = page.get_by_text("Why", exact=True)
    assert why.bounding_box()["y"] > under["y"]  # the other notes come after it
    page.set_viewport_size(PHONE)
    both_sizes(page, "results-latria-tie")
