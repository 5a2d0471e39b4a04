"""The root of the app: fonts and theme, the saved-tables store, and routes → screens.

Routes (a stack of screens, so the system back gesture goes one screen up):
    /                       home: tables in progress, the five games, the way to History
    /history                finished plays, newest first: filters, Rematch, the CSV file
    /invite                 invite a phone: the address as a QR code, and the code
    /new/<game>             new table for a game
    /table/<id>             a table session: players, Setup, Play, Score
    /table/<id>/players     correct the names; move seats before play begins
    /table/<id>/setup       the setup checklist and the draws
    /table/<id>/play        rounds, phases and markers, with undo
    /table/<id>/score       the score sheet being entered
    /table/<id>/results     ranking, winners and breakdowns
    /rules                  the rulebooks and the rulings, a search across them all
    /rules/<game>           a rulebook (query: book, s section, m marked passage, q words)
    /rules/rulings          every ruling (query: id to open, q words)
    /table/<id>/rules       the table's rulebook; …/<screen>/rules from Play, Score, …
    /table/<id>/rulings     the table's game's rulings
    /settings               this phone's own: light or dark, screen kept on, larger text
    /stats                  finished plays per game and player: wins, scores, margins, charts
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any
from urllib.parse import urlsplit

import flet as ft

from companion import i18n
from companion.assets_folder import FONT_FAMILY, FONT_FILE
from companion.i18n import local_time, t
from companion.screens.saved_tables import IN_BROWSER, SavedTables, open_saved
from companion.ui import language, phone_time, preferences, scroll_memory
from companion.ui.awake import KeepAwake
from companion.ui.routes import parent_route
from companion.ui.views import access_code
from companion.ui.widgets import common as common_widgets
from companion.web import sync
from companion.web.flet_internals import (
    event_type as event_type_of,
)
from companion.web.flet_internals import (
    hook,
    is_mounted,
    make_event,
    mounted,
    plain_event,
    send_together,
)
from companion.web.serving import Serving

log = logging.getLogger("companion")



@dataclass
class Context:
    """What every screen needs: the page, the store, navigation, and the other phones.

    One per browser session. ``live`` maps a route to how its screen takes a change made
    on another phone (screens without one are built again from the store); ``drafts``
    keeps what is half-typed in a form across those redraws; ``engine`` makes every
    change to a table (companion/engine), and tells the other phones through this
    session's page (``announce``). ``taken_away`` holds the controls that the last
    redraws for other phones' changes took off this screen (a tap still on its way is a
    second or two old), ``taken_by_own`` those this phone's own last taps took off it, and
    ``where_now`` how a screen says where the table is now, for a tap that reached one of
    them (``tell_missed_taps``)."""

    page: ft.Page
    store: SavedTables  # read only: every change goes through ``engine``
    live: dict[str, Callable[[sync.Change], None]] = field(default_factory=dict)
    drafts: dict[tuple, dict[str, Any]] = field(default_factory=dict)
    taken_away: deque[frozenset[int]] = field(default_factory=lambda: deque(maxlen=3))
    taken_by_own: deque[frozenset[int]] = field(default_factory=lambda: deque(maxlen=3))
    where_now: dict[str, Callable[[], str]] = field(default_factory=dict)
    # This phone's own settings, its storage (ft.SharedPreferences) and the screen lock.
    prefs: preferences.Preferences = field(default_factory=preferences.Preferences)
    storage: Any = None
    keep_awake: KeepAwake | None = None
    taking_change: bool = False  # within ``take_change``: it sends the screen
    # The static site (companion/storage/browser.py): the app on this phone alone, its
    # tables in the browser's storage; None where a server or the desktop window runs it.
    browser: Any = None  # its BrowserFolder (companion/storage/browser.py)
    # Several server processes on one database: their changes shared with this one's
    # (companion/web/shared_changes.py); None for one process.
    relay: Any = None
    engine: Any = field(init=False)  # companion/engine's Engine, this session's

    def __post_init__(self) -> None:
        self.engine = self.store.engine_for(self.announce)
        if self.relay is not None:
            self.relay.attach(self.page.pubsub)

    def set_preference(self, name: str, value: Any) -> None:
        """Change one of this phone's settings: applied at once, kept in its storage."""
        setattr(self.prefs, name, value)
        self.apply_preferences()
        key = {"theme": preferences.THEME_KEY, "keep_awake": preferences.KEEP_AWAKE_KEY,
               "larger_text": preferences.LARGER_TEXT_KEY}[name]
        if self.storage is not None:
            async def keep() -> None:
                await self.storage.set(key, value)
            self.page.run_task(keep)

    def apply_preferences(self) -> None:
        if self.keep_awake is not None:
            self.keep_awake.follow(self.page.route or "/", self.prefs.keep_awake)
        # Only a change of theme is sent: an update diffs the whole page (a noticeable part
        # of a first visit's start, when the settings read are the defaults).
        if self.page.theme_mode != self.prefs.theme_mode:
            self.page.theme_mode = self.prefs.theme_mode
            self.page.update()

    def go(self, route: str) -> None:
        self.page.navigate(route)

    def redraw(self, view: ft.View, notice: str | None = None) -> None:
        """Show a freshly built version of the top screen in place, with ``notice`` (one
        line saying what changed on another phone) over its top.

        The View object stays (its contents are swapped): replacing it while a dialog is
        closing would leave the dialog on screen."""
        top = self.page.views[-1]
        # a notice shown just before stays on the screen drawn anew (``show_notice``)
        shown = [c for c in top.controls if getattr(c, "data", None) == NOTICE and c.visible]
        at = notice_place(view.controls)
        top.controls = [*view.controls[:at], *shown, *view.controls[at:]]
        top.appbar = view.appbar
        if notice:
            self.show_notice(notice)
        if not self.taking_change:  # (``take_change`` sends it, once)
            self.page.update()

    def update_screen(self) -> None:
        """Send what changed on the top screen only: a tap changes nothing on the screens
        stacked under it, and diffing them too was most of what a Score tap cost."""
        self.page.views[-1].update()

    def toast(self, message: str, then_go: str | None = None) -> None:
        """What a tap did ("Saved"), near the top; with ``then_go``, the tap goes on to
        that screen and the words are shown over it ("Players saved" over the table).
        Not a snack bar: that lay over the bottom bar's buttons for four seconds, and a
        tap on Create or Save right after landed on it."""
        show_notice(self.page, message, kind="done", outlives_route=then_go is not None)
        if then_go is None:
            self.page.update()
        else:
            self.go(then_go)

    def show_notice(self, text: str, kind: str = "changed",
                    action: tuple[str, Callable[[], None]] | None = None) -> None:
        """One line above the screen's bottom bar (see ``show_notice``)."""
        show_notice(self.page, text, kind, action=action)

    def announce(self, table_id: str, kind: str, paths: tuple = (), values: tuple = ()) -> None:
        """Tell the other phones showing this table what kind of thing changed (the
        engine's announcer: a screen's change goes through ``engine``), on this server
        process and on the others sharing its database."""
        change = sync.Change(table_id, kind, tuple(paths), tuple(values))
        sync.announce(self.page.pubsub, change)
        if self.relay is not None:
            self.relay.publish(change)

    async def take_change(self, change: sync.Change) -> None:
        """A change made on another phone: redraw the screen on top from the store."""
        if not self.page.views:
            return
        route = self.page.views[-1].route or "/"
        live = self.live.get(route)
        on_screen = set(mounted(self.page.session))
        # A change redraws the top screen only, and is sent in one diff of that screen:
        # with a table on many phones, each diff of the whole stack of screens (and a
        # second one after the redraw's own) was most of what a change cost the server.
        # The whole page is sent when a notice lay elsewhere (over the page, or on a
        # screen under this one): showing another takes that one away.
        whole_page = notices_elsewhere(self.page)
        before = notices_shown(self.page)
        moved = True
        self.taking_change = True
        try:
            # Flet runs this in the context of the phone that sent the change: the words
            # and times drawn here are this phone's.
            with (i18n.speaking(language.of_page(self.page)),
                  local_time.reading_in(phone_time.of_page(self.page))):
                if live is not None:
                    moved = live(change) is not False
                else:
                    self.redraw(build_view(self, route))
        finally:
            self.taking_change = False
        if moved:  # the screen moved on: what the notices said was about the one before
            put_away(self.page, before, send=False)  # (sent with the screen, below)
        if whole_page or not self.page.views:
            self.page.update()
        else:
            self.page.views[-1].update()
        gone = on_screen - set(mounted(self.page.session))
        if gone:  # (a score change leaves Play as it was)
            self.taken_away.append(frozenset(gone))

    def tell_missed_tap(self, own: bool = False) -> None:
        """A tap of this phone's was not applied because another phone changed the table
        just before it: say so, with where the table is now when the screen can tell.
        ``own``: because this phone's own tap just before drew the screen again."""
        route = self.page.views[-1].route if self.page.views else None
        where = self.where_now.get(route or "/")
        with i18n.speaking(language.of_page(self.page)):
            if own:
                text = t("app.tap_missed_own")
            else:
                now = where() if where else ""
                text = t("app.tap_missed_now", now=now) if now else t("app.tap_missed")
            self.show_notice(text, kind="refused")
        self.page.update()

    def redraw_all(self) -> None:
        """The whole stack of screens built again in place (the language changed):
        what is half-typed is in ``drafts``, so nothing entered is lost."""
        self.live.clear()
        self.where_now.clear()
        fresh = views_for(self, self.page.route)
        for old, new in zip(self.page.views, fresh, strict=False):
            old.controls = new.controls
            old.appbar = new.appbar
        self.page.title = t("app.title")
        self.page.update()


