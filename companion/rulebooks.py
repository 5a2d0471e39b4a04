"""``python -m companion.rulebooks``: the rulebooks' copy bundled with the app, made
again from seeds/; what it does is companion/rules/rulebooks.py."""

import sys

from companion.rules.rulebooks import main

if __name__ == "__main__":
    sys.exit(main())
