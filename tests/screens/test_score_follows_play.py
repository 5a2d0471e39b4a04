"""What Play tracked is on Score however Score is opened (companion/screens/play_to_score.py
``follow_play``, as the table's Score button opens it), on a real store and engine with
Play's model tapped by its buttons' words: Carpe Astra's credits and support tokens,
Altar's Shrines, Altars and last Shrine turns, Latria's sheet that Play knows nothing of;
an entry on Score stays when Play moves on; and a phone on Score is told what Play
changed there. (Luna's influence and Council: tests/screens/test_play_to_score.py.)"""

from __future__ import annotations

from companion.i18n import speaking
from companion.screens.play_to_score import follow_play
from companion.screens.score_entries import Entries, play_notice
from companion.ui.score_forms import empty_sheet
from tests.screens.test_play_latria import FOUR, Table, play_round


def open_score(table: Table) -> dict:
    """Score opened from the table's screen: the sheet as saved once it followed Play."""
    session = follow_play(table.store, table.engine, table.store.get_table(table.id),
                          empty_sheet)
    return session.score_sheet


def enter(table: Table, path: tuple, value) -> None:
    """A number entered on Score (its entries' model, as the screen saves it)."""
    entries = Entries(table.id, table.store.get_table(table.id).score_sheet, table.store)
    assert entries.enter(table.engine, [(path, value)]).saved


def turn_with_nothing_scored(table: Table) -> None:
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support",
                  "Nothing scored: +2 credits — Next: Draw"):
        table.press(label)


def test_carpe_astra_credits_and_support_tokens(store):
    table = Table(store, "carpe_astra", ["Ann", "Ben"])
    table.press("Start round 1", {"Start player": "Ann"})
    # Ann pays 1 credit to change tack (5 → 4) and scores a Network card with an
    # Engineers token; Ben scores nothing: 2 credits (5 → 7).
    table.press("Paid 1 credit: drew 2, discarded 2")
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        table.press(label)
    table.press("Scored a Network card", {"Support token taken": "Engineers"})
    table.press("Next: Draw")
    table.press("Next: Ben's turn")
    turn_with_nothing_scored(table)
    assert table.shown()[0] == "Ben's turn — Draw"

    ann, ben = open_score(table)["players"]
    assert (ann["credits"], ann["support"]["engineers"]) == (4, 1)
    assert (ben["credits"], ben["support"].get("engineers", 0)) == (7, 0)
    # Ben counts his money on the table: 9. That entry stays whatever Play does next.
    enter(table, ("players", 1, "credits"), 9)

    table.press("Next: End of the round")
    table.press("Next: Round 2")
    turn_with_nothing_scored(table)  # Ann: 4 → 6
    assert table.shown()[0] == "Ann's turn — Draw"
    table.press("Next: Ben's turn")
    turn_with_nothing_scored(table)  # Ben: Play 7 → 9 → 11; Score keeps his 9
    ann, ben = open_score(table)["players"]
    assert (ann["credits"], ann["support"]["engineers"], ben["credits"]) == (6, 1, 9)

    version = store.get_table(table.id).sheet_version
    open_score(table)  # nothing new on Play: nothing written
    assert store.get_table(table.id).sheet_version == version


def test_altar_shrines_altars_and_the_turn_of_each_last_shrine(store):
    table = Table(store, "altar", ["Ann", "Ben", "Cleo"])
    table.press("Start the first turn", {"First player": "Ann",
                                         "Realm of the Goddess of Love (if played)": "Ben"})
    # Round 1: Ann builds a Shrine and activates an Altar; Ben builds a Shrine in the
    # Goddess of Love's Realm (it starts with an active Altar); Cleo passes.
    table.press("Next: Main action")
    table.press("Ritual: built a Shrine")
    table.press("Ann: Altar activated")
    table.press("Next: Ben's turn")
    for who, main, then in (("Ben", "Ritual: built a Shrine", "Cleo"),
                            ("Cleo", "Passed", "Ann")):
        assert table.shown()[0] == f"{who}'s turn — Draw a Card"
        table.press("Next: Main action")
        table.press(main)
        table.press(f"Next: {then}'s turn")
    # Round 2: Ann's second Shrine.
    table.press("Next: Main action")
    table.press("Ritual: built a Shrine")

    ann, ben, cleo = open_score(table)["players"]
    assert (ann["realms"][0]["shrines"], ann["realms"][0]["active_altars"]) == (2, 1)
    # the turn of each one's last Shrine, counted over all players: the tie-break
    assert (ann["last_shrine_turn"], ben["last_shrine_turn"]) == (4, 2)
    assert (ben["realms"][0]["shrines"], ben["realms"][0]["active_altars"]) == (1, 1)
    assert (cleo["realms"][0]["shrines"], cleo["realms"][0]["active_altars"]) == (0, 0)


def test_latria_play_knows_nothing_the_sheet_holds(store):
    """Latria's sheet is the cards each player holds and their printed values, which Play
    does not record: Score opens on the table's players and writes nothing."""
    table = Table(store, "latria", FOUR)
    table.press("Start round 1", {"First parent": "Ann"})
    play_round(table, parent="Ann", mutation=True, body="Sun", taker="Ben", next_parent="Ben")
    assert open_score(table) is None
    assert store.get_table(table.id).score_sheet is None


def test_a_phone_on_score_follows_what_another_phone_plays(store):
    """B is on Score while A plays: B's sheet follows, its own entry stays, and B is told
    what Play changed there (in its language), never that the sheet was replaced."""
    table = Table(store, "carpe_astra", ["Ann", "Ben"])
    table.press("Start round 1", {"Start player": "Ann"})
    sheet = open_score(table)
    b = Entries(table.id, sheet, store)
    assert sheet["players"][0]["credits"] == 5

    turn_with_nothing_scored(table)  # A: Ann +2 credits (5 → 7)
    fresh = open_score(table)
    paths = (("players", 0, "credits"),)
    b.follow(fresh, paths)
    assert b.saved["players"][0]["credits"] == 7
    labels = {"players[0].credits": "Credits"}
    with speaking("en"):
        said = play_notice(b.saved, labels, paths)
    assert said == "Play changed on another phone: Ann · Credits is now 7"
    with speaking("ja"):
        said_ja = play_notice(b.saved, {"players[0].credits": "クレジット"}, paths)
    assert said_ja == "別のスマホのプレイに合わせました：Ann · クレジットは7になりました"

    # B counts Ann's money on the table: 8. Play's next +2 leaves that entry as it is.
    assert b.enter(table.engine, [(("players", 0, "credits"), 8)]).saved
    table.press("Next: Ben's turn")
    turn_with_nothing_scored(table)
    ann, ben = open_score(table)["players"]
    assert (ann["credits"], ben["credits"]) == (8, 7)
