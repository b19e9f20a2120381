"""Printed pages read back for layout checks: glyphs with their sizes, lines, table rules, ink near the edges."""

# Everything here is measured from the PDF a user prints (pypdfium2 for glyphs, shapes and pixels,
# pypdf for the outline), never from printkit's own idea of where it put things.

from __future__ import annotations

import ctypes
import itertools
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

MM = 72 / 25.4
AUTO_HYPHEN = "\u2010"  # what WeasyPrint prints where it breaks a word


@dataclass(frozen=True)
class Glyph:
    char: str
    x0: float
    y0: float
    x1: float
    y1: float
    baseline: float
    size: float  # effective size in points: the font size times the text and page matrices
    font: str


@dataclass(frozen=True)
class Line:
    """Glyphs sharing a baseline, split where a gap wider than two ems separates columns."""

    glyphs: tuple[Glyph, ...]

    @cached_property
    def text(self) -> str:
        """The line's characters, with a space wherever the gap between two glyphs is a word space."""
        out = self.glyphs[0].char
        for a, b in itertools.pairwise(self.glyphs):
            out += (" " if b.x0 - a.x1 > 0.18 * b.size else "") + b.char
        return out

    @property
    def baseline(self) -> float:
        return self.glyphs[0].baseline

    @property
    def x0(self) -> float:
        return min(g.x0 for g in self.glyphs)

    @property
    def x1(self) -> float:
        return max(g.x1 for g in self.glyphs)

    @property
    def top(self) -> float:
        return max(g.y1 for g in self.glyphs)

    @property
    def bottom(self) -> float:
        return min(g.y0 for g in self.glyphs)


@dataclass(frozen=True)
class Rule:
    """A thin stroked segment, horizontal (y0 == y1) or vertical (x0 == x1): a table border."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def horizontal(self) -> bool:
        return self.y0 == self.y1


@dataclass(frozen=True)
class Page:
    number: int  # from 1
    width: float
    height: float
    glyphs: tuple[Glyph, ...]
    rules: tuple[Rule, ...]
    trim: tuple[float, float, float, float] | None  # the TrimBox when it differs from the MediaBox
    bleed: tuple[float, float, float, float] | None

    @cached_property
    def _lines(self) -> list[Line]:
        return self._group_lines()

    def lines(self) -> list[Line]:
        """Text lines top to bottom, left to right (worked out once per page)."""
        return list(self._lines)

    def _group_lines(self) -> list[Line]:
        rows: dict[float, list[Glyph]] = {}
        for g in self.glyphs:
            if g.char.strip():
                rows.setdefault(round(g.baseline, 0), []).append(g)
        out = []
        for _, glyphs in sorted(rows.items(), key=lambda kv: -kv[0]):
            glyphs.sort(key=lambda g: g.x0)
            start = 0
            for i in range(1, len(glyphs) + 1):
                if i == len(glyphs) or glyphs[i].x0 - glyphs[i - 1].x1 > 2 * max(glyphs[i].size, 1):
                    out.append(Line(tuple(glyphs[start:i])))
                    start = i
        return out


def _glyphs(page: pdfium.PdfPage) -> list[Glyph]:
    textpage = page.get_textpage()
    tp = textpage.raw  # the bare handle: pypdfium2's wrapper costs a Python call per use
    matrix = raw.FS_MATRIX()
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    ox, oy = ctypes.c_double(), ctypes.c_double()
    flags = ctypes.c_int()
    buffer = ctypes.create_string_buffer(128)
    generated, unicode, get_matrix, font_size, char_box, origin, font_info = (
        raw.FPDFText_IsGenerated, raw.FPDFText_GetUnicode, raw.FPDFText_GetMatrix, raw.FPDFText_GetFontSize,
        raw.FPDFText_GetCharBox, raw.FPDFText_GetCharOrigin, raw.FPDFText_GetFontInfo,
    )  # fmt: skip
    names: dict[bytes, str] = {}
    out = []
    for i in range(raw.FPDFText_CountChars(tp)):
        if generated(tp, i):
            continue  # spaces and line breaks pdfium adds between runs
        char = chr(unicode(tp, i))
        if not char.strip():
            continue
        get_matrix(tp, i, matrix)
        size = font_size(tp, i) * math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        char_box(tp, i, left, right, bottom, top)
        origin(tp, i, ox, oy)
        length = font_info(tp, i, buffer, 128, flags)
        name = buffer.raw[: max(0, length - 1)]
        font = names.get(name)
        if font is None:
            # One string object per font and character: the pages keep (and pickle) small.
            font = names[name] = sys.intern(name.decode("utf-8", "replace").split("+")[-1])
        out.append(Glyph(sys.intern(char), left.value, bottom.value, right.value, top.value, oy.value, size, font))
    textpage.close()
    return out


def _rules(page: pdfium.PdfPage) -> list[Rule]:
    """Thin stroked segments drawn on the page itself (WeasyPrint draws table borders so)."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    out = []
    for obj in page.get_objects(max_depth=1):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
        if not stroke.value:
            continue
        x0, y0, x1, y1 = obj.get_bounds()
        if y1 - y0 < 1.6 and x1 - x0 > 4:
            out.append(Rule(x0, (y0 + y1) / 2, x1, (y0 + y1) / 2))
        elif x1 - x0 < 1.6 and y1 - y0 > 2:
            out.append(Rule((x0 + x1) / 2, y0, (x0 + x1) / 2, y1))
    return out


