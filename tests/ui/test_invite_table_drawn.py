"""Invite to this table, drawn in-process on a real store (private tables,
companion/ui/views/invite.py ``build_for_table``): the table's own link, never its id;
Make a new link ends the one shown; only the admin closes the table to its phones, which
ends their passes at once and tells the phones on it."""

from __future__ import annotations

from companion.storage.store import Store
from companion.ui.views import invite, table
from companion.ui.views.access_code import ADMISSION_KEY, SERVING_KEY, Admission
from companion.web.serving import Serving
from companion.web.table_links import TableLinks
from tests.ui.drawn import drawn_ctx
from tests.ui.test_home_and_results import view_texts

SITE = "https://games.example"


def served_privately(store: Store, table_id: str, admin: bool = False):
    """A phone that joined ``table_id`` on a server with private tables behind a proxy
    (the address players open: ``SITE``)."""
    links = TableLinks(b"k" * 32)
    ctx = drawn_ctx(store)
    ctx.announced = []
    ctx.announce = lambda table_id, kind: ctx.announced.append((table_id, kind))
    ctx.page.session.store[SERVING_KEY] = Serving("127.0.0.1", 8550, links=links,
                                                  public=SITE)
    ctx.page.session.store[ADMISSION_KEY] = Admission(joined={table_id}, admin=admin)
    return ctx, links


def tap(view, words: str) -> None:
    """Tap the button that says ``words``."""
    found = []

    def walk(c) -> None:
        if getattr(c, "content", None) == words and getattr(c, "on_click", None):
            found.append(c)
        for child in [getattr(c, "content", None), *(getattr(c, "controls", None) or [])]:
            if child is not None and not isinstance(child, str):
                walk(child)

    for c in view.controls:
        walk(c)
    (button,) = found
    button.on_click(None)


def test_the_table_screen_offers_its_invite_only_with_private_tables(tmp_path):
    store = Store(tmp_path)
    session = store.create_table("luna", "standard", ["Ann", "Ben"])
    ctx, _ = served_privately(store, session.id)
    assert "Invite to this table" in view_texts(table.build(ctx, session.id))
    assert "Invite to this table" not in view_texts(table.build(drawn_ctx(store), session.id))


def test_the_link_is_the_tables_own_and_a_new_one_ends_it(tmp_path):
    store = Store(tmp_path)
    session = store.create_table("luna", "standard", ["Ann", "Ben"])
    ctx, links = served_privately(store, session.id)
    old = links.link_token(session.id)
    shown = view_texts(invite.build_for_table(ctx, session.id))
    assert f"{SITE}/?table={old}" in shown
    assert not any(session.id in text for text in shown)
    assert "Close this table to its phones" not in shown  # the admin's alone

    tap(invite.build_for_table(ctx, session.id), "Make a new link")
    assert ctx.notices == ["A new link: the old one no longer lets a phone join."]
    assert links.table_of_link(old, [session.id]) is None
    new = links.link_token(session.id)
    assert f"{SITE}/?table={new}" in view_texts(ctx.page.views[-1]) and new != old


def test_the_admin_closes_a_table_to_its_phones(tmp_path):
    store = Store(tmp_path)
    session = store.create_table("luna", "standard", ["Ann", "Ben"])
    ctx, links = served_privately(store, session.id, admin=True)
    kept, old = links.phone_pass(session.id), links.link_token(session.id)
    tap(invite.build_for_table(ctx, session.id), "Close this table to its phones")
    assert links.table_of_pass(kept) is None and links.table_of_link(old, [session.id]) is None
    assert ctx.announced == [(session.id, "table")]  # its phones draw their screen again
    assert ctx.notices == ["Closed: the phones that joined no longer see this table. "
                           "The link above is new."]


def test_a_table_the_phone_does_not_have_is_not_found(tmp_path):
    store = Store(tmp_path)
    ours = store.create_table("luna", "standard", ["Ann", "Ben"])
    theirs = store.create_table("luna", "standard", ["Zoe", "Yan"])
    ctx, links = served_privately(store, ours.id)
    ctx.store = ctx.store.for_phone({ours.id})
    shown = view_texts(invite.build_for_table(ctx, theirs.id))
    assert not any(links.link_token(theirs.id) in text for text in shown)
    assert view_texts(table.build(ctx, theirs.id)) == view_texts(table.build(ctx, "0" * 12))
