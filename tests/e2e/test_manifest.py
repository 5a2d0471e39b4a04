"""What a phone's "Add to Home screen" takes from the web app: the
manifest served at the web root names the app and lists our icons, and every icon the
manifest and the page name is our file, byte for byte (not Flet's)."""

from __future__ import annotations

import json
import re
import struct
import urllib.parse
import urllib.request
from pathlib import Path

import flet_web

from companion.i18n import t
from companion.tools.make_icons import ASSETS, INDIGO

FLET_WEB = Path(flet_web.__file__).parent / "web"


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200, url
        return response.read()


def ours(url: str, path: str) -> bytes:
    body = get(urllib.parse.urljoin(url, path))
    # The page names the client's files under a versioned folder (companion/web/compressed.py).
    path = re.sub(r"^/v/[0-9a-f]+/", "", path).lstrip("/")
    assert body == (ASSETS / path).read_bytes(), path
    flets = FLET_WEB / path
    assert not flets.exists() or body != flets.read_bytes(), f"{path} is Flet's own"
    return body


def test_the_manifest_names_the_app_and_lists_our_icons(server):
    manifest = json.loads(get(server.url + "manifest.json"))
    assert manifest["name"] == manifest["short_name"] == t("app.title") == "Table Companion"
    assert manifest["description"] == t("app.tagline")
    assert manifest["theme_color"] == INDIGO
    assert manifest["display"] == "standalone"
    listed = {(icon["src"], icon["sizes"], icon.get("purpose", "any"))
              for icon in manifest["icons"]}
    for src, sizes, purpose in [("icons/icon-192.png", "192x192", "any"),
                                ("icons/icon-512.png", "512x512", "any"),
                                ("icons/icon-maskable-192.png", "192x192", "maskable"),
                                ("icons/icon-maskable-512.png", "512x512", "maskable")]:
        assert (src, sizes, purpose) in listed
    for icon in manifest["icons"]:
        body = ours(server.url, icon["src"])
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", body[16:24])
            assert icon["sizes"] == f"{width}x{height}"


def test_the_page_names_the_app_and_links_our_icons(server):
    page = get(server.url).decode()
    assert "<title>Table Companion</title>" in page
    assert '<meta name="apple-mobile-web-app-title" content="Table Companion">' in page
    links = dict(re.findall(r'<link rel="(icon|apple-touch-icon|manifest)"[^>]*href="([^"]+)"',
                            page))
    assert set(links) == {"icon", "apple-touch-icon", "manifest"}
    ours(server.url, links["icon"])
    ours(server.url, links["apple-touch-icon"])
    # shown while the client loads, before the app draws anything
    loading = re.search(r'src="((?:/v/[0-9a-f]+/)?icons/loading-animation\.png)"', page)
    assert loading, "the loading picture"
    ours(server.url, loading.group(1))
