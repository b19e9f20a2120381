"""Pages placed as forms (printkit/render/pdfpages.py) carry exactly the content they had."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, NameObject

from printkit.render.pdfpages import as_xobject


def _page_pdf() -> bytes:
    """A page whose content is one Flate-encoded stream, as WeasyPrint writes its pages."""
    writer = PdfWriter()
    page = writer.add_blank_page(width=200, height=200)
    content = DecodedStreamObject()
    content.set_data(b"0 0 m 150 150 l S BT /F1 9 Tf (one stream) Tj ET")
    page[NameObject("/Contents")] = writer._add_object(content.flate_encode(level=1))  # not the level pypdf encodes at
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_flate_stream_is_kept_as_it_is_encoded() -> None:
    page = PdfReader(io.BytesIO(_page_pdf())).pages[0]
    contents = page["/Contents"].get_object()
    writer = PdfWriter()
    form = as_xobject(writer, page).get_object()
    assert form["/Subtype"] == "/Form" and form["/Filter"] == "/FlateDecode"
    assert form._data == contents._data  # the same encoded bytes, not decoded and encoded again
    assert form.get_data() == contents.get_data() and b"(one stream) Tj" in form.get_data()


def test_contents_in_parts_are_joined_and_encoded() -> None:
    writer = PdfWriter()
    page = writer.add_blank_page(width=200, height=200)
    parts = []
    for ops in (b"0 0 m 10 10 l S", b"BT /F1 9 Tf (x) Tj ET"):
        part = DecodedStreamObject()
        part.set_data(ops)
        parts.append(writer._add_object(part))
    page[NameObject("/Contents")] = ArrayObject(parts)
    form = as_xobject(writer, page).get_object()
    assert form["/Filter"] == "/FlateDecode"
    assert form.get_data() == b"0 0 m 10 10 l S\nBT /F1 9 Tf (x) Tj ET"
