"""Altar: completion, winners and their tie rules, nobody complete, 2 players, checks."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers import altar
from scorers.base import SheetProblems
from scorers.sheets import score_sheet

GODS = ["Goddess of Love", "Ancient God", "God of War", "God of the Sea", "Goddess of Night",
        "God of Fire", "God of the Sky", "冥界の神"]


def realm(god, shrines, altars):
    return {"god": god, "shrines": shrines, "active_altars": altars}


def player(name, *realms, turn=None):
    p = {"name": name, "realms": list(realms)}
    if turn is not None:
        p["last_shrine_turn"] = turn
    return p


def sheet(players, end="realm_completed"):
    return {"game": "altar", "end": end, "players": players}


def problems_of(data) -> list[str]:
    with pytest.raises(SheetProblems) as err:
        score_sheet(data)
    return [str(p) for p in err.value.problems]


# ---------------------------------------------------------------- completion


@pytest.mark.parametrize(
    ("shrines", "altars", "complete", "missing"),
    [
        (1, 4, True, ""),
        (2, 3, True, ""),
        (3, 2, True, ""),
        (3, 4, True, ""),
        (0, 4, False, "1 Shrine"),
        (0, 0, False, "1 Shrine and 4 active altars or Shrines"),
        (0, 3, False, "1 Shrine and 1 active altar or Shrine"),
        (1, 3, False, "1 active altar or Shrine"),
        (2, 1, False, "2 active altars or Shrines"),
        (3, 1, False, "1 active altar"),
        (3, 0, False, "2 active altars"),
    ],
)
def test_realm_completion_and_what_is_missing(shrines, altars, complete, missing):
    # Altar, Winner of the Game: at least 1 Shrine; 1 Shrine → 4 Altars, 2 → 3, and so on
    assert altar.realm_complete(shrines, altars) is complete
    assert altar.realm_missing(shrines, altars) == missing


def test_player_result_fields_and_breakdown():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3)),
                  player("Ben", realm("Ancient God", 1, 2)),
                  player("Cat", realm("God of War", 0, 1))])
    result = score_sheet(data)
    ann, ben, cat = result.players
    assert (ann.complete, ann.missing, ann.total) == (True, "", 5)
    assert [(x.label, x.points) for x in ann.breakdown] == [
        ("Goddess of Love: 2 Shrines (at least 1 needed)", 2),
        ("Goddess of Love: 3 active altars (Shrines + active altars ≥ 5)", 3),
    ]
    assert (ben.complete, ben.missing, ben.total) == (False, "2 active altars or Shrines", 3)
    assert cat.breakdown[0].label == "God of War: 0 Shrines (at least 1 needed)"
    assert result.to_json_dict()["players"][1]["missing"] == "2 active altars or Shrines"
    assert result.to_json_dict()["players"][0]["complete"] is True


# ---------------------------------------------------------------- winners


def test_single_complete_player_wins_and_the_others_share_the_next_rank():
    data = sheet([player("Ann", realm("Goddess of Love", 1, 1)),
                  player("Ben", realm("Ancient God", 1, 4)),
                  player("Cat", realm("God of War", 3, 1))])
    result = score_sheet(data)
    assert result.winners == ["Ben"]
    assert [p.rank for p in result.players] == [2, 1, 2]
    assert any(n.startswith("Ann and Cat are not complete and share rank 2") for n in result.notes)


def test_most_shrines_breaks_a_tie_between_complete_players():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3)),
                  player("Ben", realm("Ancient God", 1, 4)),
                  player("Cat", realm("God of War", 3, 2)),
                  player("Dan", realm("God of the Sea", 0, 4))])
    result = score_sheet(data)
    assert result.winners == ["Cat"]
    assert [p.rank for p in result.players] == [2, 3, 1, 4]
    assert any("the most Shrines wins the tie (Cat 3, Ann 2, Ben 1)" in n for n in result.notes)


def test_the_player_who_placed_the_last_shrine_breaks_a_shrine_tie():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3), turn=14),
                  player("Ben", realm("Ancient God", 2, 4), turn=15),
                  player("Cat", realm("God of War", 1, 1))])
    result = score_sheet(data)
    assert result.winners == ["Ben"]
    assert [p.rank for p in result.players] == [2, 1, 3]
    assert ("Ann and Ben completed with 2 Shrines each; Ben placed the last Shrine "
            "(Ben turn 15, Ann turn 14) (Altar, Winner of the Game) (AL-2)") in result.notes
    assert any("Ancient God" in n and "own rules" in n for n in result.notes)


def test_a_tie_that_needs_last_shrine_turn_without_it_is_a_problem():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3), turn=14),
                  player("Ben", realm("Ancient God", 2, 4))])
    data["players"].append(player("Cat", realm("God of War", 1, 1)))
    assert problems_of(data) == [
        "players[1].last_shrine_turn: needed: Ann and Ben both complete with 2 Shrines, and the "
        "player who placed the last Shrine wins the tie"]


def test_equal_last_shrine_turns_in_a_tie_are_a_problem():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3), turn=14),
                  player("Ben", realm("Ancient God", 2, 4), turn=14),
                  player("Cat", realm("God of War", 1, 1))])
    # The same turn is possible (a card's ability places a Shrine on another player's
    # Realm): then each one's place among the Shrines of that turn is asked for.
    assert problems_of(data) == [
        "players[0].last_shrine_order: needed: Ann's last Shrine came in turn 14, as Ben's "
        "did: its place among the Shrines of that turn (1 = the first placed in it)",
        "players[1].last_shrine_order: needed: Ben's last Shrine came in turn 14, as Ann's "
        "did: its place among the Shrines of that turn (1 = the first placed in it)"]


def test_last_shrine_turn_is_not_needed_without_a_tie():
    data = sheet([player("Ann", realm("Goddess of Love", 3, 2)),
                  player("Ben", realm("Ancient God", 2, 4)),
                  player("Cat", realm("God of War", 0, 4))])
    assert score_sheet(data).winners == ["Ann"]


def test_nobody_complete_the_most_shrines_wins():
    """Altar, Winner of the Game: "If the game ends because of the other two conditions (2 or
    3) refer to the gods' and followers' abilities. Some of them, like the Ancient God, have
    special rules for winning a tie." — "If there is a tie, the player with the most Shrines
    is the winner." (ruling AL-3)"""
    data = sheet([player("Ann", realm("Goddess of Love", 2, 2)),
                  player("Ben", realm("Ancient God", 0, 4)),
                  player("Cat", realm("God of War", 1, 0))], end="deck_exhausted")
    result = score_sheet(data)
    assert result.winners == ["Ann"]
    assert [p.rank for p in result.players] == [1, 3, 2]
    assert [p.complete for p in result.players] == [False, False, False]
    assert ("Nobody completed a Realm and the game ended because the draw deck ran out: the "
            "player with the most Shrines wins (Ann 2, Cat 1) (Altar, Winner of the Game) "
            "(AL-3)") in result.notes
    assert any("A god's or follower's ability can change the winner" in n for n in result.notes)
    assert "Ben is without a Shrine and takes rank 3, after those with Shrines" in result.notes


