"""The app as Python packages are shipped: the wheel and the sdist hold every file the app
reads at run time, and the wheel, installed alone in a fresh virtual environment and run
from a folder that is not the source tree, serves the app and runs its command lines.
Its metadata names the project (version, licences, classifiers, links), and
``companion --version`` agrees. The sdist holds none of the test suite.

It needs PyPI (the build backend and the app's dependencies, nothing cached outside the
temporary folder).
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import types
import urllib.request
import zipfile
from pathlib import Path

import pytest

from companion.assets_folder import FONT_FILE
from tests.packaging.test_packaged_build import assert_home_shows_the_games, clean_env, run, served

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def tracked(*folders: str) -> set[str]:
    done = run(["git", "ls-files", *folders], cwd=ROOT)
    return set(done.stdout.split())


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if ".dist-info/" not in n}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel built from it (what ``python -m build`` does), a wheel built
    from the source tree, and a fresh virtual environment with only the first installed."""
    tmp = tmp_path_factory.mktemp("packaging")
    build = [sys.executable, "-m", "build", "--installer", "pip"]
    from_sdist = run([*build, "--outdir", tmp / "dist", ROOT], env=clean_env(), timeout=600)
    run([*build, "--wheel", "--outdir", tmp / "direct", ROOT], env=clean_env(), timeout=600)
    (wheel,) = (tmp / "dist").glob("*.whl")
    (sdist,) = (tmp / "dist").glob("*.tar.gz")
    (direct,) = (tmp / "direct").glob("*.whl")

    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet",
         "--no-cache-dir", "--disable-pip-version-check", wheel], env=clean_env(), timeout=900)
    away = tmp / "elsewhere"  # not the source tree: nothing is found beside it
    away.mkdir()
    yield types.SimpleNamespace(wheel=wheel, sdist=sdist, direct=direct, venv=venv,
                                python=python, away=away, tmp=tmp, log=from_sdist.stdout
                                + from_sdist.stderr)


def test_the_wheel_holds_every_file_of_the_packages_and_the_assets(built):
    expected = {name.replace("assets/", "companion/assets/", 1) if name.startswith("assets/")
                else name for name in tracked("companion", "scorers", "setup_guides", "assets")}
    names = wheel_names(built.wheel)
    assert expected - names == set()
    assert {"companion/web/web_page.js", "companion/assets/icon.png",
            f"companion/assets/{FONT_FILE}", "companion/assets/rulebooks/RULINGS.md",
            "companion/i18n/rulings-ja-sources.json"} <= names


def test_the_sdist_builds_the_same_wheel_as_the_source_tree(built):
    assert wheel_names(built.wheel) == wheel_names(built.direct)
    names = sdist_names(built.sdist)
    assert {"main.py", "pyproject.toml", "assets/icon.png", "companion/web/web_page.js",
            "LICENSE"} <= names


