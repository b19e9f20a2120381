"""Building blocks of the VS pictograms: battlements, stars, ellipse arcs and arched doors."""

from __future__ import annotations

import math
from typing import Any

Point = tuple[float, float]

# Each pictogram is a list of strokes in a unit square centred on (0, 0), y upwards. A stroke is
# ("poly", points) filled, ("line", points, width) stroked, ("circle", x, y, r) filled, ("ring",
# x, y, r, width) stroked, ("hole", stroke) drawn in the paper colour (windows, doors, eyes), or
# ("curve", points, width): a stroked Bézier through control points in threes. Being data, the
# symbols stay small, print as vectors at any size and carry no third party's art or licence.


def battlements(x0: float, x1: float, y: float, n: int, h: float) -> list[Point]:
    """A wall top from left to right with n merlons (points run along the top, left to right)."""
    step = (x1 - x0) / (2 * n - 1)
    pts: list[Point] = []
    for i in range(2 * n - 1):
        top = y + h if i % 2 == 0 else y
        pts += [(x0 + i * step, top), (x0 + (i + 1) * step, top)]
    return pts


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42) -> list[Point]:
    out = []
    for i in range(2 * points):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def ellipse(cx: float, cy: float, rx: float, ry: float, start: float = 0, end: float = 360, n: int = 24) -> list[Point]:
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def gate(x: float, y: float, w: float, h: float) -> tuple[str, Any]:
    """An arched door cut out of a wall."""
    return (
        "hole",
        (
            "poly",
            [
                (x - w / 2, y),
                (x - w / 2, y + h - w / 2),
                *ellipse(x, y + h - w / 2, w / 2, w / 2, 180, 0, 8)[1:],
                (x + w / 2, y),
            ],
        ),
    )
