"""A pen for forms drawn on the ReportLab canvas: text runs, rules, boxes and wrapped paragraphs."""

from __future__ import annotations

from typing import Any

from ..errors import RenderError
from . import fonts
from .canvas import Colour, Run, TextRuns, runs_width, wrap_runs

LEAD = 1.18  # line height in ems
ASCENT = 0.96  # baseline below the top of a line box, in ems (PT Sans: ascent 1.018, descent 0.276)


class Pen:
    """Draws on a canvas, or with c=None only measures: a block is laid out once to learn its
    height (blocks in a row share it, a page refuses what runs over) and then drawn by the very
    same code. `what` names the document in the error for a character the fonts lack."""

    def __init__(self, c: Any | None, what: str) -> None:
        self.c = c
        self.what = what
        # One text object per page: ReportLab's drawString would cost a text object per string
        # and end each with a line feed that text extraction reads as a line break.
        self.texts = TextRuns(c) if c is not None else None
        self.colour: Colour | None = None

    def text(self, x: float, y: float, text: str, font: str, size: float, colour: Colour, align: str = "left") -> None:
        missing = fonts.unprintable(text)
        if missing:  # a canvas would silently print nothing for these
            shown = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in missing[:6])
            raise RenderError(f"{self.what}: the bundled fonts cannot print {shown}; they cover Latin and Cyrillic")
        if self.texts is None or not text:
            return
        if colour != self.colour:
            self.texts.colour(colour)
            self.colour = colour
        self.texts.text(x, y, text, font, size, align)

    def finish(self) -> None:
        """Put the page's text on it (over its lines and boxes)."""
        if self.texts is not None:
            self.texts.draw()
            self.colour = None

    def runs(self, x: float, y: float, line: list[Run]) -> None:
        for text, font, size, colour in line:
            self.text(x, y, text, font, size, colour)
            x += runs_width([(text, font, size, colour)])

    def rule(self, x0: float, y0: float, x1: float, y1: float, colour: Colour, width: float) -> None:
        if self.c is not None:
            self.c.setStrokeColorRGB(*colour)
            self.c.setLineWidth(width)
            self.c.line(x0, y0, x1, y1)

    def box(self, x: float, y: float, w: float, h: float, stroke: Colour | None, width: float = 0.6,
            fill: Colour | None = None, dashed: bool = False) -> None:  # fmt: skip
        """A rectangle from its bottom left corner; stroke None draws its fill only."""
        if self.c is None:
            return
        if stroke is not None:
            self.c.setStrokeColorRGB(*stroke)
            self.c.setLineWidth(width)
        if fill is not None:
            self.c.setFillColorRGB(*fill)
        if dashed:
            self.c.setDash(1.8, 1.2)
        self.c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))
        if dashed:
            self.c.setDash()


def para(pen: Pen, x: float, top: float, runs: list[Run], width: float, align: str = "left") -> float:
    """Wrapped text from `top` down; returns the top of what follows."""
    for line in wrap_runs(runs, width):
        size = max(r[2] for r in line)
        spare = width - runs_width(line)
        start = x + spare if align == "right" else x + spare / 2 if align == "center" else x
        pen.runs(start, top - ASCENT * size, line)
        top -= LEAD * size
    return top
