"""Play follows another phone's change in place (companion/ui/views/play.py, ``Kept``), on
the real server over Flet's protocol: the other phone is sent the few controls that
changed, not a new screen; a tap on a control drawn for the state before the change is
not applied (and the phone is told), while its new controls, and the form's chips kept
on screen, take taps as before."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack

from companion.storage.store import Store
from tests.run_async import run
from tests.web.phones import Phone
from tests.web.test_server import Companion

PATCH_CONTROL, CONTROL_EVENT = 2, 3  # flet.messaging.protocol
PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
# Luna to its Action Phase (companion/flows/luna.py): start, the Preliminary Round's steps.
LOG = [{"type": "start", "player": 1}] + [{"type": "next"}] * 3
TOKEN = "A Time token was turned ({n} left)"  # the big button in the Action Phase
SANCTIFY = "Sanctification (+6)"  # its form asks who, with a chip for each player
MISSED = "Another phone changed this just before your tap: it was not applied."


def action_phase_table(store) -> str:
    """A Luna table of ``PLAYERS`` in its Action Phase (``LOG`` played), in ``store``."""
    table = store.create_table("luna", "standard", PLAYERS, seed=7)
    for seq, event in enumerate(LOG):
        store.append_event(table.id, event, seq)
    return table.id


def controls_in(value: Any) -> list[dict]:
    """Every control (a dict with a ``_c`` type) in a patch, at any depth, in the order
    of the screen."""
    found: list[dict] = []
    if isinstance(value, dict):
        if "_c" in value:
            found.append(value)
        for item in value.values():
            found += controls_in(item)
    elif isinstance(value, list):
        for item in value:
            found += controls_in(item)
    return found


class PlayPhone(Phone):
    """A phone that also keeps every control it was sent, in the order sent."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sent: list[dict] = []

    def note(self, frame: bytes) -> None:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
        if action == PATCH_CONTROL:
            self.sent += controls_in(body)

    def control(self, kind: str, words: str) -> int:
        """The id of the latest ``kind`` control sent with ``words`` and a handler."""
        return next(c["_i"] for c in reversed(self.sent)
                    if c["_c"] == kind and c.get("content") == words and c.get("on_click"))

    def chip(self, words: str) -> int:
        """The first tappable box holding ``words`` (a form's chip)."""
        for c in self.sent:
            if c["_c"] == "Container" and c.get("on_click"):
                inner = c.get("content")
                if isinstance(inner, dict) and inner.get("value") == words:
                    return c["_i"]
        raise LookupError(words)

    async def tap(self, control_id: int) -> None:
        await self._ws.send(b"\x00" + msgpack.packb(
            [CONTROL_EVENT, {"target": control_id, "name": "click", "data": None}]))


def keep_patches(phone: PlayPhone) -> None:
    """Hear every frame the phone gets (``Phone`` keeps their text only)."""
    receive = phone._ws.recv

    async def recv(*args, **kwargs):
        frame = await receive(*args, **kwargs)
        if isinstance(frame, bytes) and frame[:1] == b"\x00":
            phone.note(frame)
        return frame

    phone._ws.recv = recv


async def open_phone(port: int, source: str, route: str, shown: str = TOKEN.format(n=4),
                     kind: type[PlayPhone] = PlayPhone) -> PlayPhone:
    """A phone (of class ``kind``) on ``route``, once its screen shows ``shown``."""
    phone = kind(port, source, route=route)
    original = phone._read

    async def reading() -> None:
        keep_patches(phone)
        await original()

    phone._read = reading
    await phone.open()
    assert await phone.shows(shown), phone.text[-500:]
    return phone


async def until(check, timeout: float = 20.0) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def test_another_phones_change_is_drawn_in_place_and_a_tap_drawn_before_it_is_not_applied(
        tmp_path):
    store = Store(tmp_path / "data")
    table = store.create_table("luna", "standard", PLAYERS, seed=7)
    for seq, event in enumerate(LOG):
        store.append_event(table.id, event, seq)
    route = f"/table/{table.id}/play"

    def log_length() -> int:
        return len(store.events(table.id))

    server = Companion(tmp_path)

    async def scenario() -> None:
        one = await open_phone(server.port, "127.0.0.2", route)
        two = await open_phone(server.port, "127.0.0.3", route)
        try:
            drawn, said = len(two.sent), len(two.text)
            old_next = two.control("FilledButton", TOKEN.format(n=4))
            old_undo = two.control("OutlinedButton", "Undo")
            ann = two.chip("Ann")  # "Who sanctified", a form's chip

            await one.tap(one.control("FilledButton", TOKEN.format(n=4)))
            assert await until(lambda: TOKEN.format(n=3) in two.text), two.text[-500:]
            assert await until(lambda: log_length() == len(LOG) + 1)
            await asyncio.sleep(0.5)  # all of the change has reached phone two
            change = two.sent[drawn:]
            # The new step's words and the buttons that record on the log drawn now:
            # a few controls, not the screen of forms and markers again.
            assert 0 < len(change) < drawn / 4, (len(change), drawn)
            assert "3 of 4" in two.text[said:]  # Time tokens left, changed in place
            new_next = two.control("FilledButton", TOKEN.format(n=3))
            assert new_next != old_next and two.control("OutlinedButton", "Undo") != old_undo
            assert two.chip("Ann") == ann  # the form stays, with what is entered

            # Taps made on the screen as it was before phone one's change: not applied.
            for stale in (old_next, old_undo):
                await two.tap(stale)
                assert await two.shows(MISSED)
                await asyncio.sleep(0.5)
                assert log_length() == len(LOG) + 1

            # The new big button records; then the chip kept through both changes takes
            # its tap, and the form's new button records what it picked.
            await two.tap(new_next)
            assert await until(lambda: log_length() == len(LOG) + 2)
            assert await one.shows(TOKEN.format(n=2))
            await asyncio.sleep(0.5)
            assert two.chip("Ann") == ann
            await two.tap(ann)
            await asyncio.sleep(0.5)
            await two.tap(two.control("OutlinedButton", SANCTIFY))
            assert await until(lambda: log_length() == len(LOG) + 3)
            assert store.events(table.id)[-1] == {"type": "sanctify", "displaced": 0,
                                                  "player": 1}  # Ann's seat
        finally:
            await one.close()
            await two.close()

    try:
        run(scenario())
    finally:
        server.stop()
    assert "a tap failed" not in server.output()  # no handler failed (app.guard_errors)
