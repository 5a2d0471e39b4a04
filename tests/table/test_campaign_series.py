"""A Latria campaign as a series of tables: standings after each game."""

from __future__ import annotations

from companion.storage.store import Store
from companion.table import campaign


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


def test_game_n_starts_with_game_1s_parent_one_seat_on(tmp_path):
    """Latria, Extension Rules 3: "In this rule, each player is the starting parent for one
    game, in turn." "Start campaign game N" makes a table whose setup, checklist and Play
    screen propose game 1's starting parent, N − 1 seats on clockwise (ruling S-3)."""
    from companion.flows import FLOWS
    from companion.table.setup import flow_config, setup_for

    store = Store(tmp_path)
    players = ["A", "B", "C", "D"]
    first = store.create_table("latria", "campaign", players, seed=5)
    drawn = setup_for(first).first_player
    second = store.create_table("latria", "campaign", players, seed=99, campaign_id=first.id)
    third = store.create_table("latria", "campaign", players, seed=7, campaign_id=first.id)

    # Game 1 not played yet: its drawn seat decides.
    assert campaign.setup_options(store, first) == {}
    assert campaign.setup_options(store, second) == {"campaign_game": 2, "first_parent": drawn}
    assert setup_for(second, store).first_player == drawn % 4 + 1
    assert setup_for(third, store).first_player == (drawn + 1) % 4 + 1

    # Game 1's table chose C as the first parent on its first tap: the series follows C.
    store.append_event(first.id, {"type": "start", "player": 3}, 0)
    assert campaign.first_parent(store, first) == 3
    setup = setup_for(second, store)
    assert setup.first_player == 4  # D
    assert "Campaign game 2" in setup.steps[-2].title
    state = FLOWS["latria"].initial(flow_config(second, store))
    assert state.proposed_first == 3  # index of D
    view = FLOWS["latria"].view(state)
    assert view.actions[0].fields[0].default == 4  # D's seat
    assert view.reminder.startswith("Campaign game 2: D is the starting parent")
    assert FLOWS["latria"].initial(flow_config(third, store)).proposed_first == 0  # A
    # Without the store (a table on its own) the table's own seed decides, as before.
    assert flow_config(second)["setup"]["first_player"] == setup_for(second).first_player


def test_results_of_a_campaign_with_no_game_scored_say_so(tmp_path):
    import types

    from companion.i18n import t
    from companion.screens.results import standings
    from companion.ui.views.results import campaign_controls

    store = Store(tmp_path)
    game1 = store.create_table("latria", "campaign", ["Ann", "Ben", "Cy"], seed=1)
    heading = campaign_controls(types.SimpleNamespace(store=store, page=None),
                                standings(store, game1))[0]
    assert heading.value == t("campaign.standings_none", total=3)  # not "after game 0"
