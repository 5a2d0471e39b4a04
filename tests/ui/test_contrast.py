"""The colours of the screens, light and dark, read in dim light at a table: WCAG 2.2
contrast of every text and its background (1.4.3: 4.5:1), and of icons, the outlines of
fields and chips, and the bars of the charts against the page (1.4.11: 3:1).

The colours are the roles of the scheme Flutter makes from the theme's seed
(companion/ui/app.py): ``ColorScheme.fromSeed``, Material's "tonal spot" scheme of the
2021 colour spec, made again here with materialyoucolor (the same algorithm in Python).
A page drawn by the client matched it to the pixel (the page #fbf8ff and the app bar
#efedf4 in light mode). axe-core cannot measure contrast on Flutter's canvas."""

from __future__ import annotations

import flet as ft
import pytest
from materialyoucolor.dynamiccolor.dynamic_scheme import DynamicScheme
from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
from materialyoucolor.hct import Hct
from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot

from companion.ui.app import theme
from companion.ui.views.player_stats import LOSS, SERIES

# Flutter's colour for a named seed: ``Colors.indigo`` is its shade 500.
SEEDS = {ft.Colors.INDIGO: 0xFF3F51B5}
C = ft.Colors

# What a screen is drawn on: the page, cards and rows (container low), the app bar
# (container), dialogs and the rulebook's contents (container high), Invite's address
# box (container highest).
GROUNDS = [C.SURFACE, C.SURFACE_CONTAINER_LOW, C.SURFACE_CONTAINER,
           C.SURFACE_CONTAINER_HIGH, C.SURFACE_CONTAINER_HIGHEST]
# The roles the app draws words in on those grounds (and Flutter draws a field's text,
# its labels and hints in: on surface, on surface variant, error).
TEXT_ROLES = [C.ON_SURFACE, C.ON_SURFACE_VARIANT, C.PRIMARY, C.ERROR, C.TERTIARY]
# Words on a filled ground: a picked chip or reading, a warning box, a marked passage,
# the chosen player count and a filled button, the Delete button.
FILLED = [(C.ON_SECONDARY_CONTAINER, C.SECONDARY_CONTAINER),
          (C.ON_SURFACE, C.SECONDARY_CONTAINER),
          (C.ON_ERROR_CONTAINER, C.ERROR_CONTAINER),
          (C.ON_TERTIARY_CONTAINER, C.TERTIARY_CONTAINER),
          (C.ON_PRIMARY, C.PRIMARY),
          (C.ON_ERROR, C.ERROR)]
# Icons, and the outlines that show where a field or a chip is: on every ground.
NON_TEXT = [C.ON_SURFACE_VARIANT, C.PRIMARY, C.OUTLINE, C.ERROR]


def scheme(dark: bool) -> DynamicScheme:
    seed = theme().color_scheme_seed
    assert seed in SEEDS, f"the seed {seed} has no colour here: add Flutter's value"
    return SchemeTonalSpot(Hct.from_int(SEEDS[seed]), dark, 0.0, spec_version="2021")


COLOURS = MaterialDynamicColors(spec="2021")


def rgb(role: str, s: DynamicScheme) -> tuple[int, int, int]:
    # Flet's role names are Flutter's in snake case: "on_surface_variant" → onSurfaceVariant.
    head, *rest = ft.Colors(role).name.lower().split("_")
    argb = getattr(COLOURS, head + "".join(w.title() for w in rest)).get_argb(s)
    return (argb >> 16) & 255, (argb >> 8) & 255, argb & 255


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2.2 relative luminance."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_the_wcag_ratio():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_the_scheme_is_the_one_the_client_draws():
    # Read off a screenshot of Home in light mode (the page, the app bar).
    light = scheme(False)
    assert rgb(C.SURFACE, light) == (0xFB, 0xF8, 0xFF)
    assert rgb(C.SURFACE_CONTAINER, light) == (0xEF, 0xED, 0xF4)


def pairs() -> list[tuple[str, str, float]]:
    """(foreground role, background role, the least ratio it must reach)."""
    out = [(fg, bg, 4.5) for fg in TEXT_ROLES for bg in GROUNDS]
    out += [(fg, bg, 4.5) for fg, bg in FILLED]
    out += [(fg, bg, 3.0) for fg in NON_TEXT for bg in GROUNDS]
    # Stats: each bar of a chart against the page and its card (a player tells them
    # apart from the page; the figures are also written in the rows below).
    out += [(bar, bg, 3.0) for bar in (*SERIES, LOSS) for bg in (C.SURFACE,
                                                                  C.SURFACE_CONTAINER_LOW)]
    return out


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_colour_stands_out_from_its_ground(dark):
    s = scheme(dark)
    ratios = [(fg, bg, least, contrast(rgb(fg, s), rgb(bg, s))) for fg, bg, least in pairs()]
    low = [f"{ft.Colors(fg).name} on {ft.Colors(bg).name}: {ratio:.2f} < {least}"
           for fg, bg, least, ratio in ratios if ratio < least]
    assert not low, "\n".join(low)
