"""Crop marks and cut guides: drawn only outside the trimmed items, never over one of them."""

from __future__ import annotations

from typing import Any

from ..geometry import PRINTABLE_MARGIN
from ..imposition import MARK_GAP, MARK_LENGTH, Box, Grid


def mark_span(margin: float, bleed: float) -> tuple[float, float]:
    """(start, end) distances from the trim block for crop marks in a margin of this size.

    Marks end where the printable area ends (PRINTABLE_MARGIN from the sheet's edge). They begin
    just past the bleed when there is room; in a narrow margin they start earlier (over the bleed,
    never the trim) so they keep as much length as they can.
    """
    limit = margin - PRINTABLE_MARGIN
    start = bleed + MARK_GAP
    if start + MARK_LENGTH > limit:
        start = max(MARK_GAP, limit - MARK_LENGTH)
    return start, min(limit, start + MARK_LENGTH)


def crop_marks(c: Any, grid: Grid, boxes: list[Box] | None = None) -> None:
    """Marks at every cut line, in the margins around the block of items."""
    block = grid.block()
    pw, ph = grid.page
    xs, ys = grid.cut_lines()
    left, right = block.x, pw - block.x - block.w
    bottom, top = block.y, ph - block.y - block.h
    segments = []
    for x in xs:
        s, e = mark_span(top, grid.bleed)
        segments.append((x, block.y + block.h + s, x, block.y + block.h + e))
        s, e = mark_span(bottom, grid.bleed)
        segments.append((x, block.y - s, x, block.y - e))
    for y in ys:
        s, e = mark_span(left, grid.bleed)
        segments.append((block.x - s, y, block.x - e, y))
        s, e = mark_span(right, grid.bleed)
        segments.append((block.x + block.w + s, y, block.x + block.w + e, y))
    # A white underlay keeps marks visible where they cross a coloured bleed.
    c.saveState()
    c.setLineCap(0)
    for colour, width in (((1, 1, 1), 1.6), ((0, 0, 0), 0.5)):
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(width)
        for x0, y0, x1, y1 in segments:
            c.line(x0, y0, x1, y1)
    c.restoreState()


def corner_guides(c: Any, boxes: list[Box], radius: float) -> None:
    """A thin dashed rounded rectangle on each trim box, for cutting rounded corners."""
    c.saveState()
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.setLineWidth(0.3)
    c.setDash(1.5, 1.5)
    for b in boxes:
        c.roundRect(b.x, b.y, b.w, b.h, radius, stroke=1, fill=0)
    c.restoreState()


def cut_lines(c: Any, boxes: list[Box]) -> None:
    """Thin lines along every edge of every box (tokens: cut on the lines), dark enough to follow
    where a piece's pattern bleeds past its edge."""
    c.saveState()
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    c.setLineWidth(0.35)
    for b in boxes:
        c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
    c.restoreState()
