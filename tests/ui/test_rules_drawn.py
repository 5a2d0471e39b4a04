"""Rules, the rulebooks and the rulings drawn in-process (companion/ui/views/rules.py,
rulebook.py, rulings.py) on a real store: a search across every rulebook and its hit
opened at its section, kept for the way back; the switch to Latoro's translation; the
rulings searched, in English and in Japanese; a Why? on Setup leading on into the
rulebook at the words the reading rests on."""

from __future__ import annotations

import flet as ft

from companion.i18n import speaking
from companion.storage.store import Store
from companion.ui.views import rules, setup
from tests.ui.drawn import drawn_ctx
from tests.ui.test_home_and_results import texts, view_texts
from tests.ui.test_new_table_drawn import every


def search(view, label: str, words: str) -> None:
    (field,) = every(view, lambda c: isinstance(c, ft.TextField) and c.label == label)
    field.value = words
    field.on_change(type("Event", (), {"control": field})())


def hits(view) -> dict[str, ft.Semantics]:
    """The rows found, by what a screen reader calls them."""
    return {c.label: c for c in every(view, lambda c: isinstance(c, ft.Semantics)
                                      and c.button and isinstance(c.label, str))}


def shown_words(view) -> list[str]:
    """Every text drawn, rich text joined as read."""
    return [*view_texts(view), *("".join(s.text for s in c.spans) for c in every(
        view, lambda c: isinstance(c, ft.Text) and c.spans))]


def test_a_search_of_every_rulebook_opens_its_hit_and_is_kept_for_the_way_back(tmp_path):
    ctx = drawn_ctx(Store(tmp_path))
    with speaking("en"):
        hub = rules.build(ctx, "/rules")
        assert "Rulebooks" in view_texts(hub)
        search(hub, "Search every rulebook", "eclipse")
        found = list(hits(hub))
        assert any(h.startswith("Step 1: Reveal celestial cards — Latria") for h in found)
        assert any(h.startswith("Scoring — Latria") for h in found)
        search(hub, "Search every rulebook", "資源")
        (label,) = [h for h in hits(hub) if h.startswith("支援フェイズの注意点について — Latoro")]
        hits(hub)[label].content.on_click(None)
        (route,) = ctx.went
        assert route.startswith("/rules/latoro?")
        book = rules.rules_view(ctx, route)
        assert any(w.startswith("また支援フェーズでのみ") for w in shown_words(book))
        # The translation, a tap away.
        (english,) = [c for c in every(book, lambda c: isinstance(c, ft.Semantics))
                      if "English · translation" in texts(c)]
        english.content.on_click(None)
        assert "Preparing the play area" in shown_words(book)
        # Back on Rules, what was searched for is still there; cleared, the lists are back.
        again = rules.build(ctx, "/rules")
        assert any(h.startswith("支援フェイズの注意点について — Latoro") for h in hits(again))
        search(again, "Search every rulebook", "")
        assert "Rulebooks" in view_texts(again)


def test_the_rulings_searched_in_english_and_in_japanese(tmp_path):
    store = Store(tmp_path)
    with speaking("en"):
        every_game = rules.rules_view(drawn_ctx(store), "/rules/rulings")
        search(every_game, "Search the rulings", "eclipse")
        shown = shown_words(every_game)
        assert any(w.startswith("Eclipse markers: every acquirer") for w in shown)
        assert not any(w.startswith("Seats are numbered clockwise") for w in shown)
    table = store.create_table("latria", "standard", ["Ann", "さくら", "Cleo"], seed=1)
    with speaking("ja"):
        of_table = rules.rules_view(drawn_ctx(store), f"/table/{table.id}/rulings")
        assert any(w.startswith("北極星とラトリアの占星カードは") for w in shown_words(of_table))
        search(of_table, "裁定を検索", "崩れた行")
        shown = shown_words(of_table)
        assert any("ルールブックの値の表の崩れた行" in w for w in shown)
        assert not any("garbled" in w for w in shown)  # the reason in Japanese, not English


def test_a_why_on_setup_opens_the_rulebook_at_the_words_the_reading_rests_on(tmp_path):
    store = Store(tmp_path)
    table = store.create_table("luna", "standard", ["Ann", "Ben", "Cleo"], seed=1)
    route = f"/table/{table.id}/setup"
    ctx = drawn_ctx(store, route)
    view = setup.build(ctx, table.id)
    why = [b for b in every(view, lambda c: isinstance(c, ft.TextButton)) if (
        getattr(b.content, "semantics_label", "") or "").startswith(
        "Why? Temple boards named by their tile 1–4; the path by rank")]
    why[0].on_click(None)
    (opener,) = [b for b in ctx.page.dialog.actions if b.content == "Open in the rulebook"]
    opener.on_click(None)
    assert ctx.page.dialog is None
    (target,) = ctx.page.went
    assert target.startswith(f"{route}/rules?")  # Back from it leads to Setup
    book = rules.rules_view(ctx, target)
    assert any("The words the app's reading rests on" in w for w in shown_words(book)), target
