"""Export a table's score sheet: a file to save or share, or the text to copy.

The sheet is the score-sheet JSON (docs/score-sheets.md), which Import on the Score screen
and the command-line scorer read back. It is offered as a file (Flet's FilePicker
``save_file``: a download in a browser, the save dialog on a desktop or phone) and
through the phone's share sheet (Flet's ``Share``); the raw JSON is not shown on the
screen. Copy puts the same text on the clipboard.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

import flet as ft

from companion.i18n import t
from companion.ui.widgets.common import TAP, muted


def sheet_bytes(sheet: dict[str, Any]) -> bytes:
    return (json.dumps(sheet, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def file_name(game: str, players: list[str], when: datetime) -> str:
    """``latria-2025-03-14-ann-ben-cleo.json``: the game, the day and who played, in
    letters a file system takes (any script)."""
    who = "-".join(players)
    who = re.sub(r"[^\w]+", "-", who.casefold(), flags=re.UNICODE).strip("-_")[:60]
    return f"{game.replace('_', '-')}-{when:%Y-%m-%d}{'-' + who if who else ''}.json"


def open_dialog(ctx, session, sheet: dict[str, Any]) -> None:
    page = ctx.page
    data = sheet_bytes(sheet)
    name = file_name(session.game, [p.get("name", "") for p in sheet.get("players", [])
                                    if isinstance(p, dict)], datetime.now())

    def done(message: str) -> None:
        # The dialog goes first: a toast is the page's top dialog while it shows, and
        # Close would take the toast away instead of the dialog.
        page.pop_dialog()
        ctx.toast(message)

    async def save(e) -> None:
        try:
            path = await ft.FilePicker().save_file(
                dialog_title=t("export.file_dialog"), file_name=name, src_bytes=data,
                file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"])
        except Exception:  # noqa: BLE001 - a client without a file dialog
            done(t("export.cannot"))
            return
        # In a browser the file is downloaded and no path comes back.
        done(t("export.saved") if path or page.web else t("export.not_saved"))

    async def share(e) -> None:
        try:
            await ft.Share().share_files(
                [ft.ShareFile.from_bytes(data, mime_type="application/json", name=name)],
                subject=name)
        except Exception:  # noqa: BLE001 - no share sheet here
            done(t("export.cannot"))
            return
        done(t("export.shared"))

    async def copy(e) -> None:
        await ft.Clipboard().set(data.decode("utf-8"))
        done(t("score.copied"))

    def button(label: str, icon: ft.IconData, handler, filled: bool = False) -> ft.Control:
        kind = ft.FilledButton if filled else ft.OutlinedButton
        return ft.Row([kind(content=label, icon=icon, height=TAP, expand=True,
                            on_click=handler)])

    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("score.export_title"), size=18, weight=ft.FontWeight.W_600),
        content=ft.Column([
            ft.Text(t("score.export_hint"), size=15),
            muted(t("export.file_label", name=name), size=14),
            button(t("export.save"), ft.Icons.SAVE_ALT, save, filled=True),
            button(t("export.share"), ft.Icons.SHARE, share),
            button(t("score.copy"), ft.Icons.CONTENT_COPY, copy),
        ], spacing=10, tight=True),
        actions=[ft.TextButton(content=t("common.close"), height=TAP,
                               on_click=lambda e: page.pop_dialog())],
    ))
