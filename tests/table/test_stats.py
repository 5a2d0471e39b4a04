"""Stats (companion/table/stats.py) over a fixture history of 30 plays of three games, against
figures computed by hand (the arithmetic is in the comments).

The plays are small sheets scored by the real scorers, each played several times:
Latria L1 ×6, L2 ×3, L3 ×3; Luna U1, U2, U3 ×4 each; Altar A1, A2, A3 ×2 each. Ann is
written "ANN" in the L2 plays and Ben "ｂｅｎ" (full width) in the U1 plays: the same
players."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.table.plays import play_record, player_key
from companion.table.record import TableSession
from companion.table.stats import compute, games_played, one_decimal, percent
from tests.scorers.test_latria import moon, polaris, sun

DATA = Path(__file__).parents[1] / "data"
START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)




def latria(ann, ben, cy, ann_name="Ann"):
    """Three players' (cards, eclipsed)."""
    return {"game": "latria", "variant": "standard", "players": [
        {"name": name, "cards": cards, "eclipsed": eclipsed}
        for name, (cards, eclipsed) in ((ann_name, ann), ("Ben", ben), ("Cy", cy))]}


# L1: Ann 7 Sun + 2 Moon − 1 eclipse = 8; Ben 3 Moon + 2 Polaris = 5; Cy 1 Polaris − 3 = −2
L1 = latria(([sun(4), sun(3), moon(2)], [sun(1)]), ([polaris(2), moon(3)], []),
            ([polaris(1)], [moon(2), sun(1)]))
# L2: Ann 2 Sun = 2; Ben 4 Sun + 3 Moon + 2 Polaris = 9; Cy 2 Moon + 1 Polaris − 2 = 1
L2 = latria(([sun(2)], []), ([sun(4), moon(3), polaris(2)], []),
            ([moon(2), polaris(1)], [sun(2)]), ann_name="ANN")
# L3: Ann 1 Moon − 1 = 0; Ben 1 Sun = 1; Cy 3 Sun + 2 Polaris = 5
L3 = latria(([moon(1)], [sun(1)]), ([sun(1)], []), ([sun(3), polaris(2)], []))


def luna(order, *players):
    """players: (name, influence, shrines, unused favors, council points)."""
    return {"game": "luna", "council_order": order, "players": [
        {"name": n, "influence": i, "shrines": s, "unused_favors": f, "council_points": c}
        for n, i, s, f, c in players]}


# Luna total = influence + 4 × Shrines + favors + council points (Luna, Game End)
# U1: Ann 40+8+1+6 = 55; Ben 30+12+2+4 = 48; Cy 20+4+0+2 = 26 → Ann
U1 = luna(["Ann", "ｂｅｎ", "Cy"], ("Ann", 40, 2, 1, 6), ("ｂｅｎ", 30, 3, 2, 4),
          ("Cy", 20, 1, 0, 2))
# U2: Ann 35+8+0+4 = 47; Ben 33+8+0+6 = 47, ahead in the Council → Ben; Cy 10+0+0+2 = 12
U2 = luna(["Ben", "Ann", "Cy"], ("Ann", 35, 2, 0, 4), ("Ben", 33, 2, 0, 6),
          ("Cy", 10, 0, 0, 2))
# U3: Ann 20+4+1+4 = 29; Ben 25+0+0+2 = 27; Cy 60+12+3+6 = 81 → Cy
U3 = luna(["Cy", "Ann", "Ben"], ("Ann", 20, 1, 1, 4), ("Ben", 25, 0, 0, 2),
          ("Cy", 60, 3, 3, 6))


def altar(first, second, third):
    """The example Altar sheet (its second player completes a Realm and wins) with
    the seats renamed."""
    sheet = json.loads((DATA / "altar_example.json").read_text(encoding="utf-8"))
    for player, name in zip(sheet["players"], (first, second, third), strict=True):
        player["name"] = name
    return sheet


A1, A2, A3 = altar("Ann", "Ben", "Cy"), altar("Ben", "Cy", "Ann"), altar("Cy", "Ann", "Ben")

SHEETS = [L1] * 6 + [L2] * 3 + [L3] * 3 + [U1, U2, U3] * 4 + [A1, A2, A3] * 2


def history():
    records = []
    for i, sheet in enumerate(SHEETS):
        moment = START + timedelta(days=i)
        session = TableSession(
            id=f"t{i}", game=sheet["game"], variant=sheet.get("variant", "standard"),
            players=[p["name"] for p in sheet["players"]], status="finished",
            created_at=moment, updated_at=moment, score_sheet=sheet)
        record = play_record(session, finished_at=moment)
        assert record is not None, sheet
        records.append(record)
    return records