def test_nobody_complete_a_tie_on_shrines_goes_to_the_last_shrine_placed():
    """Altar, Winner of the Game: "If there is still a tie then the player who placed the
    last Shrine is the winner. And this breaks all ties!" """
    data = sheet([player("Ann", realm("Goddess of Love", 2, 1)),
                  player("Ben", realm("Ancient God", 2, 2)),
                  player("Cat", realm("God of War", 2, 0))], end="shrines_depleted")
    assert problems_of(data) == [
        f"players[{i}].last_shrine_turn: needed: Ann, Ben and Cat all have 2 Shrines, the "
        "most, and the player who placed the last Shrine wins the tie" for i in range(3)]
    for p, turn in zip(data["players"], (21, 24, 17), strict=True):
        p["last_shrine_turn"] = turn
    result = score_sheet(data)
    assert result.winners == ["Ben"]
    assert [p.rank for p in result.players] == [2, 1, 3]
    assert ("Ann, Ben and Cat have 2 Shrines each; Ben placed the last Shrine (Ben turn 24, "
            "Ann turn 21, Cat turn 17) (Altar, Winner of the Game) (AL-3)") in result.notes


def test_the_last_shrine_is_asked_only_when_it_decides():
    # Nobody complete, one player has the most: no turn is needed, and players tied lower
    # down share their place.
    data = sheet([player("Ann", realm("Goddess of Love", 3, 1)),
                  player("Ben", realm("Ancient God", 1, 2)),
                  player("Cat", realm("God of War", 1, 0))], end="shrines_depleted")
    result = score_sheet(data)
    assert [p.rank for p in result.players] == [1, 2, 2]
    assert altar.turns_needed([3, 1, 1], [False] * 3, "shrines_depleted") == []
    # A game that ended by a completed Realm never asks it of players who are not complete.
    assert altar.turns_needed([2, 2], [False, False], "realm_completed") == []


