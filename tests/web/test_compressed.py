"""The web client served compressed and cached (companion/web/compressed.py).

Most tests serve a small client folder made here through ``CompressedClient`` in this
process (starlette's Http); the last ones ask the real `python -m companion --web`
for flet_web's own files. httpx undoes the compression, so a body equal to the file
means the coding named in ``Content-Encoding`` is the one used.
"""

from __future__ import annotations

import gzip
import json
import re
import time
import urllib.request
from pathlib import Path

import brotli
import httpx
import pytest
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse

from companion.web import compressed
from companion.web.compressed import IMMUTABLE, REVALIDATE, CompressedClient, accepted
from tests.run_async import run
from tests.web.test_server import Companion

WASM = b"".join(b"(func $f%d (param i32) (result i32) local.get 0)\n" % i for i in range(2000))
JS = b"function hello(name) { return 'hello ' + name; }\n" * 200
PNG = bytes(range(256)) * 20  # not compressible: served as it is
PAGE = """<!DOCTYPE html><html><head><base href="/">
<link rel="icon" type="image/png" href="favicon.png" />
<script>
flet.canvasKitBaseUrl="/canvaskit/";
flet.fontFallbackBaseUrl="assets/fonts/";
flet.entrypointBaseUrl="/";
flet.assetBase="/";
</script>
<link rel="manifest" href="manifest.json">
<script src="python.js"></script></head>
<body><img src="icons/loading-animation.png" alt="" />
<script src="flutter_bootstrap.js" async></script></body></html>"""
# The end of Flet's flutter_bootstrap.js (flet_web 1.0.5), its loader's settings.
BOOTSTRAP = b"""_flutter.loader.load({
    config: flutterConfig,
    serviceWorkerSettings: {
        serviceWorkerVersion: "1804020039" /* Flutter's service worker is deprecated. */,
    },
    onEntrypointLoaded: async function (engineInitializer) {
        const engine = await engineInitializer.initializeEngine(flutterConfig);
    }
});
""" + JS
FONTS = [{"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
         {"family": "packages/flutter_math_fork/KaTeX_Main",
          "fonts": [{"asset": "packages/flutter_math_fork/lib/katex_fonts/fonts/K.ttf"}]},
         {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}]


async def flet_like(scope, receive, send):
    """What Flet's app answers for what CompressedClient passes on."""
    path = scope["path"]
    if path in ("/", "/index.html", "/table/1/play"):
        response = HTMLResponse(PAGE, headers={"etag": '"abc"'})
    elif path == "/assets/FontManifest.json":
        response = JSONResponse(FONTS)
    elif path == "/manifest.json":
        response = JSONResponse({"name": "Table Companion"})
    else:
        response = PlainTextResponse("not found", status_code=404)
    await response(scope, receive, send)


class Http:
    """httpx against the ASGI app in this process, one request at a time."""

    def __init__(self, app):
        self.app = app

    def get(self, url: str, headers=None, follow_redirects: bool = True) -> httpx.Response:
        async def one() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
                return await c.get(url, headers=headers, follow_redirects=follow_redirects)

        return run(one())


@pytest.fixture
def client_dir(tmp_path):
    web = tmp_path / "web"
    (web / "canvaskit").mkdir(parents=True)
    (web / "icons").mkdir()
    (web / "main.dart.wasm").write_bytes(WASM)
    (web / "flutter_bootstrap.js").write_bytes(BOOTSTRAP)
    (web / "main.dart.mjs").write_bytes(JS)
    (web / "icons" / "icon.png").write_bytes(PNG)
    (web / "tiny.js").write_bytes(b"var a = 1;\n")
    (web / "canvaskit" / "skwasm.js.symbols").write_bytes(JS)
    (web / "index.html").write_text("Flet serves its own copy", encoding="utf-8")
    return web


@pytest.fixture
def served(client_dir, tmp_path):
    app = CompressedClient(flet_like, roots=[client_dir], version="1.0.5",
                           cache=tmp_path / "cache", cjk_font="fonts/NotoSansJP-Subset.otf",
                           cjk_family="NotoSansJP")
    assert app.compressor.wait(60), "the files were not compressed"
    yield app, Http(app)


def test_accept_encoding_is_read_with_its_q_values():
    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("gzip;q=1.0, br;q=0") == {"gzip"}
    assert accepted("br;q=0.5, gzip;q=0.8") == {"br", "gzip"}
    assert accepted("*;q=1, br;q=0") == {"gzip"}
    assert accepted("identity") == {"identity"}
    assert accepted("") == set()


def test_brotli_where_the_browser_takes_it(served):
    app, http = served
    r = http.get(f"{app.prefix}main.dart.wasm", headers={"Accept-Encoding": "gzip, br"})
    assert r.status_code == 200 and r.content == WASM
    assert r.headers["content-encoding"] == "br"
    assert r.headers["vary"] == "Accept-Encoding"
    assert r.headers["content-type"] == "application/wasm"
    assert int(r.headers["content-length"]) == len(brotli.compress(WASM, quality=9, lgwin=24))
    assert int(r.headers["content-length"]) < len(WASM) / 5
    assert r.headers["cache-control"] == IMMUTABLE
    assert r.headers["etag"] and r.headers["last-modified"]


def test_gzip_where_brotli_is_not_taken(served):
    app, http = served
    r = http.get(f"{app.prefix}main.dart.mjs", headers={"Accept-Encoding": "gzip"})
    assert r.content == JS
    assert r.headers["content-encoding"] == "gzip"
    assert r.headers["vary"] == "Accept-Encoding"
    assert int(r.headers["content-length"]) == len(gzip.compress(JS, 9, mtime=0))


@pytest.mark.parametrize("accept", ["identity", "br;q=0, gzip;q=0", "deflate"])
def test_the_plain_file_where_neither_is_taken(served, accept):
    app, http = served
    r = http.get(f"{app.prefix}main.dart.wasm", headers={"Accept-Encoding": accept})
    assert r.content == WASM
    assert "content-encoding" not in r.headers
    assert r.headers["vary"] == "Accept-Encoding"  # another browser may get another coding
    assert int(r.headers["content-length"]) == len(WASM)


def test_files_not_worth_compressing_are_sent_as_they_are(served):
    app, http = served
    for name, body in [("icons/icon.png", PNG), ("tiny.js", b"var a = 1;\n"),
                       ("canvaskit/skwasm.js.symbols", JS)]:
        r = http.get(f"{app.prefix}{name}", headers={"Accept-Encoding": "br, gzip"})
        assert r.content == body and "content-encoding" not in r.headers, name


def test_each_coding_has_its_own_etag_and_a_repeat_visit_gets_304(served):
    app, http = served
    url = f"{app.prefix}main.dart.wasm"
    tags = {coding: http.get(url, headers={"Accept-Encoding": coding}).headers["etag"]
            for coding in ("br", "gzip", "identity")}
    assert len(set(tags.values())) == 3
    again = http.get(url, headers={"Accept-Encoding": "br", "If-None-Match": tags["br"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["cache-control"] == IMMUTABLE
    other = http.get(url, headers={"Accept-Encoding": "br", "If-None-Match": tags["gzip"]})
    assert other.status_code == 200


def test_only_this_versions_files_are_kept_for_a_year(served):
    app, http = served
    assert http.get("/main.dart.wasm").headers["cache-control"] == REVALIDATE
    old = http.get("/v/0123456789ab/main.dart.wasm")
    assert old.status_code == 200 and old.content == WASM
    assert old.headers["cache-control"] == REVALIDATE


def test_the_page_names_this_versions_files_and_is_asked_for_each_visit(served):
    app, http = served
    for path in ("/", "/index.html", "/table/1/play"):
        r = http.get(path, headers={"Accept-Encoding": "br"})
        assert r.headers["cache-control"] == REVALIDATE
        assert r.headers["content-encoding"] == "br" and r.headers["vary"] == "Accept-Encoding"
        page = r.text
        p = app.prefix
        assert f'flet.entrypointBaseUrl="{p}";' in page
        assert f'flet.assetBase="{p}";' in page
        assert f'flet.canvasKitBaseUrl="{p}canvaskit/";' in page
        assert f'flet.fontFallbackBaseUrl="{p}fallback-fonts/";' in page
        for name in ("python.js", "flutter_bootstrap.js", "favicon.png",
                     "icons/loading-animation.png"):
            assert f'="{p}{name}"' in page
        assert 'href="manifest.json"' in page  # the manifest stays where browsers look
    r = http.get("/", headers={"Accept-Encoding": "br"})
    again = http.get("/", headers={"Accept-Encoding": "br", "If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    plain = http.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.headers["etag"] != r.headers["etag"]
    assert int(plain.headers["content-length"]) == len(plain.content)


def test_the_manifest_is_asked_for_each_visit(served):
    _, http = served
    r = http.get("/manifest.json")
    assert r.json() == {"name": "Table Companion"}
    assert r.headers["cache-control"] == REVALIDATE


def test_the_font_manifest_leaves_out_fonts_the_app_never_uses(served):
    app, http = served
    r = http.get(f"{app.prefix}assets/FontManifest.json", headers={"Accept-Encoding": "gzip"})
    assert [f["family"] for f in r.json()] == ["MaterialIcons", "Roboto", "NotoSansJP"]
    assert r.headers["cache-control"] == IMMUTABLE
    # The app's own font is loaded with the client's, from beside its assets/ folder
    # (Flutter asks for assets/<asset>): where the app's assets are served.
    assert r.json()[-1]["fonts"] == [{"asset": "../fonts/NotoSansJP-Subset.otf"}]


def test_cjk_fallback_fonts_are_the_apps_own_and_others_are_missing(served):
    app, http = served
    slice_ = "notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7Jjxkk.119.woff2"
    r = http.get(f"{app.prefix}fallback-fonts/{slice_}", follow_redirects=False)
    assert r.status_code == 308
    assert r.headers["location"] == f"{app.prefix}fonts/NotoSansJP-Subset.otf"  # as loaded
    assert r.headers["cache-control"] == IMMUTABLE
    emoji = http.get(f"{app.prefix}fallback-fonts/notocoloremoji/v32/x.0.woff2")
    assert emoji.status_code == 404


def test_the_font_manifest_names_the_latin_subset_and_japanese_comes_as_a_fallback(
        client_dir, tmp_path):
    (client_dir / "assets" / "fonts").mkdir(parents=True, exist_ok=True)
    (client_dir / "assets" / "fonts" / "roboto.woff2").write_bytes(b"wOF2" + bytes(2000))
    # A first visit in English draws with the Latin subset; Japanese text drawn later
    # asks for a CJK slice, which is the Japanese font.
    app = CompressedClient(flet_like, roots=[client_dir], version="1.0.5",
                           cache=tmp_path / "cache", cjk_font="fonts/NotoSansJP-Subset.otf",
                           cjk_family="NotoSansJP", first_font="fonts/NotoSansJP-Latin.otf")
    assert app.compressor.wait(60), "the files were not compressed"
    http = Http(app)
    fonts = {f["family"]: f["fonts"] for f in
             http.get(f"{app.prefix}assets/FontManifest.json").json()}
    # Also in place of Roboto, the family Flutter draws every paragraph with last.
    assert fonts["NotoSansJP"] == fonts["Roboto"] == [{"asset": "../fonts/NotoSansJP-Latin.otf"}]
    slice_ = "notosansjp/v53/-F6jfjtqLzI2JPCgQBnw7HFyzSD-AsregP8VFBEj75vY0rw-oME.88.woff2"
    r = http.get(f"{app.prefix}fallback-fonts/{slice_}", follow_redirects=False)
    assert r.status_code == 308
    assert r.headers["location"] == f"{app.prefix}fonts/NotoSansJP-Subset.otf"
    # A name's letters the Latin subset lacks (Ukrainian Ґ): Noto Sans is flet_web's Roboto.
    r = http.get(f"{app.prefix}fallback-fonts/notosans/v37/o-0mIpQlx3QUlC5A4PNB6Ryti20_6n1i"
                 "PHjcz6L1SoM-jCpoiyD9A99Y41P6zHtY.woff2", follow_redirects=False)
    assert r.status_code == 308
    assert r.headers["location"] == f"{app.prefix}assets/fonts/roboto.woff2"


def test_the_clients_loader_does_not_wait_for_the_service_worker(served):
    """Flutter's loader registers a service worker and waits for it before it loads the
    client when the bootstrap has its settings: the page registers ours later."""
    app, http = served
    r = http.get(f"{app.prefix}flutter_bootstrap.js", headers={"Accept-Encoding": "br"})
    assert r.headers["content-encoding"] == "br"
    assert r.headers["cache-control"] == IMMUTABLE
    assert b"serviceWorkerSettings" not in r.content
    assert r.content == BOOTSTRAP.replace(BOOTSTRAP[BOOTSTRAP.index(b"\n    service"):
                                                    BOOTSTRAP.index(b"\n    onEntry")], b"")
    again = http.get(f"{app.prefix}flutter_bootstrap.js",
                     headers={"Accept-Encoding": "br", "If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    plain = http.get("/flutter_bootstrap.js", headers={"Accept-Encoding": "identity"})
    assert plain.content == r.content and plain.headers["cache-control"] == REVALIDATE
    assert int(plain.headers["content-length"]) == len(plain.content)


def test_flet_webs_own_bootstrap_loses_its_service_worker_settings():
    import flet_web

    script = (Path(flet_web.get_package_web_dir()) / "flutter_bootstrap.js").read_bytes()
    settings = b"serviceWorkerSettings: {"  # the loader's own code names it too, minified
    assert settings in script  # what a newer flet_web may change
    rewritten = CompressedClient.rewrite_bootstrap(script)
    assert settings not in rewritten
    loader = b"_flutter.loader.load({\n    config: flutterConfig,\n    onEntrypointLoaded"
    assert loader in rewritten


def test_a_second_server_finds_the_files_already_compressed(client_dir, tmp_path, served):
    first, _ = served
    compressed._compressors.clear()  # as a new process would start
    again = CompressedClient(flet_like, roots=[client_dir], version="1.0.5",
                             cache=tmp_path / "cache")
    assert again.digest == first.digest
    assert again.compressor.queue == [] and len(again.compressor.done) == 2


def test_a_new_version_of_a_file_gets_a_new_digest(client_dir, tmp_path, served):
    first, _ = served
    (client_dir / "flutter_bootstrap.js").write_bytes(JS + b"// 1.0.6\n")
    newer = CompressedClient(flet_like, roots=[client_dir], version="1.0.5",
                             cache=tmp_path / "cache")
    assert newer.digest != first.digest
    assert newer.compressor.wait(60)
    r = Http(newer).get(f"{newer.prefix}flutter_bootstrap.js",
                        headers={"Accept-Encoding": "br"})
    assert r.content.endswith(b"// 1.0.6\n") and r.headers["content-encoding"] == "br"


def test_an_unwritable_cache_serves_the_plain_files(client_dir, tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    app = CompressedClient(flet_like, roots=[client_dir], version="1.0.5", cache=blocked)
    r = Http(app).get(f"{app.prefix}main.dart.wasm", headers={"Accept-Encoding": "br"})
    assert r.content == WASM and "content-encoding" not in r.headers


# --- the real server --------------------------------------------------------------------


def fetch(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as r:
        return r.status, r.headers, r.read()


def test_the_real_server_sends_flets_client_compressed(tmp_path):
    c = Companion(tmp_path)
    try:
        base = f"http://127.0.0.1:{c.port}"
        status, headers, page = fetch(base + "/", **{"Accept-Encoding": "identity"})
        assert headers["Cache-Control"] == REVALIDATE
        prefix = re.search(r'flet\.entrypointBaseUrl="(/v/[0-9a-f]{12}/)"', page.decode())[1]
        url = f"{base}{prefix}main.dart.mjs"
        deadline = time.monotonic() + 180  # compressed in the background, first visit first
        while True:
            _, headers, body = fetch(url, **{"Accept-Encoding": "gzip, deflate, br"})
            if headers["Content-Encoding"] == "br" or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert headers["Content-Encoding"] == "br"
        assert headers["Vary"] == "Accept-Encoding"
        assert headers["Cache-Control"] == IMMUTABLE
        assert int(headers["Content-Length"]) == len(body) < 20_000  # 62 KB as it is
        # The headers every response has (companion/web/server.py): isolation and no framing.
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        assert headers["X-Frame-Options"] == "DENY"
        assert "Access-Control-Allow-Origin" not in headers
        _, plain_headers, plain = fetch(url, **{"Accept-Encoding": "identity"})
        assert plain_headers["Content-Encoding"] is None and brotli.decompress(body) == plain
        _, manifest_headers, fonts = fetch(f"{base}{prefix}assets/FontManifest.json")
        assert "KaTeX" not in fonts.decode() and "MaterialIcons" in fonts.decode()
        assert manifest_headers["Cache-Control"] == IMMUTABLE
        assert json.loads(fonts)
    finally:
        c.stop()
