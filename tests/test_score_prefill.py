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
