"""Saddle imposition (printkit/render/impose.py): every page lands whole on its half of its sheet."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A5
from reportlab.pdfgen import canvas

from printkit.render.impose import impose_saddle


def _pages(font: str, words: list[str]) -> PdfReader:
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A5)
    for word in words:
        c.setFont(font, 20)
        c.drawString(60, 300, word)
        c.showPage()
    c.save()
    return PdfReader(io.BytesIO(out.getvalue()))


def _halves(pdf: bytes) -> list[tuple[str, str]]:
    doc = pdfium.PdfDocument(pdf)
    found = []
    for page in doc:
        width, height = page.get_size()
        text = page.get_textpage()
        found.append((text.get_text_bounded(0, 0, width / 2, height).strip(),
                      text.get_text_bounded(width / 2, 0, width, height).strip()))  # fmt: skip
    return found


def _pdf(*readers: PdfReader) -> bytes:
    writer = PdfWriter()
    for reader in readers:
        writer.append(reader)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_pages_sharing_their_resources_are_placed_in_saddle_order() -> None:
    booklet = _pdf(_pages("Helvetica", ["one", "two", "three", "four", "five"]))
    sheets = impose_saddle(booklet, "a4")
    assert _halves(sheets) == [("", "one"), ("two", ""), ("", "three"), ("four", "five")]
    # The pages' content streams are placed as they are: the booklet's font is embedded once.
    reader = PdfReader(io.BytesIO(sheets))
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages} == {(842, 595)}
    fonts = {f.indirect_reference for p in reader.pages for f in p["/Resources"]["/Font"].values()}
    assert len(fonts) == 1


def test_pages_whose_resource_names_clash_keep_their_own_fonts() -> None:
    # Two documents each call their font /F1: Helvetica in one, Courier in the other. Pages 4 and 1
    # share the first sheet.
    booklet = _pdf(_pages("Helvetica", ["one", "two", "three"]), _pages("Courier", ["four"]))
    sheets = impose_saddle(booklet, "a4")
    assert _halves(sheets) == [("four", "one"), ("two", "three")]
    first = PdfReader(io.BytesIO(sheets)).pages[0]
    assert {str(f["/BaseFont"]) for f in first["/Resources"]["/Font"].values()} == {"/Helvetica", "/Courier"}
