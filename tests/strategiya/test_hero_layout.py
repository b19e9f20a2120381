"""Hero sheets for pencil: 6 mm between lines, black small type, conditions kept whole, the page used (issue 42)."""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from printkit.geometry import MM

from ..conftest import ExampleKits
from ..pdfcheck import Page, read

KITS = [
    (c, lang, paper) for c in ("strategiya", "strategiya-heroes") for lang in ("ru", "en") for paper in ("a4", "letter")
]
IDS = ["-".join(k) for k in KITS]
FILES = {"strategiya": ["hero-sheets.pdf"], "strategiya-heroes": ["hero-sheets.pdf", "hero-sheets-blank.pdf"]}
WRITE_LINE = (0.6, 0.6, 0.6)  # the grey of a line to write on (hero_sheets.FAINT, #999999)


def write_lines(pdf: Path, number: int) -> list[tuple[float, float, float]]:
    """(left, right, height) of every line to write on printed on a page (from 0): stroked, level,
    half a point, in the write-in grey."""
    document = pdfium.PdfDocument(pdf)
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    width = ctypes.c_float()
    found = []
    for obj in document[number].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        x0, y0, x1, y1 = obj.get_bounds()
        grey = tuple(round(v.value / 255, 2) for v in (r, g, b))
        if grey == WRITE_LINE and abs(width.value - 0.5) < 0.01 and y1 - y0 < 1.5 and x1 - x0 > 5 * MM:
            found.append((x0, x1, (y0 + y1) / 2))
    document.close()
    return found


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_lines_to_write_on_are_6_mm_apart(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 42: a hero's money, items, animals, spells and skipped turns were lines 4.1 mm apart,
    too close for pencil. Every line to write on lies 6 mm or more below the one above it."""
    for name in FILES[kit[0]]:
        pdf = kits(*kit) / name
        for number in range(0, len(pdfium.PdfDocument(pdf)), 2):  # the fronts
            lines = write_lines(pdf, number)
            assert len(lines) >= 20, (name, number, len(lines))
            close = []
            for x0, x1, y in lines:
                under = [y - v for u0, u1, v in lines if v < y and u0 < x1 and x0 < u1]
                if under and min(under) < 6 * MM - 0.05:
                    close.append(round(min(under) / MM, 2))
            assert not close, f"{name} p. {number + 1}: lines to write on this close (mm): {sorted(close)[:6]}"


def fill_colours(pdf: Path, number: int) -> list[tuple[str, float, tuple[int, int, int]]]:
    """(character, size, fill colour) of every printed character on a page (from 0)."""
    document = pdfium.PdfDocument(pdf)
    page = document[number]
    text = page.get_textpage()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    found = []
    for i in range(text.count_chars()):
        char = chr(raw.FPDFText_GetUnicode(text.raw, i))
        if not char.strip():
            continue
        raw.FPDFText_GetFillColor(text.raw, i, r, g, b, a)
        found.append((char, raw.FPDFText_GetFontSize(text.raw, i), (r.value, g.value, b.value)))
    document.close()
    return found


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_small_type_prints_black(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 42: field names in #555, the items table's conditions in #777 and the rules in red, all
    7.4 pt: a black-and-white laser breaks grey and red type into dots. Every character under 9 pt
    on a hero sheet now prints black (every channel under 0x30)."""
    for name in FILES[kit[0]]:
        pdf = kits(*kit) / name
        for number in range(len(pdfium.PdfDocument(pdf))):
            grey = {(c, rgb) for c, size, rgb in fill_colours(pdf, number) if size < 9 and max(rgb) >= 0x30}
            assert not grey, f"{name} p. {number + 1}: small type not black: {sorted(grey)[:6]}"


# A condition's word left at a line's end ("strength" / "5"), and the figure that should follow it.
BROKEN = re.compile(r"(?:strength|сила|two:|два —)$", re.IGNORECASE)
BROKEN_SHORT = re.compile(r"(?:int\.|инт\.)$", re.IGNORECASE)  # "+2 + int." ends a blank terrain row
FIGURE, ONLY_FIGURE = re.compile(r"^[+−-]?\d"), re.compile(r"^[+−-]?\d+$")


def broken_lines(page: Page) -> list[str]:
    """Lines that end in a condition's word while the line right under it begins with its figure."""
    lines = page.lines()
    out = []
    for a in lines:
        size = max(g.size for g in a.glyphs)
        under = [b for b in lines if 0 < a.baseline - b.baseline < 1.6 * size and b.x0 < a.x1 and a.x0 < b.x1]
        below = max(under, key=lambda b: b.baseline, default=None)
        if below is None:
            continue
        if (BROKEN.search(a.text) and FIGURE.search(below.text)) or (
            BROKEN_SHORT.search(a.text) and ONLY_FIGURE.search(below.text)
        ):
            out.append(f"{a.text} / {below.text}")
    return out


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_a_condition_never_breaks_from_its_figure(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 42: in English the items table broke "strength 5" into "strength" and an orphaned "5".
    No line of a hero sheet ends in a condition's word with its figure on the line below."""
    for name in FILES[kit[0]]:
        for page in read(kits(*kit) / name):
            broken = broken_lines(page)
            assert not broken, f"{name} p. {page.number}: {broken}"


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_the_front_uses_its_page(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 42: 49-58 mm of blank page lay under an A4 front (31 mm on Letter) while its lines were
    cramped. The blank under a front's last word is now under 40 mm on A4 and 25 mm on Letter (the
    shorter sheet), the pencil lines having taken the room."""
    most = {"a4": 40 * MM, "letter": 25 * MM}[kit[2]]
    for name in FILES[kit[0]]:
        for page in read(kits(*kit) / name)[::2]:
            blank = min(g.y0 for g in page.glyphs if g.char.strip())
            assert blank < most, f"{name} p. {page.number}: {blank / MM:.0f} mm blank at the foot"
