"""The Backup part of Settings, in a browser.

One phone saves a backup (a file download); another phone, on a server with an empty
data folder, restores it: the table is there, the backup's settings are taken, and the
summary says so in the players' words. Restoring again adds nothing; a damaged file
gets one message at the button, and nothing changes. Screenshots of Settings at 390×844
and 360×740.
"""

from __future__ import annotations

import json

from tests.e2e.conftest import Server
from tests.e2e.flutter import button, open_app, settle, shot, shows
from tests.e2e.tables import create_table

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


def test_a_backup_saved_on_one_phone_restores_on_another(server, browser, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        create_table(page, server.url, "Latoro", ["Ann", "Ben"])
        open_app(page, server.url)
        open_settings(page)
        button(page, "Theme: Dark").click()
        settle(page)
        scroll_down(page)
        shot(page, "settings-backup-390")
        with page.expect_download() as download:
            button(page, "Save a backup").click()
        saved = download.value
        assert saved.suggested_filename.startswith("table-companion-backup-")
        file = tmp_path / saved.suggested_filename
        saved.save_as(file)
        backup = json.loads(file.read_text(encoding="utf-8"))
        assert [t["players"] for t in backup["tables"]] == [["Ann", "Ben"]]
        assert backup["settings"]["theme"] == "dark" and backup["settings"]["language"] == "en"
        shows(page, "Backup saved: 1 table").wait_for()
    finally:
        context.close()

    other = Server(tmp_path / "other", tmp_path / "other.log")
    other.start()
    context = browser.new_context(viewport=SMALL_PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        open_app(page, other.url)
        shows(page, "Latria").wait_for()
        open_settings(page)
        scroll_down(page)
        restore(page, file)
        shows(page, "Added 1 table.").wait_for()
        # The backup's settings are this phone's now: Dark is the chosen theme.
        shows(page, "This phone now uses the backup's settings.").wait_for()
        scroll_down(page)
        shot(page, "settings-backup-restored-360")
        restore(page, file)  # again: nothing new
        shows(page, "Skipped 1 table: already on this phone.").wait_for()

        damaged = tmp_path / "damaged.json"
        damaged.write_bytes(file.read_bytes()[:200])
        restore(page, damaged)
        shows(page, "This backup file is damaged and cannot be read. Nothing was restored."
              ).wait_for()
        scroll_down(page)
        shot(page, "settings-backup-damaged-360")
        page.get_by_role("button", name="Back").or_(page.get_by_label("Back")).first.click()
        shows(page, "Ann").wait_for()  # the restored table is under Tables in progress
    finally:
        context.close()
        other.stop()


def test_the_backup_part_in_japanese_and_at_twice_the_text(server, page, tmp_path):
    """In Japanese the buttons and the refusal speak Japanese; at twice the text size on
    a small phone nothing of the Backup part reaches past the screen's edge."""
    import re

    from tests.e2e.test_phone_ready import right_edges

    open_app(page, server.url)
    shows(page, "Latria").wait_for()
    page.get_by_role("button", name=re.compile(r"Language: 日本語$")).click()
    button(page, "設定").click()
    page.get_by_text("ライト／ダーク").wait_for()
    settle(page)
    scroll_down(page)
    damaged = tmp_path / "not-a-backup.json"
    damaged.write_text('{"tables": []}', encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        button(page, "バックアップから復元").click()
    chooser.value.set_files(str(damaged))
    shows(page, "このファイルはTable Companionのバックアップではありません。何も復元していません。"
          ).wait_for()
    scroll_down(page)
    shot(page, "settings-backup-ja-390")
    page.set_viewport_size(SMALL_PHONE)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    settle(page)
    scroll_down(page)
    shot(page, "settings-backup-ja-2x-360")
    assert right_edges(page) == []
