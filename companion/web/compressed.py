"""The Flutter web client's files, compressed once and cached by the phones: a phone's
first visit downloads a fraction of the client's size, and a second one almost nothing.

``CompressedClient`` is ASGI middleware in front of Flet's app (companion/web/server.py):

- **Compressed once.** Every compressible file of flet_web's client folder and of our
  assets is compressed with brotli and gzip by one background thread into a cache
  folder (``data_folder.cache_dir``: ``COMPANION_CACHE_DIR``, else the per-user cache
  folder), named after the file's path, size and time, so it is done once per machine and
  version. The files a first visit needs go first, and a file a browser asks for moves
  to the front. Until its turn a file is served as it is.
- **Served the way the browser asks**: brotli where ``Accept-Encoding`` allows it, else
  gzip, else the plain file, always with ``Vary: Accept-Encoding``, a ``Content-Encoding``
  that says which, its own ``Content-Length``, ``ETag`` and ``Last-Modified``
  (``If-None-Match`` gets a 304).
- **Cached for a year, named anew for each version.** The client's files are not named
  after their content, so the page names them under ``/v/<digest>/``: a digest of every
  file's path, size and time. ``index.html`` (rewritten here to say so), the manifest and
  the service worker are ``no-cache`` (asked again each visit, 304 when unchanged); files
  under the current ``/v/<digest>/`` are ``immutable`` for a year. A new version of
  flet_web or of our assets gives a new digest, so no phone keeps an old client.
- **No request the client cannot use.** Flutter's font manifest lists the KaTeX fonts
  of Markdown's LaTeX, which the app never shows (downloaded on every first visit): they are
  left out. For a character it thinks no font covers, Flutter asks for a slice of Noto
  Sans CJK from ``fontFallbackBaseUrl``; flet_web ships none (two 404s on every visit),
  so CJK slices are redirected to the app's own Japanese font, Noto Sans to flet_web's
  Roboto, and other fallback fonts are a plain 404. The font manifest names the font's
  Latin subset, also in Roboto's place (a first visit in
  English carries no kana or kanji): the Japanese font comes the first time Japanese
  text is drawn, as such a slice, or from the first frame on a Japanese phone, whose page
  names it in the manifest instead (companion/web/web_page.js).

- **A start that waits for nothing.** ``flutter_bootstrap.js`` is served without its
  service worker settings, with which Flutter's loader waited for the worker before it
  loaded the client (companion/web/web_page.js registers it after the first screen), and
  the font manifest names the app's own font, loaded with the client's fonts.

Files Flet writes at start (index.html, manifest.json, assets/FontManifest.json) and
everything else (the WebSocket, uploads, routes) still come from Flet's app behind.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import mimetypes
import os
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import FileResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.storage.data_folder import cache_dir, write_cache_file

VERSIONED = "/v/"  # /v/<digest>/<path>: a file of this version of the client
FALLBACK_FONTS = "fallback-fonts/"  # under /v/<digest>/: Flutter's fontFallbackBaseUrl
BOOTSTRAP = "flutter_bootstrap.js"  # Flet's start of the client: served rewritten

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # the browser may keep it, but asks each time (304 if unchanged)

BROTLI_QUALITY = 9  # 11 saves a little more but takes several times as long on main.dart.wasm
BROTLI_WINDOW = 24  # the largest window: the big .wasm files gain a little
GZIP_LEVEL = 9
MIN_SIZE = 1024  # smaller files gain less than their headers
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".html", ".css", ".otf", ".ttf", ".txt",
                ".svg", ".bin", ".md", ""}  # "": NOTICES
NOT_SERVED_HERE = {"index.html", "manifest.json", "assets/FontManifest.json"}  # Flet's copies
SKIPPED = ("pyodide/",)  # Python in the browser: a served app never loads it
# Debugging aids nobody loads; served as they are if asked for.
NOT_COMPRESSED = (".symbols", ".map")
# What a first visit downloads (Chromium and Safari 18.2+: the wasm build), compressed first.
FIRST = ("main.dart.wasm", "canvaskit/skwasm.wasm", "assets/fonts/MaterialIcons-Regular.otf",
         "fonts/NotoSansJP-Latin.otf", "fonts/NotoSansJP-Subset.otf", "main.dart.mjs",
         "canvaskit/skwasm.js", "python.js", "assets/packages/cupertino_icons/assets/"
         "CupertinoIcons.ttf", "assets/AssetManifest.bin.json", "assets/NOTICES")
# Then the JavaScript build, for browsers without WebAssembly GC (older iPhones).
SECOND = ("main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/canvaskit.js")
# Font families of the manifest that the app never uses.
UNUSED_FONT_FAMILIES = ("packages/flutter_math_fork/",)
CJK_FALLBACK = re.compile(r"notosans(sc|tc|hk|jp|kr)/")
DEFAULT_FAMILY = "Roboto"  # Flutter's last family of every paragraph (flet_web ships it)
ROBOTO = "assets/fonts/roboto.woff2"  # flet_web's file of it
LATIN_FALLBACK = re.compile(r"notosans/")  # Noto Sans: Latin, Greek, Cyrillic

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")


def accepted(accept_encoding: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (q=0 refuses one).

    >>> sorted(accepted("gzip, deflate, br, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> sorted(accepted("gzip;q=1.0, br;q=0"))
    ['gzip']
    >>> sorted(accepted("*"))
    ['br', 'gzip']
    """
    codings: set[str] = set()
    refused: set[str] = set()
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        (codings if q > 0 else refused).add(name.strip())
    if "*" in codings:
        codings |= {"br", "gzip"} - refused
    return codings - refused - {"*", ""}


