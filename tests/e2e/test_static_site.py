"""The static site (``python -m companion.site``): the app's Python in the phone's browser,
served by a plain static server. A table made, played and scored there is the same after
a reload with no network, after the browser is closed and opened again, and after the
host's files are replaced by a newer build; a damaged saved file in the browser's storage
is refused and left as it was."""

from __future__ import annotations

import re
import shutil
from contextlib import contextmanager

from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS, CHROMIUM_ARGS, PHONE, chromium_path
from tests.e2e.flutter import button, open_app, shot, shows, tap_until, type_into
from tests.e2e.tables import create_table, play_round
from tests.static_site import served

TALL = {"width": 390, "height": 1800}
START = 60_000  # ms: Pyodide's start and the app's imports, on a loaded machine
OPEN_TABLE = "Open Latria table: Ann, Ben, Cleo, Dan"


@contextmanager
def phone(browser, profile, name: str):
    """A browser with a profile folder of its own, as a phone keeps one across restarts;
    its page, saved as ``name`` in the artifacts when the test fails there."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport=PHONE,
        device_scale_factor=1, reduced_motion="reduce")
    context.set_default_timeout(START)
    page = context.pages[0] if context.pages else context.new_page()
    try:
        yield context, page
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        raise
    finally:
        context.close()


def home(page, url: str) -> None:
    """The site opened anew on this page (a reload: from an address with a route after its
    "#", going to the bare address would only move within the page)."""
    page.goto("about:blank")
    open_app(page, url)
    shows(page, "Start a new table").wait_for()


def ann_total(page) -> str:
    found = shows(page, re.compile(r"^Ann: \d+ points?"))
    found.wait_for()
    return re.search(r"Ann: \d+", found.text_content() or found.get_attribute("aria-label")
                     or "")[0]


def test_a_table_is_kept_offline_across_a_restart_a_new_build_and_moves_by_backup(
        browser, static_site, tmp_path):
    """Played and scored, then with no network: the table after a reload and after the
    browser is closed and opened again; its Results, History, Stats, the rulebooks' search
    and a backup saved, all offline. Back online, the host's folder replaced by a newer
    build: the phone takes it on its next visit, downloading only the files that changed,
    and its table stays. Another phone (profile) restores the backup."""
    from tests.e2e.test_backup import open_settings, restore, scroll_down

    live = tmp_path / "live"
    shutil.copytree(static_site, live)
    with served(live) as url:
        with phone(browser, tmp_path / "profile", "site-made-failed") as (context, page):
            create_table(page, url, "Latria", ["Ann", "Ben", "Cleo", "Dan"])
            page.set_viewport_size(TALL)
            button(page, "Play").first.click()
            button(page, "First parent: Ann").click()
            button(page, "Start round 1").click()
            play_round(page, parent="Ann", mutation=True, body="Sun", taker="Ben",
                       next_parent="Ben")
            shows(page, "Round 2 of 11").wait_for()
            tap_until(page, button(page, "Back"), page.get_by_text("Players", exact=True))
            button(page, "Score").first.click()
            button(page, "Sun 4 VP: one more for Ann", exact=True).click()
            shows(page, "Ann: 4 points").wait_for()  # (read before the tap, it was 0)
            total = ann_total(page)

            # No network at all: the page, the client, Python and the tables from the phone.
            context.set_offline(True)
            page.set_viewport_size(PHONE)
            home(page, url)
            shot(page, "site-home-offline")
            button(page, OPEN_TABLE).click()
            button(page, "Play").first.click()
            shows(page, "Round 2 of 11").wait_for()

        # The browser closed and opened again, still offline, on the same profile.
        with phone(browser, tmp_path / "profile", "site-restart-failed") as (context, page):
            context.set_offline(True)
            home(page, url)
            button(page, OPEN_TABLE).click()
            button(page, "Score").first.click()
            assert ann_total(page) == total
            tap_until(page, button(page, "Back"), page.get_by_text("Players", exact=True))
            button(page, "Play").first.click()
            shows(page, "Round 2 of 11").wait_for()
            shows(page, re.compile(r"Parent\s+Ben")).wait_for()

            # Still offline: the Results finish the table, History and Stats have it, the
            # rulebooks are searched, and a backup is saved.
            tap_until(page, button(page, "Back"), page.get_by_text("Players", exact=True))
            button(page, "Score").first.click()
            ann_total(page)
            button(page, "See the results").click()
            page.get_by_text("Ann wins").wait_for()
            tap_until(page, button(page, "Back"), page.get_by_text("Players", exact=True))
            tap_until(page, button(page, "Back"), page.get_by_text("Start a new table"))
            page.get_by_role("button", name=re.compile(r"^History(\sHistory)?$")).click()
            button(page, "Open the results: Latria").wait_for()
            tap_until(page, button(page, "Back"), page.get_by_text("Start a new table"))
            page.set_viewport_size(TALL)
            button(page, "Stats of finished plays").click()
            shows(page, "Ann: 1 play · 1 win · 100% won").wait_for()
            tap_until(page, button(page, "Back"), page.get_by_text("Start a new table"))
            button(page, "Rules", exact=True).click()
            type_into(page, "Search every rulebook", "eclipse")
            button(page, re.compile(r"^Step 1: Reveal celestial cards — Latria")).wait_for()
            tap_until(page, button(page, "Back"), page.get_by_text("Start a new table"))
            open_settings(page)
            old = build_in_settings(page)  # (TALL: the version is at the bottom)
            page.set_viewport_size(PHONE)
            scroll_down(page)
            with page.expect_download() as download:
                button(page, "Save a backup").click()
            backup = tmp_path / download.value.suggested_filename
            download.value.save_as(backup)
            shows(page, "Backup saved: 1 table").wait_for()

            context.set_offline(False)
            takes_a_new_build(page, url, live, old, tmp_path / "newer")
            page.get_by_role("button", name=re.compile(r"^History(\sHistory)?$")).click()
            button(page, "Open the results: Latria").wait_for()  # the table stays

        with phone(browser, tmp_path / "other", "site-restore-failed") as (context, page):
            home(page, url)
            open_settings(page)
            scroll_down(page)
            restore(page, backup)
            shows(page, "Added 1 table.").wait_for()
            home(page, url)  # kept in this browser's storage
            page.get_by_role("button", name=re.compile(r"^History(\sHistory)?$")).click()
            button(page, "Open the results: Latria").wait_for()


# IDBFS keeps each file of the data folder as one record of the object store FILE_DATA in
# a database named after the folder; the record's "contents" are the file's bytes.
SAVED_FILE = """async (mode) => {
  const ask = (r) => new Promise((ok, fail) => { r.onsuccess = () => ok(r.result);
                                                   r.onerror = fail; });
  const names = (await indexedDB.databases()).map(d => d.name);
  const db = await ask(indexedDB.open(names.find(n => /TableCompanion/.test(n))));
  const tx = db.transaction("FILE_DATA", mode);
  const store = tx.objectStore("FILE_DATA");
  const key = (await ask(store.getAllKeys())).find(k => k.endsWith("/tables.sqlite3"));
  return {db, tx, store, key, entry: await ask(store.get(key))};
}"""
READ_SAVED = f"""async () => {{
  const saved = await ({SAVED_FILE})("readonly");
  saved.db.close();
  return Array.from(saved.entry.contents);
}}"""
DAMAGE_SAVED = f"""async (bytes) => {{
  const saved = await ({SAVED_FILE})("readwrite");
  saved.entry.contents = new Uint8Array(bytes);
  saved.entry.timestamp = new Date();
  saved.store.put(saved.entry, saved.key);
  await new Promise(ok => {{ saved.tx.oncomplete = ok; }});
  saved.db.close();
}}"""


LANGUAGE = "flutter.table_companion.language"  # ft.SharedPreferences in local storage
LARGER_TEXT = "flutter.companion.larger_text"


def test_the_sites_screens_a_second_tab_and_a_damaged_saved_file(browser, static_site,
                                                                 tmp_path):
    """One phone: Settings in English, Home and Settings in Japanese at 360 with the larger
    text; a second tab told the tables are open in the first and changing nothing; then
    the saved file damaged in the browser's storage: refused, and left as it was."""
    with served(static_site) as url:
        with phone(browser, tmp_path / "profile", "site-screens-failed") as (context, page):
            home(page, url)  # the first visit saves an empty store
            page.set_viewport_size(TALL)
            button(page, "Settings").click()
            shows(page, re.compile(r"^Version \d+\.\d+\.\d+ \(build [0-9a-f]{8}\)$")).wait_for()
            shot(page, "site-settings-tall")

            second = context.new_page()
            open_app(second, url)
            # (the reason below it, "The app is open in another tab…", is selectable text,
            # which Flutter does not always put in the accessibility tree: in the shot)
            shows(second, "The saved tables cannot be opened").wait_for()
            expect(second.get_by_text("Start a new table")).to_have_count(0)
            shot(second, "site-second-tab")
            second.close()

            page.evaluate(f"""localStorage.setItem({LANGUAGE!r}, '"ja"');
                              localStorage.setItem({LARGER_TEXT!r}, 'true');""")
            page.set_viewport_size({"width": 360, "height": 740})
            open_app(page, url)
            shows(page, "新しい卓を始める").wait_for()
            # Under this build's service worker, the Python worker was made as the page
            # opened, and imported what main.py imports before the app started in it.
            assert imported_before_main(page)
            shows(page, re.compile("^このアプリはこの端末だけで動いています")).wait_for()
            shot(page, "site-home-ja-360-larger")
            page.set_viewport_size({"width": 360, "height": 1800})
            button(page, "設定").click()
            shows(page, re.compile(r"^バージョン \d+\.\d+\.\d+（ビルド [0-9a-f]{8}）$")).wait_for()
            shot(page, "site-settings-ja-360-tall")

            page.evaluate(f"""localStorage.removeItem({LANGUAGE!r});
                              localStorage.removeItem({LARGER_TEXT!r});""")
            page.set_viewport_size(PHONE)
            saved = page.evaluate(READ_SAVED)
            assert saved[:16] == list(b"SQLite format 3\x00")
            damaged = saved[:100] + [0xA5] * (len(saved) - 100)
            page.evaluate(DAMAGE_SAVED, damaged)
            open_app(page, url)
            shows(page, "The saved tables cannot be opened").wait_for()
            expect(page.get_by_text("Start a new table")).to_have_count(0)
            shot(page, "site-damaged-store")
            assert page.evaluate(READ_SAVED) == damaged


