"""Every font in every PDF of every example kit is one printkit ships, embedded (issue 33)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from printkit.assets import fonts_dir
from printkit.render import fonts

from .conftest import CONFIGS, ExampleKits

KITS = [(c.stem, lang, paper) for c in CONFIGS for lang in ("ru", "en") for paper in ("a4", "letter")]
# OS/2 width classes as Pango names them in a font's description (WeasyPrint's PDF font names).
STRETCH = {1: "ultracondensed", 2: "extracondensed", 3: "condensed", 4: "semicondensed", 5: ""}


def plain(name: str) -> str:
    """A font name without its subset tag (ABCDEF+), spaces, hyphens or case."""
    return re.sub(r"[^a-z0-9]", "", name.split("+", 1)[-1].lower())


@cache
def shipped() -> frozenset[str]:
    """Every name a bundled font may carry in a PDF: its PostScript and full names (ReportLab's and
    WeasyPrint's forms), the full name with Pango's width word, and the names printkit registers."""
    names = {plain(name) for name, _ in fonts.FONTS.values()}
    for path in fonts_dir().glob("*.ttf"):
        with TTFont(str(path), lazy=True) as font:
            table = font["name"]
            full = str(table.getDebugName(4))
            names |= {plain(str(table.getDebugName(6))), plain(full)}
            names.add(plain(full + STRETCH[font["OS/2"].usWidthClass]))
    return frozenset(names)


def embedded(reader: PdfReader) -> dict[str, bool]:
    """Every font the document's pages and forms use: its name, and whether its program is in the file."""
    out: dict[str, bool] = {}
    seen: set[int] = set()

    def program(font: Any) -> bool:
        descendants = font.get("/DescendantFonts")
        if descendants is not None:
            return all(program(d.get_object()) for d in descendants)
        descriptor = font.get("/FontDescriptor")
        return descriptor is not None and any(
            k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
        )

    def visit(resources: Any) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            out[str(font["/BaseFont"])] = program(font)
        for xobject in (resources.get("/XObject") or {}).values():
            form = xobject.get_object()
            key = xobject.idnum if isinstance(xobject, IndirectObject) else id(form)
            if key not in seen:
                seen.add(key)
                visit(form.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return out


@pytest.mark.parametrize("kit", KITS, ids=["-".join(k) for k in KITS])
def test_every_font_is_a_bundled_one_and_embedded(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 33: the booklets' hyphens came in DejaVu Serif from the system (U+2010 is in no bundled
    font); every font of every PDF must be one printkit ships, embedded in the file."""
    folder: Path = kits(*kit)
    pdfs = sorted(folder.glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        used = embedded(PdfReader(pdf))
        assert used, f"{pdf.name}: no font found"
        foreign = sorted(name for name in used if plain(name) not in shipped())
        assert not foreign, f"{pdf.name} uses fonts printkit does not ship: {foreign}"
        loose = sorted(name for name, inside in used.items() if not inside)
        assert not loose, f"{pdf.name} does not embed {loose}"


def test_the_check_knows_a_system_font_from_a_bundled_one() -> None:
    """The names the kits' PDFs give the bundled fonts pass; a system font's does not."""
    for name in (
        "/AAAAAA+PTSans-NarrowBold",
        "/FGABLA+PT-Sans",
        "/NLJEIL+PT-Sans-Narrow-Condensed",
        "/X+PT-Serif-Bold",
    ):
        assert plain(name) in shipped(), name
    for name in ("/BAWKYD+DejaVu-Serif", "/Helvetica", "/ABCDEF+PT-Sans-Caption"):
        assert plain(name) not in shipped(), name
