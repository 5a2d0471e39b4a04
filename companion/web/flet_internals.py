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
- ``Session.connection``, ``ObjectPatch`` and ``PatchControlBody``: how a session
  diffs a control and sends the patch, to send the changes of several controls in one
  message (``send_together``); it keeps the session's index as ``Session.patch_control``
  does.
- ``messaging.protocol.decode_ext_from_msgpack`` and ``RegisterClientRequestBody``: how
  flet_web's ``FletApp`` unpacks a client's message and the fields of its session
  request, to tell a first message it would fail on before it is given the socket.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
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


def send_together(page: Any, controls: Sequence[Any]) -> None:
    """Send the phone what changed in ``controls`` (each on its screen) in one message.

    Flet's ``page.update(*controls)`` diffs each control and sends each diff as a message
    of its own. This diffs each the same way (``ObjectPatch.from_diff``, as
    ``Session.patch_control`` does) and sends the operations as one patch of the
    controls' nearest common ancestor, each operation's path led by the way down to its
    control. Controls it cannot place under one ancestor (not on screen now), and a
    phone that is away, get Flet's own update."""
    from flet.controls.base_control import BaseControl
    from flet.controls.context import context
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import Message, MessageAction, PatchControlBody

    if not controls:
        return  # (Flet's page.update() would send the whole page)
    session = page.session
    found = ([_line_from_page(page, c) for c in controls]
             if len(controls) > 1 and session.connection is not None else [None])
    if None in found:
        page.update(*controls)
        return
    lines = [line for line, _ in found]
    shared = 0  # how many controls from the page down every line goes through
    while all(len(line) > shared and line[shared] is lines[0][shared] for line in lines):
        shared += 1
    ancestor = lines[0][shared - 1]
    operations, added, removed = [], [], []
    for control, (_, steps) in zip(controls, found, strict=True):
        patch, more_added, more_removed = ObjectPatch.from_diff(
            control, control, control_cls=BaseControl)
        lead = [part for step in steps[shared - 1:] for part in step]
        for operation in patch.patch:
            for key in ("path", "from"):
                if key in operation:
                    operation[key] = lead + operation[key]
        operations += patch.patch
        added += more_added
        removed += more_removed
    context.mark_update_called()
    if operations:
        session.connection.send_message(Message(
            MessageAction.PATCH_CONTROL,
            PatchControlBody(control_id(ancestor), ObjectPatch(operations).to_message())))
    # The session's index, as Session.patch_control keeps it after a send.
    index = mounted(session)
    for control in removed:
        index.pop(control_id(control), None)
    for control in added:
        index[control_id(control)] = control
    added_ids = {control_id(c) for c in added}
    removed_ids = {control_id(c) for c in removed}
    for control in removed:
        if control_id(control) not in added_ids:
            control.will_unmount()
    for control in added:
        if control_id(control) not in removed_ids:
            control.did_mount()


def _line_from_page(page: Any, control: Any) -> tuple[list[Any], list[list[Any]]] | None:
    """The controls from ``page`` down to ``control`` and the steps between them (each
    ``_step_down``'s path), or None when it is not on the page (a parent that no longer
    holds it, or none on the way up)."""
    line, steps = [control], []
    while (parent := line[-1].parent) is not None:
        step = _step_down(parent, line[-1])
        if not step:
            return None
        line.append(parent)
        steps.append(step)
    return (line[::-1], steps[::-1]) if line[-1] is page else None


def _step_down(parent: Any, child: Any) -> list[Any]:
    """The path from ``parent`` to ``child`` in a patch: the field that holds it, and
    its place in the field's list; [] when ``parent`` does not hold it."""
    for field in dataclasses.fields(parent):
        value = getattr(parent, field.name, None)
        if value is child:
            return [field.name]
        if isinstance(value, list):
            for place, item in enumerate(value):
                if item is child:
                    return [field.name, place]
    return []


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
