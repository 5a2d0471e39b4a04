"""Every module of companion/ belongs to a layer of the import contract
([tool.importlinter] in pyproject.toml): a module added beside them is named here, so it is
placed in a layer (and so checked by lint-imports) rather than left outside the contract."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def layer_modules() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    names = set()
    for layer in contract["layers"]:
        names |= {name.strip() for part in layer.split("|") for name in part.split(":")}
    return names


def modules_of_companion() -> set[str]:
    found = set()
    for path in (ROOT / "companion").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found - {"companion"}


def in_a_layer(module: str, layers: set[str]) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


def test_every_module_of_companion_is_in_a_layer():
    layers = layer_modules()
    outside = sorted(m for m in modules_of_companion() if not in_a_layer(m, layers))
    assert outside == [], f"in no layer of [tool.importlinter]: {outside}"


def test_every_layer_names_a_module_that_exists():
    modules = modules_of_companion()
    assert sorted(layer_modules() - modules) == []


def test_a_module_beside_the_layers_is_caught():
    assert not in_a_layer("companion.new_thing", layer_modules())
    assert in_a_layer("companion.ui.views.home", layer_modules())


def test_every_module_of_companion_imports():
    """A name moved from one module to another is caught here, not only by the screen
    that imports it late."""
    import importlib

    for module in sorted(modules_of_companion()):
        if not module.endswith("__main__"):
            importlib.import_module(module)
