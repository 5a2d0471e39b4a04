"""A seed typed by a person (New table's shared seed, Setup's "use a seed"): the seed, or
the line saying why it is not one."""

from __future__ import annotations

import unicodedata

import setup_guides
from companion.i18n import t


def parse_seed(text: str) -> int | None:
    """A seed typed by a person → the seed; ``None`` for an empty field. Spaces and
    full-width digits (a Japanese keyboard) are accepted. Raises ``ValueError`` with a
    message-catalog key when it is not a seed."""
    cleaned = "".join(unicodedata.normalize("NFKC", text or "").split())
    if not cleaned:
        return None
    if not (cleaned.isascii() and cleaned.isdigit()):
        raise ValueError("setup.seed_error.not_number")
    digits = cleaned.lstrip("0") or "0"
    if len(digits) > len(str(setup_guides.MAX_SEED)):  # int() fails past 4,300 digits
        raise ValueError("setup.seed_error.too_big")
    seed = int(digits)
    if seed > setup_guides.MAX_SEED:
        raise ValueError("setup.seed_error.too_big")
    return seed


def seed_error(key: str) -> str:
    return t(key, max=setup_guides.MAX_SEED)
