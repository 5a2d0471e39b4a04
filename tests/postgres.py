"""The store's and the engine's tests on both databases (companion/storage/database.py).

``database`` is what ``Store(...)`` opens, once for each database: the test's own folder
(its SQLite file), or a PostgreSQL database of the test's own: a schema made for the test
on the server ``COMPANION_TEST_POSTGRES`` names (a URL; ``bash .ci/postgres`` starts one),
dropped after it. With CI=true a missing server fails those tests; elsewhere they are
skipped with the reason (as Chromium's are, tests/e2e/conftest.py).

A test folder's conftest.py imports the fixtures it uses from here.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SERVER = "COMPANION_TEST_POSTGRES"
DATABASES = ["sqlite", "postgresql"]


def _missing(why: str) -> None:
    message = f"no PostgreSQL server for the tests: {why} (bash .ci/postgres starts one)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` first on its search path (where the store makes its tables)."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a PostgreSQL database no one else uses (a schema of its own), dropped
    at the end; inside a test (it fails or skips that test when there is no server)."""
    url = os.environ.get(SERVER)
    if not url:
        _missing(f"{SERVER} is not set")
    try:
        import psycopg
    except ImportError:
        _missing("psycopg is not installed (pip install -e '.[test]')")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
    except psycopg.OperationalError as err:
        _missing(f"{SERVER} cannot be reached ({str(err).strip().splitlines()[0]})")
    try:
        yield with_schema(url, schema)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The test's own PostgreSQL database (``postgres_database``)."""
    with postgres_database() as url:
        yield url


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """What ``Store(database)`` opens: the test's folder, or its PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path
    return request.getfixturevalue("postgres_url")