def _box(page: pdfium.PdfPage, name: str) -> tuple[float, float, float, float] | None:
    box = getattr(page, f"get_{name}box")(fallback_ok=False)
    media = page.get_mediabox()
    return None if box is None or all(abs(a - b) < 0.01 for a, b in zip(box, media, strict=True)) else box


@lru_cache(maxsize=16)
def read(path: Path) -> tuple[Page, ...]:
    """Every page of a PDF (cached for the few checks that read the same files in a row, and on disk
    for the shared example kits' files: see conftest.remembered)."""
    from .conftest import remembered

    return remembered(path, "pages", _read)


def _read(path: Path) -> tuple[Page, ...]:
    document = pdfium.PdfDocument(str(path))
    pages = []
    for number, page in enumerate(document, start=1):
        width, height = page.get_size()
        pages.append(
            Page(number, width, height, tuple(_glyphs(page)), tuple(_rules(page)), _box(page, "trim"),
                 _box(page, "bleed"))
        )  # fmt: skip
    document.close()
    return tuple(pages)


def ink_in_margin(path: Path, margin: float, sides: str = "lrbt", scale: float = 0.75) -> list[tuple[int, str, float]]:
    """(page, side, mm from the edge) of the closest ink within `margin` of a sheet edge, per page and side.

    Pages are rasterised as a printer would see them (clipping, forms and all); a pixel darker than
    almost-white counts as ink. `sides` picks which edges to look at (l, r, b, t).
    """
    from .conftest import remembered

    return remembered(path, f"ink-{margin!r}-{sides}-{scale!r}", lambda p: _ink_in_margin(p, margin, sides, scale))


def _ink_in_margin(path: Path, margin: float, sides: str, scale: float) -> list[tuple[int, str, float]]:
    document = pdfium.PdfDocument(str(path))
    found = []
    band = max(1, int(margin * scale - 0.5))  # the pixel on the boundary itself may hold anti-aliasing
    for number, page in enumerate(document, start=1):
        image = page.render(scale=scale, grayscale=True, may_draw_forms=True).to_pil()
        w, h = image.size
        strips = {
            "l": [(x, image.crop((x, 0, x + 1, h))) for x in range(band)],
            "r": [(x, image.crop((w - 1 - x, 0, w - x, h))) for x in range(band)],
            "t": [(y, image.crop((0, y, w, y + 1))) for y in range(band)],
            "b": [(y, image.crop((0, h - 1 - y, w, h - y))) for y in range(band)],
        }
        for side in sides:
            for offset, strip in strips[side]:
                if strip.getextrema()[0] < 235:
                    found.append((number, side, round(offset / scale / MM, 1)))
                    break
    document.close()
    return found


