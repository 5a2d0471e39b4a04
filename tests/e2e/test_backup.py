"""The Backup part of Settings in a browser: what only a browser does with it.

A backup saved is a file the browser downloads, and a restore reads a file picked in the
browser's file chooser; at twice the text size on a small phone nothing of the Backup
part, in Japanese, reaches past the screen's edge. What a backup holds, what a restore
says (added, skipped, damaged, not a backup) in either language, and the settings taken
are tested in-process (tests/screens/test_backup_file.py,
tests/ui/test_backup_screen.py, tests/storage/test_backup.py).
"""

from __future__ import annotations

import json

from companion.storage.store import Store
from tests.e2e.flutter import button, open_app, settle, shows
from tests.e2e.test_japanese import choose_language
from tests.e2e.test_phone_ready import right_edges

SMALL_PHONE = {"width": 360, "height": 740}


def open_settings(page) -> None:
    button(page, "Settings").click()
    page.get_by_text("Light or dark").wait_for()
    settle(page)


def scroll_down(page) -> None:
    """To the Backup part, below the phone's own settings."""
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, 2000)
    settle(page)


def restore(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        button(page, "Restore from a backup").click()
    chooser.value.set_files(str(path))


def test_a_backup_downloads_restores_from_the_file_chooser_and_fits_at_twice_the_text(
        server, page, tmp_path):
    """One page for the three: the download, the file chooser, the layout in Japanese at
    twice the text size (Japanese words wrap anywhere; a long button label did not)."""
    Store(server.data_dir).create_table("latoro", "standard", ["Ann", "Ben"])
    open_app(page, server.url)
    choose_language(page, "日本語")
    button(page, "設定").click()
    page.get_by_text("ライト／ダーク").wait_for()
    settle(page)
    scroll_down(page)
    with page.expect_download() as download:
        button(page, "バックアップを保存").click()
    saved = download.value
    assert saved.suggested_filename.startswith("table-companion-backup-")
    file = tmp_path / saved.suggested_filename
    saved.save_as(file)
    held = json.loads(file.read_text(encoding="utf-8"))
    assert [t["players"] for t in held["tables"]] == [["Ann", "Ben"]]

    with page.expect_file_chooser() as chooser:
        button(page, "バックアップから復元").click()
    chooser.value.set_files(str(file))
    shows(page, "1テーブルはスキップしました：すでにこの端末にあります。").wait_for()

    page.set_viewport_size(SMALL_PHONE)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    settle(page)
    scroll_down(page)
    assert right_edges(page) == []
