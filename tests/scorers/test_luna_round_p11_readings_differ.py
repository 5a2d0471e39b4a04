"""When the two readings of P-11 give different totals.

docs/RULINGS.md, P-11, "The other reading": it changes a round's total only when the
Apostate takes more than the player holds after the Moon Priestess *and* the Temple then
pays that player something; the other reading then takes the smaller of the two more (the
loss beyond what the player held, the Temple's gain). With nothing from the Temple both
readings take what the player holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorers.sheets import score_sheet


def round_sheet(influence: int, priestess: int, apostate: int, novices: int, books: int,
                other: bool) -> dict:
    """Ann's round beside Ben's (Ben leads on the Moon Priestess's isle: Ann is 2nd there
    when she has Novices on it, 3 points off the Moon Priestess as entered)."""
    data = {"game": "luna_round", "council_order": ["Ann", "Ben"],
            "priestess_values": [5, 3], "players": [
        {"name": "Ann", "influence": influence, "priestess_isle": priestess,
         "apostate_isle": apostate, "temple_novices": novices, "temple_books": books},
        {"name": "Ben", "influence": 5, "priestess_isle": 14, "apostate_isle": 0,
         "temple_novices": 0, "temple_books": 0}]}
    if other:
        data["readings"] = {"P-11": "alternative"}
    return data


def ann(data: dict):
    return score_sheet(data).players[0]


def test_the_apostate_takes_more_than_held_but_the_temple_pays_nothing():
    """Holding 1, no Moon Priestess points, the Apostate's count 1 (a loss of 2), nothing
    in the Temple: both readings end the round at 0, a change of −1."""
    for other in (False, True):
        result = ann(round_sheet(1, 0, 1, 0, 0, other))
        assert result.total == -1
        assert result.parts.apostate == -1


def test_the_rulings_example_differs_because_the_temple_pays():
    """2 influence, −4 at the Apostate, +3 in the Temple: 2 → 0 → 3, or 1 as a whole."""
    assert ann(round_sheet(2, 0, 3, 2, 1, False)).total == 1  # 0 − 2 + 3
    assert ann(round_sheet(2, 0, 3, 2, 1, True)).total == -1  # 0 − 4 + 3


@settings(max_examples=300, deadline=None)
@given(influence=st.integers(0, 12), priestess=st.integers(0, 4), apostate=st.integers(0, 6),
       novices=st.integers(0, 3), books=st.integers(0, 1))
def test_the_readings_differ_exactly_when_the_loss_exceeds_the_coins_and_the_temple_pays(
        influence, priestess, apostate, novices, books):
    books = min(books, novices)
    documented = ann(round_sheet(influence, priestess, apostate, novices, books, False))
    other = ann(round_sheet(influence, priestess, apostate, novices, books, True))
    held = influence + documented.parts.priestess  # after the Moon Priestess
    loss = apostate + 1 if apostate else 0
    gain = documented.parts.temple
    assert documented.total - other.total == (min(loss - held, gain) if loss > held else 0)
    assert (documented.total != other.total) == (loss > held and gain > 0)
