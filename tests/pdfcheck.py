"""Printed pages read back for layout checks: glyphs with their sizes, lines, table rules, ink near the edges."""

# Everything here is measured from the PDF a user prints (pypdfium2 for glyphs, shapes and pixels,
# pypdf for the outline), never from printkit's own idea of where it put things.

from __future__ import annotations

import ctypes
import itertools
import math
import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw
from PIL import Image

from printkit.geometry import PRINTABLE_MARGIN
from printkit.render import html

MM = 72 / 25.4
AUTO_HYPHEN = html.AUTO_HYPHEN  # what WeasyPrint prints where it breaks a word (printkit sets it)


class Glyph(NamedTuple):
    # A tuple rather than a dataclass: a kit holds a million of them, made, pickled and read back.
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

    @cached_property
    def x0(self) -> float:
        return min(g.x0 for g in self.glyphs)

    @cached_property
    def x1(self) -> float:
        return max(g.x1 for g in self.glyphs)

    @cached_property
    def top(self) -> float:
        return max(g.y1 for g in self.glyphs)

    @cached_property
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
    # (side, pixels from that edge) of the closest ink within INK_MARGIN at INK_SCALE, per side that has any
    ink: tuple[tuple[str, int], ...] = ()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Pickled by columns (conftest.remembered keeps every page read): Glyph tuples one by one
        # took a second of a cold test run to pickle.
        glyphs = self.glyphs
        fonts = sorted({g.font for g in glyphs})
        which = {font: i for i, font in enumerate(fonts)}
        numbers = [array("d", [g[i] for g in glyphs]).tobytes() for i in range(1, 7)]
        columns = (
            "".join(g.char for g in glyphs),
            numbers,
            fonts,
            array("H", [which[g.font] for g in glyphs]).tobytes(),
        )
        fields = (self.number, self.width, self.height, self.rules, self.trim, self.bleed, self.ink)
        return _unpickle_page, (fields, columns)

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


def _unpickle_page(fields: tuple[object, ...], columns: tuple[str, list[bytes], list[str], bytes]) -> Page:
    chars, packed, fonts, packed_which = columns
    which = array("H", packed_which)
    interned = {c: sys.intern(c) for c in set(chars)}
    numbers = [array("d", column) for column in packed]
    glyphs = tuple(
        map(Glyph._make, zip(map(interned.__getitem__, chars), *numbers, map(fonts.__getitem__, which), strict=True))
    )
    number, width, height, rules, trim, bleed, ink = fields
    return Page(number, width, height, glyphs, rules, trim, bleed, ink)  # type: ignore[arg-type]


def _glyphs(page: pdfium.PdfPage) -> list[Glyph]:
    textpage = page.get_textpage()
    count = textpage.count_chars()
    # The page's characters in one call, one UTF-16 unit per character index as pdfium counts them
    # (a lone surrogate is kept, so that the indices still line up).
    text = textpage.get_text_range(errors="surrogatepass")
    if len(text) != count:
        raise RuntimeError(f"pdfium gave {len(text)} characters of text for {count} character indices")
    handle = textpage.raw
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    make = tuple.__new__  # Glyph(...) without the Python-level __new__ a NamedTuple adds
    # Size and font belong to the text object a character was drawn by: read once per object.
    styles: dict[int, tuple[float, str]] = {}
    names: dict[str, str] = {}
    interned: dict[str, str] = {}
    out = []
    for i, char in enumerate(text):
        if not char.strip():
            # Spaces, and what pdfium adds between words and runs: every character it generates is a
            # space or a line break (1.7 million characters of the example kits), so none is asked.
            continue
        # Which text object drew the character, by its address: the helper API's get_textobj makes a
        # Python object per call, a cost per character.
        drawn_by = ctypes.addressof(raw.FPDFText_GetTextObject(handle, i).contents)
        style = styles.get(drawn_by)
        if style is None:
            textobj = textpage.get_textobj(i)
            matrix = textobj.get_matrix()
            size = textobj.get_font_size() * math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
            name = textobj.get_font().get_base_name()
            font = names.get(name)
            if font is None:
                # One string object per font and character: the pages keep (and pickle) small.
                font = names[name] = sys.intern(name.split("+")[-1])
            style = styles[drawn_by] = (size, font)
        x0, y0, x1, y1 = textpage.get_charbox(i)
        raw.FPDFText_GetCharOrigin(handle, i, origin_x, origin_y)  # the helper API has no origin
        char = interned.get(char) or interned.setdefault(char, sys.intern(char))
        out.append(make(Glyph, (char, x0, y0, x1, y1, origin_y.value, *style)))
    textpage.close()
    return out


