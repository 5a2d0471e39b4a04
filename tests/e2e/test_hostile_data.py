"""Hostile data in the browser: hostile imports get a message at the field and save nothing;
a sheet saved out of range by an older version opens on Score and Results with its
problems; a read-only data file is said on Home at once and a change says "Not saved";
a damaged file's screen names no server path."""

from __future__ import annotations

import json
import re
import sqlite3
import stat
from contextlib import closing

import pytest

from companion.storage.store import DB_NAME, Store
from tests.e2e.conftest import PHONE, Server
from tests.e2e.flutter import (
    button,
    count_field,
    open_app,
    shot,
    shows,
    textbox,
    wait_for_editing,
)
from tests.e2e.tables import create_table

SMALL = {"width": 360, "height": 740}
LUNA = ["Ann", "Ben"]


def shots(page, name: str) -> None:
    """The screen at 390×844 and at 360×740."""
    page.set_viewport_size(PHONE)
    shot(page, name)
    page.set_viewport_size(SMALL)
    shot(page, f"{name}-360")
    page.set_viewport_size(PHONE)


def saved_sheet(data_dir) -> tuple[str | None, int]:
    """The table's saved sheet and its version, read without writing."""
    uri = (data_dir / DB_NAME).absolute().as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as conn:
        return conn.execute("SELECT score_sheet, sheet_version FROM tables").fetchone()


def paste_into_import(page, text: str) -> None:
    button(page, "Import").click()
    paste_again(page, text)


def paste_again(page, text: str) -> None:
    """Replace what the open Import dialog holds with ``text``, and tap Import."""
    box = textbox(page, "Sheet JSON")
    box.click()
    # A multi-line field edits in a <textarea> (wait_for_editing waits for an <input>).
    page.wait_for_function("document.activeElement && "
                           "['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)")
    page.wait_for_timeout(150)
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(text)  # as a paste: one input, not a key per character
    button(page, "Import").last.click()


def luna_sheet(influence: str) -> str:
    players = ",".join(
        f'{{"name": "{name}", "influence": {influence if name == "Ann" else 0}, '
        '"shrines": 0, "unused_favors": 0, "council_points": 0}' for name in LUNA)
    return (f'{{"game": "luna", "council_order": {json.dumps(LUNA)}, '
            f'"players": [{players}]}}')


def test_a_hostile_import_gets_a_message_and_nothing_is_saved(server, page):
    create_table(page, server.url, "Luna", LUNA)
    button(page, "Score").first.click()
    page.get_by_text("Council of Priests", exact=True).wait_for()
    before = saved_sheet(server.data_dir)

    # 5,000 deep (100,000 is in the unit tests: a Flutter text field that long is slow).
    paste_into_import(page, "[" * 5_000 + "]" * 5_000)
    shows(page, re.compile("deeper than a score sheet does")).wait_for()
    shots(page, "import-hostile-deep")

    paste_again(page, luna_sheet("9" * 4300))
    shows(page, re.compile(r"influence: a number of 4,300 digits, but numbers here are at "
                           "most 1,000,000")).wait_for()
    shots(page, "import-hostile-4300-digits")

    paste_again(page, '{"game": ["luna"], "players": {"Ann": 1}}')
    shows(page, re.compile("This is not a Luna sheet")).wait_for()

    button(page, "Cancel").click()
    assert saved_sheet(server.data_dir) == before  # nothing saved
    button(page, "Ann, 0 points").wait_for()  # the screen is still usable


@pytest.fixture
def prepared(tmp_path):
    """A data folder made before the server starts (the test shapes it first)."""
    server = Server(tmp_path / "data", tmp_path / "server.log")
    store = Store(server.data_dir)
    yield server, store
    server.stop()
    for path in (server.data_dir, server.data_dir / DB_NAME):
        if path.exists():
            path.chmod(0o755 if path.is_dir() else 0o644)


def write_sheet(store: Store, table_id: str, sheet: dict) -> None:
    """As an older version could have saved it: straight into the file."""
    with closing(sqlite3.connect(store.path)) as conn, conn:
        conn.execute("UPDATE tables SET score_sheet = ? WHERE id = ?",
                     (json.dumps(sheet), table_id))


