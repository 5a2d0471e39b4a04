"""The notices Play's taps bring, with their real words, on a real store and engine (how
they go when the screen moves on: tests/ui/test_notices.py): a refusal that says what to
choose first and saves nothing, and a tap another phone's came before, told with where
the table is now (companion/ui/app.py ``Context.tell_missed_tap``, fed by the Play
screen's ``where_now``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.engine import Engine
from companion.i18n import speaking
from companion.screens.play import Play, where_now
from companion.storage.store import Store
from companion.ui.app import Context
from tests.screens.test_play_latria import Table


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path)


def test_a_network_card_without_its_guild_is_refused_until_the_guild_is_chosen(store):
    """Carpe Astra: "First choose the guild…" while no guild is chosen; nothing is saved;
    the card scored with a guild lands."""
    table = Table(store, "carpe_astra", ["Ann", "Ben", "Cleo"])
    table.press("Start round 1", {"Start player": "Ann"})
    for label in ("Next: Make New Contacts", "Next: Infiltrate Guilds", "Next: Gain Support"):
        table.press(label)
    saved = store.last_seq(table.id)
    refused = table.tap("Scored a Network card")
    assert refused.kind == "refused" and not refused.saved
    assert refused.notice.startswith("First choose the guild whose support token was taken")
    assert store.last_seq(table.id) == saved
    table.press("Scored a Network card", {"Support token taken": "Priests"})
    assert table.says("1 card scored this turn.")


def test_a_missed_tap_is_told_with_where_the_table_is_now(store):
    """B's Next reaches the store after A's: B's tap is not applied, and B is told so with
    the step the table is at now."""
    table = Table(store, "latria", ["Ann", "Ben", "Cleo"])
    table.press("Start round 1", {"First parent": "Ann"})
    b = Play.open(store, table.id)
    with speaking("en"):
        b_tap = table.event("Next: Step 2 — Parent plays")
    table.press("Next: Step 2 — Parent plays")  # A's tap, first
    late = b.tap(Engine(store), b_tap)  # B's own server session
    assert late.missed and not late.saved

    route = f"/table/{table.id}/play"
    told: list[tuple[str, str]] = []
    phone = SimpleNamespace(
        page=SimpleNamespace(views=[SimpleNamespace(route=route)], update=lambda: None),
        where_now={route: lambda: where_now(store, table.id)},
        show_notice=lambda text, kind: told.append((text, kind)))
    Context.tell_missed_tap(phone)
    assert told == [("Another phone changed this just before your tap: it was not applied. "
                     "Now: Round 1 of 11 · Step 2 — Parent plays a card", "refused")]
