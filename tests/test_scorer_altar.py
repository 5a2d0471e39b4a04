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
            "(Ben turn 15, Ann turn 14) (Altar, Winner of the Game; AL-2)") in result.notes
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
    assert problems_of(data) == [
        "players[1].last_shrine_turn: 14, the same turn as Ann's; turns are counted over all "
        "players, so the player who placed the last Shrine must differ"]


def test_last_shrine_turn_is_not_needed_without_a_tie():
    data = sheet([player("Ann", realm("Goddess of Love", 3, 2)),
                  player("Ben", realm("Ancient God", 2, 4)),
                  player("Cat", realm("God of War", 0, 4))])
    assert score_sheet(data).winners == ["Ann"]


def test_nobody_complete_means_no_winner_and_a_shared_rank():
    data = sheet([player("Ann", realm("Goddess of Love", 2, 2)),
                  player("Ben", realm("Ancient God", 0, 4)),
                  player("Cat", realm("God of War", 1, 0))], end="deck_exhausted")
    result = score_sheet(data)
    assert result.winners == []
    assert [p.rank for p in result.players] == [1, 1, 1]
    assert [p.complete for p in result.players] == [False, False, False]
    assert any("the rulebook leaves it to the gods' and followers' abilities" in n and "AL-3" in n
               for n in result.notes)


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
    data = sheet([player("Ann", realm("Goddess of Love", 1, 1)),
                  player("Ben", realm("Ancient God", 1, 1)),
                  player("Cat", realm("God of War", 1, 1))], end="shrines_depleted")
    notes = score_sheet(data).notes
    assert ("The sheet says the Shrine tiles ran out, but only 3 of the 6 are on the Realms; "
            "check the Shrines (AL-5)") in notes


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
        "end: realm_completed, but no player's Realm is complete: it needs at least 1 Shrine "
        "and Shrines + active altars ≥ 5"]


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
        if not p.complete:
            assert p.rank == len(complete) + 1
    if complete:
        assert result.winners == [p.name for p in result.players if p.rank == 1]
        assert len(result.winners) == 1
        assert sorted(p.rank for p in complete) == list(range(1, len(complete) + 1))
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