@dataclass(frozen=True)
class ClientFile:
    """One file of the client: where it is, and the names of its compressed copies."""

    rel: str
    path: Path
    size: int
    mtime: float
    key: str

    @property
    def compressible(self) -> bool:
        suffix = Path(self.rel).suffix.lower()
        return (self.size >= MIN_SIZE and suffix in COMPRESSIBLE
                and not self.rel.endswith(NOT_COMPRESSED))

    @property
    def media_type(self) -> str:
        return mimetypes.guess_type(self.rel)[0] or "application/octet-stream"


def catalogue(roots: Iterable[Path], version: str) -> dict[str, ClientFile]:
    """Every file under ``roots`` by its path in URLs; an earlier root wins (our assets
    over flet_web's, as in Flet)."""
    files: dict[str, ClientFile] = {}
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in names:
                path = Path(folder) / name
                rel = path.relative_to(root).as_posix()
                if rel in files or rel in NOT_SERVED_HERE or rel.startswith(SKIPPED):
                    continue
                st = path.stat()
                identity = f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\0{version}"
                files[rel] = ClientFile(rel, path, st.st_size, st.st_mtime,
                                        hashlib.sha256(identity.encode()).hexdigest()[:32])
    return files


def digest(files: dict[str, ClientFile], roots: Iterable[Path], version: str) -> str:
    """A short name for this version of the client: its files' paths, sizes and times,
    the sources of the files Flet rewrites, flet_web's version and this module (which
    rewrites some of them)."""
    h = hashlib.sha256(version.encode())
    h.update(hashlib.sha256(Path(__file__).read_bytes()).digest())
    for rel in sorted(files):
        h.update(f"{files[rel].key}\n".encode())
    for root in roots:
        for rel in sorted(NOT_SERVED_HERE):
            with contextlib.suppress(OSError):
                st = (root / rel).stat()
                h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:12]


