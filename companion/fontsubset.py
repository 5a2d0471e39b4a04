"""``python -m companion.fontsubset [SOURCE.ttc] [--level1-only]``: the bundled Japanese
font made again; what it does is companion/tools/fontsubset.py."""

import sys

from companion.tools.fontsubset import main

if __name__ == "__main__":
    sys.exit(main())
