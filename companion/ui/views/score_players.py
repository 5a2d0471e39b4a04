"""Score's row of players: one chip per player, in one row that scrolls sideways, with an
arrow at each edge past which players are hidden.

One row, not wrapped: six players with larger text would take three rows, and with
Latria's pile above the entries the header would leave them less than half the screen.
What the row shows is worked out here, from the sizes the phone reports (the row's, and
each chip's): a tap on an arrow brings the players hidden past it into view at once (the
first of them at the edge it came from, and as many after it as fit), the chosen player's
chip is always whole in view, and an arrow shows exactly while someone is hidden past it.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import t
from companion.ui.widgets.common import TAP, labelled_icon_button

ARROW = TAP  # px: an arrow's width (``labelled_icon_button``)
SLIDE_MS = 250
EDGE = 0.5  # px of rounding: a chip this far past an edge is still whole


class PlayerStrip:
    """The row around ``chips`` (a Row of ``choice_chip``s, made before this and changed
    in place after: Score draws them anew only for another number of players, which is
    another table, drawn anew as a whole). ``control`` goes on the screen; ``reveal(i)``
    brings player ``i``'s chip whole into view (the chip just chosen)."""

    def __init__(self, chips: ft.Row, chosen: int = 0):
        self.chips = chips
        self.chosen = chosen
        self.width = 0.0  # the whole row's, arrows included
        self.content = 0.0  # every chip's, with the spaces between them
        self.widths: dict[int, float] = {}  # each chip's
        self.at = 0.0  # how far the chips are scrolled
        self.sliding = False  # a slide of ours is under way: its steps are not news
        self.before = labelled_icon_button(t("score.players_before"), ft.Icons.CHEVRON_LEFT,
                                           self.back, tooltip=False)
        self.after = labelled_icon_button(t("score.players_after"), ft.Icons.CHEVRON_RIGHT,
                                          self.on, tooltip=False)
        self.before.visible = self.after.visible = False
        for i, chip in enumerate(chips.controls):
            chip.content.on_size_change = self.chip_measured(i)
        chips.on_size_change = self.content_measured
        self.strip = ft.Row([chips], scroll=ft.ScrollMode.AUTO, expand=True,
                            scroll_interval=100, on_scroll=self.scrolled)
        self.control = ft.Row([self.before, self.strip, self.after], spacing=0,
                              on_size_change=self.row_measured)

    # -- where the chips are

    def shown(self, at: float) -> tuple[bool, bool, float]:
        """Scrolled to ``at``: whether each arrow shows, and how wide the chips' window
        is between them."""
        before = at > 1
        room = self.width - (ARROW if before else 0)
        after = at + room < self.content - 1
        return before, after, room - (ARROW if after else 0)

    def clamp(self, at: float) -> float:
        """``at`` within what the row can scroll to (at the end only the ‹ arrow shows)."""
        if self.content <= self.width + EDGE:
            return 0.0
        return min(max(at, 0.0), self.content - (self.width - ARROW))

    def span(self, i: int) -> tuple[float, float] | None:
        """Where chip ``i`` begins and ends in the row (None before the phone said)."""
        if any(j not in self.widths for j in range(i + 1)):
            return None
        left = sum(self.widths[j] for j in range(i)) + i * (self.chips.spacing or 0)
        return left, left + self.widths[i]

    def whole(self, i: int) -> bool | None:
        span = self.span(i)
        if span is None:
            return None
        _, _, window = self.shown(self.at)
        return span[0] >= self.at - EDGE and span[1] <= self.at + window + EDGE

    def ending_at(self, right: float) -> float:
        """The least scroll whose window reaches ``right`` (an arrow taking its place as
        the row moves)."""
        for room in (self.width, self.width - ARROW, self.width - 2 * ARROW):
            at = self.clamp(right - room)
            if at + self.shown(at)[2] >= right - EDGE:
                return at
        return self.clamp(right - (self.width - 2 * ARROW))

    # -- what the phone says

    def row_measured(self, e) -> None:
        self.width = e.width
        self.settle()

    def content_measured(self, e) -> None:
        self.content = e.width
        self.settle()

    def chip_measured(self, i: int):
        def measured(e) -> None:
            self.widths[i] = e.width
            if i == self.chosen and self.whole(i) is False:  # its total grew past the edge
                self.reveal(i)
            else:
                self.settle()
        return measured

    def scrolled(self, e) -> None:
        """A finger moved the chips, or a slide of ours went on; its end says where they
        stopped."""
        ft.context.disable_auto_update()
        ended = getattr(e.event_type, "value", e.event_type) == "end"
        if self.sliding and not ended:
            return
        if ended:
            self.sliding = False
        self.at = e.pixels
        self.show_arrows()

    def settle(self) -> None:
        """The arrows as the sizes and the scroll now ask."""
        ft.context.disable_auto_update()
        self.show_arrows()

    def show_arrows(self) -> None:
        if not (self.width and self.content):  # (the phone has not said yet)
            return
        # The window grows when an arrow goes, and the row then scrolls back as far as
        # it must, without a word: the same here.
        self.at = self.clamp(self.at)
        before, after, _ = self.shown(self.at)
        if (self.before.visible, self.after.visible) != (before, after):
            self.before.visible, self.after.visible = before, after
            if self.page() is not None:
                self.control.update()

    def page(self) -> Any:
        """The page the row is on; None once it is off the screen (or before it is on)."""
        try:
            return self.control.page
        except RuntimeError:
            return None

    # -- taps

    def reveal(self, i: int) -> None:
        """Bring chip ``i`` whole into view (the player just chosen), moving the row as
        little as that takes."""
        self.chosen = i
        span = self.span(i)
        if span is None or self.whole(i):
            return
        left, right = span
        self.slide(self.clamp(left) if left < self.at else self.ending_at(right))

    async def on(self, e) -> None:
        """› : the first player not whole at the right edge comes to the left edge, with
        as many after them as fit."""
        ft.context.disable_auto_update()
        _, _, window = self.shown(self.at)
        for i in range(len(self.chips.controls)):
            span = self.span(i)
            if span is None:
                break
            if span[1] > self.at + window + EDGE:
                self.slide(self.clamp(max(span[0], self.at + 1)))
                return
        self.slide(self.clamp(self.at + window))  # (sizes not known yet: a window on)

    async def back(self, e) -> None:
        """‹ : the last player not whole at the left edge comes to the right edge, with
        as many before them as fit."""
        ft.context.disable_auto_update()
        for i in reversed(range(len(self.chips.controls))):
            span = self.span(i)
            if span is None:
                break
            if span[0] < self.at - EDGE:
                self.slide(self.clamp(min(self.ending_at(span[1]), self.at - 1)))
                return
        self.slide(self.clamp(self.at - self.shown(self.at)[2]))

    def slide(self, at: float) -> None:
        """Scroll the chips to ``at``: the arrows shown there come first, then the
        chips slide under them."""
        if abs(at - self.at) < EDGE:
            return
        self.at = at
        self.sliding = True
        self.show_arrows()
        page = self.page()
        if page is not None:
            page.run_task(self.strip.scroll_to, offset=at, duration=SLIDE_MS)
