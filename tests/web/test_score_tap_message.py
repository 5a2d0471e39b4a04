"""A tap on Score's "+" reaches the phone as one message, on the real server over Flet's
protocol: the stepper's number, the total and the breakdown that changed, sent together
(companion/web/flet_internals.py ``send_together``), not one message a control."""

from __future__ import annotations

import msgpack

from companion.storage.store import Store
from tests.run_async import run
from tests.web.test_play_in_place import PATCH_CONTROL, PlayPhone, open_phone, until
from tests.web.test_server import Companion

ONE_MORE = ": one more for Ann"  # stepper.more_for: the "+" of a count of Ann's


class ScorePhone(PlayPhone):
    """A phone that also keeps each patch it is sent, whole."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.patches: list[list] = []

    def note(self, frame: bytes) -> None:
        super().note(frame)
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
        if action == PATCH_CONTROL:
            self.patches.append(body["patch"])

    def plus(self) -> int:
        """The first "+" of a count of Ann's."""
        return next(c["_i"] for c in self.sent
                    if c["_c"] == "IconButton" and c.get("on_click")
                    and str((c.get("icon") or {}).get("semantics_label", "")).endswith(ONE_MORE))


def sets_value(patch: list, value: str) -> bool:
    """Whether ``patch`` sets a control's value to ``value``."""
    return any(len(op) > 3 and op[2] == "value" and op[3] == value for op in patch[1:])


def test_a_score_tap_is_sent_to_the_phone_in_one_message(tmp_path):
    store = Store(tmp_path / "data")
    table = store.create_table("latria", "standard", ["Ann", "Ben", "Cleo"], seed=7)
    server = Companion(tmp_path)

    async def scenario() -> None:
        phone = await open_phone(server.port, "127.0.0.2", f"/table/{table.id}/score",
                                 shown="See the results", kind=ScorePhone)
        try:
            # One handle on the phone's storage for the session: a service made for one
            # read at the start was removed after the first tap, in a message of its own.
            services = [c for c in phone.sent if c["_c"] == "SharedPreferences"]
            assert len(services) == 1, services
            plus = phone.plus()
            before = len(phone.patches)
            await phone.tap(plus)
            await phone.tap(plus)
            # The second tap's number shown: the first tap's messages came before it.
            assert await until(lambda: any(sets_value(p, "2") for p in phone.patches[before:]))
            taps = phone.patches[before:]
            assert len(taps) == 2, taps
            assert all(sets_value(p, "1") or sets_value(p, "2") for p in taps)
        finally:
            await phone.close()

    try:
        run(scenario())
    finally:
        server.stop()
