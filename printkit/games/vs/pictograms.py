"""Vector pictograms of «Великая Стратегическая»: a symbol per building, mine, troop and marker, drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .glyphs_buildings import BUILDINGS
from .glyphs_markers import MARKERS
from .glyphs_troops import TROOPS

Colour = tuple[float, float, float]

# The shapes are data (see glyph_parts): printkit's own art, vectors at any size, no licence to carry.
PICTOGRAMS: dict[str, list[Any]] = {**BUILDINGS, **TROOPS, **MARKERS}


def has(kind: str) -> bool:
    """Whether printkit draws a pictogram for this building, troop or marker id."""
    return kind in PICTOGRAMS


def draw(c: Any, kind: str, cx: float, cy: float, size: float, ink: Colour, paper: Colour = (1.0, 1.0, 1.0)) -> None:
    """The pictogram `kind` in a square of `size` points centred on (cx, cy), in ink on paper."""
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for stroke in PICTOGRAMS[kind]:
        _stroke(c, stroke, cx, cy, size, ink, paper)
    c.restoreState()


def _stroke(c: Any, stroke: Sequence[Any], cx: float, cy: float, s: float, ink: Colour, paper: Colour) -> None:
    what = stroke[0]
    if what == "hole":
        _stroke(c, stroke[1], cx, cy, s, paper, paper)
        return
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    if what == "poly":
        pts = stroke[1]
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for x, y in pts[1:]:
            p.lineTo(cx + x * s, cy + y * s)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif what == "line":
        pts, width = stroke[1], stroke[2]
        c.setLineWidth(width * s)
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for x, y in pts[1:]:
            p.lineTo(cx + x * s, cy + y * s)
        c.drawPath(p, stroke=1, fill=0)
    elif what == "curve":
        pts, width = stroke[1], stroke[2]
        c.setLineWidth(width * s)
        p = c.beginPath()
        p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
        for i in range(1, len(pts) - 2, 3):
            (x1, y1), (x2, y2), (x3, y3) = pts[i : i + 3]
            p.curveTo(cx + x1 * s, cy + y1 * s, cx + x2 * s, cy + y2 * s, cx + x3 * s, cy + y3 * s)
        c.drawPath(p, stroke=1, fill=0)
    elif what == "circle":
        c.circle(cx + stroke[1] * s, cy + stroke[2] * s, stroke[3] * s, stroke=0, fill=1)
    elif what == "ring":
        c.setLineWidth(stroke[4] * s)
        c.circle(cx + stroke[1] * s, cy + stroke[2] * s, stroke[3] * s, stroke=1, fill=0)
    else:  # pragma: no cover - a typo in the table above
        raise ValueError(f"unknown stroke {what!r}")