def _rules(page: pdfium.PdfPage) -> list[Rule]:
    """Thin stroked segments drawn on the page itself (WeasyPrint draws table borders so)."""
    fill, stroked = ctypes.c_int(), ctypes.c_int()
    out = []
    # max_depth=1: the page's own objects, not those inside form XObjects.
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroked)  # the helper API has no draw mode
        if not stroked.value:
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
        ink = tuple(_edge_ink(page, INK_MARGIN, INK_SCALE, "lrbt").items())
        pages.append(
            Page(number, width, height, tuple(_glyphs(page)), tuple(_rules(page)), _box(page, "trim"),
                 _box(page, "bleed"), ink)
        )  # fmt: skip
    document.close()
    return tuple(pages)


# The ink checks' usual question, answered from the pages read() reads (each page is loaded once).
INK_MARGIN, INK_SCALE = PRINTABLE_MARGIN, 0.75


def _band(margin: float, scale: float) -> int:
    return max(1, int(margin * scale - 0.5))  # the pixel on the boundary itself may hold anti-aliasing


def ink_in_margin(path: Path, margin: float, sides: str = "lrbt", scale: float = 0.75) -> list[tuple[int, str, float]]:
    """(page, side, mm from the edge) of the closest ink within `margin` of a sheet edge, per page and side.

    Pages are rasterised as a printer would see them (clipping, forms and all); a pixel darker than
    almost-white counts as ink. `sides` picks which edges to look at (l, r, b, t).
    """
    from .conftest import remembered

    band = _band(margin, scale)
    if scale == INK_SCALE and band <= _band(INK_MARGIN, INK_SCALE):
        return [(p.number, side, round(at / scale / MM, 1)) for p in read(path) for side, at in p.ink
                if side in sides and at < band]  # fmt: skip
    return remembered(path, f"ink-{margin!r}-{sides}-{scale!r}", lambda p: _ink_in_margin(p, margin, sides, scale))


def _ink_in_margin(path: Path, margin: float, sides: str, scale: float) -> list[tuple[int, str, float]]:
    document = pdfium.PdfDocument(str(path))
    found = [
        (number, side, round(at / scale / MM, 1))
        for number, page in enumerate(document, start=1)
        for side, at in _edge_ink(page, margin, scale, sides).items()
    ]
    document.close()
    return found


def _edge_ink(page: pdfium.PdfPage, margin: float, scale: float, sides: str) -> dict[str, int]:
    """side -> pixels from that edge to the closest ink within `margin`, for the sides that have any."""
    band = _band(margin, scale)
    width, height = page.get_size()
    w, h = math.ceil(width * scale), math.ceil(height * scale)  # the whole page's pixels, as pdfium sizes them
    # Each edge's band alone, rendered on the whole page's pixel grid (pdfium crops by offsetting the
    # page, so every pixel is the one a full rendering has there); crop = (left, bottom, right, top)
    # in points, which pypdfium2 rounds up to pixels: half a pixel under keeps the band whole.
    across, down = (w - band - 0.5) / scale, (h - band - 0.5) / scale
    crops = {"l": (0, 0, across, 0), "r": (across, 0, 0, 0), "t": (0, down, 0, 0), "b": (0, 0, 0, down)}
    found = {}
    for side in sides:
        image = page.render(scale=scale, grayscale=True, may_draw_forms=True, crop=crops[side]).to_pil()
        assert band in image.size, (page, side, image.size)
        for offset, strip in enumerate(_from_the_edge(image, side, band)):
            if strip.getextrema()[0] < 235:
                found[side] = offset
                break
    return found


def _from_the_edge(image: Image.Image, side: str, band: int) -> Iterator[Image.Image]:
    """The band's columns (l, r) or rows (t, b) one pixel wide, from the sheet's edge inwards."""
    w, h = image.size
    for k in range(band):
        if side == "l":
            yield image.crop((k, 0, k + 1, h))
        elif side == "r":
            yield image.crop((w - 1 - k, 0, w - k, h))
        elif side == "t":
            yield image.crop((0, k, w, k + 1))
        else:
            yield image.crop((0, h - 1 - k, w, h - k))


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


# Toner is measured at 100 dpi: low enough to read a kit in seconds, fine enough that a hairline
# (cut lines, a card's lattice) is not drawn a whole pixel wide (at 30 dpi a 0.3 pt line counts as
# 0.85 mm, and a sheet of markers reads twice as dark as it prints).
TONER_DPI = 100


def toner(path: Path, dpi: int = TONER_DPI) -> list[float]:
    """Each page's toner: the mean darkness (0 white, 1 solid black) of the page rendered in grey, as
    a black-and-white printer lays it."""
    from .conftest import remembered

    return remembered(path, f"toner-{dpi}", lambda p: _toner(p, dpi))


def _toner(path: Path, dpi: int) -> list[float]:
    from PIL import ImageStat

    document = pdfium.PdfDocument(str(path))
    found = []
    for page in document:
        image = page.render(scale=dpi / 72, grayscale=True, may_draw_forms=True).to_pil().convert("L")
        found.append(1 - ImageStat.Stat(image).mean[0] / 255)
    document.close()
    return found
