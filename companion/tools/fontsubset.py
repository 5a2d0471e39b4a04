"""Make the bundled Japanese fonts: two subsets of Noto Sans CJK JP (SIL OFL 1.1).

In web mode with no CDN, Flutter ships only Roboto, so Japanese player names and
ラトーロ would render as boxes. The full Noto CJK file is ~19 MB; the Japanese subset
keeps Latin, the punctuation and symbols the app's labels use, kana, and the JIS X 0208
kanji (levels 1 and 2: the everyday kanji of names and text), which is a few MB.

The Latin subset is the same font without kana and kanji, but with the Japanese names
Home shows in English too (Latoro · ラトーロ, 日本語): a web page draws with it from
its first frame, and fetches the Japanese subset only once Japanese text is drawn
(companion/web/compressed.py).

    python -m companion.fontsubset [SOURCE.ttc] [--level1-only]

SOURCE defaults to Debian's fonts-noto-cjk file. Needs fontTools (`pip install .[fonts]`).
The output is committed, so the app itself never needs fontTools.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.assets_folder import ASSETS, FONT_FILE, LATIN_FONT_FILE
from companion.catalog import GAMES
from companion.i18n import LANGUAGE_NAMES

DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUTPUT = ASSETS / FONT_FILE
LATIN_OUTPUT = ASSETS / LATIN_FONT_FILE

# Unicode blocks kept whole (only the code points the font actually has are kept).
LATIN_BLOCKS = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and B (accented names)
    (0x0370, 0x04FF),  # Greek, Cyrillic (names; Roboto had them, see latin_code_points)
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese names)
    (0x2000, 0x206F),  # General Punctuation (– — ‘ ’ “ ” …)
    (0x2190, 0x21FF),  # Arrows (→)
    (0x2200, 0x22FF),  # Mathematical Operators (− ×)
    (0x25A0, 0x25FF),  # Geometric Shapes (◇)
]
LATIN_SYMBOLS = "★"  # of Miscellaneous Symbols: Latria's astrology points ("8 · 3★")
JAPANESE_BLOCKS = [
    (0x2460, 0x24FF),  # Enclosed Alphanumerics
    (0x2600, 0x26FF),  # Miscellaneous Symbols
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]


def jis_x_0208_kanji(level1_only: bool) -> set[int]:
    """The kanji of JIS X 0208 from the EUC-JP codec (rows 16–47 level 1, 48–84 level 2)."""
    last_row = 47 if level1_only else 84
    chars = set()
    for row in range(16, last_row + 1):
        for cell in range(1, 95):
            try:
                ch = bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            chars.add(ord(ch))
    return chars


def blocks(ranges: list[tuple[int, int]]) -> set[int]:
    return {point for start, end in ranges for point in range(start, end + 1)}


def wanted_code_points(level1_only: bool) -> set[int]:
    return blocks(LATIN_BLOCKS) | blocks(JAPANESE_BLOCKS) | jis_x_0208_kanji(level1_only)


def latin_code_points() -> set[int]:
    """The Latin subset's: Latin and the symbols, the games' Japanese names and the
    languages' own names (Home shows them in English too: "Latoro · ラトーロ", 日本語).
    A web page also draws with it in place of Roboto (companion/web/compressed.py), so it
    keeps the scripts of names Roboto drew."""
    names = "".join([game.native_name for game in GAMES.values()] + [*LANGUAGE_NAMES.values()])
    return blocks(LATIN_BLOCKS) | {ord(ch) for ch in LATIN_SYMBOLS + names}


def write_subset(source: Path, points: set[int], output: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(str(source)).fonts[0]  # index 0 is Noto Sans CJK JP
    options = subset.Options()
    # No "liga": the subset would keep the substitution but not every ligature glyph.
    options.layout_features = ["kern", "palt", "vert"]
    options.name_IDs = ["*"]  # keep the copyright and OFL licence records
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(font)
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(output))
    print(f"{output}: {output.stat().st_size / 1e6:.2f} MB, "
          f"{len(font.getBestCmap())} characters")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--level1-only", action="store_true", help="JIS level 1 kanji only")
    args = parser.parse_args(argv)
    try:
        from fontTools.ttLib import TTCollection
    except ImportError:
        print("fontTools is needed: pip install '.[fonts]'", file=sys.stderr)
        return 2
    if not args.source.exists():
        print(f"{args.source}: not found (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 2
    font = TTCollection(str(args.source)).fonts[0]  # index 0 is Noto Sans CJK JP
    if "JP" not in font["name"].getDebugName(4):
        print(f"{args.source}: the first font is not Noto Sans CJK JP", file=sys.stderr)
        return 2
    write_subset(args.source, wanted_code_points(args.level1_only), OUTPUT)
    write_subset(args.source, latin_code_points(), LATIN_OUTPUT)
    return 0
