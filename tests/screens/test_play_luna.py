"""Luna on Play's model on a real store and engine, as the browser once walked it: the
last Time token asks who turned it; the round scoring worked out by the calculator
(companion/ui/views/luna_round.py) with the "5" figure's second value asked once and
remembered; the solo opponent and the Apostate; the Council order kept from round to
round and breaking the Moon Priestess's ties."""

from __future__ import annotations

from companion.i18n import say, speaking
from companion.ui.views.luna_round import (
    SECOND_VALUE,
    round_event,
    second_value_needed,
    state_sheet,
)
from scorers.sheets import score_sheet
from tests.screens.test_play_latria import Table

FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def to_scoring(table: Table, tokens: int, last: str) -> None:
    """Everyone turns Time tokens; ``last`` turns the last one (+1), asked for by name."""
    for left in range(tokens, 1, -1):
        assert f"Time tokens left {left} of {tokens}" in table.shown()
        table.press(f"A Time token was turned ({left} left)")
    refused = table.tap("The last Time token was turned (+1)")  # nobody picked for the table
    assert not refused.saved and refused.notice == "Choose who turned it."
    assert f"Time tokens left 1 of {tokens}" in table.shown()
    table.press("The last Time token was turned (+1)", {"Who turned it": last})
    assert table.says("Scoring Phase")


def round_scored(table: Table, priestess: dict[str, int], apostate: dict[str, int] | None = None
                 ) -> dict[str, int]:
    """The calculator's sheet filled in (Moon Priestess's Isle and Apostate counts by name)
    and recorded; returns each player's change as the calculator shows it."""
    play = table.play
    sheet = state_sheet(play.state, table.store.box_values("luna"))
    for p in sheet["players"]:
        p["priestess_isle"] = priestess.get(p["name"], 0)
        p["apostate_isle"] = (apostate or {}).get(p["name"], 0)
    result = score_sheet(sheet)
    action = next(a for a in play.view.actions if a.helper == "luna_round")
    assert play.tap(table.engine, round_event(action, result, sheet["council_order"])).saved
    return {p.name: p.total for p in result.players}


def influence(table: Table, name: str) -> int:
    with speaking("en"):
        (value,) = [m.value for m in table.play.view.markers
                    if say(m.label) == f"{name}: influence"]
    return value


def test_round_scoring_from_the_table_adds_to_influence(store):
    table = Table(store, "luna", ["Ann", "Ben"])
    table.press("Start: Preliminary round")
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        table.press(label)
    to_scoring(table, 3, last="Ann")  # 2 players: 3 Time tokens
    assert influence(table, "Ann") == 6

    # 2 players: the "5" figure; its second value is printed on it, not in the rulebook:
    # asked before anything is worked out, then kept for the table's next rounds.
    assert second_value_needed(2, store.box_values("luna"))
    assert table.engine.remember_box_value("luna", SECOND_VALUE, 2)
    assert not second_value_needed(2, store.box_values("luna"))
    assert round_scored(table, {"Ann": 1, "Ben": 2}) == {"Ann": 2, "Ben": 5}
    assert table.says("Preparing the Next Round")
    assert (influence(table, "Ann"), influence(table, "Ben")) == (8, 10)

    for label in ("Next: Move the figures", "Next: Guard and Time tokens", "Next: Round 2"):
        table.press(label)
    assert "Round 2 of 6" in table.shown()
    to_scoring(table, 3, last="Ben")
    assert not second_value_needed(2, store.box_values("luna"))  # remembered


def test_solo_opponent_does_not_lose_influence_to_the_apostate(store):
    """Luna, Solo Game Rules: "Your opponent does not lose influence due to the Apostate." """
    table = Table(store, "luna", ["Ann"], variant="solo1")
    for label in ("Next: the Temple", "Next: your starting pieces", "Next: Novices",
                  "Next: Favor tokens", "Next: Round 1", "Next: the opponent's Temple tile",
                  "Next: Action phase", "End the action phase", "Next: Scoring"):
        table.press(label)
    assert table.says("Scoring Phase")
    assert table.says("Virtual opponent does not lose influence to the Apostate.")
    # The hand-entered form has no Apostate field for him either.
    with speaking("en"):
        fields = [say(f.label) for f in table.action("Next: Prepare the next round").fields]
    assert "Ann: Apostate" in fields
    assert not any(f.startswith("Virtual opponent: Apostate") for f in fields)

    table.engine.remember_box_value("luna", SECOND_VALUE, 2)
    changes = round_scored(table, {"Virtual opponent": 2}, apostate={"Ann": 1,
                                                                     "Virtual opponent": 3})
    assert changes == {"Ann": -2, "Virtual opponent": 5}
    assert table.says("Preparing the Next Round")
    assert (influence(table, "Virtual opponent"), influence(table, "Ann")) == (10, 3)
    # Solo uses no Time tokens: preparing the next round does not mention them.
    table.press("Next: Move the figures")
    table.press("Next: the Guard")
    assert table.shown()[0] == "Preparing the Next Round — the Guard"
    assert not any("Time token" in line for line in table.shown())


def test_council_order_is_kept_across_rounds(store):
    """Luna, Setup 8: "Beginning with the start player, the players stack their Member of
    the Council piece on the first space of the Council of Priests." Moon Priestess: "If
    there is more than one player on the same space, the player whose piece is on top
    breaks the tie." Ann starts: Dan on top, then Cleo, Ben, Ann."""
    table = Table(store, "luna", FOUR)
    table.press("Start: Preliminary round", {"Start player": "Ann"})
    for label in ("Next: Novices", "Next: Favor tokens", "Next: Round 1"):
        table.press(label)
    assert "Dan: place in the Council 1st" in table.shown()
    to_scoring(table, 4, last="Ann")
    # The setup's stack, not seat order: Cleo is above Ben and takes 2nd place (3).
    changes = round_scored(table, {"Ann": 3, "Ben": 2, "Cleo": 2})
    assert (changes["Cleo"], changes["Ben"]) == (3, 1)
    for label in ("Next: Move the figures", "Next: Guard and Time tokens", "Next: Round 2"):
        table.press(label)

    # Round 2: Ben moves up in the Council to the top; the next tie goes his way.
    table.press("Record the Council move", {"Council: whose piece moved": "Ben",
                                            "Their place now (1st = furthest ahead)": "1st"})
    assert "Ben: place in the Council 1st" in table.shown()
    to_scoring(table, 4, last="Ann")
    assert table.says("go by the Council: Ben, Dan, Cleo, Ann")
    changes = round_scored(table, {"Ben": 2, "Cleo": 2})
    assert (changes["Ben"], changes["Cleo"]) == (6, 3)
    assert table.says("Preparing the Next Round")
    assert "Ben: place in the Council 1st" in table.shown()