def test_nobody_has_a_shrine_means_no_winner_and_a_shared_rank():
    """Altar, Winner of the Game: "it's mandatory to build at least 1 Shrine to win the
    game." Without any Shrine the rulebook names no winner (AL-3)."""
    data = sheet([player("Ann", realm("Goddess of Love", 0, 2)),
                  player("Ben", realm("Ancient God", 0, 4))], end="deck_exhausted")
    data["players"][0]["realms"].append(realm("God of War", 0, 0))
    data["players"][1]["realms"].append(realm("God of the Sea", 0, 1))
    result = score_sheet(data)
    assert result.winners == []
    assert [p.rank for p in result.players] == [1, 1]
    assert any("nobody has a Shrine, so the rulebook names no winner" in n and "AL-3" in n
               for n in result.notes)


def test_a_gods_ability_can_name_the_winner():
    """Altar, Winner of the Game: "If the game ends because of the other two conditions (2 or
    3) refer to the gods' and followers' abilities. Some of them, like the Ancient God, have
    special rules for winning a tie." The table records the winner such an ability names."""
    data = sheet([player("Ann", realm("Goddess of Love", 2, 2)),
                  player("Ben", realm("Ancient God", 1, 3)),
                  player("Cat", realm("God of War", 1, 0))], end="deck_exhausted")
    data["ability_winner"] = "Ben"
    data["ability"] = "Ancient God"
    result = score_sheet(data)
    assert result.winners == ["Ben"]
    assert [p.rank for p in result.players] == [2, 1, 3]
    assert ("Ben wins by a god's or follower's ability (“Ancient God”), as the table "
            "recorded; by the rules above it would be Ann (Altar, Winner of the Game) (AL-3)") \
        in result.notes
    # With nobody holding a Shrine the ability still names one.
    for p in data["players"]:
        p["realms"][0]["shrines"] = 0
    assert score_sheet(data).winners == ["Ben"]
    # The turn of the last Shrine is not asked when the ability decided.
    tie = sheet([player("Ann", realm("Goddess of Love", 2, 2)),
                 player("Ben", realm("Ancient God", 2, 1))], end="shrines_depleted")
    tie["players"][0]["realms"].append(realm("God of War", 0, 0))
    tie["players"][1]["realms"].append(realm("God of the Sea", 0, 0))
    tie["ability_winner"] = "Ann"
    assert score_sheet(tie).winners == ["Ann"]


def test_an_ability_winner_is_checked():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3)),
                  player("Ben", realm("Ancient God", 1, 1)),
                  player("Cat", realm("God of War", 1, 0))])
    data["ability_winner"] = "Ben"
    assert problems_of(data) == [
        "ability_winner: a god's or follower's ability decides the winner only when the game "
        "ended because the Shrine tiles or the deck ran out, or in a tie (AL-3)"]
    data["ability_winner"] = "Zed"
    assert problems_of(data) == ["ability_winner: “Zed” is not one of the players"]
    # A tie between complete players: the ability may decide it.
    data["players"][1]["realms"][0] = realm("Ancient God", 2, 3)
    data["ability_winner"] = "Ben"
    assert score_sheet(data).winners == ["Ben"]
    data["ability"] = "x" * 41
    assert problems_of(data) == ["ability: 41 characters; at most 40 are allowed"]


