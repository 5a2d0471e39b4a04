"""The script added to the web client's page (companion/web/web_page.js): larger text, the
phone's pass in a cookie, the "reconnecting" banner, the offline service worker, the phone's time
zone, the Japanese font only where Japanese is read, and keeping the screen on where the
Wake Lock API is not offered."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.assets_folder import FONT_FAMILY, FONT_FILE, LATIN_FONT_FILE
from companion.i18n import LANGUAGE_KEY, LANGUAGES, speaking, t
from companion.i18n.local_time import ZONE_KEY
from companion.web.access import PASS_COOKIE

SCRIPT = Path(__file__).with_name("web_page.js")
WORKER = "flutter_service_worker.js"  # assets/: ours in place of flet_web's
# A script address the browser fails at once, asking nobody: Rive's runtime, which a CDN
# would have served, is then missing, as when a table's Wi-Fi has no internet.
NO_REQUEST = "about:invalid"
# Where the app keeps a phone's pass (companion/ui/views/access_code.py, STORAGE_KEY): the
# script copies it into a cookie (``PASS_COOKIE``).
PASS_STORAGE_KEY = "table_companion.access_code"
LARGER_TEXT_PERCENT = 130  # of the browser's own text size: Settings, "Larger text"
# NoSleep.js's video (MIT, its licence beside it), under the assets: the first the
# browser can play is played.
KEEP_AWAKE_VIDEOS = [{"src": "keep_awake/no-sleep.webm", "type": "video/webm"},
                     {"src": "keep_awake/no-sleep.mp4", "type": "video/mp4"}]


def worker_url(web_dir: Path) -> str:
    """The service worker's URL exactly as Flutter's loader registers it (with its
    ``?v=``): the same URL keeps one registration instead of two replacing each other."""
    try:
        bootstrap = (web_dir / "flutter_bootstrap.js").read_text(encoding="utf-8")
    except OSError:
        return f"/{WORKER}"
    found = re.search(r'serviceWorkerVersion:\s*"([^"]+)"', bootstrap)
    return f"/{WORKER}?v={found[1]}" if found else f"/{WORKER}"


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def page_script(web_dir: Path, offline: bool = True) -> str:
    """The script, with its words in every language (the phone picks its own)."""
    texts = {}
    for language in LANGUAGES:
        with speaking(language):
            texts[language] = {"reconnecting": t("app.reconnecting"),
                               "blank": t("app.reconnecting_blank")}
    return (SCRIPT.read_text(encoding="utf-8")
            .replace("__TEXTS__", _js(texts))
            # SharedPreferences on the web: localStorage, "flutter." before the key.
            .replace("__LANGUAGE_KEY__", _js(f"flutter.{LANGUAGE_KEY}"))
            .replace("__WORKER__", _js(worker_url(web_dir) if offline else ""))
            .replace("__LARGER_PERCENT__", str(LARGER_TEXT_PERCENT))
            .replace("__PASS_KEY__", _js(f"flutter.{PASS_STORAGE_KEY}"))
            .replace("__PASS_COOKIE__", _js(PASS_COOKIE))
            .replace("__ZONE_KEY__", _js(f"flutter.{ZONE_KEY}"))
            # as the font manifest names them (companion/web/compressed.py)
            .replace("__FONTS__", _js({"family": FONT_FAMILY, "japanese": f"../{FONT_FILE}"}))
            # the same files for the banner, under the assets' address
            .replace("__BANNER_FONTS__", _js({"latin": LATIN_FONT_FILE, "japanese": FONT_FILE}))
            .replace("__VIDEOS__", _js(KEEP_AWAKE_VIDEOS))
            .replace("__NO_RUNTIME__", _js(NO_REQUEST)))
