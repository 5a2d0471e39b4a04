"""WebKit (as on iPhones) runs what the site needs: a module worker that imports a module, and
IndexedDB that keeps a value across a page reload (tests/site/webkit.py)."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.site.webkit import webkit_available, webkit_driver

PAGE = """<!doctype html><meta charset="utf-8"><title>smoke</title>
<script type="module">
const worker = new Worker("worker.js", {type: "module"});
worker.onmessage = (event) => { window.workerAnswer = event.data; };
worker.onerror = (event) => { window.workerAnswer = "error: " + event.message; };
const opened = new Promise((resolve, reject) => {
  const request = indexedDB.open("smoke", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("kv");
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const run = (mode, use) => opened.then((db) => new Promise((resolve, reject) => {
  const transaction = db.transaction("kv", mode);
  const request = use(transaction.objectStore("kv"));
  transaction.oncomplete = () => resolve(request.result ?? null);
  transaction.onerror = () => reject(transaction.error);
}));
window.kv = {
  put: (key, value) => run("readwrite", (store) => store.put(value, key)),
  get: (key) => run("readonly", (store) => store.get(key)),
};
</script>"""
WORKER = 'const {answer} = await import("./answer.js");\nself.postMessage(answer);\n'
ANSWER = "export const answer = 42;\n"
# execute_async_script: its last argument is the callback that ends it.
CALL = "const done = arguments[arguments.length - 1]; {}.then(done, (e) => done('error: ' + e));"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(folder))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()


def test_a_module_worker_runs_and_indexeddb_keeps_a_value_across_a_reload(tmp_path):
    if reason := webkit_available():
        if os.environ.get("CI"):
            pytest.fail(f"WebKit is required under CI: {reason}")
        pytest.skip(reason)
    from selenium.webdriver.support.ui import WebDriverWait

    for name, text in {"index.html": PAGE, "worker.js": WORKER, "answer.js": ANSWER}.items():
        (tmp_path / name).write_text(text)
    with served(tmp_path) as url, webkit_driver() as driver:
        wait = WebDriverWait(driver, 30)
        driver.get(url)
        assert wait.until(lambda d: d.execute_script("return window.workerAnswer")) == 42
        assert driver.execute_async_script(CALL.format("kv.get('kept')")) is None
        driver.execute_async_script(CALL.format("kv.put('kept', 'a value')"))
        driver.refresh()
        wait.until(lambda d: d.execute_script("return window.kv !== undefined"))
        assert driver.execute_async_script(CALL.format("kv.get('kept')")) == "a value"
