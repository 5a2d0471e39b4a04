"""Every private part of Flet (flet and flet_web 1.0.5) the app relies on, named here
once. Flet offers no public way to do what each does; an upgrade that changes one fails
tests/web/test_flet_internals.py with its name and what the app needs it for, instead of
a tap that goes wrong without an error.

- ``Session.index``: the controls a phone shows, by id (what a redraw took away; whether
  a control is still on screen before sending it alone).
- ``Session.dispatch_event``, ``apply_patch``, ``error``: how a session delivers a phone's
  event, applies its property changes and reports a handler's error; the app sets its
  own on one session (an instance attribute), to check messages, tell missed taps and
  keep the screen on an error.
- ``BaseControl._i`` (a control's id) and ``_isolated`` (a control left out of its
  parent's update, as ``@control(isolated=True)`` marks a class).
- ``control_event.get_event_field_type`` and ``utils.from_dict.from_dict``: the class of
  the event a handler is given, and making it from a phone's data (to check the data).
- ``controls.context._context_page``: the page client actions are bound to (a screen
  drawn for another phone's change acts for this phone).
- ``messaging.protocol.Message``: a message's text in the transport log.
- flet_web's ``app_manager`` and the key it keeps a session under
  (``FletApp.__get_unique_session_id``): to drop or expire a session at once.
- ``messaging.protocol.decode_ext_from_msgpack`` and ``RegisterClientRequestBody``: how
  flet_web's ``FletApp`` unpacks a client's message and the fields of its session
  request, to tell a first message it would fail on before it is given the socket.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# A session's own handlers the app replaces (``hook``).
SESSION_HOOKS = ("dispatch_event", "apply_patch", "error")


def mounted(session: Any) -> Mapping[int, Any]:
    """The controls the session's phone shows, by id."""
    return session.index


def control_id(control: Any) -> int:
    return control._i  # noqa: SLF001


def is_mounted(session: Any, control: Any) -> bool:
    """Whether ``control`` is on the phone's screen now (one never sent is not)."""
    return mounted(session).get(control_id(control)) is control


def isolate(control: Any) -> Any:
    """Leave ``control`` out of its parent's update: it is sent when it is updated itself."""
    control._isolated = True  # noqa: SLF001 - what Flet's @control(isolated=True) sets
    return control


def hook(session: Any, name: str, make: Callable[[Callable], Callable]) -> None:
    """Replace the session's handler ``name`` (one of ``SESSION_HOOKS``) by
    ``make(current)``, on this session alone."""
    if name not in SESSION_HOOKS:
        raise ValueError(f"not a session hook: {name}")
    setattr(session, name, make(getattr(session, name)))


def event_type(control: Any, handler: str) -> Any:
    """The class of the events ``control``'s ``handler`` (``on_click``…) is given."""
    from flet.controls.control_event import get_event_field_type

    return get_event_field_type(control, handler)


def plain_event() -> type:
    """The event class whose data a handler reads as it is."""
    from flet.controls.control_event import Event

    return Event


def make_event(kind: type, data: dict[str, Any]) -> Any:
    """An event of class ``kind`` from a phone's data, as Flet makes it."""
    from flet.utils.from_dict import from_dict

    return from_dict(kind, data)


def context_page() -> Any:
    """The context variable holding the page client actions are bound to."""
    from flet.controls.context import _context_page

    return _context_page


def message_class() -> type:
    from flet.messaging.protocol import Message

    return Message


def session_key(path: str, client_ip: str, user_agent: str, session_id: str) -> str:
    """The key flet_web's app manager keeps a session under: the page's path, the
    session's id and a hash of the client's address (none for loopback) and user agent."""
    from flet.utils import sha1

    page_name = path.rsplit("/", 1)[0].lstrip("/")
    ip = "" if client_ip in ("127.0.0.1", "::1") else client_ip
    return f"{page_name}_{session_id}_{sha1(f'{ip}{user_agent}')}"


def app_manager() -> Any:
    """flet_web's keeper of sessions (``get_session``, ``delete_session``,
    ``disconnect_session``)."""
    from flet_web.fastapi.flet_app_manager import app_manager as manager

    return manager


def unpack_message(data: bytes) -> Any:
    """A client's message (its frame without the first byte) unpacked as flet_web's
    ``FletApp`` unpacks it: Flet's extension types, and a map's keys text. Raises what
    Flet's unpacking would raise."""
    import msgpack
    from flet.messaging.protocol import decode_ext_from_msgpack

    return msgpack.unpackb(data, ext_hook=decode_ext_from_msgpack)


def session_request_fields() -> frozenset[str]:
    """The fields of the session request (REGISTER_CLIENT), all of which Flet needs and
    no other."""
    import dataclasses

    from flet.messaging.protocol import RegisterClientRequestBody

    return frozenset(f.name for f in dataclasses.fields(RegisterClientRequestBody))
