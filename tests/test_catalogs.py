"""Every package's catalogs (one catalog per language and package): each
``<package>/i18n/ja/`` mirrors its ``en/`` key for key and file for file, with the same
placeholders; no key is defined twice; every key is used by its package's code; and
every character the Japanese catalogs use is in the bundled font.

The folders are found, not listed: a package that adds ``i18n/`` is checked as soon as it
is there (scorers, setup_guides, companion, companion/flows, …).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.catalog import GAMES
from scorers.messages import LANGUAGES, placeholders

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / "fonts" / "NotoSansJP-Subset.otf"


def i18n_folders() -> list[Path]:
    skip = {".venv", "node_modules", ".git", "build"}
    return sorted(p for p in ROOT.rglob("i18n") if p.is_dir() and (p / "en").is_dir()
                  and not skip & set(p.relative_to(ROOT).parts))


FOLDERS = i18n_folders()
IDS = [str(f.relative_to(ROOT)) for f in FOLDERS]


def no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, f"defined twice in one file: {twice}"
    return dict(pairs)


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_duplicates)


def files(folder: Path, language: str) -> dict[str, dict]:
    return {p.name: read(p) for p in sorted((folder / language).glob("*.json"))}


def test_the_catalog_folders_are_found():
    assert {"companion/i18n", "scorers/i18n"} <= set(IDS)


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_every_language_mirrors_english_file_for_file_and_key_for_key(folder):
    english = files(folder, "en")
    for language in LANGUAGES:
        other = files(folder, language)
        assert sorted(other) == sorted(english), f"{language}: files differ"
        for name, messages in english.items():
            missing = sorted(set(messages) - set(other[name]))
            extra = sorted(set(other[name]) - set(messages))
            assert (missing, extra) == ([], []), f"{language}/{name}: missing, extra"


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_placeholders_are_the_same_in_every_language(folder):
    english = files(folder, "en")
    for language in LANGUAGES:
        for name, messages in files(folder, language).items():
            differ = {key: (sorted(placeholders(english[name][key])), sorted(placeholders(text)))
                      for key, text in messages.items()
                      if key in english[name]
                      and placeholders(english[name][key]) != placeholders(text)}
            assert differ == {}, f"{language}/{name}: English's placeholders, this one's"


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_a_key_is_defined_once_across_files_and_packages(folder):
    for language in LANGUAGES:
        seen: dict[str, str] = {}
        for other in FOLDERS:
            for name, messages in files(other, language).items():
                for key in messages:
                    where = f"{other.relative_to(ROOT)}/{language}/{name}"
                    assert key not in seen, f"{key}: in {seen.get(key)} and {where}"
                    seen[key] = where


# A quoted key in the code: "home.in_progress", or an f-string's template
# f"home.weekday_{local.weekday()}" (its {…} parts stand for any one key segment part).
LITERAL = re.compile(r"""(["'])((?:[A-Za-z0-9_.\-]|\{[^{}"']*\})+)\1""")
HOLE = re.compile(r"\{[^{}]*\}")


def used_patterns(package: Path) -> tuple[set[str], list[re.Pattern]]:
    literal: set[str] = set()
    templates: list[re.Pattern] = []
    for path in package.rglob("*.py"):
        for _, text in LITERAL.findall(path.read_text(encoding="utf-8")):
            if "{" in text:
                parts = HOLE.split(text)
                if any(p.strip(".") for p in parts):
                    templates.append(re.compile(
                        "[A-Za-z0-9_\\-]+".join(map(re.escape, parts)) + "$"))
            else:
                literal.add(text)
    return literal, templates


def is_used(key: str, literal: set[str], templates: list[re.Pattern]) -> bool:
    if key in literal or any(p.match(key) for p in templates):
        return True
    # t_for(game, "results.total_value"): "results.total_value.altar" is Altar's wording
    base, _, game = key.rpartition(".")
    return game in GAMES and base in literal


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_every_key_is_used_by_its_package(folder):
    literal, templates = used_patterns(folder.parent)
    unused = sorted(key for messages in files(folder, "en").values() for key in messages
                    if not is_used(key, literal, templates))
    assert unused == []


def characters(value: object) -> set[str]:
    if isinstance(value, dict):
        return set().union(*map(characters, value.values()))
    return set(str(value))


def test_every_character_of_the_japanese_catalogs_is_in_the_bundled_font():
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(FONT), lazy=True).getBestCmap()
    used: dict[str, str] = {}
    for folder in FOLDERS:
        for name, messages in files(folder, "ja").items():
            for key, value in messages.items():
                for ch in characters(value):
                    used.setdefault(ch, f"{folder.relative_to(ROOT)}/ja/{name}: {key}")
    missing = {f"{ch} U+{ord(ch):04X}": where for ch, where in used.items()
               if ch not in "\n\t" and ord(ch) not in cmap}
    assert missing == {}
