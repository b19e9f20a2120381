"""How answers write numbers and tables in plain text: chances, fractions, aligned columns within 80."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Any

WIDTH = 80  # every referee answer fits an 80-column terminal


def percent(p: Any) -> str:
    """0.5833 -> '58.33 %'."""
    return f"{float(p) * 100:.2f} %"


def fraction(p: Any) -> str:
    """A fraction as printed: exact when short, else a decimal marked as approximate."""
    text = str(p)
    return text if len(text) <= 24 else "≈" + f"{float(p):.6f}"


def chance(p: Fraction) -> str:
    """'7/12 (58.33 %)'; a fraction of more than 24 characters as its decimal, marked '≈' (see fraction)."""
    return f"{fraction(p)} ({percent(p)})"


def table(headers: list[str], rows: list[list[str]], right: set[int] | None = None, width: int = WIDTH) -> list[str]:
    """Aligned columns within `width`; the widest columns wrap their cells when the row would not fit."""
    right = right or set()
    cells = [[str(c) for c in row] for row in [headers, *rows]]
    count = max(len(r) for r in cells)
    cells = [r + [""] * (count - len(r)) for r in cells]
    widths = [max(len(r[i]) for r in cells) for i in range(count)]
    gap = 2
    while sum(widths) + gap * (count - 1) > width and max(widths) > 8:
        widest = widths.index(max(widths))
        widths[widest] -= 1

    def lines_of(cell: str, width: int) -> list[str]:
        # A cell that fits as it is stays as it is; textwrap would give the same one line, but asking
        # it costs more than the rest of a long table (thousands of rows for `odds --all`).
        if len(cell) <= width and cell == cell.rstrip() and cell.isprintable():
            return [cell]
        return textwrap.wrap(cell, width, break_on_hyphens=False) or [""]

    lines = []
    for r, row in enumerate(cells):
        parts = [lines_of(c, widths[i]) for i, c in enumerate(row)]
        for k in range(max(len(p) for p in parts)):
            line = []
            for i, p in enumerate(parts):
                piece = p[k] if k < len(p) else ""
                line.append(piece.rjust(widths[i]) if i in right else piece.ljust(widths[i]))
            lines.append((" " * gap).join(line).rstrip())
        if r == 0:
            lines.append((" " * gap).join("-" * w for w in widths))
    return lines


def bar(share: float, width: int) -> str:
    """A text bar of `share` (0..1) of `width` characters."""
    return "#" * round(max(0.0, min(1.0, share)) * width)
