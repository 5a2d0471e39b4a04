"""The Score screen of a saved sheet it cannot draw says what is wrong in the players'
words, chosen by the kind of mistake the scorer names (its catalog sentence), in English
and in Japanese: never pydantic's wording."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.i18n import speaking, t
from companion.ui.views.score_damaged import in_words, undrawable_problems

DATA = Path(__file__).resolve().parents[1] / "data"
ALTAR = json.loads((DATA / "altar_example.json").read_text(encoding="utf-8"))
LATRIA = json.loads((DATA / "latria_example3.json").read_text(encoding="utf-8"))


def altar(change) -> dict:
    sheet = copy.deepcopy(ALTAR)
    change(sheet)
    return sheet


def latria(change) -> dict:
    sheet = copy.deepcopy(LATRIA)
    change(sheet)
    return sheet


SHEETS = [  # a saved sheet, where the screen points, the players' words there
    (altar(lambda s: s["players"][0].update(realms={"x": 1})), "players[0].realms",
     "score.damaged_want_list"),
    (altar(lambda s: s["players"][0]["realms"][0].update(shrines="3")),
     "players[0].realms[0].shrines", "score.damaged_want_number"),
    (altar(lambda s: s["players"][0].update(name=7)), "players[0].name",
     "score.damaged_want_text"),
    (altar(lambda s: s["players"][0]["realms"].__setitem__(0, [1])), "players[0].realms[0]",
     "score.damaged_want_group"),
    (altar(lambda s: s.update(end="never")), "end", "score.damaged_want_choice"),
    (altar(lambda s: s["players"][0]["realms"][0].pop("shrines")),
     "players[0].realms[0].shrines", "score.damaged_missing"),
    (altar(lambda s: s["players"][0].update(colour="red")), "players[0].colour",
     "score.damaged_unknown"),
    (latria(lambda s: s["players"][0]["cards"][0].update(celestial="\ud800")),
     "players[0].cards[0].celestial", "score.damaged_want_text"),
]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("sheet", "where", "key"), SHEETS, ids=[s[2] + "@" + s[1] for s in SHEETS])
def test_each_kind_of_wrong_entry_is_told_in_the_players_words(sheet, where, key, language):
    problems = undrawable_problems(sheet, len(sheet["players"]))
    assert [p.where for p in problems] == [where]
    with speaking(language):
        assert in_words(problems[0].message) == t(key)


def test_a_yes_or_no_that_is_a_text_is_told_so():
    sheet = json.loads((DATA / "luna_example.json").read_text(encoding="utf-8"))
    sheet["players"][0]["virtual"] = "yes"
    problems = undrawable_problems(sheet, len(sheet["players"]))
    with speaking("ja"):
        assert [in_words(p.message) for p in problems] == [t("score.damaged_want_yes_no")]
