"""The English wording helpers shared by scorers and setup_guides."""

from scorers.wording import join_and, ordinal, plural


def test_plural():
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(2, "Book of Wisdom", "Books of Wisdom") == "2 Books of Wisdom"


def test_join_and():
    assert join_and([]) == ""
    assert join_and(["Ann"]) == "Ann"
    assert join_and(["Ann", "Ben"]) == "Ann and Ben"
    assert join_and(["Ann", "Ben", "さくら"]) == "Ann, Ben and さくら"


def test_ordinal():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
