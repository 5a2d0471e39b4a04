"""A seed typed by a person (companion/screens/seed_entry.py)."""

from __future__ import annotations

import pytest

import setup_guides
from companion.screens.seed_entry import parse_seed, seed_error


@pytest.mark.parametrize("text, seed", [
    ("", None), ("   ", None), ("4242", 4242), (" 4242 ", 4242), ("123 456", 123456),
    ("０１２３", 123), ("0", 0), (str(setup_guides.MAX_SEED), setup_guides.MAX_SEED),
])
def test_a_typed_seed_is_read(text, seed):
    assert parse_seed(text) == seed


@pytest.mark.parametrize("text, key", [
    ("12a", "setup.seed_error.not_number"),
    ("-5", "setup.seed_error.not_number"),
    ("1.5", "setup.seed_error.not_number"),
    ("١٢", "setup.seed_error.not_number"),
    (str(setup_guides.MAX_SEED + 1), "setup.seed_error.too_big"),
])
def test_a_bad_seed_names_its_message(text, key):
    with pytest.raises(ValueError) as err:
        parse_seed(text)
    assert str(err.value) == key
    assert seed_error(key)  # the message exists in the catalog
