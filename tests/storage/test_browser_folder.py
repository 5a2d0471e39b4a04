"""The static site's data folder (companion/storage/browser.py) and what holds the screen
until a change is in the browser's storage (companion/web/in_browser.py), with a stand-in
for Emscripten's FS whose writes to IndexedDB finish when the test says."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

from companion.storage.browser import BrowserFolder
from companion.storage.store import Store
from companion.web.in_browser import Held, hold_screens_while_saving
from tests.run_async import run


class StandInFS:
    """Emscripten's FS as the folder uses it: mount, and syncfs whose callbacks wait."""

    def __init__(self, load_error=None):
        self.filesystems = SimpleNamespace(IDBFS="IDBFS")
        self.mounted: list[tuple] = []
        self.writes: list = []  # the callbacks of the writes under way
        self.load_error = load_error

    def mount(self, kind, options, path):
        self.mounted.append((kind, path))

    def syncfs(self, populate, callback):
        if populate:
            callback(self.load_error)
        else:
            self.writes.append(callback)

    def finish_write(self, err=None):
        self.writes.pop(0)(err)


def test_load_mounts_the_folder_and_reads_it(tmp_path):
    fs = StandInFS()
    folder = BrowserFolder(tmp_path / "data", fs=fs)
    run(folder.load())
    assert fs.mounted == [("IDBFS", str(tmp_path / "data"))]
    assert (tmp_path / "data").is_dir() and folder.unreadable is None
    assert folder.kept is None  # a browser that cannot say: Home says nothing


def test_load_asks_whether_the_browser_keeps_its_storage(tmp_path):
    async def persisted():
        return False

    folder = BrowserFolder(tmp_path, fs=StandInFS(), storage=SimpleNamespace(persisted=persisted))
    run(folder.load())
    assert folder.kept is False


def test_storage_that_cannot_be_read_is_never_written_over(tmp_path):
    from companion.ui.app import make_main

    fs = StandInFS(load_error="QuotaExceededError")
    folder = BrowserFolder(tmp_path / "data", fs=fs)
    run(folder.load())
    assert "QuotaExceededError" in folder.unreadable
    make_main(folder.path, browser=folder)
    # The store is not opened (its error screen is shown): no new file, nothing written back.
    assert not (tmp_path / "data" / "tables.sqlite3").exists()
    assert fs.writes == []


class StandInLocks:
    """The browser's Web Locks: the first request for a name gets it, and keeps it."""

    def __init__(self):
        self.held: set[str] = set()

    def request(self, name, options, callback):
        assert options == {"ifAvailable": True}
        granted = name not in self.held
        self.held.add(name)
        callback(object() if granted else None)


def test_a_second_tab_reads_and_writes_nothing(tmp_path):
    from companion.ui.app import make_main

    locks, fs = StandInLocks(), StandInFS()
    first = BrowserFolder(tmp_path / "data", fs=fs, locks=locks)
    run(first.load())
    second = BrowserFolder(tmp_path / "data", fs=fs, locks=locks)
    run(second.load())
    assert not first.elsewhere and second.elsewhere
    assert len(fs.mounted) == 1  # the second tab did not even read the storage
    make_main(second.path, browser=second)
    assert not (tmp_path / "data" / "tables.sqlite3").exists() and fs.writes == []


def test_every_saved_change_is_written_back_and_one_write_at_a_time(tmp_path):
    fs = StandInFS()
    folder = BrowserFolder(tmp_path, fs=fs)
    store = Store(tmp_path, wal=False, on_saved=folder.save)
    assert folder.busy and len(fs.writes) == 1  # the new file
    store.create_table("luna", "standard", ["Ann", "Ben"])
    assert len(fs.writes) == 1 and folder.again  # one write at a time: this one waits
    fs.finish_write()
    assert folder.busy and len(fs.writes) == 1  # the change made meanwhile is written now
    fs.finish_write()
    assert not folder.busy and fs.writes == []


def test_the_file_uses_the_rollback_journal_in_the_browser(tmp_path):
    Store(tmp_path, wal=False)
    with sqlite3.connect(tmp_path / "tables.sqlite3") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert not (tmp_path / "tables.sqlite3-wal").exists()


def test_a_failed_write_is_told_and_the_next_one_clears_it(tmp_path):
    fs = StandInFS()
    folder = BrowserFolder(tmp_path, fs=fs)
    folder.save()
    fs.finish_write("QuotaExceededError")
    assert folder.failed == "QuotaExceededError" and not folder.busy
    folder.save()
    fs.finish_write()
    assert folder.failed is None


def test_screen_updates_wait_for_the_write_and_keep_their_order(tmp_path):
    fs = StandInFS()
    folder = BrowserFolder(tmp_path, fs=fs)
    sent: list[str] = []
    send = Held(sent.append, folder)
    send("before")
    folder.save()
    send("the change drawn")
    send("and more")
    assert sent == ["before"]  # nothing of the change is shown before it is kept
    fs.finish_write()
    assert sent == ["before", "the change drawn", "and more"]
    send("after")
    assert sent[-1] == "after"


def test_the_client_connection_is_wrapped(tmp_path):
    folder = BrowserFolder(tmp_path, fs=StandInFS())
    started = []

    async def start_connection(send):
        started.append(send)

    bridge = SimpleNamespace(start_connection=start_connection)
    hold_screens_while_saving(folder, flet_js=bridge)
    run(bridge.start_connection(print))
    assert isinstance(started[0], Held) and started[0].send is print