class Compressor:
    """Compresses client files into ``folder`` on one background thread, at low
    priority: each file once (brotli and gzip), written under a temporary name and then
    renamed, so a half-written file is never served."""

    def __init__(self, folder: Path, files: Iterable[ClientFile]):
        self.folder = folder
        self.lock = threading.Lock()
        self.wake = threading.Condition(self.lock)
        self.done: set[str] = set()  # keys whose .br and .gz are on disk
        self.queue: list[ClientFile] = []
        self.usable = self._prepare()
        order = {rel: i for i, rel in enumerate(FIRST + SECOND)}
        for f in sorted(files, key=lambda f: (order.get(f.rel, len(order)), -f.size)):
            if self.usable and (folder / f"{f.key}.br").exists() and \
                    (folder / f"{f.key}.gz").exists():
                self.done.add(f.key)
            elif f.compressible:
                self.queue.append(f)
        self.idle = threading.Event()
        if not self.queue or not self.usable:
            self.idle.set()
            return
        threading.Thread(target=self._work, name="compress-client", daemon=True).start()

    def _prepare(self) -> bool:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for stale in self.folder.glob("*.tmp-*"):  # left by a process that was killed
                if time.time() - stale.stat().st_mtime > 3600:
                    stale.unlink(missing_ok=True)
            return os.access(self.folder, os.W_OK)
        except OSError:
            return False

    def path(self, f: ClientFile, coding: str) -> Path | None:
        """The compressed copy (``br`` or ``gzip``), or None while it is not made yet
        (then ``f`` moves to the front of the queue)."""
        if f.key in self.done:
            return self.folder / f"{f.key}.{'br' if coding == 'br' else 'gz'}"
        with self.lock:
            if f in self.queue and self.queue[0] is not f:
                self.queue.remove(f)
                self.queue.insert(0, f)
        return None

    def wait(self, timeout: float) -> bool:
        """Wait until every file is compressed (tests and the benchmark)."""
        return self.idle.wait(timeout)

    def _work(self) -> None:
        with contextlib.suppress(Exception):  # below the server's own threads
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        import brotli

        while True:
            with self.lock:
                if not self.queue:
                    self.idle.set()
                    return
                f = self.queue.pop(0)
            try:
                data = f.path.read_bytes()
                self._write(f, "gz", gzip.compress(data, GZIP_LEVEL, mtime=0))
                self._write(f, "br", brotli.compress(data, quality=BROTLI_QUALITY,
                                                     lgwin=BROTLI_WINDOW))
            except OSError:
                continue  # a full disk or a vanished file: that file is served plain
            self.done.add(f.key)

    def _write(self, f: ClientFile, suffix: str, data: bytes) -> None:
        write_cache_file(self.folder / f"{f.key}.{suffix}", data)


_compressors: dict[tuple[Path, str], Compressor] = {}
_compressors_lock = threading.Lock()


def compressor_for(folder: Path, files: dict[str, ClientFile], name: str) -> Compressor:
    """One compressor per cache folder and client version in a process."""
    with _compressors_lock:
        key = (folder, name)
        if key not in _compressors:
            _compressors[key] = Compressor(folder, files.values())
        return _compressors[key]


def _etag_matches(if_none_match: str, etag: str) -> bool:
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or etag in tags


