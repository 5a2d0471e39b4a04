"""README's screenshots (docs/images/), taken by the walk at 360×740
(tests/e2e/test_walk_words.py): a walk screenshot named here is copied over its README
image whenever the screen it shows has changed, so the pictures never go stale.

``fast_shot`` (tests/e2e/words.py) hands every screenshot it saves to ``keep_for_readme``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A walk screenshot's name (``NAME-360``, without .png) -> the README image it becomes.
# Only screens that look the same at every run: the walk's tables draw a new seed each
# time, so Latria's Setup (the seed, the draws) and Play (the parent drawn) would change
# their images at every run.
README_SHOTS: dict[str, str] = {
    "walk-latria-table-360": "docs/images/table.png",
    "walk-latria-score-360": "docs/images/score.png",
    "walk-latria-why-360": "docs/images/why.png",
}


def keep_for_readme(name: str, path: Path) -> None:
    """Copy the screenshot at ``path`` to its README image when ``name`` has one and its
    bytes differ: an unchanged screen leaves the image as it is."""
    target = README_SHOTS.get(name)
    if target is None:
        return
    image = ROOT / target
    shot = path.read_bytes()
    if image.is_file() and image.read_bytes() == shot:
        return
    image.parent.mkdir(parents=True, exist_ok=True)
    image.write_bytes(shot)
