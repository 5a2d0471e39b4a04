"""README.md stays on a screen or two, and the documents it leads to hold no broken local
link: every relative link and image names a file that is there (and a heading, when it
names one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, ROOT / "docs" / "USER.md", ROOT / "docs" / "DEVELOPING.md"]
MAX_README_BYTES = 6 * 1024

FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_SRC = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", re.IGNORECASE)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def targets(text: str) -> list[str]:
    """The links and images a Markdown text names, outside code."""
    text = INLINE_CODE.sub("", FENCED.sub("", text))
    return LINK.findall(text) + HTML_SRC.findall(text)


def is_local(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings (lower case, punctuation
    dropped, spaces as hyphens; a repeated heading gets -1, -2, …)."""
    seen: dict[str, int] = {}
    found = set()
    text = FENCED.sub("", path.read_text(encoding="utf-8"))
    for heading in HEADING.findall(text):
        plain = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading)
        slug = re.sub(r"[^\w\- ]", "", plain.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def test_the_readme_fits_on_a_screen_or_two():
    size = len(README.read_bytes())
    assert size <= MAX_README_BYTES, f"README.md is {size} bytes, over {MAX_README_BYTES}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_local_link_and_image_is_there(doc):
    broken = []
    for target in targets(doc.read_text(encoding="utf-8")):
        if not is_local(target):
            continue
        path_part, _, anchor = target.partition("#")
        path = (doc.parent / path_part).resolve() if path_part else doc
        if not path.exists() or not path.is_relative_to(ROOT):
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    assert broken == [], f"{doc.name}: {broken}"


def test_the_readme_shows_the_app():
    images = [t for t in targets(README.read_text(encoding="utf-8"))
              if is_local(t) and t.endswith(".png")]
    assert 2 <= len(images) <= 3, images


def test_the_anchors_are_read_as_github_makes_them(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("# Phones at the table\n## On your phone, without a computer\n"
                   "## `--log-level` and logs\n## Notes\n## Notes\n", encoding="utf-8")
    assert anchors(doc) == {"phones-at-the-table", "on-your-phone-without-a-computer",
                            "--log-level-and-logs", "notes", "notes-1"}
