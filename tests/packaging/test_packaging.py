"""The app as Python packages are shipped: the wheel and the sdist hold every file the app
reads at run time, and the wheel, installed alone in a fresh virtual environment and run
from a folder that is not the source tree, serves the app and runs its command lines.

It needs PyPI (the build backend and the app's dependencies, nothing cached outside the
temporary folder).
"""

from __future__ import annotations

import subprocess
import sys
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
    import tarfile

    with tarfile.open(built.sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"main.py", "pyproject.toml", "assets/icon.png", "companion/web/web_page.js"} <= names


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
