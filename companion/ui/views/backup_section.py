"""The Backup part of Settings: save every table to one backup file, or restore one
(companion/storage/backup.py; the file's format is docs/backup.md).

Save is Flet's FilePicker ``save_file`` with the file's bytes: a download in a browser,
the save dialog on a desktop or phone. Restore is FilePicker ``pick_files`` with the
file's contents; the file goes over the phone's own connection to the app, behind the
same access code as everything else, and is never served back by any address. What the
restore did (or why nothing was restored) is said under its button, in the reader's
language, and stays there until the next restore.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from companion.i18n import t
from companion.screens import backup_file
from companion.screens.saved_tables import IN_BROWSER
from companion.ui import language
from companion.ui.widgets.common import heading, muted, primary_button, secondary_button

log = logging.getLogger(__name__)
T = TypeVar("T")

DRAFT = ("settings", "backup")  # ctx.drafts: the last restore's outcome, across redraws


def phone_settings(ctx) -> dict[str, Any]:
    """This phone's own settings, as the backup keeps them."""
    prefs = ctx.prefs
    return {"theme": prefs.theme, "keep_awake": prefs.keep_awake,
            "larger_text": prefs.larger_text, "language": language.of_page(ctx.page)}


async def apply_settings(ctx, settings: dict[str, Any]) -> bool:
    """Take the backup's settings on this phone; True when any was taken."""
    known = backup_file.settings_to_take(settings)
    for name in ("theme", "keep_awake", "larger_text"):
        if name in known:
            ctx.set_preference(name, known[name])
    if "language" in known:
        await language.remember(ctx.page, known["language"])
    return bool(known)


def outcome_line(outcome: dict[str, Any] | None) -> ft.Control | None:
    if not outcome:
        return None
    if "error" in outcome:
        text, colour, icon = outcome["error"].message(), ft.Colors.ERROR, ft.Icons.ERROR_OUTLINE
    elif "report" in outcome:
        text = outcome["report"].summary(outcome.get("settings", False))
        colour, icon = ft.Colors.ON_SURFACE, ft.Icons.CHECK_CIRCLE_OUTLINE
    else:
        text, colour, icon = outcome["text"], ft.Colors.ON_SURFACE, ft.Icons.INFO_OUTLINE
    return ft.Semantics(
        label=text, live_region=True, container=True, exclude_semantics=True,
        content=ft.Row([ft.Icon(icon, color=colour, size=20),
                        ft.Text(text, color=colour, size=15, expand=True)],
                       spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))


async def off_the_loop(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a thread, so that the other phones' taps go on meanwhile; in the
    phone's browser (one phone, and no threads there) at once."""
    if IN_BROWSER:
        return work(*args)
    return await asyncio.to_thread(work, *args)


def section(ctx, rebuild) -> list[ft.Control]:
    """The Backup heading, its two buttons and the last restore's outcome. ``rebuild()``
    draws Settings again (after settings were taken from a backup)."""
    page = ctx.page

    def show(outcome: dict[str, Any]) -> None:
        ctx.drafts[DRAFT] = outcome
        rebuild()

    async def save(e) -> None:
        try:
            made = await off_the_loop(backup_file.make, ctx.store, phone_settings(ctx))
        except Exception:  # noqa: BLE001 - the saved tables cannot be read just now
            log.exception("the backup could not be made")
            ctx.toast(t("backup.not_saved"))
            return
        try:
            path = await ft.FilePicker().save_file(
                dialog_title=t("backup.file_dialog"), file_name=made.name,
                src_bytes=made.data, file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"])
        except Exception:  # noqa: BLE001 - a client without a file dialog
            ctx.toast(t("backup.cannot"))
            return
        if not (path or page.web):  # in a browser the file is downloaded, no path comes back
            ctx.toast(t("backup.not_saved"))
            return
        ctx.toast(t("backup.saved", count=made.tables))
        if made.left_out:
            show({"text": t("backup.left_out", count=made.left_out)})

    async def restore(e) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title=t("backup.pick_dialog"), file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"], with_data=True)
        except Exception:  # noqa: BLE001 - a client without a file dialog
            ctx.toast(t("backup.cannot"))
            return
        if not files:
            return  # the player closed the dialog
        picked = files[0]
        refused = backup_file.too_big(picked.size)
        if refused is not None:
            show({"error": refused.error})
            return
        data = picked.bytes
        if data is None and picked.path:  # a desktop picker may give the path only
            data = backup_file.file_bytes(picked.path)
        show({"text": t("backup.restoring")})  # a large file takes a moment
        read = await off_the_loop(backup_file.read_in, ctx.engine, data)
        if read.error is not None:
            show({"error": read.error})
            return
        report = read.report
        ctx.engine.imported(report)  # the other phones redraw what it replaced or added
        taken = await apply_settings(ctx, report.settings) if report.settings else False
        ctx.drafts[DRAFT] = {"report": report, "settings": taken}
        if taken:
            ctx.redraw_all()  # the language may have changed: every screen's words
        else:
            rebuild()

    controls: list[ft.Control] = [
        heading(t("backup.heading")),
        muted(t("backup.hint")),
        ft.Row([primary_button(t("backup.save"), save, icon=ft.Icons.SAVE_ALT)]),
    ]
    if not ctx.store.can_restore:  # a phone with its own tables on a shared server
        controls.append(muted(t("backup.restore_admin_only")))
        return controls
    controls += [
        muted(t("backup.restore_hint")),
        ft.Row([secondary_button(t("backup.restore"), restore, icon=ft.Icons.RESTORE,
                                 expand=True)]),
    ]
    if (line := outcome_line(ctx.drafts.get(DRAFT))) is not None:
        controls.append(line)
    return controls

