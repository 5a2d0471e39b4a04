"""Draw the app icon: ``python -m companion.make_icons`` (needs Pillow: ``pip install -e
'.[icons]'``) writes the SVG source and every PNG from one geometry into assets/.

Two cards fanned out, the front one white with a check mark, on the app's indigo (the
theme's seed colour, ``ft.Colors.INDIGO``). Drawn three ways, each sized for the masks that
cut it:

- ``tile``: a rounded indigo square on transparency, for browsers and desktops that show
  an icon as it is (favicon, the web manifest's "any" icons, the loading picture, the
  Windows window icon);
- ``full``: indigo to the edges with the cards inside the central circle that masks keep
  (the manifest's "maskable" icons, iOS's home-screen icon for the web app);
- ``build``: ``assets/icon.png`` for ``flet build``, indigo to the edges, the cards small
  enough for Android's round launcher mask (flet build uses an opaque icon as it is, on
  every platform).

The PNGs are drawn with Pillow from the same numbers the SVG is written from, supersampled
for smooth edges, so nothing else (no SVG renderer) is needed; the outputs are committed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.assets_folder import ASSETS

ICONS = ASSETS / "icons"

INDIGO = "#3F51B5"  # ft.Colors.INDIGO: the theme's seed colour and the manifest's theme colour
BACK_CARD = "#C5CAE9"  # indigo 100
FRONT_CARD = "#FFFFFF"


@dataclass(frozen=True)
class Card:
    """A card in artwork units, centred on (x, y), turned by ``turn`` degrees clockwise."""

    x: float
    y: float
    turn: float
    fill: str
    width: float = 0.50
    height: float = 0.68
    corner: float = 0.07


BACK = Card(-0.12, 0.0, -14, BACK_CARD)
FRONT = Card(0.10, 0.03, 8, FRONT_CARD)
GAP = 0.035  # indigo edge round the front card, so it stands off the back one
CHECK = ((-0.14, 0.02), (-0.04, 0.12), (0.15, -0.12))  # on the front card, card units
CHECK_WIDTH = 0.075

# How far the artwork may reach from the centre, as a fraction of the icon's width.
REACH = {
    "tile": 0.36,  # inside the rounded square (its edges are 0.47 from the centre)
    "full": 0.36,  # a maskable icon keeps the circle of radius 0.40
    "build": 0.28,  # Android's launcher mask keeps a circle of radius 1/3 of the layer
}
TILE_INSET = 0.03
TILE_CORNER = 0.22

# file → (composition, size in pixels)
OUTPUTS = {
    "icon.png": ("build", 1024),  # flet build: assets/icon.png (assets links here)
    "favicon.png": ("tile", 32),
    "icons/icon-192.png": ("tile", 192),
    "icons/icon-512.png": ("tile", 512),
    "icons/icon-maskable-192.png": ("full", 192),
    "icons/icon-maskable-512.png": ("full", 512),
    "icons/apple-touch-icon-192.png": ("full", 192),
    "icons/loading-animation.png": ("tile", 512),  # shown while the web client loads
}
WINDOWS_ICON = "icons/icon.ico"  # page.window.icon (Flet uses it on Windows only)
WINDOWS_ICON_SIZES = (16, 32, 48, 256)
SVG_SOURCES = {"icons/icon.svg": "tile", "icons/icon-maskable.svg": "full"}


def _turned(point: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``point`` turned clockwise on screen (y grows downwards), as SVG's rotate()."""
    a = math.radians(degrees)
    x, y = point
    return (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))


def artwork_reach() -> float:
    """The furthest any card corner lies from the centre, in artwork units."""
    reach = 0.0
    for card, pad in ((BACK, 0.0), (FRONT, GAP)):
        for sx in (-1, 1):
            for sy in (-1, 1):
                dx, dy = _turned((sx * (card.width / 2 + pad), sy * (card.height / 2 + pad)),
                                 card.turn)
                reach = max(reach, math.hypot(card.x + dx, card.y + dy))
    return reach


def scale_for(composition: str) -> float:
    """Artwork units → fractions of the icon's width."""
    return REACH[composition] / artwork_reach()


# ---- SVG ------------------------------------------------------------------------------


