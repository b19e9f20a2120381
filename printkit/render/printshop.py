"""Files for print shops and cutting machines: one face per page with trim and bleed boxes, cut templates."""

# Card printers (DriveThruCards, The Game Crafter, MakePlayingCards) trim each card from its own
# artwork: a page the size of the card plus 1/8 in of bleed on every side, the card's edge given by
# the PDF's TrimBox and the artwork's by its BleedBox. docs/how-to/print-shops.md cites what they ask.

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..geometry import INCH, MM
from ..imposition import Box
from .canvas import open_canvas

SHOP_BLEED = INCH / 8  # what DriveThruCards and The Game Crafter ask for: 1/8 in on every side
SHOP_SAFE = INCH / 8  # and no text closer than this to the trim

Draw = Callable[[Any], None]  # draws one face with its origin at the trim's lower-left corner


def write_faces(target: str | Path, trim: tuple[float, float], pages: Iterable[tuple[str, Draw]], title: str,
                bleed: float = SHOP_BLEED) -> int:  # fmt: skip
    """One page per face, in order: the trim plus bleed on every side, TrimBox and BleedBox set.

    Faces of the same name are drawn once and stamped (a deck repeats its cards); returns the
    number of pages.
    """
    w, h = trim
    size = (w + 2 * bleed, h + 2 * bleed)
    c = open_canvas(str(target), "a4", title, title, pagesize=size)
    drawn: set[str] = set()
    count = 0
    for name, draw in pages:
        if name not in drawn:
            c.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
            draw(c)
            c.endForm()
            drawn.add(name)
        # Clip to the page so that no art strays past the bleed.
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, *size)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(bleed, bleed)
        c.doForm(name)
        c.restoreState()
        c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
        c.setBleedBox((0, 0, *size))
        c.showPage()
        count += 1
    c.save()
    return count


# ---- Silhouette registration marks -----------------------------------------------------------------
# Silhouette Studio's print-and-cut marks (type 1): a filled square at the top-left corner and an
# L at the top-right and bottom-left corners, 10 mm in from the sheet's edges (the smallest inset
# Studio allows), which the machine's optical sensor finds before it cuts.

REG_INSET = 10 * MM
REG_SQUARE = 5 * MM
REG_ARM = 20 * MM
REG_THICKNESS = 0.5 * MM
REG_CLEARANCE = 2 * MM  # no art this close to a mark: the sensor must see it against white


def registration_boxes(page: tuple[float, float]) -> tuple[Box, ...]:
    """The boxes the three marks occupy on a page (PDF coordinates), without clearance."""
    pw, ph = page
    top = ph - REG_INSET
    return (
        Box(REG_INSET, top - REG_SQUARE, REG_SQUARE, REG_SQUARE),  # square, top-left
        Box(pw - REG_INSET - REG_ARM, top - REG_ARM, REG_ARM, REG_ARM),  # L, top-right
        Box(REG_INSET, REG_INSET, REG_ARM, REG_ARM),  # L, bottom-left
    )


def registration_keep_out(page: tuple[float, float]) -> tuple[Box, ...]:
    """Where cards and their bleed may not go on a sheet with registration marks."""
    g = REG_CLEARANCE
    return tuple(Box(b.x - g, b.y - g, b.w + 2 * g, b.h + 2 * g) for b in registration_boxes(page))


def registration_marks(c: Any, page: tuple[float, float]) -> None:
    """Draw the three marks in solid black."""
    square, top_right, bottom_left = registration_boxes(page)
    t = REG_THICKNESS
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.rect(square.x, square.y, square.w, square.h, stroke=0, fill=1)
    # The top-right L: along the top edge and down the right edge from the corner.
    x1, y1 = top_right.x + top_right.w, top_right.y + top_right.h
    c.rect(top_right.x, y1 - t, top_right.w, t, stroke=0, fill=1)
    c.rect(x1 - t, top_right.y, t, top_right.h, stroke=0, fill=1)
    # The bottom-left L: along the bottom edge and up the left edge from the corner.
    c.rect(bottom_left.x, bottom_left.y, bottom_left.w, t, stroke=0, fill=1)
    c.rect(bottom_left.x, bottom_left.y, t, bottom_left.h, stroke=0, fill=1)
    c.restoreState()


def cut_template_svg(page: tuple[float, float], boxes: Sequence[Box], radius: float | Sequence[float] = 0.0) -> str:
    """An SVG the size of the sheet (in mm): the registration marks, and every item's outline as a
    cut path with its corner radius (one for all, or one a box), for Silhouette Studio to open and
    cut the printed sheet."""
    radii = [radius] * len(boxes) if isinstance(radius, float | int) else list(radius)

    def mm(v: float) -> str:
        return f"{v / MM:.3f}"

    pw, ph = page
    marks = []
    t = REG_THICKNESS
    square, tr, bl = registration_boxes(page)
    for x, y, w, h in ((square.x, square.y, square.w, square.h), (tr.x, tr.y + tr.h - t, tr.w, t),
                       (tr.x + tr.w - t, tr.y, t, tr.h), (bl.x, bl.y, bl.w, t), (bl.x, bl.y, t, bl.h)):  # fmt: skip
        marks.append(f'<rect x="{mm(x)}" y="{mm(ph - y - h)}" width="{mm(w)}" height="{mm(h)}" fill="#000"/>')
    cuts = [
        f'<rect x="{mm(b.x)}" y="{mm(ph - b.y - b.h)}" width="{mm(b.w)}" height="{mm(b.h)}" rx="{mm(r)}" '
        'fill="none" stroke="#FF0000" stroke-width="0.1"/>'
        for b, r in zip(boxes, radii, strict=True)
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{mm(pw)}mm" height="{mm(ph)}mm" '
        f'viewBox="0 0 {mm(pw)} {mm(ph)}">\n<g id="registration-marks">\n' + "\n".join(marks) + "\n</g>\n"
        '<g id="cut">\n' + "\n".join(cuts) + "\n</g>\n</svg>\n"
    )
