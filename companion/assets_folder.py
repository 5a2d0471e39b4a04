"""Where the app's assets (icon, font, manifest, rulebook copies) are: one folder.

In the repository it is ``assets/`` beside ``main.py``, where ``flet build`` and the phone's
client look for it (``<app>/assets``, fixed in flet-cli 1.0.5 and in the client). A wheel
has no room beside its packages, so ``pyproject.toml`` installs the same folder as
``companion/assets/``: that one is taken when it is there.
"""

from __future__ import annotations

from pathlib import Path

_INSTALLED = Path(__file__).resolve().parent / "assets"  # from a wheel
ASSETS = _INSTALLED if _INSTALLED.is_dir() else _INSTALLED.parents[1] / "assets"
# The bundled Japanese font (companion/tools/fontsubset.py makes it), under ASSETS, and
# its Latin subset, which the web page draws with until Japanese text is on screen.
FONT_FAMILY = "NotoSansJP"
FONT_FILE = "fonts/NotoSansJP-Subset.otf"
LATIN_FONT_FILE = "fonts/NotoSansJP-Latin.otf"
