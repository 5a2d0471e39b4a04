"""Results' row of actions to take the result elsewhere: Share (the phone's share sheet),
Copy (the clipboard), and Send to BG Stats (BG Stats' "push a play" link,
scorers/bgstats.py, docs/bgstats.md).

The three are Flet's client actions (``ShareText``, ``CopyToClipboard``, ``OpenUrl``): the
client performs them inside the tap itself, the only moment a browser (Safari above all)
lets a page write to the clipboard, show a share sheet or open another app. So the text
and the link are built with the screen, from what the table knows now (the model's
``Share``, companion/screens/results.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import flet as ft

from companion.i18n import t
from companion.screens.results import Share
from companion.ui.widgets.common import TAP
from companion.web.flet_internals import context_page


@contextmanager
def this_phone(page: ft.Page) -> Iterator[None]:
    """Client actions are bound to the services of the page whose context they are made
    in (Flet's ``shared_service``), and a screen redrawn for a change made on another
    phone is built in that phone's context (``Context.take_change``): inside the block
    they are this phone's. ``_context_page`` is Flet's own (its pytest plugin sets it
    the same way); there is no public setter in Flet 1.0.5."""
    token = context_page().set(page)
    try:
        yield
    finally:
        context_page().reset(token)


def share_row(ctx, share: Share) -> ft.Control:
    """The buttons, carrying the model's text and link (companion/screens/results.py
    ``share``)."""
    text, link = share.text, share.link

    def copied(e) -> None:
        ctx.show_notice(t("score.copied"), kind="done")

    def button(label: str, icon: ft.IconData, action: Callable[[], ft.ClientAction],
               on_click=None) -> ft.Control:
        made = None
        if ctx.page is not None:
            with this_phone(ctx.page):
                made = action()
        return ft.OutlinedButton(content=label, icon=icon, height=TAP, action=made,
                                 on_click=on_click)

    buttons = []
    # A share sheet only where the phone has one: a computer's browser has none and
    # would fall back to a mail window.
    platform = getattr(ctx.page, "platform", None)
    if platform is not None and platform.is_mobile():
        buttons.append(button(t("share.share"), ft.Icons.SHARE,
                              lambda: ft.ShareText(text, subject=share.subject)))
    # An action needs the phone's page; a screen built without one (the tests that read
    # its words) has the buttons without their actions.
    buttons.append(button(t("score.copy"), ft.Icons.CONTENT_COPY,
                          lambda: ft.CopyToClipboard(text), copied))
    buttons.append(button(t("share.bgstats"), ft.Icons.OPEN_IN_NEW,
                          lambda: ft.OpenUrl(link, target=ft.UrlTarget.BLANK)))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
