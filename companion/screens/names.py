"""Players' names as New table and Players take them: the hint a field left empty stands
for ("Player 3"), and the line under a name the table cannot take."""

from __future__ import annotations

from companion.i18n import FIXED_NAMES, LANGUAGES, speaking, t
from companion.table.plays import player_key
from scorers.base import MAX_NAME_LENGTH

MOST_SEATS = 8  # more than any game seats: every default name a table can hold


def name_error(issue: str, other: int) -> str:
    """``scorers.base.name_issues``'s issue in the players' words."""
    return {
        "empty": lambda: t("new.error.empty"),
        "too_long": lambda: t("new.error.too_long", max=MAX_NAME_LENGTH),
        "duplicate": lambda: t("new.error.duplicate", n=other + 1),
    }[issue]()


def default_name(index: int) -> str:
    """The name of a player whose field was left empty: its hint, "Player 1"."""
    return t("new.default_name", n=index + 1)


def default_names() -> set[str]:
    """The keys of the default names in every language ("Player 1", "プレイヤー1"…)."""
    keys = {player_key(n) for n in FIXED_NAMES}
    for language in LANGUAGES:
        with speaking(language):
            keys |= {player_key(default_name(i)) for i in range(MOST_SEATS)}
    return keys
