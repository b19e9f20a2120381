"""Units and paper: millimetres to points, lengths like "63mm", and the paper sizes printkit knows."""

from __future__ import annotations

import re

MM = 72 / 25.4
INCH = 72.0

# Most desktop printers cannot print the outer 3–5 mm of a sheet. printkit keeps every mark and every
# letter at least this far from a sheet's edge, on A4 and Letter alike; only colour meant to bleed
# (card art beyond the trim, booklet tabs) may run further out.
PRINTABLE_MARGIN = 6 * MM

# Width and height in points, portrait.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}

_LENGTH = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*")
_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0, None: MM}


def mm(value: float) -> float:
    """Millimetres in points, the unit every canvas measures in."""
    return value * MM


def paper_size(name: str) -> tuple[float, float]:
    """(width, height) in points of a paper: "a4" or "letter", portrait."""
    return PAPERS[name]
