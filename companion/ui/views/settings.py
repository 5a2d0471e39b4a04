"""Settings: what this phone remembers of its own (companion/ui/preferences.py): light or
dark, keeping the screen on during a round, larger text; and the Backup of every table
(companion/ui/views/backup_section.py)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app_version import app_version
from companion.i18n import t
from companion.ui.preferences import THEMES
from companion.ui.views import backup_section
from companion.ui.widgets.common import choice_chip, heading, muted, screen

THEME_NAMES = {"system": "settings.theme_system", "light": "settings.theme_light",
               "dark": "settings.theme_dark"}


def switch_row(label: str, hint: str, value: bool, on_change: Callable[[bool], None]) -> ft.Control:
    """A setting that is on or off: its words wrap beside the switch, and the whole row
    toggles it; screen readers hear one switch named ``label``."""
    switch = ft.Switch(value=value, on_change=lambda e: changed(bool(e.control.value)))

    def changed(on: bool) -> None:
        switch.value = on
        row.toggled = on
        on_change(on)

    def toggle(e) -> None:
        changed(not switch.value)

    row = ft.Semantics(
        label=label, hint_text=hint, toggled=value, container=True, exclude_semantics=True,
        on_tap=toggle,
        content=ft.Container(
            ft.Row([ft.Column([ft.Text(label, size=16, weight=ft.FontWeight.W_600),
                               muted(hint)], spacing=2, expand=True),
                    switch],
                   spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            on_click=toggle, ink=True, border_radius=8,
            padding=ft.Padding.symmetric(vertical=6)))
    return row


def build(ctx) -> ft.View:
    prefs = ctx.prefs

    def choose_theme(name: str) -> None:
        ctx.set_preference("theme", name)
        ctx.redraw(build(ctx))

    themes = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        choice_chip(t("settings.theme_spoken", name=t(THEME_NAMES[name])), t(THEME_NAMES[name]),
                    prefs.theme == name, lambda e, n=name: choose_theme(n))
        for name in THEMES])
    controls: list[ft.Control] = [
        muted(t("settings.on_this_phone")),
        heading(t("settings.theme")),
        themes,
        ft.Divider(),
        switch_row(t("settings.keep_awake"), t("settings.keep_awake_hint"), prefs.keep_awake,
                   lambda on: ctx.set_preference("keep_awake", on)),
        switch_row(t("settings.larger_text"),
                   t("settings.larger_text_hint") if ctx.page.web
                   else t("settings.larger_text_web_only"),
                   prefs.larger_text, lambda on: ctx.set_preference("larger_text", on)),
        ft.Divider(),
        *backup_section.section(ctx, lambda: ctx.redraw(build(ctx))),
    ]
    if version := app_version():
        controls += [ft.Divider(), muted(t("settings.version_build", **version)
                                         if "build" in version else t("settings.version",
                                                                       **version))]
    return screen("/settings", t("settings.title"), controls, on_back=lambda e: ctx.go("/"))