NOTICE = "table-notice"  # the data tag of a notice: in its screen, above the bottom bar
TOAST = "toast-notice"  # the same, for one that stays when the screen changes (overlay)


def notices_elsewhere(page: ft.Page) -> bool:
    """Whether a notice lies outside the top screen: over the page, or on a screen under
    it (``show_notice`` takes it away when it shows the next)."""
    return (any(getattr(c, "data", None) in (NOTICE, TOAST) for c in page.overlay)
            or any(getattr(c, "data", None) == NOTICE
                   for view in page.views[:-1] for c in view.controls))


def notices_shown(page: ft.Page) -> list[ft.Control]:
    """The notices on the page now: over it, and in its screens."""
    return [c for c in [*page.overlay, *(c for view in page.views for c in view.controls)]
            if getattr(c, "data", None) in (NOTICE, TOAST) and c.visible]


def notice_place(controls: list[ft.Control]) -> int:
    """Where a notice goes among a screen's controls (``widgets.common.screen``): under
    the scrolling part, which gives it the room (what is on screen stays where it is,
    under a finger on its way), and above the bottom bar; at the top of a screen with
    no scrolling part."""
    scrolling = [i for i, c in enumerate(controls) if getattr(c, "expand", None)
                 and getattr(c, "data", None) != NOTICE]
    return scrolling[-1] + 1 if scrolling else 0


