"""Font subsetting for WeasyPrint's PDFs without reading the layout tables it throws away."""

from __future__ import annotations

from functools import cache
from typing import Any

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
    """Make WeasyPrint's fontTools subsetting lean (once per process). Returns whether it could:
    a WeasyPrint whose font module no longer reads `subset.Subsetter` is left as it is."""
    from weasyprint.pdf import fonts

    used = getattr(fonts, "subset", None)
    if used is None or not hasattr(used, "Subsetter") or not hasattr(used, "Options"):
        return False
    fonts.subset = _SubsetModule()
    return True