class CompressedClient:
    """ASGI middleware: serves the client's files compressed and cached (module doc)."""

    def __init__(self, app: ASGIApp, roots: Iterable[Path], version: str,
                 cache: Path | None = None, cjk_font: str | None = None,
                 cjk_family: str | None = None, first_font: str | None = None,
                 page_script: str = ""):
        self.app = app
        self.roots = [Path(r) for r in roots]
        self.files = catalogue(self.roots, version)
        self.page_script = page_script  # added to index.html (companion/web/web_page.py)
        self.digest = digest(self.files, self.roots, version)
        if page_script:  # a changed script is a new page: its ETag must change
            self.digest = hashlib.sha256(f"{self.digest}{page_script}".encode()).hexdigest()[:12]
        self.prefix = f"{VERSIONED}{self.digest}/"
        folder = (cache or cache_dir()) / "web-client"
        on_disk = {rel: f for rel, f in self.files.items() if rel != BOOTSTRAP}  # rewritten
        self.compressor = compressor_for(folder, on_disk, self.digest)
        self.cjk_font = cjk_font  # the app's CJK font, a path under the assets
        self.cjk_family = cjk_family  # and its family's name, as the theme names it
        self.first_font = first_font or cjk_font  # the family's file in the font manifest
        self._small: dict[bytes, dict[str, bytes]] = {}  # rewritten pages, compressed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        versioned = False
        if path.startswith(VERSIONED):
            name, _, rest = path[len(VERSIONED):].partition("/")
            versioned = name == self.digest  # an old version's file: not for a year
            path = "/" + rest
            scope = dict(scope, path=path, raw_path=path.encode())
        rel = path.lstrip("/")
        headers = Headers(scope=scope)
        if rel.startswith(FALLBACK_FONTS):
            await self._fallback_font(rel[len(FALLBACK_FONTS):], scope, receive, send)
        elif rel == BOOTSTRAP and (f := self.files.get(rel)) is not None:
            await self._serve_bootstrap(f, versioned, headers, scope, send)
        elif (f := self.files.get(rel)) is not None:
            await self._serve_file(f, versioned, headers, scope, receive, send)
        else:
            await self._pass_on(versioned, rel, headers, scope, receive, send)

    def coding_for(self, f: ClientFile, headers: Headers) -> tuple[str, Path]:
        """The coding to send ``f`` in and the file that holds it."""
        if f.compressible:
            codings = accepted(headers.get("accept-encoding", ""))
            for coding in ("br", "gzip"):
                if coding in codings and (copy := self.compressor.path(f, coding)):
                    return coding, copy
        return "identity", f.path

    async def _serve_file(self, f: ClientFile, versioned: bool, headers: Headers,
                          scope: Scope, receive: Receive, send: Send) -> None:
        coding, source = self.coding_for(f, headers)
        etag = f'"{f.key[:16]}-{coding}"'
        reply = {"etag": etag, "last-modified": formatdate(f.mtime, usegmt=True),
                 "cache-control": IMMUTABLE if versioned else REVALIDATE}
        if f.compressible:
            reply["vary"] = "Accept-Encoding"
        if coding != "identity":
            reply["content-encoding"] = coding
            reply["accept-ranges"] = "none"  # ranges of the compressed bytes: not offered
            scope = dict(scope, headers=[(k, v) for k, v in scope["headers"]
                                         if k not in (b"range", b"if-range")])
        if _etag_matches(headers.get("if-none-match", ""), etag):
            response: Response = Response(status_code=304, headers=reply)
        else:
            response = FileResponse(source, headers=reply, media_type=f.media_type)
        await response(scope, receive, send)

    async def _serve_bootstrap(self, f: ClientFile, versioned: bool, headers: Headers,
                               scope: Scope, send: Send) -> None:
        start: Message = {"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"text/javascript; charset=utf-8"),
            (b"etag", f'"{f.key[:16]}"'.encode()),
            (b"cache-control", (IMMUTABLE if versioned else REVALIDATE).encode())]}
        await self._send_small(start, f.path.read_bytes(), BOOTSTRAP, headers,
                               scope["method"] == "HEAD", send)

    async def _fallback_font(self, rest: str, scope: Scope, receive: Receive,
                             send: Send) -> None:
        location = None
        if self.cjk_font and CJK_FALLBACK.match(rest):
            location = f"{self.prefix}{self.cjk_font}"  # where the font manifest has it
        elif self.first_font != self.cjk_font and LATIN_FALLBACK.match(rest) \
                and ROBOTO in self.files:
            # With the Latin subset in Roboto's place, a name's letters it lacks (Cyrillic
            # beyond Russian's, Latin Extended-B) are drawn with Roboto, fetched then.
            location = f"{self.prefix}{ROBOTO}"
        if location:
            response = Response(status_code=308, headers={"location": location,
                                                          "cache-control": IMMUTABLE})
        else:
            response = Response(status_code=404, headers={"cache-control": REVALIDATE})
        await response(scope, receive, send)

    async def _pass_on(self, versioned: bool, rel: str, headers: Headers, scope: Scope,
                       receive: Receive, send: Send) -> None:
        """Flet answers; we add the cache lifetime, and rewrite and compress the page and
        the font manifest (small: kept in memory once made)."""
        start: Message = {}
        body: list[bytes] = []
        rewritten = rel == "assets/FontManifest.json" or Path(rel).suffix in ("", ".html")
        if rewritten:  # our copies have ETags of their own: we answer If-None-Match
            scope = dict(scope, headers=[(k, v) for k, v in scope["headers"]
                                         if k != b"if-none-match"])

        async def send_rewritten(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                if message["status"] in (200, 304) and "cache-control" not in out:
                    out["cache-control"] = IMMUTABLE if versioned else REVALIDATE
                media = out.get("content-type", "")
                if rewritten and message["status"] == 200 and (
                        media.startswith("text/html") or media.startswith("application/json")):
                    start = message  # held until the whole body is here
                    return
                await send(message)
            elif message["type"] == "http.response.body" and start:
                body.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._send_small(start, b"".join(body), rel, headers,
                                           scope["method"] == "HEAD", send)
            else:
                await send(message)

        await self.app(scope, receive, send_rewritten)

    async def _send_small(self, start: Message, body: bytes, rel: str, headers: Headers,
                          head: bool, send: Send) -> None:
        out = MutableHeaders(scope=start)
        coding = next((c for c in ("br", "gzip")
                       if c in accepted(headers.get("accept-encoding", ""))), "identity")
        out["vary"] = "Accept-Encoding"
        out["etag"] = f'"{out.get("etag", "").strip(chr(34))}-{self.digest}-{coding}"'
        if _etag_matches(headers.get("if-none-match", ""), out["etag"]):
            del out["content-length"]
            del out["content-type"]
            await send({**start, "status": 304})
            await send({"type": "http.response.body", "body": b""})
            return
        if head:
            del out["content-length"]  # the rewritten length is not known without the body
            await send(start)
            await send({"type": "http.response.body", "body": b""})
            return
        variants = self._small.get(body)
        if variants is None:
            variants = self._variants(body, rel)
            if len(self._small) > 16:
                self._small.clear()
            self._small[body] = variants
        body = variants[coding]
        if coding != "identity":
            out["content-encoding"] = coding
        out["content-length"] = str(len(body))
        await send(start)
        await send({"type": "http.response.body", "body": body})

    def _variants(self, body: bytes, rel: str) -> dict[str, bytes]:
        import brotli

        if rel == "assets/FontManifest.json":
            plain = self.rewrite_font_manifest(body)
        elif rel == BOOTSTRAP:
            plain = self.rewrite_bootstrap(body)
        else:
            plain = self.rewrite_page(body)
        return {"identity": plain, "gzip": gzip.compress(plain, GZIP_LEVEL, mtime=0),
                "br": brotli.compress(plain, quality=11)}

    def rewrite_page(self, html: bytes) -> bytes:
        """index.html naming this version's files under ``/v/<digest>/``."""
        text = html.decode("utf-8")
        p = self.prefix
        text = re.sub(r'(flet\.(?:entrypointBaseUrl|assetBase|canvasKitBaseUrl)=")/',
                      rf"\1{p}", text)
        text = re.sub(r'flet\.fontFallbackBaseUrl="[^"]*"',
                      f'flet.fontFallbackBaseUrl="{p}{FALLBACK_FONTS}"', text)
        text = re.sub(r'(src|href)="((?:flutter_bootstrap|python)\.js|favicon\.png|icons/[^"]+)"',
                      rf'\1="{p}\2"', text)
        if self.page_script:
            text = text.replace("</head>", f"<script>\n{self.page_script}\n</script>\n</head>", 1)
        return text.encode("utf-8")

    @staticmethod
    def rewrite_bootstrap(script: bytes) -> bytes:
        """Flet's flutter_bootstrap.js without its service worker settings: with them
        Flutter's loader registers the worker and waits for it before it loads the
        client, whose files then came through the worker, and a first visit's start
        took longer. The page registers the worker once the first
        screen is drawn (companion/web/web_page.js)."""
        return re.sub(rb"\n[ \t]*serviceWorkerSettings:\s*\{[^{}]*\},?", b"", script, count=1)

    def rewrite_font_manifest(self, body: bytes) -> bytes:
        return font_manifest(body, self.first_font, self.cjk_font, self.cjk_family)


def font_manifest(body: bytes, first_font: str | None, cjk_font: str | None,
                  cjk_family: str | None) -> bytes:
    """Flutter's font manifest without the families the app never uses, with the
    app's own font (``first_font``: the file the client draws with first; ``cjk_font``:
    the whole font, which ``cjk_family`` names; paths under the assets)."""
    try:
        families = json.loads(body)
    except ValueError:
        return body
    kept = [f for f in families if isinstance(f, dict)
            and not str(f.get("family", "")).startswith(UNUSED_FONT_FAMILIES)]
    if first_font != cjk_font:
        # Flutter draws every paragraph with Roboto after its own families, and asks
        # for a CJK slice when none of those has a character. Some of the client's
        # paragraphs name no family of ours (an English Home asked for two slices
        # for 日本語 and ラトーロ): the Latin subset is Roboto too (it has Roboto's
        # scripts of names), fetched once for both.
        for family in kept:
            if family.get("family") == DEFAULT_FAMILY:
                family["fonts"] = [{"asset": f"../{first_font}"}]
    if cjk_family and cjk_font:
        # Loaded with the client's own fonts, before its first frame: from page.fonts
        # Flet loads it only once the first screen has come, and then draws it again
        # An asset's path is under assets/, ours beside it.
        kept.append({"family": cjk_family, "fonts": [{"asset": f"../{first_font}"}]})
    return json.dumps(kept, separators=(",", ":")).encode()