@pytest.fixture(scope="module")
def records():
    return history()


def test_the_fixture_is_thirty_plays_of_three_games_as_scored(records):
    assert len(records) == 30
    assert games_played(records) == ["latria", "luna", "altar"]  # 12, 12, 6 plays
    totals = {r.table_id: [p.total for p in r.players] for r in records}
    assert totals["t0"] == [8, 5, -2] and totals["t6"] == [2, 9, 1]
    assert totals["t9"] == [0, 1, 5]
    assert totals["t12"] == [55, 48, 26] and totals["t13"] == [47, 47, 12]
    assert totals["t14"] == [29, 27, 81]
    assert [r.winners for r in records[12:15]] == [("Ann",), ("Ben",), ("Cy",)]
    assert [r.winners for r in records[24:27]] == [("Ben",), ("Cy",), ("Ann",)]


def test_latria(records):
    s = compute(records, "latria")
    assert s.plays == 12 and s.points
    assert [p.name for p in s.players] == ["Ann", "Ben", "Cy"]  # 6 wins, then 3 and 3
    ann, ben, cy = s.players
    # Ann: written ANN in L2, the same player; her latest spelling is shown
    assert (ann.plays, ann.wins, ann.win_rate) == (12, 6, F(1, 2))
    assert ann.average == F(6 * 8 + 3 * 2 + 3 * 0, 12) == F(9, 2)
    assert ann.best == 8
    # margins: L1 8−5 = 3, L2 2−9 = −7, L3 0−5 = −5 → (18 − 21 − 15) / 12
    assert ann.average_margin == F(-3, 2)
    assert ann.eclipse_total == 6 * 1 + 3 * 1 and ann.eclipse_average == F(3, 4)
    assert ann.categories == {"scorers.latria.body.sun": F(6 * 7 + 3 * 2, 12),
                              "scorers.latria.body.moon": F(6 * 2 + 3 * 1, 12),
                              "scorers.latria.body.polaris": 0,
                              "scorers.latria.category.eclipse": F(-9, 12)}
    assert sum(ann.categories.values()) == ann.average
    assert (ben.wins, ben.average, ben.best) == (3, 5, 9)  # (30 + 27 + 3) / 12
    assert ben.average_margin == F(-18 + 21 - 12, 12)  # −3, 7, −4
    assert ben.categories == {"scorers.latria.body.sun": F(15, 12),
                              "scorers.latria.body.moon": F(27, 12),
                              "scorers.latria.body.polaris": F(18, 12),
                              "scorers.latria.category.eclipse": 0}
    assert ben.eclipse_total == 0
    assert (cy.wins, cy.average, cy.best) == (3, F(1, 2), 5)  # (−12 + 3 + 15) / 12
    assert cy.average_margin == -6  # (6 × −10 + 3 × −8 + 3 × 4) / 12
    assert cy.eclipse_total == 24 and cy.eclipse_average == 2
    # the game: winning margins 3 (×6), 7 (×3), 4 (×3); the eclipse pile 9 + 0 + 24
    assert s.average_winning_margin == F(51, 12)
    assert s.eclipse_total == 33 and s.eclipse_average == F(33, 36)
    # what gives points first, the eclipse (a loss) last
    assert s.categories == ("scorers.latria.body.sun", "scorers.latria.body.moon",
                            "scorers.latria.body.polaris", "scorers.latria.category.eclipse")
    # as the screen shows them
    assert [one_decimal(x) for x in (ann.average, ann.average_margin, ann.eclipse_average,
                                     s.average_winning_margin, s.eclipse_average)] == [
        "4.5", "-1.5", "0.8", "4.3", "0.9"]
    assert [percent(p.win_rate) for p in s.players] == [50, 25, 25]
    assert [one_decimal(v) for v in ben.categories.values()] == ["1.3", "2.3", "1.5", "0.0"]


def test_luna(records):
    s = compute(records, "luna")
    assert s.plays == 12 and s.eclipse_total is None
    ann, ben, cy = (s.player(n) for n in ("ann", "BEN", "Cy"))
    assert ben.name == "Ben" and ben.plays == 12  # ｂｅｎ in U1 is Ben
    assert [(p.wins, p.best) for p in (ann, ben, cy)] == [(4, 55), (4, 48), (4, 81)]
    assert ann.average == F(55 + 47 + 29, 3)
    assert ben.average == F(48 + 47 + 27, 3)
    assert cy.average == F(26 + 12 + 81, 3)
    assert ann.average_margin == F(7 + 0 - 52, 3) == -15  # a tie broken is a margin of 0
    assert ben.average_margin == F(-7 + 0 - 54, 3)
    assert cy.average_margin == F(-29 - 35 + 52, 3) == -4
    assert ann.categories == {"scorers.luna.category.influence": F(95, 3),
                              "scorers.luna.category.shrines": F(20, 3),
                              "scorers.luna.category.favors": F(2, 3),
                              "scorers.luna.category.council": F(14, 3)}
    assert s.average_winning_margin == F(7 + 0 + 52, 3)
    assert [one_decimal(x) for x in (ann.average, ben.average_margin, s.average_winning_margin)
            ] == ["43.7", "-20.3", "19.7"]
    assert ann.eclipse_total is None


