"""Imposition: booklet pages two-up in saddle-stitch order, to print duplex, fold and staple."""

from __future__ import annotations

import io
from typing import Any

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

    reader = PdfReader(io.BytesIO(pdf))
    width, height = PAPERS[paper][1], PAPERS[paper][0]  # landscape
    writer = PdfWriter()
    pages = list(reader.pages)
    for left, right in saddle_order(len(pages)):
        sheet = writer.add_blank_page(width=width, height=height)
        placed = []
        for slot, number in ((0, left), (1, right)):
            if number is not None:
                page = pages[number - 1]
                w, h = float(page.mediabox.width), float(page.mediabox.height)
                placed.append((page, width / 2 - w if slot == 0 else width / 2, (height - h) / 2))
        _place(writer, sheet, placed)
    title = str(reader.metadata.get("/Title", "")) if reader.metadata else ""
    writer.add_metadata({"/Title": f"{title} (print)", "/Creator": "printkit"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _place(writer: Any, sheet: Any, placed: list[tuple[Any, float, float]]) -> None:
    """Draw whole pages on a sheet, each moved by (x, y) and clipped to its media box.

    pypdf's merge_transformed_page parses every operator of the page it merges and writes them
    again (seconds for a booklet). Where the pages' resources agree on every name (WeasyPrint's
    pages share one font dictionary), their content streams are placed as they are instead,
    between operators that move and clip them; links are left behind (a printed sheet needs none).
    """
    from pypdf import Transformation
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject

    resources = DictionaryObject()
    for page, _x, _y in placed:
        if not _join(resources, page.get("/Resources")):
            for page, x, y in placed:  # names clash: pypdf renames them
                sheet.merge_transformed_page(page, Transformation().translate(x, y))
            return
    parts = ArrayObject()
    for page, x, y in placed:
        box = page.mediabox
        start = DecodedStreamObject()
        start.set_data(
            f"q 1 0 0 1 {x:.4f} {y:.4f} cm {float(box.left):.4f} {float(box.bottom):.4f} "
            f"{float(box.width):.4f} {float(box.height):.4f} re W n q".encode()
        )
        end = DecodedStreamObject()
        end.set_data(b"Q Q")
        contents = page.get("/Contents")
        contents = contents.get_object() if contents is not None else ArrayObject()
        streams = contents if isinstance(contents, ArrayObject) else [contents]
        parts.extend([start, *(s.get_object().clone(writer) for s in streams), end])
    sheet[NameObject("/Resources")] = resources.clone(writer)
    sheet.replace_contents(parts)


def _join(into: Any, resources: Any) -> bool:
    """Add a page's resources to `into`; False where a name already stands for something else."""
    from pypdf.generic import ArrayObject, DictionaryObject

    if resources is None:
        return True
    for kind, named in resources.get_object().items():
        named = named.get_object()
        if kind == "/ProcSet" and isinstance(named, ArrayObject):
            into.setdefault(kind, ArrayObject()).extend(n for n in named if n not in into.get(kind, ()))
            continue
        if not isinstance(named, DictionaryObject):
            return False
        joined = into.setdefault(kind, DictionaryObject())
        for name, value in named.items():
            if name in joined and joined.raw_get(name) != value:
                return False
            joined[name] = value
    return True