def put_away(page: ft.Page, notices: Iterable[ft.Control], send: bool = True) -> None:
    """The screen moved on (docs/DESIGN.md, "Notices"): ``notices``, shown before that,
    go if they are still shown. Each is hidden in place, so that sending it alone is
    enough (``send``; else the screen's own update sends it)."""
    on_page = {id(c) for c in notices_shown(page)}
    hidden = [c for c in notices if id(c) in on_page]
    for notice in hidden:
        notice.visible = False
    sent = [c for c in hidden if is_mounted(page.session, c)]  # (one never sent: unsent)
    if send and sent:
        send_together(page, sent)


# A notice over the page (``outlives_route``) lies over the next screen's top, its title
# and Back: it goes after this long, if the screen has not moved on before.
NOTICE_SECONDS = 8
# kind → icon, background, text colour: all from the theme's colour scheme
NOTICE_STYLES = {
    "changed": (ft.Icons.SYNC, ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
    "refused": (ft.Icons.ERROR_OUTLINE, ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "done": (ft.Icons.CHECK_CIRCLE_OUTLINE, ft.Colors.SECONDARY_CONTAINER,
             ft.Colors.ON_SECONDARY_CONTAINER),
}


def show_notice(page: ft.Page, text: str, kind: str = "changed",
                outlives_route: bool = False,
                action: tuple[str, Callable[[], None]] | None = None) -> None:
    """One line under the screen's scrolling part, above its bottom bar, read out by
    screen readers (``notice_place``). Nothing on the screen moves when it comes or
    goes: the scrolling part ends higher while it is shown. At the top it pushed the
    screen down, and a tap on its way landed on what had been above (a number typed
    into Score's field above the one tapped), and up again when it went; lying over
    the screen, it hid the round and the step on Play and the players on Score. ``kind``:
    ``changed`` (on another phone), ``refused`` (a tap the game does not allow),
    ``done`` (what a tap did, e.g. what Undo took back).

    A notice is about the moment it describes, and is shown while that is true: it goes
    when the screen moves on, and only then (docs/DESIGN.md, "Notices"): the next tap of
    this phone's that lands (``notices_follow_taps``), a change from another phone that
    changes the screen (``Context.take_change``), another screen (``route_change``), the
    next notice, or a tap on it. ``outlives_route``: what a tap did that also changes the
    screen ("Players saved", shown over the table, and gone with the change after that);
    that one lies over the next screen's top (the screen is not built yet), so it goes
    after a few seconds too. ``action``: a button in the line, its words and what a tap
    on it does ("Undo" after Delete)."""
    def drop(notice: ft.Control | None = None) -> None:
        def kept(c: ft.Control) -> bool:
            return (getattr(c, "data", None) not in (NOTICE, TOAST)
                    or (notice is not None and c is not notice))
        page.overlay[:] = [c for c in page.overlay if kept(c)]
        for view in page.views:
            if not all(kept(c) for c in view.controls):
                view.controls = [c for c in view.controls if kept(c)]

    drop()
    icon, background, colour = NOTICE_STYLES[kind]

    def dismiss(e) -> None:
        drop(notice)
        page.update()

    def act(e) -> None:
        drop(notice)
        action[1]()

    words = ft.Text(text, size=15, expand=True, weight=ft.FontWeight.W_600, color=colour)
    button = [] if action is None else [
        ft.TextButton(content=ft.Text(action[0], weight=ft.FontWeight.W_700, color=colour),
                      on_click=act, height=common_widgets.TAP)]
    box = ft.Container(
        ft.Row([ft.Icon(icon, size=20, color=colour), words, *button,
                ft.Icon(ft.Icons.CLOSE, size=20, color=colour)], spacing=8),
        on_click=dismiss, bgcolor=background, border_radius=12,
        padding=ft.Padding.symmetric(horizontal=14, vertical=12 if action is None else 2),
        shadow=ft.BoxShadow(blur_radius=8,
                            color=ft.Colors.with_opacity(0.3, ft.Colors.SHADOW)))
    # The words are the notice's label alone (the line inside would be read a second
    # time), and a screen reader's tap dismisses it as a finger's does; with a button
    # in it, the words and the button are each read (and tapped) on their own.
    line = (ft.Semantics(label=text, button=True, live_region=True, exclude_semantics=True,
                         on_tap=dismiss, content=box) if action is None
            else ft.Semantics(live_region=True, container=True, content=box))
    if outlives_route or not page.views:
        notice = ft.Container(data=TOAST if outlives_route else NOTICE, top=4, left=12,
                              right=12, content=line)
        page.overlay.append(notice)
    else:
        notice = ft.Container(data=NOTICE, content=line)
        screen = page.views[-1]
        at = notice_place(screen.controls)
        screen.controls = [*screen.controls[:at], notice, *screen.controls[at:]]
        return

    async def hide_later() -> None:
        await asyncio.sleep(NOTICE_SECONDS)
        if any(c is notice for c in notices_shown(page)):
            drop(notice)
            page.update()

    page.run_task(hide_later)


def guard_errors(page: ft.Page) -> None:
    """An unexpected error in a tap: Flet has logged its traceback on the server's console;
    the phone gets one line in view and keeps the screen as it was, with what was typed.

    Flet's own handling would replace the whole page with "Error running app" and the
    error's text; it calls ``session.error`` for that, which this session answers instead
    (an instance attribute, so only this session)."""
    def on_error(message: str) -> None:
        log.error("a tap failed (the traceback is above); the phone was told in one line")
        try:
            show_notice(page, t("app.unexpected"), kind="refused")
            page.update()
        except Exception:  # noqa: BLE001 - the page is gone; nothing more to tell
            log.debug("could not show the error notice", exc_info=True)

    hook(page.session, "error", lambda current: on_error)
    check_messages(page)


# Longest piece of a phone's message quoted on the console (a hostile one may be MiBs).
QUOTED = 80


def quoted(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= QUOTED else text[:QUOTED] + "…"


def check_messages(page: ft.Page) -> None:
    """A phone's events and property changes are checked before Flet takes them: one
    that is malformed (a route that is a number, an event without the fields its kind
    has, an unknown brightness, a control id that is a list) is dropped with one line on
    the console, where Flet would have logged a traceback for it, or handed a screen's
    handler a value it cannot use. This session's ``dispatch_event`` and ``apply_patch``
    (instance attributes, as ``guard_errors``); ``tell_missed_taps`` and
    ``notices_follow_taps`` wrap what it delivers to (``wrap_delivery``), so the check
    sees every event first."""
    session = page.session
    client = page.client_ip or "this computer"

    async def dispatch_event(control_id: Any, event_name: Any, event_data: Any) -> None:
        problem = malformed_event(session, control_id, event_name, event_data)
        if problem:
            log.warning("a malformed message from %s was dropped: %s", client, problem)
            return
        await dispatch_event.deliver(control_id, event_name, event_data)

    def checked(current: Callable) -> Callable:
        dispatch_event.deliver = current  # type: ignore[attr-defined]
        return dispatch_event

    def checked_patches(apply_patch: Callable) -> Callable:
        def checked_patch(control_id: Any, props: Any) -> None:
            problem = malformed_patch(session, control_id, props)
            if problem:
                log.warning("a malformed message from %s was dropped: %s", client, problem)
                return
            apply_patch(control_id, props)
        return checked_patch

    hook(session, "dispatch_event", checked)
    hook(session, "apply_patch", checked_patches)


def wrap_delivery(session: Any, wrapper: Callable[[Callable], Callable]) -> None:
    """Put ``wrapper`` around how ``session`` delivers an event: under the check of
    ``check_messages`` when the session has it (it sees every event first), else around
    the session's ``dispatch_event``."""
    current = session.dispatch_event
    if hasattr(current, "deliver"):
        current.deliver = wrapper(current.deliver)
    else:
        hook(session, "dispatch_event", wrapper)


def malformed_event(session: Any, control_id: Any, event_name: Any,
                    event_data: Any) -> str | None:
    """Why Flet could not make the event a phone sent for its control's handler (None:
    it can, or Flet drops it without a word: an unknown control or event)."""
    import typing

    if type(control_id) is not int or type(event_name) is not str:
        return f"an event {quoted(event_name)} for the control {quoted(control_id)}"
    control = mounted(session).get(control_id)
    handler = f"on_{event_name}"
    if control is None or not hasattr(control, handler):
        return None
    kind = (type(control), handler)
    if kind not in _event_types:  # (Flet reads the class's annotations: 0.3 ms)
        _event_types[kind] = event_type_of(control, handler)
    event_type = _event_types[kind]
    if event_type is None or (typing.get_origin(event_type) or event_type) is plain_event():
        return None  # a plain event: any data, which the handler reads as it is
    if not isinstance(event_data, dict):
        return f"{quoted(event_name)} with {quoted(event_data)} for its fields"
    try:
        event = make_event(event_type, {**event_data, "control": control, "name": event_name})
    except Exception as err:  # noqa: BLE001 - any way the phone's data cannot make it
        return f"{quoted(event_name)}: {quoted(str(err))}"
    for name, hint in event_hints(event_type).items():
        if name not in ("name", "data", "control") and not fits(getattr(event, name, None),
                                                                 hint):
            return (f"{quoted(event_name)} with {quoted(getattr(event, name, None))} "
                    f"for its {name}")
    return None


# (a control's class, ``on_<event>``) → the class of the events its handler is given
_event_types: dict[tuple[type, str], Any] = {}


def event_hints(event_type: type) -> dict[str, Any]:
    """The fields of an event's class and their types (none when they cannot be read)."""
    import typing

    if event_type not in _event_hints:
        try:
            _event_hints[event_type] = typing.get_type_hints(
                event_type, globalns=vars(sys.modules[event_type.__module__]))
        except Exception:  # noqa: BLE001 - an annotation Python cannot resolve: unchecked
            _event_hints[event_type] = {}
    return _event_hints[event_type]


_event_hints: dict[type, dict[str, Any]] = {}


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` names, as far as a phone's message can
    be wrong: text, numbers, yes/no, Flet's enums and data classes, lists of them. A
    type this does not know passes."""
    import dataclasses
    import enum
    import types
    import typing

    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in args)
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint in (int, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is list:
        return isinstance(value, list) and all(fits(v, args[0]) for v in value if args)
    if origin is dict:
        return isinstance(value, dict)
    if isinstance(hint, type) and (issubclass(hint, enum.Enum)
                                   or dataclasses.is_dataclass(hint)):
        return isinstance(value, hint)
    return True


def malformed_patch(session: Any, control_id: Any, props: Any) -> str | None:
    """Why a phone's change to a control's properties (the route it is on, a field's
    text) cannot be taken: a control id that is not a number, properties that are not
    named, or a text, number or yes/no property given a value of another kind."""
    if type(control_id) is not int or not isinstance(props, dict):
        return f"properties {quoted(props)} for the control {quoted(control_id)}"
    control = mounted(session).get(control_id)
    for name, value in props.items():
        if type(name) is not str:
            return f"a property named {quoted(name)}"
        now = getattr(control, name, None) if control is not None else None
        if now is None or value is None:
            continue
        for kind in (str, bool, int | float):
            if isinstance(now, kind) and not (isinstance(value, kind)
                                              and isinstance(value, bool)
                                              == isinstance(now, bool)):
                return f"{quoted(value)} for the {name} of {type(control).__name__}"
    return None


# What a player does to a control: a tap, typing, a choice. (Focus and blur are not:
# a field taken off the screen reports its blur after it has gone.)
PLAYER_EVENTS = frozenset({"click", "tap", "double_tap", "long_press", "change", "submit",
                           "select"})


def missed_tap(event_name: str, control_id: int, on_screen: bool,
               taken_away: Iterable[Container[int]]) -> bool:
    """Whether an event Flet could not deliver (its control was ``on_screen`` neither
    before nor after) was a player's tap on a control that one of the redraws
    ``taken_away`` names took away (for another phone's change, or this phone's own tap).
    A quick second tap on the control this phone's own tap was on (Next tapped twice) is
    not: ``tell_missed_taps`` leaves it out, as that first tap did what it meant."""
    return (event_name in PLAYER_EVENTS and not on_screen
            and any(control_id in gone for gone in taken_away))


def tell_missed_taps(ctx: Context) -> None:
    """A tap that reaches the server for a control no longer on screen is dropped by
    Flet without a word ("Control with ID … not found"): with one server, that is what
    becomes of a tap made just as another phone's change redrew this screen. This
    session's ``dispatch_event`` (an instance attribute, so only this session; the same
    as ``guard_errors``, and under its check: ``wrap_delivery``) delivers each event as
    before, then tells the phone when its tap was such a one
    (``Context.tell_missed_tap``).

    So is a tap that reaches a control this phone's own tap just before took off the
    screen (``taken_by_own``), on the same screen: Score's form drawn for the character
    picked, where a number typed in the box seen before went nowhere; Play's next step,
    where a chip of the step before did. Not a second tap on the control tapped first
    (Next tapped twice: the first did what it meant), nor a tap on a screen left."""
    session = ctx.page.session
    wrap_delivery(session, lambda deliver: missed_taps_told(ctx, deliver))


def missed_taps_told(ctx: Context, deliver: Callable) -> Callable:
    """``deliver`` (a session's delivery of an event), telling a missed tap."""
    session = ctx.page.session

    async def dispatch_event(control_id: int, event_name: str, event_data: Any) -> None:
        known = control_id in mounted(session)
        tap = known and event_name in PLAYER_EVENTS
        before = (set(mounted(session)), ctx.page.route) if tap else None
        await deliver(control_id, event_name, event_data)
        # Flet may still have found the control on screen (then it is in the index now).
        on_screen = known or control_id in mounted(session)
        if missed_tap(event_name, control_id, on_screen, ctx.taken_away):
            ctx.tell_missed_tap()
        elif missed_tap(event_name, control_id, on_screen, ctx.taken_by_own):
            ctx.tell_missed_tap(own=True)
        if before is not None and ctx.page.route == before[1]:
            gone = before[0] - set(mounted(session)) - {control_id}
            if gone:
                ctx.taken_by_own.append(frozenset(gone))

    return dispatch_event


def notices_follow_taps(ctx: Context) -> None:
    """The notices shown before a player's tap go once that tap lands: a tap whose
    change the engine saved has moved the screen on, and what they said was about the
    screen before it ("First choose the guild…" once the card was scored, "Another phone
    changed this… Now: Round 2" once the next tap landed). A tap that saved nothing (a
    choice in a form, a refused tap) leaves them; a notice the tap itself showed stays.
    This session's ``dispatch_event``, as ``tell_missed_taps``; the engine counts the
    changes it saved (``Engine.changes_saved``)."""
    def follow(deliver: Callable) -> Callable:
        async def dispatch_event(control_id: int, event_name: str, event_data: Any) -> None:
            if event_name not in PLAYER_EVENTS:
                await deliver(control_id, event_name, event_data)
                return
            before = notices_shown(ctx.page)
            saved = ctx.engine.changes_saved
            await deliver(control_id, event_name, event_data)
            if before and ctx.engine.changes_saved != saved:
                put_away(ctx.page, before)
        return dispatch_event

    wrap_delivery(ctx.page.session, follow)


def build_view(ctx: Context, route: str) -> ft.View:
    if {"rules", "rulings"} & set(urlsplit(route).path.split("/")):  # /rules…, …/rules…
        if (view := screen_module("rules").rules_view(ctx, route)) is not None:
            return view
    parts = [p for p in route.split("/") if p]
    match parts:
        # Not on the static site (no other phone joins), nor for a phone let in by a
        # table's link alone (the server's code is not for it: it starts tables).
        case ["invite"] if ctx.browser is None and ctx.store.can_make_tables:
            return screen_module("invite").build(ctx)
        case ["new", game_id] if ctx.store.can_make_tables:
            return screen_module("new_table").build(ctx, game_id)
        case ["table", table_id, "invite"] if ctx.browser is None:
            return screen_module("invite").build_for_table(ctx, table_id)
        case ["table", table_id]:
            return screen_module("table").build(ctx, table_id)
        case ["table", table_id, "players"]:
            return screen_module("players").build(ctx, table_id)
        case ["table", table_id, "setup"]:
            return screen_module("setup").build(ctx, table_id)
        case ["table", table_id, "play"]:
            return screen_module("play").build(ctx, table_id)
        case ["table", table_id, "score"]:
            return screen_module("score").build(ctx, table_id)
        case ["table", table_id, "results"]:
            return screen_module("results").build(ctx, table_id)
        case ["settings"]:
            return screen_module("settings").build(ctx)
        case ["history"]:
            return screen_module("past_plays").build(ctx)
        case ["stats"]:
            return screen_module("player_stats").build(ctx)
        case _:
            return screen_module("home").build(ctx)


# The screens' modules, imported when a route first needs one: the first screen (Home)
# does not wait for Play's flows or the Stats charts. Once the
# first screen is drawn, one thread imports the screens a game goes through
# (``warm_up_screens``), so a table's first visit to them does not wait for an import.
SCREENS = ("home", "table", "new_table", "score", "results", "play", "setup", "players",
           "past_plays", "settings", "player_stats", "invite", "rules")
# History, Settings, Stats and Invite are opened between games, if at all: each is
# imported when first opened (a short wait) rather than held in memory by every server
# (the charts of Stats most of all).
WARMED_UP = ("table", "new_table", "score", "results", "play", "setup", "players",
             "rules")
WARM_UP_DELAY = 2.0  # s after the first screen was sent: the phone is drawing it
_screens_lock = threading.Lock()  # one thread imports screens at a time
_warming: list[threading.Thread] = []


def screen_module(name: str) -> ModuleType:
    module = sys.modules.get(f"companion.ui.views.{name}")
    if module is not None and not getattr(module.__spec__, "_initializing", False):
        return module
    with _screens_lock:
        return importlib.import_module(f"companion.ui.views.{name}")


def warm_up_screens() -> None:
    """Import the modules of a game's screens in the background, once per process
    (not in the phone's browser, where no thread can be started)."""
    if _warming or IN_BROWSER:
        return

    def run() -> None:
        time.sleep(WARM_UP_DELAY)
        for name in WARMED_UP:
            try:
                screen_module(name)
            except Exception:  # noqa: BLE001 - the screen imports it when it is opened
                log.debug("could not import the %s screen ahead", name, exc_info=True)

    _warming.append(threading.Thread(target=run, name="warm-up-screens", daemon=True))
    _warming[0].start()


def import_flet_parts(*modules: ModuleType) -> None:
    """Import the Flet controls that the modules' functions name (``ft.Card``, …).
    Flet imports a control's module when it is first named: on a cold start that was
    a noticeable part of Home's first build, while the phone waited for it."""
    names: set[str] = set()

    def named_in(code: CodeType) -> None:
        names.update(code.co_names)
        for const in code.co_consts:
            if isinstance(const, CodeType):
                named_in(const)

    for module in modules:
        for value in vars(module).values():
            if isinstance(value, FunctionType) and value.__module__ == module.__name__:
                named_in(value.__code__)
    for name in sorted(names & set(dir(ft))):
        if name[:1].isupper():  # a control, an enum or a style; not a helper function
            getattr(ft, name)


def prepare_first_screen() -> None:
    """Build the theme, import Home and the Flet controls it names: Flet imports a
    control's module when it is first named, and on a cold start its theme (many
    dataclasses) and Home's module were most of the wait for the first screen."""
    theme()
    import_flet_parts(screen_module("home"), common_widgets)


def warm_up_first_screen() -> None:
    """``prepare_first_screen`` once the server listens, while the first phone's browser
    is still loading the client (seconds)."""
    def run() -> None:
        try:
            prepare_first_screen()
        except Exception:  # noqa: BLE001 - the first screen builds them when it is asked
            log.debug("could not build the first screen's parts ahead", exc_info=True)

    threading.Thread(target=run, name="warm-up-first-screen", daemon=True).start()


def views_for(ctx: Context, route: str) -> list[ft.View]:
    stack = []
    while True:
        stack.append(build_view(ctx, route))
        if route == "/":
            break
        route = parent_route(route)
    return list(reversed(stack))


def store_error_view(err, in_browser: bool = False) -> ft.View:
    """Why the saved tables cannot be opened, for any phone: no server path (the
    console has it, see ``make_main``). ``in_browser``: the static site's, whose tables
    only the browser's settings can clear."""
    messages = {
        "corrupt": t("store.error_corrupt", detail=err.details.get("detail")),
        "newer": t("store.error_newer", found=err.details.get("found"),
                   known=err.details.get("known")),
        "foreign": t("store.error_foreign", names=err.details.get("names")),
        "io": t("store.error_io", detail=err.details.get("detail")),
        "elsewhere": t("site.open_elsewhere"),  # the static site, open in another tab
    }
    keep = [] if err.kind == "elsewhere" else [
        ft.Text(t("site.error_keep" if in_browser else "store.error_keep"))]
    return ft.View(
        route="/",
        padding=ft.Padding.all(16),
        controls=[
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=40),
            ft.Text(t("store.error_title"), size=22, weight=ft.FontWeight.W_600),
            ft.Text(messages[err.kind], selectable=True),
            *keep,
        ],
    )


def _details(err) -> str:
    return ", ".join(f"{key} {value}" for key, value in err.details.items())


def theme() -> ft.Theme:
    """The app's theme; the client makes its light and dark schemes from the same seed.
    Every colour on screen is a role of that scheme."""
    # Screens switch without a slide: a tap made while the next screen was still
    # sliding in could be lost (seen in the browser tests), and at a table a quick
    # switch matters more than the animation.
    instant = ft.PageTransitionTheme.NONE
    # Buttons are tall enough to tap (52 px at the phone's normal text size) from their
    # padding rather than from a fixed height, so that at twice the text size a label
    # on two lines makes its button taller instead of being cut off.
    tall = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16))
    return ft.Theme(
        filled_button_theme=ft.FilledButtonTheme(style=tall),
        outlined_button_theme=ft.OutlinedButtonTheme(style=tall),
        text_button_theme=ft.TextButtonTheme(style=tall),
        button_theme=ft.ButtonTheme(style=tall),
        font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.INDIGO,
        page_transitions=ft.PageTransitionsTheme(
            android=instant, ios=instant, linux=instant, macos=instant, windows=instant),
        # Flutter draws helper, error and counter texts of fields in "body small", 12 px:
        # too small to read at a table in dim light, so 14 px everywhere.
        text_theme=ft.TextTheme(body_small=ft.TextStyle(size=14)),
    )


def style_page(page: ft.Page, font_in_client: bool = False) -> None:
    """Title, fonts and theme: the same from the code prompt on. The theme follows the
    phone (light or dark) until this phone chooses one in Settings. ``font_in_client``:
    served by companion --web, whose client has the font already (below)."""
    page.title = t("app.title")
    # companion --web puts the font in the client's font manifest (companion/web/compressed.py),
    # loaded before the first frame; page.fonts would load it again once the first screen
    # came, and draw that screen twice. Elsewhere (the desktop window, flet
    # build) Flet loads it from here.
    if not font_in_client:
        page.fonts = {FONT_FAMILY: FONT_FILE}
    page.theme = theme()
    page.dark_theme = theme()
    page.theme_mode = ft.ThemeMode.SYSTEM
    # The phone tells the server when it turns dark or light, is locked or comes back:
    # the client follows on its own, and there is nothing to send. Flet updates the
    # whole page after an event (every control of every stacked screen diffed, a
    # noticeable part of a first visit's start) unless its handler says there is nothing to update.
    page.on_platform_brightness_change = nothing_to_send
    page.on_app_lifecycle_state_change = nothing_to_send


def nothing_to_send(e: ft.ControlEvent) -> None:
    ft.context.disable_auto_update()


def make_main(data_dir: Path, *, serving: Serving | None = None,
              browser: Any = None, relay: Any = None, database: str | None = None):
    """The Flet entry point for a data folder (one store shared by every browser session),
    behind the access code when ``serving`` has one (None: the desktop window, open).
    ``browser``: the data folder of the static site, in the phone's browser. ``relay``:
    the changes shared with other server processes on one database. ``database``: the
    URL of the database the tables are kept in (``companion --database``; None: the data
    folder's file)."""
    opened = open_saved(data_dir, browser, database)
    err = opened.error
    if err is not None:
        # The console may name the path; the phones are told without it.
        print(f"companion: {err.path}: {err.kind} ({_details(err)}); the file was left as "
              "it is", file=sys.stderr)
    elif opened.read_only:
        print(f"companion: {opened.read_only}: the saved tables can be read but not changed",
              file=sys.stderr)

    def style(page: ft.Page) -> None:
        # served by companion --web, or the static site: the font manifest has the font
        style_page(page, font_in_client=serving is not None or browser is not None)

    def main(page: ft.Page) -> None:
        style(page)
        if opened.tables is None:
            page.views.clear()
            page.views.append(store_error_view(opened.error, in_browser=browser is not None))
            page.update()
            return
        admission = access_code.admission_of(page)
        ctx = Context(page=page, store=tables_of_phone(page, opened.tables, admission),
                      storage=preferences.phone_storage(page),
                      keep_awake=KeepAwake(ft.Wakelock(), page.run_task), browser=browser,
                      relay=relay)
        follower = sync.Follower(page.pubsub, ctx.take_change)
        if ctx.store.joined is not None:  # private tables: it hears of its own alone
            follower.sees = ctx.store.joined.knows
        tell_missed_taps(ctx)
        notices_follow_taps(ctx)

        def route_change(e=None) -> None:
            follower.follow(page.route)
            ctx.keep_awake.follow(page.route, ctx.prefs.keep_awake)
            ctx.live.clear()
            ctx.where_now.clear()
            ctx.taken_away.clear()  # a tap on the screen left is this phone's own doing
            ctx.taken_by_own.clear()
            # A notice is about the screen it was shown on; one that said what the tap
            # to this screen did stays over it, and goes with the next change of screen
            # ("Saved" on History stayed over New table, covering the player count).
            page.overlay[:] = [c for c in page.overlay if getattr(c, "data", None) != NOTICE]
            for notice in page.overlay:
                if getattr(notice, "data", None) == TOAST:
                    notice.data = NOTICE
            page.views.clear()
            page.views.extend(views_for(ctx, page.route))
            page.update()
            scroll_memory.moved_on(page)

        async def view_pop(e: ft.ViewPopEvent) -> None:
            await page.push_route(parent_route(page.route))

        async def read_preferences() -> None:
            try:
                ctx.prefs = await preferences.load(ctx.storage)
            except Exception:  # noqa: BLE001 - no storage: the defaults, for this visit
                log.debug("this phone's settings could not be read", exc_info=True)
                return
            ctx.apply_preferences()
            if page.route == "/settings":
                ctx.redraw(build_view(ctx, "/settings"))

        page.on_route_change = route_change
        page.on_view_pop = view_pop
        route_change()
        if admission is not None and admission.notice:
            ctx.show_notice(admission.notice, kind="refused")
            page.update()
        warm_up_screens()
        page.run_task(read_preferences)
        if serving is not None:  # served to phones: a server that can be restarted
            page.run_task(scroll_memory.start, page, ctx.storage)

    i18n.use_session_language(language.session_language)
    sync.spare_the_transport_log()
    shorten_flet_receive_errors()
    local_time.use_session_zone(phone_time.session_zone)
    guarded = access_code.guard(
        main, serving, style=style,
        table_ids=opened.tables.table_ids if opened.tables is not None else list)

    async def entry(page: ft.Page) -> None:
        starting = asyncio.current_task()

        def leaving(e: Any = None) -> None:
            # What the start waits for from the phone (its storage, its language) will
            # not come: the start ends there (``page_left``).
            if starting is not None and not starting.done():
                starting.cancel(LEFT)

        try:
            # From the first event on, the code prompt's too: a malformed event from a
            # page that has not given the code gets the one line, never a traceback.
            guard_errors(page)
            page.on_disconnect = page.on_close = leaving
            if not isinstance(page.route, str):  # the phone's first message said so
                page.route = "/"
            if not access_code.phone_left(page):
                # Before the first word (the code prompt has words) and the first date;
                # asked at once, one round trip to the phone.
                await asyncio.gather(language.start(page), phone_time.start(page))
                await guarded(page)
        except asyncio.CancelledError as err:
            if LEFT not in err.args:
                raise
        except Exception:
            if not access_code.phone_left(page):
                raise  # Flet logs it, and the phone is told (``guard_errors``)
        finally:
            starting = None
        if access_code.phone_left(page):
            page_left()

    return entry


LEFT = "the phone left while its page started"


def tables_of_phone(page: ft.Page, tables: SavedTables,
                    admission: access_code.Admission | None) -> SavedTables:
    """The saved tables this phone sees: every one, or with private tables the ones it
    joined and those it starts (its pass for each kept in its storage)."""
    if admission is None or admission.admin:
        return tables
    serving = access_code.serving_of(page)
    links = serving.links if serving is not None else None
    assert links is not None  # an admission is made for private tables only
    storage = preferences.phone_storage(page)
    passes = {links.table_of_pass(kept): kept for kept in admission.passes}

    def made(table_id: str) -> None:
        passes[table_id] = links.phone_pass(table_id)
        admission.passes.append(passes[table_id])
        kept = json.dumps(admission.passes)

        async def keep() -> None:
            await storage.set(access_code.TABLE_PASSES_KEY, kept)

        page.run_task(keep)

    def still(table_id: str) -> bool:  # not closed to its phones since
        return links.table_of_pass(passes.get(table_id)) == table_id

    return tables.for_phone(admission.joined, on_made=made, can_make=admission.can_make,
                            still=still)


def page_left() -> None:
    """A session closed while its page started (the phone went away, or never was a
    phone): nothing to show, and no one to show it to. A broken pipe, which Flet's web
    server takes as a start that ended with its connection, in a line of its info log
    (it logged the start's errors with their tracebacks, and its own when the start
    returned to a connection it had let go; its FletPageDisconnectedException fails
    there too, naming the session it no longer has)."""
    log.debug("a session closed while its page started")
    raise BrokenPipeError(LEFT)


class ReceiveErrorInOneLine(logging.Filter):
    """Flet's web server logs a message it cannot read (not msgpack, not a message of
    its protocol: a hostile phone's, or a broken one's) with its traceback, and ends
    that phone's connection: one line says so instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Receive loop error"):
            err = record.exc_info[1]
            record.msg = "a malformed message from a phone ended its connection: %s"
            record.args = (quoted(f"{type(err).__name__}: {err}"),)
            record.exc_info = None
            record.exc_text = None
        return True


def shorten_flet_receive_errors() -> None:
    """Once per process: Flet's receive errors in one line (``ReceiveErrorInOneLine``)."""
    flet_web_log = logging.getLogger("flet_web.fastapi")
    if not any(isinstance(f, ReceiveErrorInOneLine) for f in flet_web_log.filters):
        flet_web_log.addFilter(ReceiveErrorInOneLine())
