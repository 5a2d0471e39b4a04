"""``python -m companion.backup export FILE`` / ``import FILE`` (docs/backup.md): the
command; what it does is companion/storage/backup.py."""

import sys

from companion.storage.backup import main

if __name__ == "__main__":
    sys.exit(main())
