"""A checkbox's tap is the value the phone sent with it (companion/ui/widgets/common.py
``tapped_value``): on a busy server a change that came first can draw the box again
between the tap's new value reaching it and its change running."""

from __future__ import annotations

import flet as ft

from companion.ui.widgets.common import tapped_value


def test_a_checkbox_tap_is_the_value_the_phone_sent_with_it():
    """Not the box's value read back: a change that ran first may have drawn it again."""
    box = ft.Checkbox(value=False)
    assert tapped_value(ft.Event("change", box, data=True)) is True
    assert tapped_value(ft.Event("change", box, data="true")) is True
    assert tapped_value(ft.Event("change", box, data="false")) is False
    box.value = True
    assert tapped_value(ft.Event("change", box)) is True  # nothing sent: the box's own
