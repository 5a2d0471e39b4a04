"""The end of play fills in what the app already knows on the score sheet."""

from __future__ import annotations

from datetime import UTC, datetime

from companion.flows import FLOWS
from companion.score_forms import form_for, with_prefill
from companion.store import TableSession
from scorers.sheets import score_sheet


def session(game: str, players: list[str]) -> TableSession:
    now = datetime.now(UTC)
    return TableSession(id="t", game=game, variant="standard", players=players,
                        created_at=now, updated_at=now)


def test_carpe_astra_credits_from_play_reach_the_sheet_and_break_the_tie():
    flow = FLOWS["carpe_astra"]
    state = flow.initial({"players": ["Ann", "Ben"], "variant": "standard", "setup": None})
    prefill = flow.score_prefill(state)
    prefill["players"][1]["credits"] = 9  # as if Ben had saved money during play
    sheet = with_prefill(form_for("carpe_astra").empty_sheet(session("carpe_astra",
                                                                     ["Ann", "Ben"]), {}),
                         prefill)
    assert [p["credits"] for p in sheet["players"]] == [5, 9]
    result = score_sheet(sheet)  # still a valid sheet
    assert result.winners == ["Ben"]  # 0 points each; more credits wins (spec)


def test_prefill_matches_players_by_name_and_keeps_other_entries():
    sheet = {"game": "luna", "players": [{"name": "A", "influence": 0, "shrines": 2},
                                          {"name": "B", "influence": 0, "shrines": 1}]}
    prefill = {"game": "luna", "players": [{"name": "B", "influence": 30},
                                           {"name": "A", "influence": 12}]}
    with_prefill(sheet, prefill)
    assert sheet["players"] == [{"name": "A", "influence": 12, "shrines": 2},
                                {"name": "B", "influence": 30, "shrines": 1}]


def altar_play_to_sheet(sheet: dict | None = None) -> dict:
    """Altar, 2 players: Ben's second Realm is the Goddess of Love's (Setup 2: it starts
    with an active Altar); Ann builds a Shrine on her first Realm by a Ritual."""
    flow = FLOWS["altar"]
    state = flow.initial({"players": ["Ann", "Ben"], "variant": "standard", "setup": None})
    for event in ({"type": "start", "player": "Ann", "love": "1-1"}, {"type": "next"},
                  {"type": "main", "action": "ritual", "realm": "0-0"}):
        state = flow.apply(state, event)
    if sheet is None:
        sheet = form_for("altar").empty_sheet(session("altar", ["Ann", "Ben"]), {})
    return with_prefill(sheet, flow.score_prefill(state))


def test_altar_results_open_with_no_god_names_typed():
    """Issue 12, item 5: the gods are optional (ruling AL-6); play's Shrines and Altars
    reach the sheet without dropping its god fields, and the sheet scores at once."""
    sheet = altar_play_to_sheet()
    ann, ben = sheet["players"]
    assert ann["realms"][0] == {"god": "", "shrines": 1, "active_altars": 0}
    assert ann["last_shrine_turn"] == 1
    # The Realm chosen in Play as the Goddess of Love's is named after her.
    assert ben["realms"][1] == {"god": "Goddess of Love", "shrines": 0, "active_altars": 1}
    result = score_sheet(sheet)
    assert [p.name for p in result.players] == ["Ann", "Ben"]
    assert result.players[0].breakdown[0].label == "Realm 1: 1 Shrine (at least 1 needed)"
    assert result.players[1].breakdown[2].label.startswith("Goddess of Love: 0 Shrines")


def test_altar_prefill_keeps_a_god_typed_on_score():
    sheet = form_for("altar").empty_sheet(session("altar", ["Ann", "Ben"]), {})
    sheet["players"][0]["realms"][0]["god"] = "God of War"
    sheet = altar_play_to_sheet(sheet)
    assert sheet["players"][0]["realms"][0] == {"god": "God of War", "shrines": 1,
                                                "active_altars": 0}
    score_sheet(sheet)