def test_altar_counts_plays_and_wins_but_no_scores(records):
    s = compute(records, "altar")
    assert s.plays == 6 and not s.points
    assert [(p.name, p.plays, p.wins, percent(p.win_rate)) for p in s.players] == [
        ("Ann", 6, 2, 33), ("Ben", 6, 2, 33), ("Cy", 6, 2, 33)]
    for p in s.players:
        assert (p.average, p.best, p.average_margin, p.categories) == (None, None, None, {})
    assert s.average_winning_margin is None and s.categories == ()


def test_every_game_together_gives_plays_wins_and_win_rate_only(records):
    s = compute(records)
    assert s.plays == 30 and not s.points
    assert [(p.name, p.plays, p.wins) for p in s.players] == [
        ("Ann", 30, 6 + 4 + 2), ("Ben", 30, 3 + 4 + 2), ("Cy", 30, 3 + 4 + 2)]
    assert [percent(p.win_rate) for p in s.players] == [40, 30, 30]
    assert all(p.average is None for p in s.players)


def test_no_plays_gives_no_figures():
    s = compute([], "latria")
    assert (s.plays, s.players, s.average_winning_margin, s.eclipse_average) == (0, (), None,
                                                                               None)


@pytest.mark.parametrize(("value", "shown"), [
    (F(1, 4), "0.3"), (F(-1, 4), "-0.3"), (F(1, 40), "0.0"), (F(-1, 40), "0.0"),
    (3, "3.0"), (F(131, 3), "43.7"), (F(-61, 3), "-20.3")])
def test_one_decimal_rounds_half_away_from_zero(value, shown):
    assert one_decimal(value) == shown


@pytest.mark.parametrize("name", ["carpe_astra_example", "latoro_example"])
def test_the_other_games_categories_add_up_to_the_totals(name):
    sheet = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    session = TableSession(id="x", game=sheet["game"], variant="standard",
                           players=[p["name"] for p in sheet["players"]],
                           created_at=START, updated_at=START, score_sheet=sheet)
    record = play_record(session)
    s = compute([record], sheet["game"])
    assert "stats.category.other" not in s.categories
    for outcome in record.players:
        assert sum(s.player(outcome.name).categories.values()) == outcome.total


NAMES = ["Ann", "ANN", "Ben", "ｂｅｎ", "Cy", "Dee"]


@st.composite
def luna_history(draw):
    """Finished Luna plays of 2–4 of six names (two players written two ways)."""
    records = []
    for i in range(draw(st.integers(1, 8))):
        names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4,
                              unique_by=player_key))
        players = [(n, draw(st.integers(0, 80)), draw(st.integers(0, 6)),
                    draw(st.integers(0, 7)), draw(st.integers(0, 8))) for n in names]
        sheet = luna(draw(st.permutations(names)), *players)
        moment = START + timedelta(hours=i)
        records.append(play_record(TableSession(
            id=f"h{i}", game="luna", variant="standard", players=names, status="finished",
            created_at=moment, updated_at=moment, score_sheet=sheet), finished_at=moment))
    return records


@given(luna_history())
def test_the_figures_hold_together_for_any_history(records):
    assert all(r is not None for r in records)
    s = compute(records, "luna")
    assert s.plays == len(records)
    assert sum(p.plays for p in s.players) == sum(len(r.players) for r in records)
    assert sum(p.wins for p in s.players) == sum(len(r.winners) for r in records)
    assert {p.key for p in s.players} <= {player_key(n) for n in NAMES}
    for p in s.players:
        assert len(p.scores) == p.plays and 0 <= p.win_rate <= 1
        # the categories' averages add up to the average score
        assert sum(p.categories.values()) == p.average
        assert p.best == max(score for _, score in p.scores)
        assert [when for when, _ in p.scores] == sorted(when for when, _ in p.scores)
    # a winner is never behind: the winning margin is 0 or more
    assert all(m >= 0 for m in s.winning_margins) and len(s.winning_margins) == s.plays
    # every game together counts the same plays and wins, and no scores
    every = compute(records)
    assert [(p.key, p.plays, p.wins) for p in every.players] == [
        (p.key, p.plays, p.wins) for p in s.players]
