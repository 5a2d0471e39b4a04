"""The page script (companion/web/web_page.py) is served with every value filled in: the
phone's time zone key the session reads, the Japanese font for a Japanese phone's
manifest, and NoSleep.js's videos, which are among the assets the server serves."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.assets_folder import ASSETS, FONT_FAMILY, FONT_FILE
from companion.i18n.local_time import ZONE_KEY
from companion.web.web_page import KEEP_AWAKE_VIDEOS, page_script


def test_every_placeholder_is_filled_in(tmp_path: Path):
    script = page_script(tmp_path)
    assert re.findall(r"__[A-Z_]+__", script) == []
    assert json.dumps(f"flutter.{ZONE_KEY}") in script
    assert json.dumps({"family": FONT_FAMILY, "japanese": f"../{FONT_FILE}"}) in script


def test_the_keep_awake_videos_and_their_licence_are_in_the_assets():
    for video in KEEP_AWAKE_VIDEOS:
        path = ASSETS / video["src"]
        assert path.stat().st_size > 1000, path
    assert "MIT" in (ASSETS / "keep_awake" / "NoSleep.LICENSE.txt").read_text("utf-8")
