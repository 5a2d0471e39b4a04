"""Luna's solo opponent is stored as "Virtual opponent" (play logs, score sheets) and shown
in the reader's language, in a name and inside any sentence naming it."""

from __future__ import annotations

from companion.flows.luna import OPPONENT
from companion.i18n import name, say, speaking, t
from scorers.messages import AndList, Msg


def test_the_virtual_opponent_is_shown_in_the_readers_language():
    with speaking("ja"):
        assert name(OPPONENT) == "仮想の対戦相手"
        assert name("Mika") == "Mika"
        assert t("editor.move_up", name=OPPONENT) == "仮想の対戦相手を上へ"
        nested = Msg("editor.move_up", name=AndList(["Mika", OPPONENT]))
        assert "仮想の対戦相手" in say(nested) and "Virtual" not in say(nested)
    with speaking("en"):
        assert name(OPPONENT) == OPPONENT
        assert t("editor.move_up", name=OPPONENT) == f"Move {OPPONENT} up"