def test_a_sheet_saved_out_of_range_opens_with_its_problems(prepared, page):
    server, store = prepared
    table = store.create_table("luna", "standard", LUNA)
    sheet = json.loads(luna_sheet("0"))
    sheet["players"][0]["influence"] = 10**4299  # 4,300 digits: an older version took it
    sheet["players"][1]["shrines"] = 10**7
    write_sheet(store, table.id, sheet)
    server.start()
    open_app(page, server.url)
    button(page, "Open Luna table: Ann, Ben").click()
    button(page, "Score").first.click()
    shows(page, re.compile(r"numbers here are at most 1,000,000")).wait_for()
    shots(page, "score-saved-out-of-range")
    # The field takes a number in range, and it is saved.
    field = count_field(page, "Influence")
    field.click()
    wait_for_editing(page)
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type("40")
    for _ in range(40):
        if json.loads(saved_sheet(server.data_dir)[0])["players"][0]["influence"] == 40:
            break
        page.wait_for_timeout(250)
    assert json.loads(saved_sheet(server.data_dir)[0])["players"][0]["influence"] == 40
    # Ben's Shrines are still out of range: shown at his field.
    button(page, re.compile(r"^Ben, ")).click()
    shows(page, re.compile(r"10000000, but numbers here are at most 1,000,000")).wait_for()
    shots(page, "score-saved-out-of-range-ben")


def test_results_of_a_sheet_saved_out_of_range(prepared, page):
    server, store = prepared
    table = store.create_table("luna", "standard", LUNA)
    sheet = json.loads(luna_sheet("0"))
    sheet["players"][0]["influence"] = 10**4299
    write_sheet(store, table.id, sheet)
    server.start()
    open_app(page, server.url + f"table/{table.id}/results")
    shows(page, re.compile(r"at most 1,000,000")).wait_for()
    shots(page, "results-saved-out-of-range")


def test_a_sheet_saved_with_the_wrong_kinds_gets_its_own_screen(prepared, page):
    server, store = prepared
    table = store.create_table("altar", "standard", ["Ann", "Ben", "Cy"])
    write_sheet(store, table.id, {"game": "altar", "end": "realm_completed", "players": [
        {"name": "Ann", "realms": 5}, {"name": "Ben", "realms": []},
        {"name": "Cy", "realms": "many"}]})
    server.start()
    open_app(page, server.url)
    button(page, re.compile("^Open Altar")).click()
    button(page, "Score").first.click()
    page.get_by_text("This score sheet cannot be shown").wait_for()
    shots(page, "score-saved-wrong-kinds")
    button(page, "Start the sheet again").click()
    button(page, re.compile(r"^Ann, ")).wait_for()
    assert saved_sheet(server.data_dir)[0] is None


def test_a_read_only_data_file_is_said_on_home(prepared, page):
    server, store = prepared
    store.create_table("luna", "standard", LUNA)
    path = server.data_dir / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    before = path.read_bytes()
    server.start()
    open_app(page, server.url)
    notice = shows(page, re.compile("The saved tables can be read but not changed: the data "
                                    "file is read-only"))
    notice.wait_for()
    shots(page, "home-read-only")
    # A change says so in view; nothing else happens.
    button(page, "Delete Luna table: Ann, Ben").click()
    button(page, "Delete", exact=True).click()
    shows(page, re.compile("Not saved: the saved tables can be read but not changed")).wait_for()
    shots(page, "home-read-only-not-saved")
    button(page, "Open Luna table: Ann, Ben").wait_for()
    assert path.read_bytes() == before
    log = server.log_path.read_text(errors="replace")
    assert "read-only" in log and str(path) in log  # the console names the path


def test_a_damaged_file_names_no_server_path(prepared, page):
    server, store = prepared
    path = server.data_dir / DB_NAME
    path.write_bytes(b"this is not a database " * 200)
    before = path.read_bytes()
    server.start()
    open_app(page, server.url)
    page.get_by_text("The saved tables cannot be opened").wait_for()
    shots(page, "store-error-damaged")
    text = page.locator("flt-semantics").all_inner_texts()
    labels = page.locator("flt-semantics[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert not any(str(server.data_dir) in t for t in [*text, *labels])
    assert path.read_bytes() == before
