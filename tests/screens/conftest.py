"""What the screens' tests share: a store on the test's own folder, and English words
where a test reads them (``english``, asked for by the files that read every word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import speaking
from companion.storage.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path)


@pytest.fixture
def english():
    """The screens speak English for the whole test (a ``speaking`` block inside it
    still speaks its own language)."""
    with speaking("en"):
        yield
