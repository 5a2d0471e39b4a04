"""Invite a phone: the address a phone opens to join, as a QR code for its camera, as
text, and the table's code in big digits. When the app is not served to
the network it says why a phone cannot join and how to serve it there."""

from __future__ import annotations

import io

import flet as ft
import segno

from companion.i18n import t
from companion.ui.views.access_code import admission_of, serving_of
from companion.ui.widgets.common import heading, muted, screen, secondary_button
from companion.web.serving import Serving

# As README's install leaves it: the command is in the project's .venv, not on the PATH.
LAN_COMMAND = ".venv/bin/companion --web --host 0.0.0.0"
QR_SIZE = 240  # px: fills most of a phone's width, easy for another phone to scan


def qr_png(url: str) -> bytes:
    """The URL as a QR code picture (segno), black on white with the usual quiet zone."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=10, border=4)
    return buffer.getvalue()


def command(text: str) -> ft.Control:
    return ft.Container(
        content=ft.Text(text, size=15, weight=ft.FontWeight.W_600),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8,
        padding=ft.Padding.symmetric(horizontal=12, vertical=10))


def centred(control: ft.Control) -> ft.Control:
    # Text here is not selectable on purpose: selectable text is hidden from screen readers.
    return ft.Container(content=control, alignment=ft.Alignment.CENTER)


def not_served(serving: Serving | None) -> list[ft.Control]:
    if serving is None:
        body = t("invite.desktop_body")
    else:
        body = t("invite.loopback_body", url=serving.urls()[0])
    return [
        heading(t("invite.loopback_title")),
        ft.Text(body, size=16),
        ft.Text(t("invite.how"), size=16),
        command(LAN_COMMAND),
        muted(t("invite.how_then"), size=15),
    ]


def served(serving: Serving) -> list[ft.Control]:
    urls = serving.urls()
    controls: list[ft.Control] = [
        muted(t("invite.scan"), size=15),
        centred(ft.Image(src=qr_png(urls[0]), width=QR_SIZE, height=QR_SIZE,
                         semantics_label=t("invite.qr_label"))),
        centred(ft.Text(urls[0], size=17, weight=ft.FontWeight.W_600,
                        text_align=ft.TextAlign.CENTER)),
    ]
    if serving.code:
        controls += [
            centred(ft.Column([
                muted(t("invite.code"), size=15),
                ft.Text(serving.code, size=44, weight=ft.FontWeight.W_700,
                        style=ft.TextStyle(letter_spacing=6)),
            ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0)),
            muted(t("invite.code_hint"), size=14),
        ]
    if serving.private_tables:  # the server's address lets a phone start tables, no more
        controls.append(muted(t("invite.private_hint"), size=14))
    if len(urls) > 1:
        controls.append(muted(t("invite.more"), size=14))
        controls += [ft.Text(u, size=15) for u in urls[1:]]
    return controls


def table_link(serving: Serving, table_id: str) -> list[ft.Control]:
    """A table's own link (private tables) as a QR code and as text."""
    assert serving.links is not None
    url = serving.table_url(serving.links.link_token(table_id))
    return [
        muted(t("invite.table_scan"), size=15),
        centred(ft.Image(src=qr_png(url), width=QR_SIZE, height=QR_SIZE,
                         semantics_label=t("invite.qr_label"))),
        centred(ft.Text(url, size=15, weight=ft.FontWeight.W_600,
                        text_align=ft.TextAlign.CENTER)),
    ]


def build_for_table(ctx, table_id: str) -> ft.View:
    """Invite to this table (private tables): the table's own link; a new link, which
    ends the one shown; for the admin, closing the table to the phones that joined."""
    route = f"/table/{table_id}/invite"
    serving = serving_of(ctx.page)

    def back(e) -> None:
        ctx.go(f"/table/{table_id}")

    if serving is None or serving.links is None or ctx.store.get_table(table_id) is None:
        return screen(route, t("invite.table_title"), [muted(t("table.not_found"))],
                      on_back=back)
    if not serving.reachable:  # a phone cannot reach 127.0.0.1
        return screen(route, t("invite.table_title"), not_served(serving), on_back=back)
    links = serving.links

    def renew(e) -> None:
        links.renew_link(table_id)
        ctx.redraw(build_for_table(ctx, table_id), notice=t("invite.table_renewed"))

    def close(e) -> None:
        links.close_to_phones(table_id)
        ctx.announce(table_id, "table")  # its phones draw their screen again: it is gone
        ctx.redraw(build_for_table(ctx, table_id), notice=t("invite.table_closed"))

    controls = table_link(serving, table_id) + [
        muted(t("invite.table_renew_hint"), size=14),
        ft.Row([secondary_button(t("invite.table_renew"), renew, icon=ft.Icons.LINK_OFF,
                                 expand=True)]),
    ]
    admission = admission_of(ctx.page)
    if admission is not None and admission.admin:
        controls += [
            muted(t("invite.table_close_hint"), size=14),
            ft.Row([secondary_button(t("invite.table_close"), close, icon=ft.Icons.BLOCK,
                                     expand=True)]),
        ]
    return screen(route, t("invite.table_title"), controls, on_back=back)


def build(ctx) -> ft.View:
    serving = serving_of(ctx.page)
    if serving is None or not serving.reachable:  # a phone cannot reach 127.0.0.1
        controls = not_served(serving)
    else:
        controls = served(serving)
    return screen("/invite", t("invite.title"), controls, on_back=lambda e: ctx.go("/"))
