"""The command line, the message catalog and the game catalog (no browser needed)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

from companion import i18n
from companion.catalog import GAMES
from companion.storage.data_folder import default_data_dir

ROOT = Path(__file__).resolve().parents[1]


def run_companion(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, env=env, cwd=ROOT)


def test_help_names_the_flags():
    result = run_companion("--help")
    assert result.returncode == 0
    for flag in ("--web", "--host", "--port", "--data-dir", "--access-code", "--allow-origin"):
        assert flag in result.stdout


def test_a_port_in_use_is_one_line_and_status_2(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = run_companion("--web", "--port", str(port), "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert f"127.0.0.1:{port}" in result.stderr and "Traceback" not in result.stderr


def test_an_unwritable_data_folder_is_one_line_and_status_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_companion("--web", "--port", "0", "--data-dir", str(blocker / "data"))
    assert result.returncode == 2
    assert "cannot write to the data folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_data_dir_prefers_companion_then_flet_then_user_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DATA_DIR", raising=False)
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    assert "TableCompanion" in str(default_data_dir())
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_data_dir() == tmp_path / "flet"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "mine"))
    assert default_data_dir() == tmp_path / "mine"


def test_every_message_key_used_in_the_app_exists():
    """No view hard-codes text: every t("key") names a catalog entry."""
    english = i18n.catalog("en")
    used = set()
    for path in (ROOT / "companion").rglob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    for game in GAMES.values():
        used.add(game.name)
        used |= {v.label for v in game.variants}
    missing = sorted(k for k in used if k not in english)
    assert missing == []


def test_catalog_is_valid_json_with_placeholders_filled():
    assert i18n.t("game.players_range", min=3, max=6) == "3–6 players"
    for path in (ROOT / "companion" / "i18n" / "en").glob("*.json"):
        json.loads(path.read_text(encoding="utf-8"))


def test_the_five_games_and_their_player_counts():
    counts = {g.id: (g.min_players, g.max_players) for g in GAMES.values()}
    assert counts == {"latria": (3, 6), "carpe_astra": (2, 4), "luna": (1, 4),
                      "altar": (2, 5), "latoro": (2, 4)}
    assert GAMES["latoro"].native_name == "ラトーロ"
    assert [v.id for v in GAMES["latria"].variants] == [
        "standard", "simple", "star_eclipse", "campaign"]
    assert [v.id for v in GAMES["luna"].variants_for(1)] == ["solo1", "solo2", "solo3"]
    assert [v.id for v in GAMES["luna"].variants_for(3)] == ["standard", "preselected"]


def test_every_games_rulebook_is_in_the_repository():
    # The project stands alone: the rulebooks the app reads are its own seeds/ copies.
    for game in GAMES.values():
        assert (ROOT / "seeds" / game.rulebook).stat().st_size > 5_000, game.id


def test_the_bundled_font_has_japanese():
    font = ROOT / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    assert 200_000 < font.stat().st_size < 5_000_000


def test_without_a_display_the_port_is_checked_too(tmp_path):
    """No --web on a Linux machine with no display: Flet serves the web app, so a port in
    use is still one clear line."""
    import os
    import platform

    import pytest

    if platform.system() != "Linux":
        pytest.skip("the no-display fallback is Linux's")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env.pop("FLET_FORCE_WEB_SERVER", None)
        result = run_companion("--port", str(port), "--data-dir", str(tmp_path), env=env)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and str(port) in result.stderr