def sdist_names(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as tar:
        return {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}


def test_the_sdist_holds_no_part_of_the_suite(built):
    # The whole suite or none of it: its tests need their conftest, data and browsers.
    names = sdist_names(built.sdist)
    assert not {n for n in names if n.split("/")[0] in {"tests", "bench", "docs", "seeds"}}


LICENCES = {"LICENSE", "assets/fonts/NotoSansJP-Subset.LICENSE.txt",
            "assets/fonts/NotoSansJP-Latin.LICENSE.txt",
            "assets/keep_awake/NoSleep.LICENSE.txt"}


def metadata(wheel: Path) -> tuple[list[tuple[str, str]], set[str]]:
    """The wheel's METADATA headers as (name, value) pairs, and its licence files (the
    paths under .dist-info/licenses/)."""
    from email.parser import HeaderParser

    with zipfile.ZipFile(wheel) as z:
        (meta,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        headers = HeaderParser().parsestr(z.read(meta).decode("utf-8")).items()
        licences = {n.split(".dist-info/licenses/", 1)[1] for n in z.namelist()
                    if ".dist-info/licenses/" in n}
    return headers, licences


def test_the_wheel_carries_its_licences_and_those_of_what_it_bundles(built):
    headers, licences = metadata(built.wheel)
    assert licences == LICENCES
    assert {v for k, v in headers if k == "License-File"} == LICENCES
    assert ("License-Expression", "LicenseRef-Proprietary") in headers
    with zipfile.ZipFile(built.wheel) as z:
        (own,) = [n for n in z.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
        assert "All rights reserved." in z.read(own).decode("utf-8")


def test_the_version_is_the_one_companion_prints(built):
    headers, _ = metadata(built.wheel)
    (version,) = [v for k, v in headers if k == "Version"]
    printed = run([built.venv / "bin" / "companion", "--version"], cwd=built.away,
                  env=clean_env()).stdout
    assert printed == f"companion {version}\n"
    assert built.wheel.name.startswith(f"table_companion-{version}-")


def test_the_metadata_names_the_project(built):
    headers, _ = metadata(built.wheel)
    classifiers = {v for k, v in headers if k == "Classifier"}
    assert {"Topic :: Games/Entertainment :: Board Games", "Natural Language :: Japanese",
            "Private :: Do Not Upload"} <= classifiers
    assert not {c for c in classifiers if c.startswith("License ::")}  # the expression says
    urls = dict(v.split(", ", 1) for k, v in headers if k == "Project-URL")
    assert urls["Repository"] == "https://github.com/table-companion/table-companion"
    assert urls["Documentation"].endswith("/docs/USER.md")
    assert ("Author", "Table Companion") in headers
    assert "board games" in dict(headers)["Keywords"]
    # brotli is the server's: a phone or Pyodide build does without it, as without flet[all]
    (brotli,) = [v for k, v in headers if k == "Requires-Dist" and v.startswith("brotli")]
    assert all(f"'{s}'" in brotli or f'"{s}"' in brotli
               for s in ("Android", "iOS", "Emscripten")), brotli


def test_the_build_gives_no_warning(built):
    # setuptools warns of a licence given as a table, and of data folders that are not
    # listed as packages; the byte-compiling notes depend on PYTHONDONTWRITEBYTECODE.
    lines = [line for line in built.log.splitlines()
             if "warn" in line.lower() and "byte-compiling is disabled" not in line]
    assert lines == []


def installed(built, *args: str, **kwargs) -> subprocess.CompletedProcess:
    return run([built.python, *args], cwd=built.away, env=clean_env(), timeout=120, **kwargs)


def test_the_installed_command_lines_work(built):
    scored = installed(built, "-m", "scorers", DATA / "latria_example3.json")
    assert "1     Ann        17" in scored.stdout, scored.stdout  # the rulebook's example
    setup = installed(built, "-m", "setup_guides", "latria", "--players", "3", "--seed", "7")
    assert setup.stdout.strip()
    data = built.tmp / "backup-data"
    installed(built, "-c", "import sys\nfrom pathlib import Path\n"
              "from companion.storage.store import Store\n"
              "Store(Path(sys.argv[1])).create_table('latria', 'standard', ['Ann', 'Ben', 'Cy'])",
              data)
    exported = installed(built, "-m", "companion.backup", "--data-dir", data, "export", "-")
    assert '"Ann"' in exported.stdout


def test_the_installed_app_searches_its_rulebooks(built):
    code = ("from companion.rules.search import search\n"
            "hits = search('eclipse', game='latria')\n"
            "print(len(hits))\n")
    assert int(installed(built, "-c", code).stdout) > 0


def test_the_installed_app_serves_home_and_the_japanese_font(built):
    with served([built.venv / "bin" / "companion", "--web"], built.away, built.tmp) as url:
        with urllib.request.urlopen(f"{url}{FONT_FILE}") as font:
            assert font.status == 200 and len(font.read()) > 100_000
        assert_home_shows_the_games(url)
