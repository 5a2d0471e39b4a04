"""Home's lists and times, and what Results says, built against a real store (no browser):
a table whose results were shown moves to History; Altar reads as progress; a Luna solo
game names the player's final score; notes show sentences with a "Why?", never an id."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from types import SimpleNamespace

from companion.engine import Engine
from companion.screens import wording
from companion.screens.saved_tables import SavedTables
from companion.storage.store import Store
from companion.ui.views import home, results
from companion.ui.views import past_plays as history

RULING_ID = re.compile(r"\b[A-Z]{1,2}-\d+\b")


def fake_ctx(store, announced: list | None = None):
    """A phone's context on ``store`` (its saved tables as the app hands them to the
    screens: ``SavedTables``)."""
    told = announced if announced is not None else []
    tables = SavedTables(store) if isinstance(store, Store) else store
    return SimpleNamespace(store=tables, page=None, go=lambda route: None, drafts={},
                           toast=lambda message, then_go=None: None, live={}, browser=None,
                           engine=Engine(store, announce=lambda table_id, kind, *rest:
                                         told.append((table_id, kind))))


def texts(control) -> list[str]:
    """Every text a control shows or tells a screen reader, depth first."""
    out: list[str] = []

    def walk(c) -> None:
        if c is None:
            return
        if isinstance(c, str):
            out.append(c)
            return
        for name in ("value", "label", "semantics_label", "text"):
            value = getattr(c, name, None)
            if isinstance(value, str):
                out.append(value)
        for span in getattr(c, "spans", None) or []:
            out.append(span.text)
        for name in ("content", "title", "subtitle", "leading", "trailing"):
            walk(getattr(c, name, None))
        for child in getattr(c, "controls", None) or []:
            walk(child)

    walk(control)
    return out


def view_texts(view) -> list[str]:
    return [text for c in [*view.controls, view.appbar] for text in texts(c)]


def test_times_read_as_a_table_says_them():
    now = datetime(2025, 3, 14, 21, 0).astimezone()
    assert wording.when(now.replace(hour=14, minute=5), now) == "today at 14:05"
    assert wording.when(now - timedelta(days=1, hours=12), now) == "yesterday at 9:00"
    assert wording.when(now - timedelta(days=3), now) == "Tue 11 Mar at 21:00"
    assert wording.when(now - timedelta(days=40), now) == "2 Feb at 21:00"
    assert wording.when(now - timedelta(days=400), now) == "8 Feb 2024 at 21:00"


def test_a_table_whose_results_were_shown_is_listed_as_finished(tmp_path):
    store = Store(tmp_path)
    going = store.create_table("latoro", "standard", ["Ann", "Ben"], seed=1)
    done = store.create_table("latria", "standard", ["Cy", "Di", "Ed"], seed=2)
    announced: list = []
    ctx = fake_ctx(store, announced)
    # Nothing entered yet: Results scores the sheet the Score screen shows (all 0).
    shown = view_texts(results.build(ctx, done.id))
    assert "Shared win: Cy, Di, Ed" in shown
    assert store.get_table(done.id).status == "finished"
    assert announced == [(done.id, "table")]  # Home on the other phones follows
    listed = view_texts(home.build(ctx))
    assert ["Open Latoro table:", "Ann, Ben"] in (listed[i:i + 2] for i in range(len(listed)))
    assert not any("Cy, Di, Ed" in text for text in listed)  # not in progress any more
    assert listed.index("Start a new table") < listed.index("History")
    assert "Finished plays: 1" in listed
    past = view_texts(history.build(ctx))
    assert "Open the results: Latria, " + wording.when(
        store.get_table(done.id).finished_at) + ", Cy, Di, Ed" in past
    assert not any("Ann, Ben" in text for text in past)
    assert going.status == "in_progress"
    results.build(ctx, done.id)  # shown again: nothing more to announce
    assert len(announced) == 1


def test_altar_results_read_as_progress_not_points(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("altar", "standard", ["Ann", "Ben", "Cy"], seed=1)
    realm = {"god": "", "shrines": 2, "active_altars": 3}
    store.set_score_sheet(table.id, {"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": [realm]},
        {"name": "Ben", "realms": [{"god": "", "shrines": 1, "active_altars": 1}]},
        {"name": "Cy", "realms": [{"god": "", "shrines": 0, "active_altars": 0}]}]})
    shown = view_texts(results.build(fake_ctx(store), table.id))
    assert "Ann wins" in shown
    assert "Realm complete" in shown and "Ann: Realm complete" in shown
    assert "2 toward completion" in shown and "Cy: 0 toward completion" in shown
    assert not any("point" in text.lower() for text in shown), shown
    assert not any(text.startswith("+") for text in shown)  # counts, not points won
    assert not [text for text in shown if RULING_ID.search(text)]


def test_luna_solo_results_name_the_player(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("luna", "solo1", ["Mika"], seed=1)
    ctx = fake_ctx(store)
    from companion.screens.score import blank_sheet
    from companion.ui.score_forms import luna

    sheet = blank_sheet(luna.empty_sheet, table, {})
    sheet["players"][0]["influence"] = 31
    sheet["players"][1]["influence"] = 24
    store.set_score_sheet(table.id, sheet)
    shown = view_texts(results.build(ctx, table.id))
    assert "• Mika's final score is 7: Mika's 31 minus the virtual opponent's 24" in shown
    assert not any("if you are" in text for text in shown)
    assert not [text for text in shown if RULING_ID.search(text)]
