"""Every docstring example of the modules that draw nothing runs with the tests: pytest's
paths ([tool.pytest.ini_options] in pyproject.toml) hold each module of the contracts that
forbid flet ([tool.importlinter]), and --doctest-modules is on, so ``pytest`` (and
``bash .ci/test``) runs their examples as tests."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PYTEST = CONFIG["tool"]["pytest"]["ini_options"]


def drawing_nothing() -> list[str]:
    """The modules of the contracts that forbid flet: scorers, setup_guides, companion's
    table, storage, engine, rules, flows and base modules."""
    return [module for contract in CONFIG["tool"]["importlinter"]["contracts"]
            if contract["type"] == "forbidden" and "flet" in contract["forbidden_modules"]
            for module in contract["source_modules"]]


def file_of(module: str) -> str:
    path = module.replace(".", "/")
    return path if (ROOT / path).is_dir() else f"{path}.py"


def test_doctest_modules_is_on():
    assert "--doctest-modules" in PYTEST["addopts"].split()


def test_every_module_that_draws_nothing_is_in_pytests_paths():
    modules = drawing_nothing()
    assert {"scorers", "setup_guides", "companion.table", "companion.flows"} <= set(modules)
    for module in modules:
        path = file_of(module)
        assert (ROOT / path).exists(), path
        assert any(fnmatch(path, pattern) for pattern in PYTEST["testpaths"]), (
            f"{path} is in no path of [tool.pytest.ini_options] testpaths")

