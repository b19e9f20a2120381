"""A pen for forms drawn on the ReportLab canvas: text runs, rules, boxes and wrapped paragraphs."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RenderError
from ..geometry import mm
from . import fonts
from .canvas import Colour, Run, TextRuns, runs_width, wrap_runs

LEAD = 1.18  # line height in ems
ASCENT = 0.96  # baseline below the top of a line box, in ems (PT Sans: ascent 1.018, descent 0.276)
FONT_ASCENT, FONT_HEIGHT = 1.018, 1.018 + 0.276  # PT Sans, in ems


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


def drop(lead: float) -> float:
    """The baseline's depth below the top of a line box `lead` ems tall, in ems: the font's ascent
    plus half the space the line adds to the font's own height (as CSS line-height places it)."""
    return (lead - FONT_HEIGHT) / 2 + FONT_ASCENT


def para(pen: Pen, x: float, top: float, runs: list[Run], width: float, align: str = "left",
         lead: float = LEAD) -> float:  # fmt: skip
    """Wrapped text from `top` down, lines `lead` ems apart; returns the top of what follows."""
    below = ASCENT if lead == LEAD else drop(lead)
    for line in wrap_runs(runs, width):
        size = max(r[2] for r in line)
        spare = width - runs_width(line)
        start = x + spare if align == "right" else x + spare / 2 if align == "center" else x
        pen.runs(start, top - below * size, line)
        top -= lead * size
    return top


TICK = mm(3.2)  # the side of a Tick square, drawn with a 0.7 pt border
# Room either side of a Tick square: a label or the next square never touches it (issue 42; the
# square had 0.6 mm after it and none before, so "3:" ran into its first square).
TICK_ROOM = mm(1.0)


@dataclass(frozen=True)
class Tick:
    """A square to tick inside a line of text (filled when ticked)."""

    ticked: bool = False
    side: float = TICK
    border: float = 0.7


@dataclass(frozen=True)
class Blank:
    """A line to write on inside a line of text."""

    width: float


Piece = Run | Tick | Blank


def _width(piece: Piece) -> float:
    if isinstance(piece, Tick):
        return piece.side + 2 * TICK_ROOM
    if isinstance(piece, Blank):
        return piece.width
    return runs_width([piece])


def _atoms(pieces: list[Piece]) -> list[list[Piece]]:
    """Pieces cut into what a line may not break inside: a word with the squares and lines that
    follow it (a label and its boxes stay together), or one run of spaces."""
    atoms: list[list[Piece]] = []
    glued = False  # the last atom ends in a word or a square: what follows unspaced joins it
    for piece in pieces:
        if isinstance(piece, (Tick, Blank)):
            if not glued and len(atoms) > 1 and isinstance(piece, Tick):
                space = atoms.pop()
                atoms[-1].extend(space)  # squares stay on their label's line, spaced or not
            if atoms and (glued or isinstance(piece, Tick)):
                atoms[-1].append(piece)
            else:
                atoms.append([piece])
            glued = True
            continue
        text, font, size, colour = piece
        for token in re.findall(r"[^ \t\n]+|[ \t\n]+", text):  # a no-break space joins its words
            if token.strip() and glued:
                atoms[-1].append((token, font, size, colour))
            else:
                atoms.append([(token, font, size, colour)])
            glued = bool(token.strip())
    return atoms


def flow(pen: Pen, x: float, top: float, pieces: list[Piece], width: float, ink: Colour, lead: float = LEAD) -> float:
    """Text with squares to tick and lines to write on, broken at spaces into lines no wider than
    `width`, `lead` ems apart; `ink` draws the squares and lines. Returns the top of what follows."""
    lines: list[list[tuple[Piece, float]]] = [[]]
    used = 0.0
    for atom in _atoms(pieces):
        space = isinstance(atom[0], tuple) and not atom[0][0].strip()
        if space and not lines[-1]:
            continue  # no line starts with a space
        size = sum(map(_width, atom))
        if lines[-1] and not space and used + size > width + 1e-6:
            lines.append([])
            used = 0.0
        for piece in atom:
            lines[-1].append((piece, used))
            used += _width(piece)
    for line in lines:
        while line and isinstance(line[-1][0], tuple) and not line[-1][0][0].strip():
            line.pop()  # nor ends with one
        size = max((p[2] for p, _ in line if isinstance(p, tuple)), default=7.0)
        below = (ASCENT if lead == LEAD else drop(lead)) * size
        side = max((p.side for p, _ in line if isinstance(p, Tick)), default=0.0)
        if side:
            below = max(below, side - mm(0.5) + 0.5)  # a square rises above the letters: room for it
        height = max(lead * size, below + mm(0.5) + 1.0)
        base = top - below
        for piece, at in line:
            if isinstance(piece, Tick):
                box, fill = piece.side, ink if piece.ticked else None
                pen.box(x + at + TICK_ROOM, base - mm(0.5), box, box, ink, piece.border, fill=fill)
            elif isinstance(piece, Blank):
                pen.rule(x + at, base - 1.5, x + at + piece.width, base - 1.5, ink, 0.5)
            else:
                pen.text(x + at, base, piece[0], piece[1], piece[2], piece[3])
        top -= height
    return top


def page(c: Any, what: str, bottom: float, why: str, draw: Callable[..., float], *args: Any) -> None:
    """One page drawn by draw(pen, *args), which returns how low it reached: below `bottom` the page
    is refused with RenderError(why), never printed cut off (a canvas writes nothing before save)."""
    pen = Pen(c, what)
    if draw(pen, *args) < bottom:
        raise RenderError(why)
    pen.finish()
    c.showPage()
