"""What ``python -m companion.site`` writes (tests/static_site.py builds it once a run): a page
that loads Pyodide from the site itself, an app archive the browser's Python starts from
with no package index, compiled for that Python as its standard library is, and a service
worker that knows every file by its hash."""

from __future__ import annotations

import json
import re
import tarfile
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from companion.tools import static_site
from companion.tools.static_site import (
    NOT_RUN,
    BuildError,
    browser_environment,
    browser_requirements,
    compiled,
    needed_names,
    python_started_early,
    runtime_preloaded,
)


def test_the_page_runs_python_from_the_site_with_hash_routes(static_site):
    html = (static_site / "index.html").read_text(encoding="utf-8")
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in html
    assert 'flet.routeUrlStrategy="hash"' in html and "flet.pyodide = true" in html
    assert "cdn.jsdelivr" not in html and "navigator.storage.persist()" in html
    assert re.search(r'flet\.siteBuild = "[0-9a-f]{16}"', html)
    bootstrap = (static_site / "flutter_bootstrap.js").read_text(encoding="utf-8")
    assert 'serviceWorkerUrl: "flutter_service_worker.js?v=" + flet.siteBuild' in bootstrap


def test_the_worker_knows_every_file_of_the_site_by_its_hash(static_site):
    site = static_site
    worker = (site / "flutter_service_worker.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\{.*?\});", worker)[1])
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(files) == on_disk - {"flutter_service_worker.js"}
    assert "__" not in worker.split("const BASE")[0].replace("__FILES__", "")  # all filled in


def test_the_archive_starts_without_a_package_index(static_site):
    with tarfile.open(static_site / "app.tar.gz") as tar:
        names = tar.getnames()
    assert "main.py" in names and "site_version.json" in names
    assert "pyproject.toml" not in names and "requirements.txt" not in names
    assert any(n.startswith("assets/rulebooks/") for n in names)
    assert any(re.match(r"__pypackages__/pydantic_core/.*wasm32-emscripten\.so$", n) for n in names)
    packages = {n.split("/")[1] for n in names if n.startswith("__pypackages__/")}
    assert {"flet", "flet_charts", "pydantic", "msgpack", "segno", "platformdirs"} <= packages
    # what only a computer needs: the server, the desktop window, compression, Flet's CLI
    assert not packages & {"brotli", "uvicorn", "flet_web", "flet_desktop", "flet_cli",
                           "httpx", "oauthlib"}
    assert not any(n.startswith(("companion/tools/", "tests/")) for n in names)


def test_the_python_is_compiled_for_the_browser_and_only_what_runs_is_there(static_site):
    with tarfile.open(static_site / "app.tar.gz") as tar:
        names = tar.getnames()
    assert [n for n in names if n.endswith(".py")] == ["main.py"]  # run by its path
    assert {"companion/__main__.pyc", "scorers/__init__.pyc",
            "__pypackages__/flet/__init__.pyc"} <= set(names)
    assert any(n.startswith("companion/i18n/") and n.endswith(".json") for n in names)
    assert not any(NOT_RUN.match(n.removeprefix("__pypackages__/")) for n in names)
    assert "__pypackages__/pydantic-2.14.4.dist-info/licenses/LICENSE" in names
    with zipfile.ZipFile(static_site / "pyodide" / "python_stdlib.zip") as stdlib:
        modules = [n for n in stdlib.namelist() if n.endswith((".py", ".pyc"))]
    assert "asyncio/__init__.pyc" in modules and not any(n.endswith(".py") for n in modules)
    worker = (static_site / "python-worker.js").read_text(encoding="utf-8")
    assert "extraction_filter = staticmethod(tarfile.fully_trusted_filter)" in worker


def test_the_python_worker_starts_pyodide_and_unpacks_the_app_as_the_page_opens(static_site):
    page = (static_site / "python.js").read_text(encoding="utf-8")
    assert "app.worker = takeEarlyWorker() || new Worker(" in page
    assert 'controller.scriptURL.endsWith("?v=" + flet.siteBuild)' in page  # this build's
    worker = (static_site / "python-worker.js").read_text(encoding="utf-8")
    assert "self.pyodide = await (self.pyodideLoading || self.loadRuntime(" in worker
    assert worker.count("await import(") == 1  # Flet's own load of Pyodide is replaced
    assert worker.index("event.data.preload") < worker.index("// run only once")
    # the archive unpacked at "preload" is not downloaded again at the app's start
    assert 'if "script" not in py_args and app_package_url == flet_js.unpacked_archive:' \
        in worker
    # and what main.py imports is imported then too
    assert "import before_main" in worker
    with tarfile.open(static_site / "app.tar.gz") as tar:
        assert "before_main.pyc" in tar.getnames()


