"""Count phrases and lists come from one place that knows each language's rules
(scorers/messages.py ``PLURAL_RULES``, companion.i18n ``listed``): English has one and
other ("1 card", "2 cards"), Japanese has no plural; a Japanese list is joined with 、,
never an English comma."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.i18n import listed, speaking, t
from companion.i18n import name as player_name
from companion.table.result_text import winners_line
from scorers.messages import Msg, plural_form, render

ROOT = Path(__file__).resolve().parents[1]


def test_each_language_has_its_own_plural_rule():
    assert [plural_form(n, "en") for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_form(n, "ja") for n in (0, 1, 2)] == ["other"] * 3  # no plural
    assert plural_form("?", "en") == plural_form(True, "en") == "other"  # not a count


@pytest.mark.parametrize(("message", "one", "two"), [
    (Msg("scorers.latria.problem.discard_all", who="Ann", count=1),
     "Ann holds 1 card besides the Polaris card, so it is removed",
     "Ann holds 2 cards besides the Polaris card, so all 2 are removed"),
    (Msg("scorers.latria.problem.discard_two", who="Ann", count=1),
     "1 card; the Polaris card", "2 cards; the Polaris card"),
    (Msg("scorers.latria.note.polaris_all", who="Ann", count=1),
     "Ann holds only the Polaris two-red-symbols card",
     "Ann holds 2 cards including the Polaris two-red-symbols card"),
    (Msg("scorers.latria.problem.simple_eclipsed", who="Ann", count=1),
     "Ann has 1 card under the eclipse marker", "Ann has 2 cards under the eclipse marker"),
    (Msg("scorers.altar.note.share_place_have", names="Ann and Ben", count=1),
     "Ann and Ben have 1 Shrine each", "Ann and Ben have 2 Shrines each"),
    (Msg("scorers.altar.note.last_shrine_completed", names="Ann and Ben", count=1,
         last="Ben", listing=""),
     "completed with 1 Shrine each", "completed with 2 Shrines each"),
    (Msg("scorers.altar.problem.turn_needed_most_both", names="Ann and Ben", count=1),
     "both have 1 Shrine, the most", "both have 2 Shrines, the most"),
    (Msg("score.damaged_players", count=1, players=3), "1 player on the sheet",
     "2 players on the sheet"),
    (Msg("access.wait", count=1), "Wait 1 second,", "Wait 2 seconds,"),
    (Msg("new.player_count_button", count=1), "1 player", "2 players"),
])
def test_one_and_two_of_something_in_english(message, one, two):
    assert one in render(message, "en")
    assert two in render(Msg(message.key, **{**message.params, "count": 2}), "en")
    assert "(s)" not in render(message, "en")


def test_japanese_counts_have_one_form():
    assert render(Msg("scorers.latria.problem.discard_all", who="Ann", count=1), "ja") \
        .startswith("Annは北極星のカード以外に1枚しか持っていないので")
    assert "それぞれ祠1個" in render(
        Msg("scorers.altar.note.share_place_have", names="Ann、Ben", count=1), "ja")
    with speaking("ja"):
        assert t("new.player_count_button", count=1) == "1人"
        assert t("new.player_count_button", count=2) == "2人"


def test_a_list_is_joined_in_the_readers_language():
    with speaking("en"):
        assert listed(["Ann", "Ben", "Cy"]) == "Ann, Ben, Cy"
        assert winners_line(["Ann", "Ben"]) == "Shared win: Ann, Ben"
    with speaking("ja"):
        assert listed(["Ann", "Ben"]) == "Ann、Ben"
        assert winners_line(["Ann", "Ben"]) == "同点で勝ち：Ann、Ben"
        # a name the app gave (Luna's solo opponent) in the reader's language
        assert listed(player_name(n) for n in ["Mika", "Virtual opponent"]) \
            == "Mika、仮想の対戦相手"
    assert listed([]) == "" and listed(["Ann"]) == "Ann"


def catalog_values(language: str):
    skip = {".venv", "node_modules", ".git", "build"}
    for path in sorted(ROOT.rglob(f"i18n/{language}/*.json")):
        if skip & set(path.relative_to(ROOT).parts):
            continue
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            yield f"{path.relative_to(ROOT)}: {key}", value


def test_no_catalog_hedges_a_plural_and_japanese_writes_no_singular():
    """"card(s)" is a plural the catalog should have spelt out ({"one": …, "other": …});
    a Japanese form "one" would never be picked (Japanese has no plural)."""
    hedged = [where for where, value in catalog_values("en")
              if any("(s)" in form for form in
                     (value.values() if isinstance(value, dict) else [value]))]
    assert hedged == []
    singular = [where for where, value in catalog_values("ja")
                if isinstance(value, dict) and set(value) != {"other"}]
    assert singular == []
