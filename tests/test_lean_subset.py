"""The lean font subsetting (printkit/render/subset.py) embeds byte for byte the fonts fontTools' own gives."""

from __future__ import annotations

import io

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont

from printkit.assets import fonts_dir
from printkit.render.subset import _lean_subsetter, install

FONTS = sorted(p.name for p in fonts_dir().glob("*.ttf"))


def _subset(data: bytes, gids: list[int], subsetter: type, hinting: bool) -> bytes:
    # As WeasyPrint 70's Font._fonttools_subset asks for it.
    options = subset.Options(
        retain_gids=True, passthrough_tables=True, ignore_missing_glyphs=True, hinting=hinting, desubroutinize=True
    )
    options.drop_tables += ["GSUB", "GPOS", "SVG"]
    chosen = subsetter(options)
    chosen.populate(gids=gids)
    font = TTFont(io.BytesIO(data))
    chosen.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize("name", FONTS)
def test_the_lean_subset_is_the_same_font(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1704067200")  # fontTools stamps the time otherwise, as printkit's PDFs do
    data = (fonts_dir() / name).read_bytes()
    assert {"GSUB", "GPOS", "kern"} & set(TTFont(io.BytesIO(data)).keys())  # there is something to skip
    for gids, hinting in (([3, 36, 37, 68, 69, 70], False), (list(range(1, 400, 3)), True)):
        assert _subset(data, gids, _lean_subsetter(), hinting) == _subset(data, gids, subset.Subsetter, hinting)


def test_weasyprint_uses_the_lean_subsetter() -> None:
    from weasyprint.pdf import fonts

    assert install() is True
    assert fonts.subset.Subsetter.__name__ == "LeanSubsetter"
    assert fonts.subset.Options is subset.Options


def _outline(font: TTFont, gid: int) -> tuple[object, ...]:
    """A glyph's advance, side bearing and outline, found by its id (HarfBuzz may rename glyphs)."""
    name = font.getGlyphOrder()[gid]
    glyph = font["glyf"][name]
    coordinates, ends, _ = glyph.getCoordinates(font["glyf"])
    return font["hmtx"][name], tuple(coordinates), tuple(ends)


@pytest.mark.parametrize("name", FONTS)
def test_harfbuzz_keeps_every_glyph_at_its_id(name: str) -> None:
    """The subset WeasyPrint embeds, made by the uharfbuzz wheel: every glyph asked for keeps its id,
    advance and outline (the PDF addresses glyphs by id), and the glyphs past the last one asked for
    go (but for those it is built of)."""
    from printkit.render.subset import harfbuzz_subset

    data = (fonts_dir() / name).read_bytes()
    full = TTFont(io.BytesIO(data))
    gids = [3, 36, 37, 68, 69, 70, 150, 301]
    made = harfbuzz_subset(data, 0, set(gids), False, False)
    assert made is not None and len(made) < len(data)
    small = TTFont(io.BytesIO(made))
    assert max(gids) < small["maxp"].numGlyphs < max(gids) + 8 < full["maxp"].numGlyphs
    assert not {"GSUB", "GPOS"} & set(small.keys())
    for gid in gids:
        assert _outline(small, gid) == _outline(full, gid), gid


def test_weasyprint_subsets_with_harfbuzz() -> None:
    from weasyprint.pdf import fonts

    assert install() is True
    assert fonts.Font.subset.__qualname__ == "install.<locals>.subset"
