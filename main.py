"""The entry `flet build` runs (pyproject.toml: ``[tool.flet.app] module = "main"``).

A built app (``flet build apk`` / ``ipa`` / ``web``) packages this folder, so this file
sits beside ``companion/``, ``scorers/`` and ``setup_guides/``. It starts the app as
``companion`` / ``python -m companion`` does: on a phone, Flet's client shows it.
"""

import sys

from companion.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
