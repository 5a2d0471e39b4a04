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