def test_a_complete_player_wins_even_when_the_shrines_ran_out():
    data = sheet([player("Ann", realm("Goddess of Love", 3, 2)),
                  player("Ben", realm("Ancient God", 3, 1))], end="shrines_depleted")
    data["players"][0]["realms"].append(realm("God of War", 1, 4))
    data["players"][1]["realms"].append(realm("God of the Sea", 2, 0))
    result = score_sheet(data)
    assert result.winners == ["Ann"]
    assert any("the Shrine tiles ran out, but Ann completed" in n and "AL-5" in n
               for n in result.notes)
    # 9 tiles in a 2-player game: all placed, so no warning about tiles still in the stack
    assert not any("check the Shrines" in n for n in result.notes)


def test_shrines_depleted_with_tiles_left_is_noted():
    data = sheet([player("Ann", realm("Goddess of Love", 1, 1), turn=3),
                  player("Ben", realm("Ancient God", 1, 1), turn=2),
                  player("Cat", realm("God of War", 1, 1), turn=1)], end="shrines_depleted")
    notes = score_sheet(data).notes
    assert ("The game ended because the Shrine tiles ran out, but only 3 of the 6 are on the "
            "Realms; check the Shrines (AL-5)") in notes


# ---------------------------------------------------------------- 2 players


def test_two_players_need_both_realms_complete():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 3), realm("God of War", 1, 3)),
                  player("Ben", realm("Ancient God", 1, 4), realm("God of the Sea", 2, 3))])
    result = score_sheet(data)
    ann, ben = result.players
    assert not ann.complete and ben.complete
    assert ann.missing == "God of War: 1 active altar or Shrine"
    assert ann.total == 9 and ben.total == 10
    assert result.winners == ["Ben"]
    assert any("AL-4" in n for n in result.notes)


def test_two_players_shrines_count_over_both_realms():
    data = sheet([player("Ann", realm("Goddess of Love", 3, 2), realm("God of War", 1, 4)),
                  player("Ben", realm("Ancient God", 2, 3), realm("God of the Sea", 1, 4))])
    result = score_sheet(data)
    assert result.winners == ["Ann"]
    assert any("(Ann 4, Ben 3)" in n for n in result.notes)


def test_missing_names_each_unfinished_realm_with_two_players():
    data = sheet([player("Ann", realm("Goddess of Love", 0, 4), realm("God of War", 1, 3)),
                  player("Ben", realm("Ancient God", 1, 4), realm("God of the Sea", 2, 3))])
    ann = score_sheet(data).players[0]
    assert ann.missing == "Goddess of Love: 1 Shrine; God of War: 1 active altar or Shrine"


# ---------------------------------------------------------------- checks


def test_realm_count_per_player_count():
    data = sheet([player("Ann", realm("Goddess of Love", 1, 1)),
                  player("Ben", realm("Ancient God", 1, 1))])
    assert problems_of(data) == [
        "players[0].realms: 1 Realm, but with 2 players each player has 2 Realms",
        "players[1].realms: 1 Realm, but with 2 players each player has 2 Realms"]
    data = sheet([player("Ann", realm("Goddess of Love", 1, 1), realm("God of War", 0, 0)),
                  player("Ben", realm("Ancient God", 1, 1)),
                  player("Cat", realm("God of the Sea", 1, 1))])
    assert problems_of(data) == [
        "players[0].realms: 2 Realms, but with 3 players each player has 1 Realm"]


def test_player_count():
    one = sheet([player("Ann", realm("Goddess of Love", 1, 1))])
    assert problems_of(one) == ["players: 1 player, but Altar is for 2–5 players"]
    six = sheet([player(f"P{i}", realm(GODS[i], 0, 0)) for i in range(6)])
    assert problems_of(six)[0] == "players: 6 players, but Altar is for 2–5 players"