def svg(composition: str, size: int = 512) -> str:
    s = scale_for(composition) * size
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}">']
    if composition == "tile":
        inset, side = TILE_INSET * size, (1 - 2 * TILE_INSET) * size
        parts.append(f'<rect x="{inset:g}" y="{inset:g}" width="{side:g}" height="{side:g}" '
                     f'rx="{TILE_CORNER * size:g}" fill="{INDIGO}"/>')
    else:
        parts.append(f'<rect width="{size}" height="{size}" fill="{INDIGO}"/>')
    parts.append(f'<g transform="translate({size / 2:g} {size / 2:g}) scale({s:.4f})">')
    for card in (BACK, FRONT):
        parts.append(f'<g transform="translate({card.x:g} {card.y:g}) rotate({card.turn:g})">')
        if card is FRONT:
            parts.append(_svg_rect(card.width + 2 * GAP, card.height + 2 * GAP,
                                   card.corner + GAP, INDIGO))
        parts.append(_svg_rect(card.width, card.height, card.corner, card.fill))
        if card is FRONT:
            points = " ".join(f"{x:g},{y:g}" for x, y in CHECK)
            parts.append(f'<polyline points="{points}" fill="none" stroke="{INDIGO}" '
                         f'stroke-width="{CHECK_WIDTH:g}" stroke-linecap="round" '
                         'stroke-linejoin="round"/>')
        parts.append("</g>")
    parts.append("</g></svg>\n")
    return "\n".join(parts)


def _svg_rect(width: float, height: float, corner: float, fill: str) -> str:
    return (f'<rect x="{-width / 2:g}" y="{-height / 2:g}" width="{width:g}" '
            f'height="{height:g}" rx="{corner:g}" fill="{fill}"/>')


# ---- PNG (Pillow) -----------------------------------------------------------------------


def png(composition: str, size: int):
    """The icon as a Pillow RGBA image of ``size`` × ``size`` pixels."""
    from PIL import Image, ImageDraw

    big = size * max(2, 2048 // size)  # supersampled, then scaled down
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    if composition == "tile":
        inset = round(TILE_INSET * big)
        draw.rounded_rectangle((inset, inset, big - 1 - inset, big - 1 - inset),
                               radius=round(TILE_CORNER * big), fill=INDIGO)
    else:
        draw.rectangle((0, 0, big, big), fill=INDIGO)
    s = scale_for(composition) * big
    centre = big / 2
    for card in (BACK, FRONT):
        layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        pen = ImageDraw.Draw(layer)
        cx, cy = centre + card.x * s, centre + card.y * s

        def box(width: float, height: float, cx=cx, cy=cy):
            return (cx - width * s / 2, cy - height * s / 2,
                    cx + width * s / 2, cy + height * s / 2)

        if card is FRONT:
            pen.rounded_rectangle(box(card.width + 2 * GAP, card.height + 2 * GAP),
                                  radius=(card.corner + GAP) * s, fill=INDIGO)
        pen.rounded_rectangle(box(card.width, card.height), radius=card.corner * s,
                              fill=card.fill)
        if card is FRONT:
            points = [(cx + x * s, cy + y * s) for x, y in CHECK]
            width = CHECK_WIDTH * s
            pen.line(points, fill=INDIGO, width=round(width), joint="curve")
            for x, y in (points[0], points[-1]):  # round caps
                pen.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2),
                            fill=INDIGO)
        # Pillow turns counter-clockwise, SVG's rotate() clockwise (y grows downwards).
        layer = layer.rotate(-card.turn, resample=Image.Resampling.BICUBIC, center=(cx, cy))
        canvas.alpha_composite(layer)
    image = canvas.resize((size, size), Image.Resampling.LANCZOS)
    return image if composition == "tile" else image.convert("RGB")  # opaque: no alpha


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, composition in SVG_SOURCES.items():
        (ASSETS / name).write_text(svg(composition), encoding="utf-8")
    for name, (composition, size) in OUTPUTS.items():
        png(composition, size).save(ASSETS / name, optimize=True)
    png("tile", 256).save(ASSETS / WINDOWS_ICON, sizes=[(n, n) for n in WINDOWS_ICON_SIZES])
    for name in (*SVG_SOURCES, *OUTPUTS, WINDOWS_ICON):
        print(ASSETS / name)
