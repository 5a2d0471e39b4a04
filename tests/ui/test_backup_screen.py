"""The Backup part of Settings without a browser (companion/ui/views/backup_section.py):
the phone's settings go into a backup and come back from one; the last restore's
outcome is shown under the buttons in the players' words (the browser test,
tests/e2e/test_backup.py, drives the file dialogs themselves)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.storage.backup import BackupError, Report
from companion.ui.preferences import Preferences
from companion.ui.views import backup_section, settings
from tests.run_async import run
from tests.ui.test_home_and_results import texts


class FakePage:
    web = True

    def __init__(self, language: str = "en"):
        self.session = SimpleNamespace(store=SimpleNamespace(
            values={"table_companion.language": language}))
        self.session.store.get = self.session.store.values.get
        self.session.store.set = self.session.store.values.__setitem__
        self.locale_configuration = None


def fake_ctx(language: str = "en", can_restore: bool = True):
    chosen: dict = {}
    ctx = SimpleNamespace(prefs=Preferences(theme="dark", keep_awake=False),
                          page=FakePage(language), drafts={},
                          store=SimpleNamespace(can_restore=can_restore), chosen=chosen,
                          toast=lambda m: None,
                          redraw=lambda view: None, go=lambda route: None)
    ctx.set_preference = lambda name, value: (setattr(ctx.prefs, name, value),
                                              chosen.__setitem__(name, value))
    return ctx


def test_the_phone_settings_are_what_the_backup_keeps():
    ctx = fake_ctx("ja")
    assert backup_section.phone_settings(ctx) == {
        "theme": "dark", "keep_awake": False, "larger_text": False, "language": "ja"}


def test_a_backups_settings_become_the_phones_own():
    ctx = fake_ctx("en")
    taken = run(backup_section.apply_settings(ctx, {"theme": "light", "larger_text": True,
                                                    "language": "ja", "later": 1}))
    assert taken
    assert ctx.chosen == {"theme": "light", "larger_text": True}
    assert ctx.page.session.store.values["table_companion.language"] == "ja"
    assert not run(backup_section.apply_settings(fake_ctx(), {}))


def shown(ctx) -> list[str]:
    return texts(settings.build(ctx))


def test_settings_show_the_backup_part_and_the_last_restore():
    ctx = fake_ctx()
    words = shown(ctx)
    assert "Backup" in words and "Save a backup" in words and "Restore from a backup" in words
    report = Report(added=2)
    ctx.drafts[backup_section.DRAFT] = {"report": report, "settings": True}
    assert "Added 2 tables. This phone now uses the backup's settings." in shown(ctx)
    ctx.drafts[backup_section.DRAFT] = {"error": BackupError("newer")}
    assert any(w.startswith("This backup was made by a newer version") for w in shown(ctx))


def test_a_phone_with_its_own_tables_saves_them_and_is_told_who_restores():
    """Private tables: a backup read in could replace another group's table of the same
    id, so only whoever runs the server restores (the admin sees every table)."""
    words = shown(fake_ctx(can_restore=False))
    assert "Save a backup" in words and "Restore from a backup" not in words
    assert ("The backup holds the tables this phone joined. On this server, only whoever "
            "runs it can restore a backup.") in words