def test_ranges_and_gods():
    data = sheet([player("Ann", realm("Goddess of Love", 4, 5)),
                  player("Ben", realm("goddess of love ", -1, -1)),
                  player("Cat", realm(" ", 0, 0))])
    problems = problems_of(data)
    assert problems == [
        "players[0].realms[0].shrines: 4, but a Realm holds at most 3 Shrines (0–3)",
        "players[0].realms[0].active_altars: 5, but a Realm holds at most 4 Altars (0–4)",
        "players[1].realms[0].god: “goddess of love” is already Ann's Realm; each god has one "
        "Realm",
        "players[1].realms[0].shrines: -1, but a Realm holds at most 3 Shrines (0–3)",
        "players[1].realms[0].active_altars: -1, but a Realm holds at most 4 Altars (0–4)",
    ]  # Cat's blank god is no problem: the god is optional (AL-6)


def test_gods_are_optional_and_unnamed_realms_are_numbered():
    """AL-6: the gods are not in the text, so a Realm need not name one (missing, null or
    blank); the breakdown and what is missing then say "Realm 1" / "Realm 2"."""
    two = sheet([player("Ann", {"shrines": 2, "active_altars": 3},
                        realm(None, 1, 3)),
                 player("Ben", realm("", 3, 2), realm("  ", 1, 4))])
    result = score_sheet(two)
    ann, ben = result.players
    assert [line.label for line in ann.breakdown] == [
        "Realm 1: 2 Shrines (at least 1 needed)",
        "Realm 1: 3 active altars (Shrines + active altars ≥ 5)",
        "Realm 2: 1 Shrine (at least 1 needed)",
        "Realm 2: 3 active altars (Shrines + active altars ≥ 5)",
    ]
    assert ann.missing == "Realm 2: 1 active altar or Shrine"
    assert ben.complete and result.winners == ["Ben"]
    three = sheet([player("Ann", {"shrines": 1, "active_altars": 4}),
                   player("Ben", realm("Ancient God", 0, 1)),
                   player("Cat", realm(None, 0, 0))])
    assert score_sheet(three).players[0].breakdown[0].label == "Realm: 1 Shrine (at least 1 needed)"


def test_shrines_across_players_fit_the_tiles_in_play():
    data = sheet([player("Ann", realm("Goddess of Love", 3, 2)),
                  player("Ben", realm("Ancient God", 3, 2)),
                  player("Cat", realm("God of War", 1, 4))])
    assert problems_of(data) == [
        "players: 7 Shrines on the Realms, but a 3-player game has only 6 Shrine tiles"]


def test_last_shrine_turn_checks():
    data = sheet([player("Ann", realm("Goddess of Love", 0, 2), turn=3),
                  player("Ben", realm("Ancient God", 1, 4), turn=0)])
    data["players"].append(player("Cat", realm("God of War", 1, 1)))
    assert problems_of(data) == [
        "players[0].last_shrine_turn: 3, but Ann has no Shrine; leave it out",
        "players[1].last_shrine_turn: 0, but turns are counted from 1"]


def test_end_realm_completed_needs_a_complete_realm():
    data = sheet([player("Ann", realm("Goddess of Love", 1, 2)),
                  player("Ben", realm("Ancient God", 1, 3)),
                  player("Cat", realm("God of War", 0, 4))])
    assert problems_of(data) == [
        "end: The game ended with a completed Realm, but no player's Realm is complete: it "
        "needs at least 1 Shrine and Shrines + active altars ≥ 5"]


def test_unknown_end_and_keys_are_sheet_problems():
    data = sheet([player("Ann", realm("Goddess of Love", 1, 4)),
                  player("Ben", realm("Ancient God", 1, 4))], end="time_up")
    data["players"][0]["realms"][0]["altars"] = 3
    problems = problems_of(data)
    assert any(p.startswith("end: Input should be 'realm_completed', 'shrines_depleted' or "
                            "'deck_exhausted'") for p in problems)
    assert "players[0].realms[0].altars: unknown key (check the spelling)" in problems


