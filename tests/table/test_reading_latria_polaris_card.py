"""Latria, the Polaris "two red symbols" card (ruling L-3), both readings the table can
choose. Polaris card note: "at the start of scoring you remove any 2 of your acquired
cards from your acquired cards. … If you hold 2 or fewer cards, including this card
itself, remove all of them. This card itself has no victory points." """

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.screens import rulings_list
from companion.storage.store import Store
from companion.table.setup import sheet_with_readings
from scorers.base import SheetProblems
from scorers.messages import render
from scorers.sheets import score_sheet

ROOT = Path(__file__).resolve().parents[2]
RED = {"celestial": "polaris", "special": "discard_two"}
OTHER = {"L-3": "alternative"}


def sun(vp: int) -> dict:
    return {"celestial": "sun", "vp": vp}


def table(ann: dict, readings: dict | None = None) -> dict:
    sheet = {"game": "latria", "players": [{"name": "Ann", **ann},
                                           {"name": "Ben", "cards": [sun(2)]},
                                           {"name": "Cat", "cards": [sun(1)]}]}
    if readings is not None:
        sheet["readings"] = readings
    return sheet


def test_the_card_sun_4_and_sun_3_score_0_documented_and_4_the_other_way():
    # Documented: the card removes two *other* cards, here both Suns; Ben (Sun 2) wins.
    documented = score_sheet(table({"cards": [RED, sun(4), sun(3)]}))
    assert [p.total for p in documented.players] == [0, 2, 1]
    assert documented.winners == ["Ben"]
    assert ("Ann holds the Polaris two-red-symbols card and only two other cards, so those "
            "two are removed: Sun 4 and Sun 3 (Polaris card note) (L-3)") in documented.notes
    # The other reading: the card is one of "your acquired cards", so it and Sun 3 go.
    other = score_sheet(table({"cards": [RED, sun(4), sun(3)]}, OTHER))
    assert [p.total for p in other.players] == [4, 2, 1]
    assert other.winners == ["Ann"]
    assert other.notes[0] == ("The table's reading: the Polaris two-red-symbols card counts "
                              "among its holder's cards and may be one of the two removed. "
                              "(L-3)")
    ann = other.players[0]
    assert [(str(line.label), line.points) for line in ann.breakdown] == [
        ("Sun 4", 4), ("Polaris two red symbols: removed itself and Sun 3 (no VP)", 0)]
    assert "このテーブルの読み方" in render(other.note_details[0].text, "ja")


def test_two_or_fewer_cards_including_the_card_are_all_removed_under_both_readings():
    # "If you hold 2 or fewer cards, including this card itself, remove all of them."
    for readings in (None, OTHER):
        result = score_sheet(table({"cards": [RED, sun(4)]}, readings))
        assert result.players[0].total == 0
        assert ("Ann holds 2 cards including the Polaris two-red-symbols card (2 or "
                "fewer), so all of them are removed (Polaris card note) (L-3)") in result.notes
    # three cards are not "2 or fewer": the note no longer says "all of them"
    notes = score_sheet(table({"cards": [RED, sun(4), sun(3)]})).notes
    assert not any("so all of them are removed" in n for n in notes)


def test_the_sheet_may_name_the_card_itself_only_under_the_other_reading():
    named = {"cards": [RED, sun(4), sun(3), sun(1)], "discarded": [RED, sun(3)]}
    with pytest.raises(SheetProblems) as err:
        score_sheet(table(named))
    assert [str(p) for p in err.value.problems] == [
        "players[0].discarded[0]: the Polaris two-red-symbols card removes two *other* "
        "cards, not itself (L-3)"]
    result = score_sheet(table(named, OTHER))
    assert result.players[0].total == 4 + 1
    with pytest.raises(SheetProblems) as err:
        score_sheet(table({"cards": [RED, sun(4), sun(3)], "discarded": [sun(3)]}, OTHER))
    assert "removes exactly two of Ann's cards (by the table's reading it may be one" in str(
        err.value.problems[0])


def test_the_command_line_applies_the_other_reading(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(table({"cards": [RED, sun(4), sun(3)]}, OTHER)),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorers", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert [p["total"] for p in result["players"]] == [4, 2, 1]
    assert result["winners"] == ["Ann"]
    assert result["notes"][0].startswith("The table's reading")


def test_the_table_chooses_it_and_the_score_sheet_follows(tmp_path):
    store = Store(tmp_path)
    standard = store.create_table("latria", "standard", ["Ann", "Ben", "Cat"], seed=1)
    simple = store.create_table("latria", "simple", ["Ann", "Ben", "Cat"], seed=1)
    # Extension Rules 1: the Simple variant takes the two-red-symbols card out of the game
    assert [e.id for e in rulings_list.switchable(standard)] == ["L-3"]
    assert "L-3" not in [e.id for e in rulings_list.switchable(simple)]
    store.set_reading(standard.id, "L-3", "alternative")
    session = store.get_table(standard.id)
    sheet = sheet_with_readings(session, table({"cards": [RED, sun(4), sun(3)]}))
    assert sheet["readings"] == OTHER
    assert score_sheet(sheet).winners == ["Ann"]


# the box's Sun and Moon cards (3 of each Sun, one Sun 1 and one Sun 2 with Ben and Cat)
CARDS = [sun(v) for v in (1, 1, 2, 2, 3, 3, 3, 4, 4, 4)] + [
    {"celestial": "moon", "vp": v} for v in (1, 2, 3)] + [
    {"celestial": "sun", "special": "x0"}, {"celestial": "moon", "special": "x2"}]


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(len(CARDS))), st.integers(0, 8), st.integers(0, 4))
def test_the_other_reading_never_scores_the_holder_lower(order, held, eclipsed):
    """The other reading only adds choices (the card among those that may go), and the
    holder always takes the best of them (L-4)."""
    picked = [CARDS[k] for k in order[:held]]
    ann = {"cards": [RED, *picked[eclipsed:]], "eclipsed": picked[:eclipsed]}
    documented = score_sheet(table(ann)).players[0].total
    other = score_sheet(table(ann, OTHER)).players[0].total
    assert other >= documented


def test_the_score_form_offers_the_card_itself_only_under_the_other_reading():
    from companion.i18n import t
    from companion.ui.score_forms.editor import Editor
    from companion.ui.score_forms.latria import discard_controls

    def texts(sheet: dict) -> list[str]:
        controls = discard_controls(Editor(sheet, lambda changes: None), 0)
        out = []

        def walk(c) -> None:
            # a chip's name for screen readers is its words' semantics_label
            for attr in ("value", "label", "semantics_label"):
                if isinstance(getattr(c, attr, None), str):
                    out.append(getattr(c, attr))
            for attr in ("controls", "content"):
                inner = getattr(c, attr, None)
                for child in inner if isinstance(inner, list) else [inner]:
                    if child is not None and not isinstance(child, str):
                        walk(child)
        for c in controls:
            walk(c)
        return out

    ann = {"cards": [RED, sun(4), sun(3)]}
    # the card and two others: documented, both others go; the other way, a choice
    assert t("latria.discard_all") in texts(table(ann))
    chosen = texts(table(ann, OTHER))
    assert t("latria.discard_all") not in chosen
    assert t("latria.discard_card", card="Polaris two red symbols") in chosen
