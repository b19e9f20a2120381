"""Tokens and markers stand a gutter apart, backs bled into it: a duplex drift shows no neighbour (issue 42)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from PIL import ImageStat

from printkit.games.vs.model import vs_session
from printkit.geometry import MM, PAPERS
from printkit.imposition import Box, back_box

from ..conftest import ExampleKits
from .test_owner_cues import grey_crop
from .test_piece_faces import placed, session_of

# Read every day in Russian on A4 and English on Letter (the everyday tier's sample of kits).
KITS = [("vs-2025", "ru", "a4"), ("vs-2003", "en", "letter")]


def cut_squares(pdf: Path, number: int, side: float) -> list[Box]:
    """The cut lines as printed on a page (from 0): the stroked, unfilled squares `side` wide."""
    document = pdfium.PdfDocument(pdf)
    fill, stroked = ctypes.c_int(), ctypes.c_int()
    found = []
    for obj in document[number].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroked)
        x0, y0, x1, y1 = obj.get_bounds()
        if stroked.value and not fill.value and abs(x1 - x0 - side) < 1 and abs(y1 - y0 - side) < 1:
            found.append(Box(x0, y0, x1 - x0, y1 - y0))
    document.close()
    return found


@pytest.mark.parametrize("kit", KITS, ids=["-".join(k) for k in KITS])
@pytest.mark.parametrize("stem", ["tokens", "markers"])
def test_pieces_stand_a_gutter_apart(kits: ExampleKits, kit: tuple[str, str, str], stem: str) -> None:
    """issue 42: 20 mm tokens and 16 mm markers were butted, backs ending on the cut line. On the
    printed sheet of fronts every piece's cut square now stands 2 to 3.5 mm from its neighbours."""
    session = session_of(kit)
    options = vs_session(session).tokens
    side = (options.cell_mm if stem == "tokens" else options.marker_mm) * MM
    squares = cut_squares(kits(*kit) / f"{stem}.pdf", 0, side)
    assert len(squares) >= 20, len(squares)
    gaps = []
    for a in squares:
        beside = [b.x - a.x - a.w for b in squares if abs(b.y - a.y) < 1 and b.x > a.x]
        below = [a.y - b.y - b.h for b in squares if b.x < a.x + a.w and a.x < b.x + b.w and b.y < a.y]
        gaps += [min(beside)] if beside else []
        gaps += [min(below)] if below and min(below) < side else []  # not across a short row's empty end
    assert gaps and all(2 * MM <= g <= 3.5 * MM for g in gaps), sorted({round(g / MM, 1) for g in gaps})


@pytest.mark.slow
@pytest.mark.parametrize("kit", KITS, ids=["-".join(k) for k in KITS])
def test_token_backs_bleed_into_the_gutter(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """A back that lands 1.2 mm off its front still shows its own ground at the cut: on every side of
    the first sheet's backs the millimetre outside the cut prints the grey the millimetre inside it
    does (the owner's band at the top, the back's tint elsewhere), not white paper."""
    session = session_of(kit)
    flip = vs_session(session).cards.duplex
    pdf = kits(*kit) / "tokens.pdf"
    depth, far = 1.0 * MM, 0.2 * MM
    checked = 0
    for number, front, _ in placed(kit, "tokens")[:12]:
        if number:
            break
        box = back_box(front, PAPERS[kit[2]], flip, session.printer)
        mid = (box.y + box.h * 0.35, box.h * 0.3)  # the sides' middle, clear of the band and the corners
        pairs = [
            (Box(box.x - far - depth, mid[0], depth, mid[1]), Box(box.x + far, mid[0], depth, mid[1])),
            (Box(box.x + box.w + far, mid[0], depth, mid[1]), Box(box.x + box.w - far - depth, mid[0], depth, mid[1])),
            (Box(box.x + box.w * 0.35, box.y - far - depth, box.w * 0.3, depth),
             Box(box.x + box.w * 0.35, box.y + far, box.w * 0.3, depth)),
        ]  # fmt: skip
        for outside, inside in pairs:
            out = ImageStat.Stat(grey_crop(pdf, number + 1, outside, 150)).mean[0]
            inn = ImageStat.Stat(grey_crop(pdf, number + 1, inside, 150)).mean[0]
            assert out < 250 and abs(out - inn) < 10, (front, round(out), round(inn))
            checked += 1
    assert checked >= 30
