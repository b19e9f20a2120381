"""The plot sheet's turn track and its "done" column (issue 33)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from ..conftest import ExampleKits
from ..pdfcheck import MM, read

KITS = [("strategiya", "ru", "a4"), ("strategiya", "en", "letter")]


def paths(pdf: Path) -> list[tuple[float, float, float, float]]:
    """The bounds of every path drawn on the first page."""
    page = pdfium.PdfDocument(str(pdf))[0]
    return [obj.get_bounds() for obj in page.get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_PATH], max_depth=1)]


# The id ends in the kit: under xdist the check runs on the worker that builds it (tests/conftest.py).
@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_plot_sheet_has_a_box_to_tick_and_marks_clear_of_the_tens(
    name: str, lang: str, paper: str, kits: ExampleKits
) -> None:
    """issue 33: the "done" column had no box to tick, and the red numbers of the pieces due on a
    turn touched the heavy rule after every tenth turn. Now each row has a square, and every mark
    keeps a millimetre from any rule."""
    from printkit import load_session
    from printkit.config.session import with_overrides
    from printkit.games.strategiya.plot_sheet import context

    from ..conftest import EXAMPLES

    pdf = kits(name, lang, paper) / "plot.pdf"
    ctx = context(with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, paper))
    drawn = paths(pdf)
    side = 4 * MM
    squares = [b for b in drawn if abs(b[2] - b[0] - side) < 1.5 and abs(b[3] - b[1] - side) < 1.5]
    assert len(squares) >= len(ctx["events"]) + 2  # the pieces and at least two blank rows
    (page,) = read(pdf)
    dividers = [b for b in drawn if b[2] - b[0] < 3 and b[3] - b[1] > 5 * MM]  # the heavy rules after tens
    marks = [g for g in page.glyphs if round(g.size, 1) == 7.0 and "Bold" in g.font]
    assert marks and dividers
    for g in marks:
        for x0, y0, x1, y1 in dividers:
            if y0 < (g.y0 + g.y1) / 2 < y1:
                gap = min(abs(x0 - g.x1), abs(g.x0 - x1))
                assert gap >= 1 * MM, f"{g.char!r} lies {gap / MM:.2f} mm from a rule"
