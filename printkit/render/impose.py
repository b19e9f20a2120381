"""Imposition: booklet pages two-up in saddle-stitch order, to print duplex, fold and staple."""

from __future__ import annotations

import io

from ..geometry import PAPERS


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 1-based page numbers for each sheet side, front then back; None is a blank.

    Pages are padded to a multiple of four. Sheet k carries, on its front, the last unused page
    on the left and the first on the right; on its back, the next first and the next last.
    """
    total = -(-pages // 4) * 4 if pages else 0

    def real(n: int) -> int | None:
        return n if n <= pages else None

    sides: list[tuple[int | None, int | None]] = []
    for k in range(total // 4):
        sides.append((real(total - 2 * k), real(1 + 2 * k)))
        sides.append((real(2 + 2 * k), real(total - 1 - 2 * k)))
    return sides


def impose_saddle(pdf: bytes, paper: str) -> bytes:
    """A PDF of sheet sides (paper in landscape) holding the booklet's pages two-up, centred."""
    from pypdf import PdfReader, PdfWriter

    from .pdfpages import as_xobject, place

    reader = PdfReader(io.BytesIO(pdf))
    width, height = PAPERS[paper][1], PAPERS[paper][0]  # landscape
    writer = PdfWriter()
    forms = [as_xobject(writer, page) for page in reader.pages]
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    for left, right in saddle_order(len(reader.pages)):
        sheet = writer.add_blank_page(width=width, height=height)
        placed = []
        for slot, number in ((0, left), (1, right)):
            if number is not None:
                w, h = sizes[number - 1]
                placed.append((forms[number - 1], width / 2 - w if slot == 0 else width / 2, (height - h) / 2))
        place(writer, sheet, placed)
    title = str(reader.metadata.get("/Title", "")) if reader.metadata else ""
    writer.add_metadata({"/Title": f"{title} (print)", "/Creator": "printkit"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