def test_public_data():
    assert [altar.shrine_tiles_in_play(n) for n in (2, 3, 4, 5)] == [9, 6, 9, 12]
    assert [altar.realms_per_player(n) for n in (2, 3, 4, 5)] == [2, 1, 1, 1]
    assert (altar.SHRINES_MAX, altar.ALTARS_MAX, altar.REALM_TARGET) == (3, 4, 5)
    assert altar.ENDS == ("realm_completed", "shrines_depleted", "deck_exhausted")
    assert "Goddess of Love" in altar.KNOWN_GODS and "Ancient God" in altar.KNOWN_GODS


# ---------------------------------------------------------------- properties


@st.composite
def altar_sheets(draw):
    n = draw(st.integers(2, 5))
    names = [f"P{i}" for i in range(n)]
    gods = iter(draw(st.permutations(GODS)))
    tiles = altar.shrine_tiles_in_play(n)
    placed = 0
    players = []
    for nm in names:
        realms = []
        for _ in range(altar.realms_per_player(n)):
            s = draw(st.integers(0, min(3, tiles - placed)))
            placed += s
            realms.append(realm(next(gods), s, draw(st.integers(0, 4))))
        players.append(player(nm, *realms))
    turns = draw(st.lists(st.integers(1, 60), min_size=n, max_size=n, unique=True))
    for p, t in zip(players, turns, strict=True):
        if sum(r["shrines"] for r in p["realms"]) and draw(st.booleans() | st.just(True)):
            p["last_shrine_turn"] = t
    anyone = any(all(altar.realm_complete(r["shrines"], r["active_altars"]) for r in p["realms"])
                 for p in players)
    end = draw(st.sampled_from(altar.ENDS if anyone else altar.ENDS[1:]))
    return sheet(players, end)


def score_or_none(data):
    """The result, or None when the sheet needs a last_shrine_turn the strategy left out."""
    try:
        return score_sheet(data)
    except SheetProblems as err:
        assert all(p.where.endswith("last_shrine_turn") and p.message.startswith("needed:")
                   for p in err.problems)
        return None


@given(altar_sheets())
def test_altar_progress_completion_and_ranks(data):
    result = score_or_none(data)
    if result is None:
        return
    complete = [p for p in result.players if p.complete]
    for p, entered in zip(result.players, data["players"], strict=True):
        assert sum(x.points for x in p.breakdown) == p.total
        assert p.total == sum(r["shrines"] + r["active_altars"] for r in entered["realms"])
        assert p.complete == all(altar.realm_complete(r["shrines"], r["active_altars"])
                                 for r in entered["realms"])
        assert (p.missing == "") == p.complete
        if complete and not p.complete:
            assert p.rank == len(complete) + 1
    shrines = [sum(r["shrines"] for r in e["realms"]) for e in data["players"]]
    if complete:
        assert result.winners == [p.name for p in result.players if p.rank == 1]
        assert len(result.winners) == 1
        assert sorted(p.rank for p in complete) == list(range(1, len(complete) + 1))
    elif any(shrines):
        # AL-3: nobody complete: the most Shrines wins, then the last Shrine placed
        assert len(result.winners) == 1
        winner = next(i for i, p in enumerate(result.players) if p.rank == 1)
        assert shrines[winner] == max(shrines)
        with_shrines = sum(1 for c in shrines if c)
        assert all(p.rank == with_shrines + 1 for p, c in zip(result.players, shrines,
                                                                 strict=True) if not c)
    else:
        assert result.winners == []


@given(altar_sheets(), st.data())
def test_reordering_altar_players_reorders_the_result_and_nothing_else(data, draw):
    a = score_or_none(data)
    if a is None:
        return
    perm = draw.draw(st.permutations(range(len(data["players"]))))
    shuffled = copy.deepcopy(data)
    shuffled["players"] = [data["players"][i] for i in perm]
    b = score_sheet(shuffled)
    assert b.players == [a.players[i] for i in perm]
    assert b.notes == a.notes
    assert sorted(b.winners) == sorted(a.winners)
