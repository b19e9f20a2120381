"""Whole PDF pages placed as Form XObjects: fast imposition and overlays, no content re-parsing."""

from __future__ import annotations

from typing import Any


def _content_bytes(page: Any) -> bytes:
    from pypdf.generic import ArrayObject

    contents = page.get("/Contents")
    if contents is None:
        return b""
    contents = contents.get_object()
    if isinstance(contents, ArrayObject):
        return b"\n".join(part.get_object().get_data() for part in contents)
    data: bytes = contents.get_data()
    return data


def _form_stream(page: Any) -> Any:
    """The page's content as the stream of a form. Content in one Flate-encoded stream (as WeasyPrint
    writes it) is taken as it is: decoding and encoding it again took a tenth of the time of imposing
    a booklet. Anything else is joined and encoded."""
    from pypdf.generic import EncodedStreamObject, NameObject, StreamObject

    contents = page.get("/Contents")
    single = contents.get_object() if contents is not None else None
    if (
        isinstance(single, EncodedStreamObject)
        and single.get("/Filter") == "/FlateDecode"
        and "/DecodeParms" not in single
        and isinstance(getattr(single, "_data", None), bytes)
    ):
        # (pypdf keeps a stream's encoded bytes in _data: what it writes for a stream it read)
        return StreamObject.initialize_from_dictionary(
            {NameObject("/Filter"): NameObject("/FlateDecode"), "__streamdata__": single._data}
        )
    raw = StreamObject()
    raw.set_data(_content_bytes(page))
    return raw.flate_encode()


def as_xobject(writer: Any, page: Any) -> Any:
    """The page as a Form XObject owned by writer (resources cloned into it); returns a reference."""
    from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject

    form = _form_stream(page)
    box = page.mediabox
    resources = page.get("/Resources")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)),
        NameObject("/Resources"): resources.get_object().clone(writer) if resources is not None else DictionaryObject(),
    })  # fmt: skip
    return writer._add_object(form)


def stream(writer: Any, data: bytes) -> Any:
    from pypdf.generic import StreamObject

    s = StreamObject()
    s.set_data(data)
    return writer._add_object(s)


def place(writer: Any, sheet: Any, forms: list[tuple[Any, float, float]]) -> None:
    """Draw forms on sheet at (x, y) offsets, after whatever the sheet already shows."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject

    resources = sheet.get("/Resources")
    resources = resources.get_object() if resources is not None else DictionaryObject()
    xobjects = resources.get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else DictionaryObject()
    ops = []
    for form, x, y in forms:
        name = f"/Pk{len(xobjects)}"
        xobjects[NameObject(name)] = form
        ops.append(f"q 1 0 0 1 {x:.4f} {y:.4f} cm {name} Do Q")
    resources[NameObject("/XObject")] = xobjects
    sheet[NameObject("/Resources")] = resources
    old = sheet.get("/Contents")
    parts = ArrayObject()
    if old is not None:
        old = old.get_object()
        # Wrap the existing drawing so its graphics state cannot leak into ours.
        parts.append(stream(writer, b"q"))
        parts.extend(old if isinstance(old, ArrayObject) else [sheet.raw_get("/Contents")])
        parts.append(stream(writer, b"Q"))
    parts.append(stream(writer, "\n".join(ops).encode()))
    sheet[NameObject("/Contents")] = parts
