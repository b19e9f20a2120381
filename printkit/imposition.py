"""Imposition maths for cards and tokens: n-up grids, bleed, duplex backs and printer offsets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .geometry import MM, PRINTABLE_MARGIN

# The public names a game may use (see printkit.plugin); the others are printkit's own.
__all__ = [
    "CARD_SIZES",
    "Box",
    "Grid",
    "Printer",
    "back_box",
    "best_grid",
    "grid",
    "seen_through",
    "sheet_flip",
    "shelves",
]

# Named card sizes in millimetres (width, height), portrait.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "standard": (63, 88),
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44, 63),
    "tarot": (70, 120),
}

MARK_LENGTH = 5 * MM  # crop marks where the margin allows
MIN_MARK_LENGTH = 3.5 * MM  # still easy to see and to lay a ruler on
MARK_GAP = 1 * MM  # between a trim edge and its crop mark
# The margin around a block of items that holds its crop marks inside the printable area.
MARKED_MARGIN = PRINTABLE_MARGIN + MARK_GAP + MIN_MARK_LENGTH


@dataclass(frozen=True)
class Box:
    """A rectangle in points, origin bottom-left (PDF coordinates)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Grid:
    """Where items go on a sheet: trim boxes in reading order, plus the cut lines for crop marks."""

    page: tuple[float, float]
    item: tuple[float, float]
    cols: int
    rows: int
    gutter: float
    bleed: float
    boxes: tuple[Box, ...]

    @property
    def per_sheet(self) -> int:
        return len(self.boxes)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts."""
        xs = sorted({round(v, 4) for b in self.boxes for v in (b.x, b.x + b.w)})
        ys = sorted({round(v, 4) for b in self.boxes for v in (b.y, b.y + b.h)})
        return xs, ys

    def block(self) -> Box:
        """The area covered by all trim boxes."""
        x0 = min(b.x for b in self.boxes)
        y0 = min(b.y for b in self.boxes)
        x1 = max(b.x + b.w for b in self.boxes)
        y1 = max(b.y + b.h for b in self.boxes)
        return Box(x0, y0, x1 - x0, y1 - y0)


def _fit(available: float, size: float, gutter: float) -> int:
    return max(0, int((available + gutter + 1e-6) // (size + gutter)))


def _centred(page: tuple[float, float], item: tuple[float, float], cols: int, rows: int, gutter: float,
             bleed: float) -> Grid:  # fmt: skip
    pw, ph = page
    iw, ih = item
    width = cols * iw + (cols - 1) * gutter
    height = rows * ih + (rows - 1) * gutter
    x0 = (pw - width) / 2
    y0 = (ph - height) / 2
    boxes = [
        Box(x0 + c * (iw + gutter), y0 + (rows - 1 - r) * (ih + gutter), iw, ih)
        for r in range(rows)
        for c in range(cols)
    ]
    return Grid(page, item, cols, rows, gutter, bleed, tuple(boxes))


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def grid(page: tuple[float, float], item: tuple[float, float], bleed: float = 3 * MM, gutter: float = 0.0,
         margin: float | None = None, keep_out: tuple[Box, ...] = ()) -> Grid:  # fmt: skip
    """The most items of this size that fit the page, centred, leaving room for bleed and marks.

    Items are butted (gutter 0) unless a gutter is asked for: cutting along shared lines is what
    a guillotine or a craft knife does best. The margin around the block holds the crop marks
    inside the printable area (MARKED_MARGIN) and never less than the bleed plus that area; a
    block whose bleed would touch a keep-out box (a cutting machine's registration mark) loses a
    row or a column.
    """
    pw, ph = page
    iw, ih = item
    need = max(MARKED_MARGIN, PRINTABLE_MARGIN + bleed) if margin is None else margin
    cols = _fit(pw - 2 * need, iw, gutter)
    rows = _fit(ph - 2 * need, ih, gutter)
    candidates = sorted(((c, r) for c in range(cols, 0, -1) for r in range(rows, 0, -1)), key=lambda cr: -cr[0] * cr[1])
    for c, r in candidates:
        found = _centred(page, item, c, r, gutter, bleed)
        block = found.block()
        reach = Box(block.x - bleed, block.y - bleed, block.w + 2 * bleed, block.h + 2 * bleed)
        if not any(_overlaps(reach, box) for box in keep_out):
            return found
    raise ValueError(f"a {iw / MM:.0f}×{ih / MM:.0f} mm item does not fit a {pw / MM:.0f}×{ph / MM:.0f} mm page")


def shelves(page: tuple[float, float], groups: Sequence[tuple[float, int]], margin: float,
            keep_out: tuple[Box, ...] = (), gutter: float = 0.0,
            floor: float | None = None) -> list[list[tuple[int, Box]]]:  # fmt: skip
    """Square items of several sizes on shared sheets: `groups` gives (side, count) of each kind in
    print order. Each kind fills rows as wide as the page allows, top down, `gutter` apart (butted
    by default); the next kind starts on the row below, on the same sheet while there is room. A row
    that would touch a keep-out box (a cutting machine's mark) holds fewer items, or moves down. No
    row reaches below `floor` (the margin by default). Returns every sheet as (group, box) in print
    order. Raises ValueError when an item fits no page."""
    pw, ph = page
    sheets: list[list[tuple[int, Box]]] = []
    sheet: list[tuple[int, Box]] = []
    top = ph - margin
    for group, (side, count) in enumerate(groups):
        cols = _fit(pw - 2 * margin, side, gutter)
        if cols == 0 or side > ph - 2 * margin:
            raise ValueError(f"a {side / MM:.0f} mm item does not fit a {pw / MM:.0f}×{ph / MM:.0f} mm page")
        left = count
        while left:
            y = top - side - (gutter if sheet else 0.0)
            if y < (margin if floor is None else floor) - 1e-6:
                if not sheet:
                    raise ValueError(f"a {side / MM:.0f} mm item finds no room clear of the marks")
                sheets.append(sheet)
                sheet, top = [], ph - margin
                continue
            row: list[Box] = []
            for k in range(cols, 0, -1):
                x0 = (pw - k * side - (k - 1) * gutter) / 2
                row = [Box(x0 + i * (side + gutter), y, side, side) for i in range(min(k, left))]
                if not any(_overlaps(b, out) for b in row for out in keep_out):
                    break
                row = []
            sheet += [(group, b) for b in row]
            left -= len(row)
            top = y
    if sheet:
        sheets.append(sheet)
    return sheets


KeepOut = Callable[[tuple[float, float]], tuple[Box, ...]]


def best_grid(paper: tuple[float, float], item: tuple[float, float], bleed: float = 3 * MM, gutter: float = 0.0,
              keep_out: KeepOut | None = None) -> tuple[Grid, bool]:  # fmt: skip
    """The grid with the most items, trying the paper upright and turned; returns (grid, landscape).

    keep_out gives, for a page size, the boxes the items must leave clear (registration marks).
    """

    def attempt(page: tuple[float, float]) -> Grid:
        return grid(page, item, bleed, gutter, keep_out=keep_out(page) if keep_out else ())

    upright = attempt(paper)
    try:
        turned = attempt((paper[1], paper[0]))
    except ValueError:
        return upright, False
    return (turned, True) if turned.per_sheet > upright.per_sheet else (upright, False)


@dataclass(frozen=True)
class Printer:
    """A printer's duplex habits, measured once with `printkit calibrate` and saved in the config."""

    back_offset: tuple[float, float] = (0.0, 0.0)  # points, added to back pages
    scale: float = 1.0  # applied to back pages about the page centre


def sheet_flip(flip: str, page: tuple[float, float]) -> str:
    """The duplex flip as it acts on a page's own coordinates.

    A landscape page is turned a quarter onto the paper by the printer, so flipping the paper on
    its long edge mirrors the page top to bottom (what "short" means for an upright page), and the
    other way round.
    """
    if page[0] <= page[1]:
        return flip
    return {"long": "short", "short": "long"}[flip]


def back_box(front: Box, page: tuple[float, float], flip: str = "long", printer: Printer | None = None) -> Box:
    """Where an item's back goes on the back page so that it lands behind its front.

    Long-edge flip (portrait sheets turned like a book page) mirrors left-right; short-edge flip
    mirrors top-bottom (and the back is drawn upside down). The printer profile then shifts and
    scales the back page to undo what the printer does.
    """
    pw, ph = page
    if flip == "long":
        box = Box(pw - front.x - front.w, front.y, front.w, front.h)
    elif flip == "short":
        box = Box(front.x, ph - front.y - front.h, front.w, front.h)
    else:
        raise ValueError(f"unknown flip {flip!r}")
    if printer is None:
        return box
    s = printer.scale
    cx, cy = pw / 2, ph / 2
    dx, dy = printer.back_offset
    return Box(cx + (box.x - cx) * s + dx, cy + (box.y - cy) * s + dy, box.w * s, box.h * s)


def seen_through(back: Box, page: tuple[float, float], flip: str = "long",
                 printer: Printer | None = None) -> Box:  # fmt: skip
    """Where a box drawn on the back page ends up, seen from the front side once printed."""
    pw, ph = page
    box = back
    if printer is not None:
        # The printer undoes our compensation: invert the scale and offset first.
        s = printer.scale
        cx, cy = pw / 2, ph / 2
        dx, dy = printer.back_offset
        box = Box(cx + (back.x - dx - cx) / s, cy + (back.y - dy - cy) / s, back.w / s, back.h / s)
    if flip == "long":
        return Box(pw - box.x - box.w, box.y, box.w, box.h)
    return Box(box.x, ph - box.y - box.h, box.w, box.h)
