"""The engine's tests run on both databases (tests/postgres.py)."""

from tests.postgres import database, postgres_url  # noqa: F401 - fixtures
