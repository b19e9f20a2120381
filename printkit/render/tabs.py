"""Edge tabs for colour-coded chapters: drawn on the canvas, then laid over the booklet's pages."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry import PRINTABLE_MARGIN, mm
from . import fonts
from .canvas import hex_colour, ink_on, open_canvas

# The colour runs off the outer edge (a bleed tab, seen on the closed booklet's fore-edge); the label
# sits inside the printable margin, where a desktop printer still prints it.
TAB_WIDTH = mm(12)
TAB_LABEL_CENTRE = PRINTABLE_MARGIN + mm(2.6)  # from the outer edge
TAB_TOP = mm(22)
TAB_BOTTOM = mm(22)
TAB_GAP = mm(3)
TAB_MAX = mm(34)


@dataclass(frozen=True)
class TabMark:
    """A tab on one page: which of the coded chapters (index of count) it is, its label and colour."""

    index: int
    count: int
    label: str
    colour: str


def tab_box(page_number: int, mark: TabMark, width: float, height: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the tab: on the outer edge (right on odd pages), lower for later chapters."""
    span = height - TAB_TOP - TAB_BOTTOM
    tab_h = min(TAB_MAX, (span - TAB_GAP * (mark.count - 1)) / mark.count)
    y = height - TAB_TOP - (mark.index + 1) * tab_h - mark.index * TAB_GAP
    x = width - TAB_WIDTH if page_number % 2 == 1 else 0.0
    return x, y, TAB_WIDTH, tab_h


def overlay(marks: Sequence[Sequence[TabMark]], size: tuple[float, float]) -> bytes:
    """One overlay page per booklet page: a tab for each coded chapter the page holds part of."""
    buffer = io.BytesIO()
    c = open_canvas(buffer, "a4", "tabs", "tabs", pagesize=size)
    width, height = size
    for number, page_marks in enumerate(marks, start=1):
        for mark in page_marks:
            x, y, w, h = tab_box(number, mark, width, height)
            rgb = hex_colour(mark.colour)
            c.setFillColorRGB(*rgb)
            c.rect(x, y, w, h, stroke=0, fill=1)
            c.saveState()
            c.setFillColorRGB(*ink_on(rgb))
            c.setFont(fonts.SANS_BOLD, 7.5)
            # Read from the outside edge: bottom-to-top on the right, top-to-bottom on the left.
            # The baseline sits 2.6 pt outside the label's centre line, as its letters rise inwards.
            if number % 2 == 1:
                c.translate(width - TAB_LABEL_CENTRE + 2.6, y + h / 2)
                c.rotate(90)
            else:
                c.translate(TAB_LABEL_CENTRE - 2.6, y + h / 2)
                c.rotate(-90)
            c.drawCentredString(0, 0, mark.label)
            c.restoreState()
        c.showPage()
    c.save()
    return buffer.getvalue()


def merge(pdf: bytes, marks: Sequence[Sequence[TabMark]]) -> bytes:
    """The booklet with its tabs drawn over its pages; outline, links and metadata are kept."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    first = reader.pages[0]
    size = (float(first.mediabox.width), float(first.mediabox.height))
    tabs = PdfReader(io.BytesIO(overlay(marks, size)))
    writer = PdfWriter(clone_from=reader)
    for page, page_marks, tab in zip(writer.pages, marks, tabs.pages, strict=True):
        if page_marks:
            # The overlay is merged onto the page, not the page onto the overlay: pypdf parses the
            # content of the page it merges, and the overlay's is a few operators.
            page.merge_page(tab)
            page.compress_content_streams()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
