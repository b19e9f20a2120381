"""The duplex calibration sheet: a ruler, a card outline and crosses to read a printer's offset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..geometry import MM, PAPERS
from ..imposition import CARD_SIZES, Box, back_box, best_grid
from ..labels import label
from ..render import fonts
from ..render.canvas import draw_fitted, open_canvas


def _cross(c: Any, x: float, y: float, size: float) -> None:
    c.line(x - size, y, x + size, y)
    c.line(x, y - size, x, y + size)
    c.circle(x, y, size * 0.35, stroke=1, fill=0)


def _scale(c: Any, x: float, y: float) -> None:
    """Ticks every millimetre from −10 to +10 on both axes around (x, y), labelled every 5."""
    c.setLineWidth(0.25)
    for k in range(-10, 11):
        long = 2.2 * MM if k % 5 == 0 else 1.2 * MM
        c.line(x + k * MM, y - long / 2, x + k * MM, y + long / 2)
        c.line(x - long / 2, y + k * MM, x + long / 2, y + k * MM)
    c.setFont(fonts.NARROW, 5)
    for k in (-10, -5, 5, 10):
        c.drawCentredString(x + k * MM, y - 3.6 * MM, f"{k:+d}")
        c.drawString(x + 1.8 * MM, y + k * MM - 1.6, f"{k:+d}")


def write_calibration(target: str | Path, paper: str, lang: str, flip: str = "long") -> None:
    """Two pages: print them duplex at 100 % and read the offset of the back against the front."""
    page = PAPERS[paper]
    pw, ph = page
    grid, _ = best_grid(page, (CARD_SIZES["standard"][0] * MM, CARD_SIZES["standard"][1] * MM))
    c = open_canvas(str(target), paper, label("calibrate_title", lang), label("calibrate_title", lang))
    # Text sits low on the page, clear of the card outline in the first card slot.
    c.setFont(fonts.SANS_BOLD, 14)
    c.drawString(15 * MM, 48 * MM, label("calibrate_title", lang))
    c.setFont(fonts.SANS, 8.5)
    text = c.beginText(15 * MM, 42 * MM)
    for line in _wrap(label("calibrate_steps", lang), 105):
        text.textLine(line)
    c.drawText(text)
    # A 50 mm ruler: a wrong length means the viewer scaled the page.
    x0, y0 = 15 * MM, 18 * MM
    c.setLineWidth(0.6)
    c.line(x0, y0, x0 + 50 * MM, y0)
    for k in range(0, 51):
        c.line(x0 + k * MM, y0, x0 + k * MM, y0 + (3 if k % 10 == 0 else 1.6 if k % 5 == 0 else 1) * MM)
    c.setFont(fonts.SANS, 7)
    for k in range(0, 51, 10):
        c.drawCentredString(x0 + k * MM, y0 + 4 * MM, str(k))
    c.drawString(x0, y0 - 4 * MM, label("calibrate_ruler", lang))
    # The card outline where the first card of a sheet goes, and crosses at the page centre and corners.
    first = grid.boxes[0]
    c.setDash(2, 2)
    c.rect(first.x, first.y, first.w, first.h, stroke=1, fill=0)
    c.setDash()
    draw_fitted(c, first.x + 2 * MM, first.y + 2 * MM, label("calibrate_card", lang, w=63, h=88), fonts.SANS, 7,
                first.w - 4 * MM)  # fmt: skip
    points = [(pw / 2, ph / 2), (pw * 0.8, ph * 0.3), (pw * 0.8, ph * 0.7)]
    c.setLineWidth(0.5)
    for x, y in points:
        _cross(c, x, y, 6 * MM)
    c.showPage()
    # The back: a scale behind every cross, placed where the flip puts it.
    c.setStrokeColorRGB(0, 0, 0)
    c.setFont(fonts.SANS_BOLD, 10)
    c.drawString(15 * MM, ph - 15 * MM, label("calibrate_back", lang))
    for x, y in points:
        spot = back_box(Box(x, y, 0, 0), page, flip)
        _scale(c, spot.x, spot.y)
    c.showPage()
    c.save()


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line]
