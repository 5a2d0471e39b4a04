"""The app's version, as Settings shows it: the installed distribution's; in the static
site (companion/tools/static_site.py) the build's file beside the packages, which also
names the build, since a site is rebuilt without a new version number."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "table-companion"
SITE_VERSION_FILE = "site_version.json"
_BESIDE_PACKAGES = Path(__file__).resolve().parents[1] / SITE_VERSION_FILE


def app_version() -> dict[str, str]:
    """``{"version": "0.1.0"}``, with ``"build"`` in the static site; ``{}`` when neither
    says (a checkout that was never installed)."""
    try:
        found = json.loads(_BESIDE_PACKAGES.read_text(encoding="utf-8"))
        if isinstance(found, dict):
            return {k: str(v) for k, v in found.items() if k in ("version", "build")}
    except (OSError, ValueError):
        pass
    try:
        return {"version": metadata.version(DISTRIBUTION)}
    except metadata.PackageNotFoundError:
        return {}