def imported_before_main(page) -> bool:
    """Whether the page's Python worker has imported the archive's ``before_main``, which
    only its early start imports (companion/tools/static_site.py, ``runtime_preloaded``)."""
    (worker,) = page.workers
    return worker.evaluate(
        "self.pyodide.runPython(\"__import__('sys').modules.get('before_main') is not None\")")


VERSION = re.compile(r"^Version \d+\.\d+\.\d+ \(build ([0-9a-f]{8})\)$")


def build_in_settings(page) -> str:
    """The build Settings (open) names."""
    version = shows(page, VERSION)
    version.wait_for()
    text = version.text_content() or version.get_attribute("aria-label") or ""
    return VERSION.match(text.strip())[1]


def takes_a_new_build(page, url: str, live, old: str, newer) -> None:
    """The host's folder ``live`` replaced by a build made after it (its files newer than
    the ones they replace, as a host has it): the phone's next visit shows a build other
    than ``old``, and its service worker fetches only the files that changed. Ends on
    Home."""
    from companion.tools.static_site import SiteApp, app_members, browser_requirements, build
    from tests.e2e.test_first_visit import Wire

    build(newer, app=SiteApp(lambda: [*app_members(), ("newer.txt", b"a newer build")],
                             browser_requirements))
    shutil.rmtree(live)
    shutil.copytree(newer, live)
    wire = Wire(page)
    home(page, url)
    page.set_viewport_size(TALL)
    button(page, "Settings").click()
    assert build_in_settings(page) != old
    page.set_viewport_size(PHONE)

    def fetched() -> set[str]:
        return {u.rsplit("/", 1)[-1].split("?")[0] for u in
                (k.split(" ", 1)[1] for k in list(wire.bytes))}

    # The new service worker fetches the files that changed as it installs, which can end
    # after the page has shown the new build (seen once in a full run).
    if "app.tar.gz" not in fetched():
        page.context.wait_for_event("requestfinished", timeout=30_000,
                                    predicate=lambda r: "app.tar.gz" in r.url)
    changed = fetched()
    assert "app.tar.gz" in changed and "main.dart.js" not in changed
    assert "pyodide.asm.wasm" not in changed and "canvaskit.wasm" not in changed
    tap_until(page, button(page, "Back", exact=True), page.get_by_text("Start a new table"))
