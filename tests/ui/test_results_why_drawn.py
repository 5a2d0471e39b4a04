"""Results drawn in-process (companion/ui/views/results.py) on a real store: a Latoro
table with nothing entered is a tie on 0, said in its note, and the note's Why? opens
the reading (equal totals share the place) with the rulebook's words."""

from __future__ import annotations

import flet as ft

from companion.i18n import speaking
from companion.storage.store import Store
from companion.ui.views import results
from tests.ui.test_home_and_results import texts, view_texts
from tests.ui.test_new_table_drawn import every
from tests.ui.test_rules_drawn import drawn_ctx


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
