"""The app icon: companion/tools/make_icons.py draws it from one geometry into
assets/; these check that the committed files are that drawing, at the sizes
Flet's web client and flet build look for, and that the cards stay inside the masks."""

from __future__ import annotations

import math
import struct
import types
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion import __main__ as cli
from companion.tools import make_icons
from companion.tools.make_icons import ASSETS, INDIGO, OUTPUTS
from tests.run_async import run

ROOT = Path(__file__).resolve().parents[2]
INDIGO_RGB = tuple(int(INDIGO[i:i + 2], 16) for i in (1, 3, 5))


def png_header(path: Path) -> tuple[int, int, int]:
    """(width, height, PNG colour type: 2 = RGB, 6 = RGBA) from the file's IHDR."""
    head = path.read_bytes()[:26]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height, head[25]


@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_each_icon_is_there_at_its_size(name):
    composition, size = OUTPUTS[name]
    width, height, colour = png_header(ASSETS / name)
    assert (width, height) == (size, size)
    # "tile" has transparent corners; the others are opaque (iOS and maskable icons must be)
    assert colour == (6 if composition == "tile" else 2)


@pytest.mark.parametrize("name", sorted(make_icons.SVG_SOURCES))
def test_the_svg_source_is_the_geometry_the_pngs_are_drawn_from(name):
    assert (ASSETS / name).read_text(encoding="utf-8") == make_icons.svg(
        make_icons.SVG_SOURCES[name])


@pytest.mark.parametrize("name", ["icons/icon-192.png", "icons/icon-maskable-192.png"])
def test_the_committed_pngs_are_what_the_generator_draws(name):
    composition, size = OUTPUTS[name]
    drawn = make_icons.png(composition, size).convert("RGBA")
    committed = Image.open(ASSETS / name).convert("RGBA")
    difference = ImageChops.difference(drawn, committed)
    assert max(high for _, high in difference.getextrema()) <= 8  # resampling may differ


def artwork_radius(image: Image.Image, background) -> float:
    """The furthest pixel from the centre that is not ``background``, as a fraction of the
    image's width."""
    rgba = image.convert("RGBA")
    width = rgba.width
    centre = (width - 1) / 2
    pixels = rgba.load()
    furthest = 0.0
    for y in range(width):
        for x in range(width):
            r, g, b, a = pixels[x, y]
            if a < 8 or max(abs(r - background[0]), abs(g - background[1]),
                            abs(b - background[2])) <= 24:
                continue
            furthest = max(furthest, math.hypot(x - centre, y - centre))
    return furthest / width


@pytest.mark.parametrize(("name", "safe"), [
    ("icons/icon-maskable-192.png", 0.40),  # a maskable icon keeps the central 80 % circle
    ("icons/apple-touch-icon-192.png", 0.40),
    ("icon.png", 1 / 3),  # Android's launcher keeps a circle of a third of the layer
])
def test_the_cards_stay_inside_what_the_masks_keep(name, safe):
    image = Image.open(ASSETS / name)
    image = image.resize((192, 192), Image.Resampling.LANCZOS)
    assert image.getpixel((0, 0))[:3] == INDIGO_RGB  # indigo to the edges
    assert 0.2 < artwork_radius(image, INDIGO_RGB) <= safe


def test_the_tile_is_indigo_with_transparent_corners():
    image = Image.open(ASSETS / "icons/icon-512.png").convert("RGBA")
    assert image.getpixel((0, 0))[3] == 0
    assert image.getpixel((256, 40))[:3] == INDIGO_RGB


def test_flet_build_takes_the_icon_without_complaint():
    """flet's own icon renderer (what flet build runs on assets/icon.png) takes ours as it
    is. Where flet build looks for it is not settled yet (docs/DEVELOPING.md, "Build for
    phones")."""
    from flet_platform_assets import load_source, render_icons

    source, pre_rendered = load_source(ASSETS / "icon.png")
    for platform in ("android", "ios", "web"):
        result = render_icons(source, platform=platform, pre_rendered=pre_rendered,
                              derived=True)
        assert result.warnings == [], (platform, result.warnings)


def test_the_desktop_window_wears_the_icon():
    assert cli.WINDOW_ICON == make_icons.WINDOWS_ICON
    icon = ASSETS / cli.WINDOW_ICON
    with Image.open(icon) as ico:
        assert ico.format == "ICO"
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(ico.info["sizes"])
    started = []

    async def app_main(page):
        started.append(page.window.icon)

    page = types.SimpleNamespace(window=types.SimpleNamespace(icon=None))
    run(cli.with_window_icon(app_main, icon)(page))
    assert started == [str(icon)]