def test_every_compiled_extension_in_the_archive_is_imported_first(static_site):
    """The browser's Python imports the packages with compiled extensions before the rest
    (companion/__main__.py, ``EXTENSIONS_FIRST``): the list names each such package of the
    archive, and only those."""
    from companion.__main__ import EXTENSIONS_FIRST

    with tarfile.open(static_site / "app.tar.gz") as tar:
        extensions = [n for n in tar.getnames() if n.endswith(".so")]
    packages = {n.removeprefix("__pypackages__/").split("/")[0] for n in extensions}
    assert packages == set(EXTENSIONS_FIRST), extensions


def test_a_flet_whose_page_scripts_changed_fails_the_build_by_name():
    with pytest.raises(BuildError, match="Flet's client changed"):
        python_started_early("globalThis.jsConnect = async function () {};")
    with pytest.raises(BuildError, match="Flet's client changed"):
        runtime_preloaded("self.onmessage = async (event) => {\n};")


def pyodide_folder() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir()) / "pyodide"


MEMBERS = [("main.py", b"import pkg\n"), ("pkg/__init__.py", b'"""A doc."""\nX = 1\n'),
           ("pkg/data.json", b"{}")]


def test_the_same_sources_compile_to_the_same_bytes(tmp_path):
    first = compiled(MEMBERS, pyodide_folder(), tmp_path / "one", cache=tmp_path / "cache-1")
    assert [name for name, _ in first] == ["main.py", "pkg/__init__.pyc", "pkg/data.json"]
    assert first[0][1] == b"import pkg\n" and first[2][1] == b"{}"
    assert b"A doc." not in first[1][1]  # no docstrings outside Flet
    again = compiled(MEMBERS, pyodide_folder(), tmp_path / "two", cache=tmp_path / "cache-2")
    assert again == first


def test_bytecode_compiled_before_is_taken_from_the_cache_and_a_change_is_compiled(
        tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    first = compiled(MEMBERS, pyodide_folder(), tmp_path / "one", cache=cache)
    assert len(list(cache.rglob("*.pyc"))) == 1  # pkg/__init__.py (main.py stays a source)

    def no_node(*args):
        raise AssertionError("compiled again")

    with monkeypatch.context() as patched:
        patched.setattr(static_site, "compile_with_node", no_node)
        assert compiled(MEMBERS, pyodide_folder(), tmp_path / "two", cache=cache) == first
        # the same source at another path is another module (its path is in its bytecode)
        with pytest.raises(AssertionError, match="compiled again"):
            compiled([("other/__init__.py", MEMBERS[1][1])], pyodide_folder(),
                     tmp_path / "three", cache=cache)
    changed = [*MEMBERS[:1], ("pkg/__init__.py", b"X = 2\n"), *MEMBERS[2:]]
    now = compiled(changed, pyodide_folder(), tmp_path / "four", cache=cache)
    assert now[1][0] == "pkg/__init__.pyc" and now[1][1] != first[1][1]
    assert len(list(cache.rglob("*.pyc"))) == 2


def test_a_module_the_browser_cannot_compile_fails_the_build_by_name(tmp_path):
    with pytest.raises(BuildError, match=r"pkg/broken\.py: SyntaxError"):
        compiled([("main.py", b""), ("pkg/broken.py", b"def (:\n")], pyodide_folder(),
                 tmp_path / "app", cache=tmp_path / "cache")


def wheel(folder, name: str, *requires: str):
    path = folder / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}-1.0.dist-info/METADATA", "Name: " + name + "\n" + "".join(
            f"Requires-Dist: {r}\n" for r in requires))
    return path


def test_what_only_a_computer_needs_is_left_out(tmp_path):
    env = browser_environment({"python": "3.14"})
    names = {r.name for r in browser_requirements({"python": "3.14"})}
    assert {"flet", "flet-charts", "pydantic"} <= names and not names & {"brotli"}
    wheels = {"flet": wheel(tmp_path, "flet", 'oauthlib>=3; platform_system != "Emscripten"',
                            "msgpack>=1.1", 'typing-extensions; python_version < "3.11"'),
              "msgpack": wheel(tmp_path, "msgpack"), "oauthlib": wheel(tmp_path, "oauthlib"),
              "typing-extensions": wheel(tmp_path, "typing_extensions")}
    assert needed_names([Requirement("flet==1.0.5")], wheels, env) == {"flet", "msgpack"}
