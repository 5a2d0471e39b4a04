"""A Latria campaign as a series of tables: standings after each game."""

from __future__ import annotations

from companion import campaign
from companion.store import Store


def latria_sheet(players: list[str], sun_vp: list[int]) -> dict:
    """A valid Latria sheet where each player holds one Sun card of the given VP."""
    return {"game": "latria", "players": [
        {"name": name, "cards": [{"celestial": "sun", "vp": vp}] if vp else []}
        for name, vp in zip(players, sun_vp, strict=True)]}


def test_standings_follow_each_game_and_the_series_ends_after_one_game_per_player(tmp_path):
    store = Store(tmp_path)
    players = ["A", "B", "C"]
    first = store.create_table("latria", "campaign", players)
    store.set_score_sheet(first.id, latria_sheet(players, [4, 2, 1]))
    tables = store.series(campaign.series_id(first))
    result, played = campaign.standings(tables)
    # Extension Rules 3: 1st scores the number of players (3), then 2, last −1.
    assert played == 1
    assert {p.name: p.total for p in result.players} == {"A": 3, "B": 2, "C": -1}
    assert campaign.can_start_next(tables)

    second = store.create_table("latria", "campaign", players, campaign_id=first.id)
    store.set_score_sheet(second.id, latria_sheet(players, [1, 3, 3]))
    third = store.create_table("latria", "campaign", players, campaign_id=first.id)
    tables = store.series(campaign.series_id(third))
    assert [t.id for t in tables] == [first.id, second.id, third.id]
    result, played = campaign.standings(tables)
    # Game 2: B and C tie for 1st on 3 VP → 3 each; A is last → −1. Game 3 has no sheet yet.
    assert played == 2
    assert {p.name: p.total for p in result.players} == {"A": 2, "B": 5, "C": 2}
    assert not campaign.can_start_next(tables)  # 3 players → 3 games


def test_an_invalid_sheet_does_not_count_as_a_game(tmp_path):
    store = Store(tmp_path)
    first = store.create_table("latria", "campaign", ["A", "B", "C"])
    store.set_score_sheet(first.id, {"game": "latria", "players": []})
    assert campaign.standings(store.series(first.id)) == (None, 0)
