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

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.i18n import t
from companion.ui.preferences import phone_storage
from companion.ui.widgets.common import TAP, heading, muted, screen
from companion.web.access import PASS_PREFIX, Gate, Verdict
from companion.web.serving import Serving
from companion.web.table_links import ADMIN_QUERY, LINK_QUERY, TableLinks

STORAGE_KEY = "table_companion.access_code"  # in the phone's own storage
# With private tables, also in the phone's storage: its passes for the tables it joined
# (a JSON list) and the admin's link token.
TABLE_PASSES_KEY = "table_companion.table_passes"
ADMIN_KEY = "table_companion.admin"
SERVING_KEY = "table_companion.serving"  # in the Flet session's store, for Invite a phone
ADMISSION_KEY = "table_companion.admission"  # ... and what a phone was let into


@dataclass
class Admission:
    """With private tables (``--private-tables``), what this phone was let into: the
    tables it joined (``joined``; ``passes``, what it keeps for them), whether it may
    start tables (it gave the server's code, or none is asked) and whether it is the
    admin's (every table). ``notice``: a table link that no longer works, said once the
    app is shown."""

    joined: set[str] = field(default_factory=set)
    passes: list[str] = field(default_factory=list)
    can_make: bool = False
    admin: bool = False
    notice: str | None = None


def admission_of(page: ft.Page) -> Admission | None:
    """What this session was let into with private tables (None: every table)."""
    return page.session.store.get(ADMISSION_KEY)


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
          style: Callable[[ft.Page], None] = lambda page: None,
          table_ids: Callable[[], list[str]] = list):
    """``main`` behind the code in force for ``serving``; one gate (and so one count of
    wrong codes) for every session of this server: the server's own (``serving.gate``,
    shared with its waiting room), else one made here. ``style`` dresses the page for
    the prompt as the app will be (fonts, theme). With private tables, a table's link or
    a phone's pass lets it in too (``table_ids``: every table's, to find a link's)."""
    gate = (serving.gate if serving else None) or Gate(serving.code if serving else None)

    async def guarded(page: ft.Page) -> None:
        page.session.store.set(SERVING_KEY, serving)
        if serving is not None and serving.links is not None:
            await enter_private(page, gate, serving.links, table_ids, main, style)
            return
        if gate.open:
            main(page)
            return
        style(page)
        await ask_for_code(page, gate, main)

    return guarded


def linked(route: object, name: str) -> str:
    """What a link's ``name`` carries (``/?code=246810``: "246810"), or "" (also for a
    route that is not text: a malformed message's)."""
    if not isinstance(route, str):
        return ""
    return parse_qs(urlsplit(route or "/").query).get(name, [""])[0]


def linked_code(route: object) -> str:
    """The code an invite link carries (``/?code=246810``), or ""."""
    return linked(route, "code")


def kept_list(kept: object) -> list[str]:
    """The passes a phone keeps (a JSON list of text); nothing for anything else."""
    try:
        found = json.loads(kept) if isinstance(kept, str) else []
    except ValueError:
        return []
    return [p for p in found if isinstance(p, str)] if isinstance(found, list) else []


async def enter_private(page: ft.Page, gate: Gate, links: TableLinks,
                        table_ids: Callable[[], list[str]],
                        main: Callable[[ft.Page], None],
                        style: Callable[[ft.Page], None]) -> None:
    """With private tables: in with the admin's link or pass (every table), a table's
    link or pass (that table), the server's code or pass (may start tables), or none
    asked; else the code prompt. A table's link opens that table."""
    prefs = phone_storage(page)
    route = page.route if isinstance(page.route, str) else "/"
    try:
        kept_passes = kept_list(await prefs.get(TABLE_PASSES_KEY))
        kept_admin = await prefs.get(ADMIN_KEY)
        kept_code = await prefs.get(STORAGE_KEY)
    except Exception:  # noqa: BLE001 - no storage, or the session was dropped meanwhile
        kept_passes, kept_admin, kept_code = [], None, None
    if phone_left(page):
        return
    admission = Admission()
    admin_token = linked(route, ADMIN_QUERY)
    if links.is_admin(admin_token) or links.is_admin(kept_admin):
        admission.admin = admission.can_make = True
        if admin_token:
            await prefs.set(ADMIN_KEY, admin_token)
    for kept in kept_passes:
        table_id = links.table_of_pass(kept)
        if table_id is not None and table_id not in admission.joined:
            admission.joined.add(table_id)
            admission.passes.append(kept)
    opened = None
    if token := linked(route, LINK_QUERY):
        opened = links.table_of_link(token, table_ids())
        if opened is None:
            admission.notice = t("invite.link_ended")
        elif opened not in admission.joined:
            admission.joined.add(opened)
            admission.passes.append(links.phone_pass(opened))
    if admission.passes != kept_passes:  # one joined, or passes that ended dropped
        await prefs.set(TABLE_PASSES_KEY, json.dumps(admission.passes))
    if gate.open or gate.knows(kept_code):
        admission.can_make = True
    page.session.store.set(ADMISSION_KEY, admission)
    where = f"/table/{opened}" if opened else (urlsplit(route).path or "/")

    def enter(page: ft.Page) -> None:
        gate.lobby.join(page.session.id)  # no longer waiting for the code
        page.on_route_change = None  # main sets the app's own
        page.route = where  # the link has done its job: the screens see their own route
        page.views.clear()
        main(page)

    if admission.admin or admission.can_make or admission.joined:
        enter(page)
        if route != where:  # and the address bar shows the link no more
            await page.push_route(where)
        return

    def enter_to_make(page: ft.Page) -> None:  # the server's code given at the prompt
        admission.can_make = True
        enter(page)

    style(page)
    await ask_for_code(page, gate, enter_to_make)


def phone_left(page: ft.Page) -> bool:
    """Whether the phone left this session: Flet dropped it, or its connection is gone.
    What a page starting would ask the phone then (its storage) waits for ever."""
    try:
        return page.session.connection is None
    except RuntimeError:  # "An attempt to fetch destroyed session."
        return True


async def ask_for_code(page: ft.Page, gate: Gate, main: Callable[[ft.Page], None]) -> None:
    prefs = phone_storage(page)
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
        # Not focused as it is drawn: a screen reader switched on after that (Flutter's
        # tree comes when the reader asks for it) met an editing box with no name.
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
