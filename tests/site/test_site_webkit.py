"""The static site in WebKit, the engine of every browser on an iPhone (tests/site/webkit.py):
Home is drawn, and a table made there is still listed after a reload."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.site.webkit import webkit_available, webkit_driver
from tests.static_site import served

START = 180  # s: Pyodide's start and the app's imports in WebKit, on a loaded machine


@pytest.fixture(scope="module")
def webkit():
    if reason := webkit_available():
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def by_name(driver, start: str):
    """The first element of Flutter's accessibility tree whose name or text starts so."""
    from selenium.webdriver.common.by import By

    found = driver.find_elements(
        By.XPATH, f"//*[starts-with(normalize-space(@aria-label), '{start}') or "
        f"starts-with(normalize-space(text()), '{start}')]")
    return found[0] if found else None


def wait_for(driver, start: str):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, START, poll_frequency=0.25).until(
        lambda d: by_name(d, start), f"{start!r} never shown")


def tap(driver, element) -> None:
    """A tap as a screen reader makes it: Flutter's accessibility node takes the click."""
    driver.execute_script("arguments[0].click()", element)


def open_app(driver, url: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    WebDriverWait(driver, START, poll_frequency=0.25).until(lambda d: d.execute_script(
        "const p = document.querySelector('flt-semantics-placeholder');"
        "if (p) p.click(); return !!document.querySelector('flt-semantics');"))


def test_home_draws_and_a_table_made_survives_a_reload(webkit, static_site, tmp_path):
    with served(static_site) as url, webkit_driver(tmp_path / "profile") as driver:
        driver.set_window_size(390, 844)
        open_app(driver, url)
        wait_for(driver, "Start a new table")
        tap(driver, wait_for(driver, "Luna"))
        tap(driver, wait_for(driver, "Create table"))
        wait_for(driver, "Players")

        driver.refresh()
        open_app(driver, url)
        wait_for(driver, "Open Luna table")
        driver.save_screenshot(str(artifacts() / "site-webkit-home.png"))


def artifacts() -> Path:
    folder = Path(__file__).parents[1] / "e2e" / "artifacts"
    folder.mkdir(exist_ok=True)
    return folder
