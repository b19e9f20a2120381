"""Font subsetting for WeasyPrint's PDFs: HarfBuzz's subsetter from its wheel, else a lean fontTools one."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

# WeasyPrint subsets with HarfBuzz when the system has libharfbuzz-subset (a Debian package, not a
# wheel), else with fontTools, a hundred times slower (36 ms a font against 0.3 ms): a twentieth of
# a booklet's drawing and more of a quick reference's. The uharfbuzz wheel carries HarfBuzz's
# subsetter: printkit asks it exactly what WeasyPrint asks the system library (glyph ids kept, the
# layout tables dropped, then the unused glyphs past the last one used), so the PDFs hold the same
# glyphs (tests/test_lean_subset.py draws the pages both ways and compares every pixel).
DROPPED = ("BASE", "DSIG", "EBDT", "EBLC", "EBSC", "GPOS", "GSUB", "JSTF", "LTSH", "PCLT", "SVG ")


def harfbuzz_subset(data: bytes, index: int, gids: Iterable[int], hinting: bool, notdef: bool) -> bytes | None:
    """The font file `data` (face `index`) with only the glyphs `gids`, their ids unchanged; None
    when HarfBuzz cannot subset it."""
    import uharfbuzz as hb

    kept = sorted(gids)
    face = hb.Face(hb.Blob(data), index)
    ask = hb.SubsetInput()
    ask.glyph_set.update(kept)
    outline = hb.SubsetFlags.NOTDEF_OUTLINE if notdef else hb.SubsetFlags.DEFAULT
    ask.flags = (
        hb.SubsetFlags.RETAIN_GIDS | hb.SubsetFlags.PASSTHROUGH_UNRECOGNIZED | hb.SubsetFlags.DESUBROUTINIZE | outline
    )
    ask.drop_table_tag_set.update(int.from_bytes(tag.encode("ascii"), "big") for tag in DROPPED)
    face = hb.subset(face, ask)
    if face is None:
        return None
    # Then the empty slots after the last glyph used go too (every id up to it stays).
    ask.glyph_set.update(range(kept[-1] + 1))
    hinted = hb.SubsetFlags.DEFAULT if hinting else hb.SubsetFlags.NO_HINTING
    ask.flags = hb.SubsetFlags.PASSTHROUGH_UNRECOGNIZED | hb.SubsetFlags.DESUBROUTINIZE | outline | hinted
    face = hb.subset(face, ask)
    data = face.blob.data if face is not None else b""
    return bytes(data) or None


# WeasyPrint embeds a subset of each font a document uses. Without the HarfBuzz subsetter (a
# system library no wheel carries) it asks fontTools, telling it to drop the GSUB and GPOS
# tables: the PDF places every glyph itself. fontTools 4.6x reads and converts those tables
# before it drops them, and for PT Sans, whose kerning table is large, that reading is most
# of the subsetting time (about a tenth of a whole kit build). Deleting the tables unread
# before the subset gives the same bytes (tests/test_lean_subset.py) without the reading.
DROPPED_UNREAD = ("GSUB", "GPOS")


def _lean_subsetter() -> type:
    from fontTools import subset

    class LeanSubsetter(subset.Subsetter):  # type: ignore[misc]
        """fontTools' Subsetter that deletes, unread, the layout tables its options drop."""

        def subset(self, font: Any) -> None:
            # fontTools drops the old 'kern' table where GPOS exists; it must go while GPOS is
            # still there to tell, or fontTools would keep (and read) it.
            if "GPOS" in font and "kern" in font and not self.options.legacy_kern:
                del font["kern"]
            for tag in DROPPED_UNREAD:
                if tag in self.options.drop_tables and tag in font:
                    del font[tag]
            super().subset(font)

    return LeanSubsetter


class _SubsetModule:
    """What WeasyPrint's font module reads of `fontTools.subset`: the options and the subsetter."""

    def __init__(self) -> None:
        from fontTools import subset

        self.Options = subset.Options
        self.Subsetter = _lean_subsetter()


@cache
def install() -> bool:
    """Make WeasyPrint subset fonts with the uharfbuzz wheel, and its fontTools subsetting (left
    for a font HarfBuzz refuses) lean (once per process). Returns whether it could: a WeasyPrint
    whose font module no longer reads `subset.Subsetter` is left as it is."""
    from weasyprint.pdf import fonts

    used = getattr(fonts, "subset", None)
    if used is None or not hasattr(used, "Subsetter") or not hasattr(used, "Options"):
        return False
    fonts.subset = _SubsetModule()
    font = getattr(fonts, "Font", None)
    if font is not None and hasattr(font, "_fonttools_subset"):
        lean = font._fonttools_subset

        def subset(self: Any, to_unicode: Any, hinting: bool) -> None:
            if not to_unicode:
                return
            data = harfbuzz_subset(self.file_content, self.index, to_unicode, hinting, bool(self.missing))
            if data is None:
                lean(self, to_unicode, hinting)
            else:
                self.file_content = data

        font.subset = subset
    return True
