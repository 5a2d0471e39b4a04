"""Altar on Play's model on a real store and engine, as the browser once walked it: one
Realm shown at a time (the player whose turn it is first), a button with nothing to do
shown but not tappable, the Goddess of Love's Realm asked for before the first turn, and
Score opened on what Play knew, with no god typed, scoring at once."""

from __future__ import annotations

from companion.i18n import say, speaking
from companion.screens.play_to_score import follow_play
from companion.ui.score_forms import empty_sheet
from scorers.sheets import score_sheet
from tests.screens.test_play_latria import Table

FOUR = ["Ann", "Ben", "Cleo", "Dan"]
BOARD = ("Altar discovered", "Altar activated", "Active Altar destroyed",
         "Inactive Altar destroyed", "Shrine placed by a card")
LOVE = "Realm of the Goddess of Love (if played)"


def realm_lines(table: Table, owner: str) -> list[str]:
    with speaking("en"):
        (section,) = [s for s in table.play.view.sections if say(s.label) == owner]
        return [say(line) for line in section.lines]


def realm_buttons(table: Table, section: str) -> dict[str, bool]:
    """The buttons shown with a Realm, and whether each can be tapped."""
    with speaking("en"):
        return {say(a.label): not a.disabled for a in table.play.view.actions
                if a.section == section}


def test_altar_play_shows_one_realm_and_score_needs_no_god(store):
    table = Table(store, "altar", FOUR)
    refused = table.tap("Start the first turn", {"First player": "Ann"})
    assert refused.notice.startswith("First say whose Realm is the Goddess of Love's")
    table.press("Start the first turn", {"First player": "Ann", LOVE: "Ben"})
    assert table.shown()[0] == "Ann's turn — Draw a Card"

    # Ann's Realm is shown (her turn), with its five buttons; every Realm has its chip.
    view = table.play.view
    assert [s.key for s in view.sections] == ["0-0", "1-0", "2-0", "3-0"]
    assert view.section == "0-0"
    assert list(realm_buttons(table, "0-0")) == [f"Ann: {label}" for label in BOARD]
    assert realm_lines(table, "Ann") == [
        "Ann: 0 Shrines, 0 active, 1 inactive Altar — needs 1 Shrine and 4 active Altars"]

    # Ben's Realm: the Goddess of Love's active Altar (Setup 2). Nothing to activate
    # there, so that button is shown but cannot be tapped.
    assert realm_lines(table, "Ben")[0].startswith("Ben: 0 Shrines, 1 active, 0 inactive Altars")
    assert realm_buttons(table, "1-0")["Ben: Altar activated"] is False
    table.press("Ben: Altar discovered")
    assert realm_lines(table, "Ben")[0].startswith("Ben: 0 Shrines, 1 active, 1 inactive Altar ")
    table.press("Ben: Altar activated")
    assert realm_lines(table, "Ben")[0].startswith("Ben: 0 Shrines, 2 active, 0 inactive Altars")

    # Game over without anybody completing: the table is asked first, then it ends.
    over = "Deck and face-up cards gone, all passed: game ends"
    tapped = table.tap(over)
    if tapped.ask_end:
        table.press(over, ending=True)
    else:
        assert tapped.saved
    assert table.play.view.finished

    # Score opens with no god typed, and can be scored at once.
    session = follow_play(store, table.engine, store.get_table(table.id), empty_sheet, True)
    sheet = session.score_sheet
    ben = sheet["players"][1]
    assert ben["realms"][0]["god"] == "Goddess of Love"  # chosen in Play: her name
    assert (ben["realms"][0]["active_altars"], ben["realms"][0]["shrines"]) == (2, 0)
    assert [r["god"] for p in sheet["players"] if p["name"] != "Ben" for r in p["realms"]] \
        == ["", "", ""]
    result = score_sheet(sheet)  # no field required
    assert [p.name for p in result.players] == FOUR