def outline_starts(path: Path) -> list[int]:
    """Pages (from 1) where a top-level outline entry (a chapter) begins."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    starts = []
    for item in reader.outline:
        if not isinstance(item, list):
            starts.append(reader.get_destination_page_number(item) + 1)
    return sorted(set(starts))


def body_lines(page: Page, top_margin: float, bottom_margin: float) -> list[Line]:
    """Lines between a page's running header and its footer."""
    return [ln for ln in page.lines() if bottom_margin < ln.baseline < page.height - top_margin]


@dataclass(frozen=True)
class TablePart:
    """One page's part of a table: its header text and how many rows under the header."""

    page: int
    header: str
    rows: int
    top: float
    bottom: float
    left: float
    right: float


def table_parts(page: Page) -> list[TablePart]:
    """The tables on a page, top to bottom, from their borders.

    A table is a stack of horizontal border levels of one width (above the header, under it, under
    each row) joined by vertical cell borders; two tables of one width never share a vertical border.
    """
    levels: dict[tuple[int, int], list[float]] = {}
    by_y: dict[float, list[Rule]] = {}
    for rule in page.rules:
        if rule.horizontal:
            by_y.setdefault(round(rule.y0, 1), []).append(rule)
    for y, rules in by_y.items():
        # Each cell draws its own segment: join touching segments into one border per table.
        rules.sort(key=lambda r: r.x0)
        x0, x1 = rules[0].x0, rules[0].x1
        for r in [*rules[1:], None]:
            if r is not None and r.x0 <= x1 + 2:
                x1 = max(x1, r.x1)
                continue
            levels.setdefault((round(x0 / 2), round(x1 / 2)), []).append(y)
            if r is not None:
                x0, x1 = r.x0, r.x1
    verticals = [r for r in page.rules if not r.horizontal]
    lines = page.lines()
    out = []
    for (a, b), ys in levels.items():
        left, right = a * 2, b * 2

        def joined(hi: float, lo: float, left: float = left, right: float = right) -> bool:
            return any(left - 3 < v.x0 < right + 3 and v.y0 <= lo + 1.5 and v.y1 >= hi - 1.5 for v in verticals)

        ordered = sorted(set(ys), reverse=True)
        groups = [[ordered[0]]]
        for y in ordered[1:]:
            if joined(groups[-1][-1], y):
                groups[-1].append(y)
            else:
                groups.append([y])
        for group in groups:
            if len(group) < 3:
                continue
            head = sorted((ln for ln in lines if group[1] < ln.baseline < group[0] and left - 3 < ln.x0 < right),
                          key=lambda ln: (-ln.baseline, ln.x0))  # fmt: skip
            header = " ".join(ln.text for ln in head)
            out.append(TablePart(page.number, header, len(group) - 2, group[0], group[-1], left, right))
    return sorted(out, key=lambda t: -t.top)


def split_tables(pages: Sequence[Page], top_margin: float, bottom_margin: float) -> list[tuple[int, str, int, int]]:
    """(page, header, rows before the break, rows after) of every table continued onto the next page.

    A table is continued when it is the last thing on one page, the first on the next, and both
    parts carry the same header (WeasyPrint repeats it).
    """
    out = []
    for prev, nxt in itertools.pairwise(pages):
        before, after = table_parts(prev), table_parts(nxt)
        if not before or not after:
            continue
        last, first = before[-1], after[0]
        below = [ln for ln in prev.lines() if bottom_margin < ln.baseline < last.bottom - 1]
        above = [ln for ln in nxt.lines() if first.top + 1 < ln.baseline < nxt.height - top_margin]
        if below or above or last.header != first.header:
            continue
        out.append((prev.number, last.header, last.rows, first.rows))
    return out
