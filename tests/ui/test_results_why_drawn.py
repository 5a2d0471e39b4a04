"""Results drawn in-process (companion/ui/views/results.py) on a real store: the reason a
tie went as it did leads, right under the ranking whose tied lines it explains and before
the other notes; a Latoro table with nothing entered is a tie on 0, said in its note, and
the note's Why? opens the reading (equal totals share the place) with the rulebook's
words. (That the reason is on the first screen at 360 px, without scrolling, only a
browser shows: tests/e2e/test_results_tie_reason_at_360.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft

from companion.i18n import speaking
from companion.storage.store import Store
from companion.ui.views import results
from tests.ui.drawn import drawn_ctx
from tests.ui.test_home_and_results import texts, view_texts
from tests.ui.test_new_table_drawn import every

DATA = Path(__file__).resolve().parents[1] / "data"


def finished(store: Store, game: str, sheet: dict) -> str:
    """A play finished before, straight into the store."""
    table = store.create_table(game, "standard", [p["name"] for p in sheet["players"]])
    store.set_score_sheet(table.id, sheet)
    store.finish(table.id)
    return table.id


def test_the_reason_a_tie_went_as_it_did_leads_under_the_ranking(tmp_path):
    """Latria: Dee and Eve tie on 0 and Dee has fewer eclipse points. Both their lines
    say a tie-break decided; the reason is the first thing under the ranking, before the
    rest (sharing, the rematch, the other notes under "Why", every point)."""
    store = Store(tmp_path)
    sheet = json.loads((DATA / "latria_example3.json").read_text(encoding="utf-8"))
    table_id = finished(store, "latria", sheet)
    with speaking("en"):
        body = results.build(drawn_ctx(store), table_id).controls[0].controls
    winners, ranking, reason, *rest = [texts(c) for c in body]
    assert winners == ["Ann wins"]
    assert ranking[:3] == ["1.", "Ann", "17"]
    for tied in ("Dee", "Eve"):
        assert ranking[ranking.index(tied) + 1] == "tied — decided below"
    assert reason[0] == "• Dee and Eve tie on 0; Dee has fewer eclipse points (0 < 1)"
    assert reason[1] == "Why?"  # its reading, a tap away
    later = [text for words in rest for text in words]
    assert "Why" in later and "Every point" in later
    assert not any("tie on 0" in text for text in later)  # said once, where it leads


def test_a_tie_on_0_is_said_and_its_why_gives_the_reading(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=1)
    ctx = drawn_ctx(store, f"/table/{table.id}/results")
    with speaking("en"):
        view = results.build(ctx, table.id)
        assert any("tie on 0" in text for text in view_texts(view))
        (why,) = [b for b in every(view, lambda c: isinstance(c, ft.TextButton))
                  if getattr(b.content, "semantics_label", None) == "Why? Ties are shared"]
        why.on_click(None)
    said = " ".join(texts(ctx.page.dialog.content))
    assert "equal totals share the place" in said
    assert "The rulebook says" in said
