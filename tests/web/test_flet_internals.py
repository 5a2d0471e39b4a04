"""The private parts of Flet the app relies on (companion/web/flet_internals.py) are there
and do what the app needs: after a Flet upgrade, this names the part that changed."""

from __future__ import annotations

import typing
from types import SimpleNamespace

import flet as ft
import pytest

from companion.web import flet_internals as inner


def test_a_session_has_the_index_and_the_handlers_the_app_replaces():
    from flet.messaging.session import Session

    for name in ("index", *inner.SESSION_HOOKS):
        assert hasattr(Session, name), f"flet's Session no longer has {name}"


def test_a_control_has_an_id_and_can_be_isolated():
    button = ft.Button("x")
    assert isinstance(inner.control_id(button), int), "BaseControl._i is not a control's id"
    assert not button.is_isolated()
    assert inner.isolate(button).is_isolated(), "Flet no longer reads BaseControl._isolated"


def test_hook_replaces_a_handler_on_one_session_only():
    class Session:
        def error(self, message):
            return f"flet: {message}"

    one, other = Session(), Session()
    inner.hook(one, "error", lambda current: lambda message: f"app, not {current(message)}")
    assert one.error("x") == "app, not flet: x" and other.error("x") == "flet: x"
    with pytest.raises(ValueError):
        inner.hook(one, "update", lambda current: current)


def test_an_event_class_is_found_and_made_from_a_phones_data():
    field = ft.TextField()
    kind = inner.event_type(field, "on_change")
    assert kind is not None, "get_event_field_type found no event class for on_change"
    event = inner.make_event(kind, {"control": field, "name": "change", "data": "Ann"})
    assert event.data == "Ann"
    assert issubclass(typing.get_origin(kind) or kind, inner.plain_event())


def test_the_context_page_and_the_message_class():
    from contextvars import ContextVar

    assert isinstance(inner.context_page(), ContextVar)
    assert "action" in inner.message_class().__dataclass_fields__


def test_the_session_key_is_flet_webs_own():
    from flet_web.fastapi.flet_app import FletApp

    compose = getattr(FletApp, "_FletApp__get_unique_session_id", None)
    assert compose is not None, "flet_web's FletApp no longer composes session keys so"
    for ip in ("192.168.1.20", "127.0.0.1"):
        app = SimpleNamespace(page_name="", _FletApp__client_ip=ip,
                              _FletApp__client_user_agent="Mozilla/5.0 (phone)")
        assert inner.session_key("/ws", ip, "Mozilla/5.0 (phone)", "abc") == compose(app,
                                                                                       "abc")


def test_the_app_manager_drops_and_expires_sessions():
    manager = inner.app_manager()
    for name in ("get_session", "delete_session", "disconnect_session"):
        assert callable(getattr(manager, name, None)), f"flet_web's app_manager has no {name}"


def test_a_first_message_is_unpacked_and_checked_as_flet_web_does():
    import datetime
    import inspect

    import msgpack
    from flet_web.fastapi.flet_app import FletApp

    source = inspect.getsource(FletApp)
    assert "ext_hook=decode_ext_from_msgpack" in source, "FletApp unpacks messages otherwise"
    assert "RegisterClientRequestBody(**body)" in source, "FletApp reads its request otherwise"
    assert inner.session_request_fields() == {"session_id", "page_name", "page"}
    when = msgpack.ExtType(1, b"2026-12-07T00:00:00")
    assert inner.unpack_message(msgpack.packb([1, when])) == [1, datetime.datetime(2026, 12, 7)]
    with pytest.raises(ValueError):
        inner.unpack_message(msgpack.packb({1: "a number for a key"}))
    with pytest.raises(ValueError):
        inner.unpack_message(msgpack.packb(msgpack.ExtType(1, b"not a date")))


class Wire:
    """A connection that packs each message a session sends as flet_web's does (which
    is also when Flet notes what it sent, for its next diff), and keeps it unpacked."""

    def __init__(self):
        import msgpack
        from flet.messaging.connection import Connection
        from flet.messaging.protocol import configure_encode_object_for_msgpack
        from flet.pubsub.pubsub_hub import PubSubHub

        self.connection = Connection()
        self.connection.pubsubhub = PubSubHub()
        self.messages: list = []
        encode = configure_encode_object_for_msgpack(ft.BaseControl)

        def send_message(message) -> None:
            packed = msgpack.packb([message.action, message.body], default=encode)
            self.messages.append(msgpack.unpackb(packed, strict_map_key=False)[1])

        self.connection.send_message = send_message


def score_screen():
    """A session showing a screen like Score's: a stepper's value, a total, a breakdown.
    Its controls by name."""
    from flet.messaging.session import Session

    wire = Wire()
    session = Session(wire.connection)
    wire.connection.send_message(inner.message_class()(  # the page, as a phone gets it first
        action=0, body=session.get_page_patch()))
    value, total = ft.Text("2"), ft.Text("Total 10")
    breakdown = ft.Column([ft.Text("Wheat 2")])
    form = ft.Column([ft.Row([ft.Text("Wheat"), value]), ft.Card(content=breakdown)])
    session.page.views[0].controls = [ft.Column([form, ft.Container(content=total)])]
    session.patch_control(session.page)  # the screen shown
    wire.messages.clear()
    return wire, session, dict(value=value, total=total, breakdown=breakdown, form=form)


def operations(message) -> set:
    """A patch's operations, each with its whole path from the patched control and the
    kind and words of a control it adds."""
    table, *ops = message["patch"]
    paths = {}

    def walk(node, path):
        paths[node[0]] = path
        for key, child in (node[1].items() if len(node) > 1 else ()):
            walk(child, [*path, key])

    walk(table, [])
    out = set()
    for op in ops:
        value = op[3] if len(op) > 3 else None
        if isinstance(value, dict):  # a control added: its kind and words
            value = (value.get("_c"), value.get("value"))
        out.add((op[0], tuple(paths[op[1]] + [op[2]]), repr(value)))
    return out


def test_send_together_sends_what_flets_diff_of_their_ancestor_sends_in_one_message():
    sent_together, sent_whole = score_screen(), score_screen()
    for _wire, _session, c in (sent_together, sent_whole):
        c["value"].value = "3"
        c["total"].value = "Total 11"
        c["breakdown"].controls.append(ft.Text("Wheat 3"))
        c["breakdown"].controls[0].value = "Wheat 1"
    wire, session, c = sent_together
    inner.send_together(session.page, [c["value"], c["total"], c["breakdown"]])
    assert len(wire.messages) == 1, wire.messages
    whole_wire, whole_session, _ = sent_whole
    whole_session.patch_control(whole_session.page.views[0])  # Flet's diff from above
    (together,), (whole,) = wire.messages, whole_wire.messages
    assert operations(together) and operations(together) == {
        (kind, path[2:], value) for kind, path, value in operations(whole)}  # 'controls', 0
    # The text added is on the phone's screen now, as Flet's own update leaves it.
    added = c["breakdown"].controls[1]
    assert inner.is_mounted(session, added)


def test_send_together_leaves_a_control_not_on_screen_to_flets_own_update():
    wire, session, c = score_screen()
    c["value"].value = "3"
    stray = ft.Text("not shown")
    inner.send_together(session.page, [c["value"], stray])
    assert [m["id"] for m in wire.messages] == [inner.control_id(c["value"])]
    inner.send_together(session.page, [])  # nothing: not the whole page
    assert len(wire.messages) == 1
