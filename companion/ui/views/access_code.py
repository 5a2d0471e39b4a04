"""The table's code, asked before anything else is shown when the app is served on the
local network.

``guard(main, serving)`` wraps the app's entry point: on loopback (or in the desktop
window) it runs ``main`` straight away; on the network a phone gets in with the pass in
its own storage (it joined before: a keyed hash of the code, never limited), the code
from the invite link (``/?code=…``), or the code typed on the prompt below. Until then the
page holds this one screen: no game, table or name, and no handler that could reach the
store. The checking, the passes and the limits on wrong codes are in
``companion/web/access.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.i18n import t
from companion.ui.widgets.common import TAP, heading, muted, screen
from companion.web.access import PASS_PREFIX, Gate, Verdict
from companion.web.serving import Serving

STORAGE_KEY = "table_companion.access_code"  # in the phone's own storage
SERVING_KEY = "table_companion.serving"  # in the Flet session's store, for Invite a phone


def serving_of(page: ft.Page) -> Serving | None:
    """How this session's app is served (None: the desktop window)."""
    return page.session.store.get(SERVING_KEY)


def refusal(verdict: Verdict) -> str:
    if verdict.wait_seconds >= 120:  # the wait across every client grows to minutes
        return t("access.wait_minutes", minutes=math.ceil(verdict.wait_seconds / 60))
    if verdict.wait_seconds:
        return t("access.wait", count=verdict.wait_seconds)
    return t("access.wrong")


def guard(main: Callable[[ft.Page], None], serving: Serving | None,
          style: Callable[[ft.Page], None] = lambda page: None):
    """``main`` behind the code in force for ``serving``; one gate (and so one count of
    wrong codes) for every session of this server: the server's own (``serving.gate``,
    shared with its waiting room), else one made here. ``style`` dresses the page for
    the prompt as the app will be (fonts, theme)."""
    gate = (serving.gate if serving else None) or Gate(serving.code if serving else None)

    async def guarded(page: ft.Page) -> None:
        page.session.store.set(SERVING_KEY, serving)
        if gate.open:
            main(page)
            return
        style(page)
        await ask_for_code(page, gate, main)

    return guarded


def linked_code(route: object) -> str:
    """The code an invite link carries (``/?code=246810``), or "" (also for a route
    that is not text: a malformed message's)."""
    if not isinstance(route, str):
        return ""
    return parse_qs(urlsplit(route or "/").query).get("code", [""])[0]


def phone_left(page: ft.Page) -> bool:
    """Whether the phone left this session: Flet dropped it, or its connection is gone.
    What a page starting would ask the phone then (its storage) waits for ever."""
    try:
        return page.session.connection is None
    except RuntimeError:  # "An attempt to fetch destroyed session."
        return True


async def ask_for_code(page: ft.Page, gate: Gate, main: Callable[[ft.Page], None]) -> None:
    prefs = ft.SharedPreferences()
    client = page.client_ip or ""

    async def admit(code: str, remember: bool, kept: bool = False) -> Verdict:
        """Let the phone in if ``code`` is right, or ``kept`` is its pass (and keep the
        pass in the phone's storage)."""
        verdict = Verdict(admitted=True) if kept else gate.check(client, code)
        if verdict.admitted:
            gate.lobby.join(page.session.id)  # no longer waiting for the code
            if remember:
                await prefs.set(STORAGE_KEY, gate.phone_pass())
            page.on_route_change = None  # main sets the app's own
            # The code has done its job: screens see their own route, without it.
            linked_route = page.route if isinstance(page.route, str) else "/"
            page.route = urlsplit(linked_route).path or "/"
            page.views.clear()
            main(page)
            if linked_code(linked_route):  # and the address bar shows it no more
                await page.push_route(page.route)
        return verdict

    message = None
    try:
        stored = await prefs.get(STORAGE_KEY)
    except Exception:  # noqa: BLE001 - no storage, or the session was dropped meanwhile
        stored = None
    if phone_left(page):
        return  # (what it would ask the phone next would wait for ever)
    if gate.knows(stored):  # it joined before: in, whoever else is guessing
        await admit("", remember=False, kept=True)
        return
    if linked := linked_code(page.route):
        verdict = await admit(linked, remember=True)
        if verdict.admitted:
            return
        message = refusal(verdict)
    elif isinstance(stored, str) and stored:
        # A pass for another code, or a code kept by an older version. The code counts
        # as a try like any other: the storage is the phone's.
        verdict = (await admit(stored, remember=True)
                   if not stored.startswith(PASS_PREFIX) else Verdict(admitted=False))
        if verdict.admitted:
            return
        await prefs.remove(STORAGE_KEY)
        message = refusal(verdict) if verdict.wait_seconds else t("access.changed")

    def show(text: str | None) -> None:
        field.error = text
        page.update()

    async def enter(e) -> None:
        typed = field.value or ""
        if not typed.strip():
            show(t("access.empty"))
            return
        verdict = await admit(typed, remember=True)
        if not verdict.admitted:
            show(refusal(verdict))

    async def route_change(e: ft.RouteChangeEvent) -> None:
        # The invite link opened in this tab, or a reload that kept this session.
        # (An event without a route, or with one that is not text, is no invite link:
        # app.py's check_messages drops such a message before it comes here.)
        if linked := linked_code(getattr(e, "route", None)):
            verdict = await admit(linked, remember=True)
            if not verdict.admitted:
                show(refusal(verdict))

    field = code_field(gate.code or "", message, enter)
    page.on_route_change = route_change
    page.views.clear()
    page.views.append(prompt_view(field, enter))
    page.update()


def code_field(code: str, message: str | None, on_submit: Callable) -> ft.TextField:
    return ft.TextField(
        label=t("access.field"),
        error=message,
        error_max_lines=3,
        text_size=32,
        text_align=ft.TextAlign.CENTER,
        # The number pad when the code is digits (the random ones are).
        keyboard_type=ft.KeyboardType.NUMBER if code.isdigit() else ft.KeyboardType.TEXT,
        autocorrect=False,
        enable_suggestions=False,
        autofocus=True,
        on_submit=on_submit,
        expand=True,
    )


def prompt_view(field: ft.TextField, on_enter: Callable) -> ft.View:
    enter = ft.FilledButton(
        content=ft.Text(t("access.enter"), size=22, weight=ft.FontWeight.W_600),
        on_click=on_enter, height=TAP + 12, expand=True)
    return screen("/", t("app.title"), [
        ft.Icon(ft.Icons.LOCK_OUTLINE, size=40, color=ft.Colors.PRIMARY),
        heading(t("access.heading")),
        muted(t("access.explain"), size=15),
        ft.Row([field]),
        ft.Row([enter]),
    ])
