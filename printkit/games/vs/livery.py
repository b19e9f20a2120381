"""Whose a piece is on a grey print: each owner's band pattern over the owner's colour, and its name plate."""

# A black-and-white printer turns the owners' colours into greys, and a 1.5 mm letter alone (С or З)
# does not tell them apart across a table. So each owner's band (a token's head, a marker's frame, a
# card's back, a building's strip on the map) carries a pattern of the owner's own as well as the
# colour, and the palette (model.PALETTE) steps in lightness. The neutral set's band is plain.

from __future__ import annotations

import math
from typing import Any

from printkit.plugin import MM, Colour, RenderError
from printkit.render import ink_on, tint

# By seat: the first player's pattern, the second's, ... (seats past the eighth start again).
PATTERNS = ("stripes", "dots", "bars", "checks", "rows", "rings", "cross", "zigzag")
PLAIN = "plain"  # the neutral set's
STEP = 1.6 * MM  # one repeat of a pattern on a token or marker: several show on a 3 mm strip
LIGHT_INK = 0.75  # the ink-saving kit draws a pattern in this tint of the owner's colour on white
WHITE: Colour = (1.0, 1.0, 1.0)
# A name's plate keeps the pattern this far from every letter (issue 42, fourth review: at 0.45 mm
# less the letters' own sides and the plate's rounded corners, "Light infantry" came 0.27 mm from
# the stripes): the letters reach CAP of the size above the baseline and DESCENT below it (PT Sans
# Narrow Bold: capitals and б 0.70-0.73, р у † 0.20-0.21).
CLEAR = 0.45 * MM
CAP, DESCENT = 0.73, 0.21


def pattern_of(seat: int | None) -> str:
    """The pattern of the owner in seat `seat` (1 for the first player); None: the neutral set."""
    return PLAIN if seat is None else PATTERNS[(seat - 1) % len(PATTERNS)]


def band(c: Any, x: float, y: float, w: float, h: float, colour: Colour, pattern: str, light: bool = False,
         step: float = STEP, ink: Colour | None = None) -> None:  # fmt: skip
    """Fill a rectangle with an owner's band: the colour with the pattern over it in white, or for
    the ink-saving kit (`light`) white with the pattern in a tint of the colour; `ink` draws the
    pattern in another colour (a card back's, fainter)."""
    ground, drawn = (WHITE, tint(colour, LIGHT_INK)) if light else (colour, WHITE)
    ink = ink or drawn
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(*ground)
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    _pattern(c, pattern, x, y, w, h, step)
    c.restoreState()


def _pattern(c: Any, pattern: str, x: float, y: float, w: float, h: float, step: float) -> None:
    """The pattern over the whole rectangle, its repeats counted from the rectangle's lower left corner."""
    cols, rows = math.ceil(w / step) + 1, math.ceil(h / step) + 1
    if pattern == "stripes":  # diagonal lines, rising to the right
        c.setLineWidth(0.35 * step)
        for k in range(-rows, cols + 1):
            c.line(x + k * step, y, x + k * step + h + step, y + h + step)
    elif pattern == "cross":  # both diagonals, thinner
        c.setLineWidth(0.16 * step)
        for k in range(-rows - 1, cols + rows + 1):
            c.line(x + k * step, y, x + k * step + h + step, y + h + step)
            c.line(x + k * step, y, x + k * step - h - step, y + h + step)
    elif pattern in ("bars", "rows"):  # upright or level lines
        c.setLineWidth(0.35 * step)
        for k in range(cols if pattern == "bars" else rows):
            if pattern == "bars":
                c.line(x + (k + 0.5) * step, y, x + (k + 0.5) * step, y + h)
            else:
                c.line(x, y + (k + 0.5) * step, x + w, y + (k + 0.5) * step)
    elif pattern in ("dots", "rings", "checks"):
        c.setLineWidth(0.12 * step)
        for i in range(cols):
            for j in range(rows):
                cx, cy = x + (i + 0.5) * step, y + (j + 0.5) * step
                if pattern == "dots":
                    c.circle(cx, cy, 0.33 * step, stroke=0, fill=1)
                elif pattern == "rings":
                    c.circle(cx, cy, 0.3 * step, stroke=1, fill=0)
                elif (i + j) % 2 == 0:  # a checkerboard of squares a repeat wide
                    c.rect(x + i * step, y + j * step, step, step, stroke=0, fill=1)
    elif pattern == "zigzag":
        c.setLineWidth(0.2 * step)
        for j in range(rows):
            path = c.beginPath()
            path.moveTo(x - step, y + j * step)
            for i in range(cols + 1):
                path.lineTo(x + (i - 0.5) * step, y + (j + 0.5) * step)
                path.lineTo(x + i * step, y + j * step)
            c.drawPath(path, stroke=1, fill=0)


def plate(c: Any, cx: float, baseline: float, text: str, font: str, size: float, room: float, colour: Colour,
          light: bool = False, shorten: bool = False) -> None:  # fmt: skip
    """A name on a band: the words centred on cx, at `size` or smaller to fit `room` (6 pt at the
    least: below that an error, or with `shorten` the words cut short), on a plate of the band's plain
    ground (the pattern shows round it), in black or white, whichever reads on it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    used = min(size, size * room / max(float(stringWidth(text, font, size)), 1e-6))
    if used < 6.0 - 1e-6:
        if not shorten:
            raise RenderError(f"text does not fit its box even at 6 pt: {text!r}; shorten it")
        used = 6.0
        while len(text) > 1 and stringWidth(text + "…", font, used) > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    ground = WHITE if light else colour
    width = min(float(stringWidth(text, font, used)), room) + 2 * CLEAR
    low, high = baseline - DESCENT * used - CLEAR, baseline + CAP * used + CLEAR
    c.saveState()
    c.setFillColorRGB(*ground)
    c.roundRect(cx - width / 2, low, width, high - low, 0.6, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(ground))
    c.setFont(font, used)
    c.drawCentredString(cx, baseline, text)
    c.restoreState()
