"""Card and token sheets: crop marks inside the printable margin, the grid chosen for it, text that wraps."""

from __future__ import annotations

import pytest

from printkit.errors import RenderError
from printkit.geometry import MM, PAPERS, PRINTABLE_MARGIN
from printkit.imposition import CARD_SIZES, MARK_GAP, MIN_MARK_LENGTH, best_grid
from printkit.render import fonts
from printkit.render.canvas import fit_lines
from printkit.render.marks import mark_span


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("bleed", [0.0, 3.0, 5.0])
def test_crop_marks_fit_between_the_trim_and_the_printable_margin(paper: str, size: str, bleed: float) -> None:
    w, h = CARD_SIZES[size]
    grid, _ = best_grid(PAPERS[paper], (w * MM, h * MM), bleed * MM)
    block = grid.block()
    pw, ph = grid.page
    for margin in (block.x, pw - block.x - block.w, block.y, ph - block.y - block.h):
        start, end = mark_span(margin, bleed * MM)
        assert start >= MARK_GAP - 1e-6  # never over the trim
        assert end - start >= MIN_MARK_LENGTH - 1e-6  # long enough to lay a ruler on
        assert margin - end >= PRINTABLE_MARGIN - 1e-6  # the mark's far end is still printed
        assert margin - bleed * MM >= PRINTABLE_MARGIN - 1e-6  # and so is the art's bleed


def test_letter_turns_the_sheet_for_standard_cards_rather_than_lose_the_marks() -> None:
    grid, landscape = best_grid(PAPERS["letter"], (63 * MM, 88 * MM))
    assert (grid.cols, grid.rows, landscape) == (4, 2, True)
    grid, landscape = best_grid(PAPERS["a4"], (63 * MM, 88 * MM))
    assert (grid.cols, grid.rows, landscape) == (3, 3, False)


def test_long_text_takes_a_second_line_before_going_below_6_pt() -> None:
    from printkit.render.canvas import open_canvas

    open_canvas(__import__("io").BytesIO(), "a4", "t", "t")  # registers the fonts
    lines, size = fit_lines("Fi5 Fo5 Mo5 De5 Co5 Se5", fonts.NARROW, 6.8, 50.0)
    assert lines == ["Fi5 Fo5 Mo5", "De5 Co5 Se5"] and size >= 6.0
    lines, size = fit_lines("Tower", fonts.NARROW_BOLD, 9.6, 50.0)
    assert (lines, size) == (["Tower"], 9.6)
    with pytest.raises(RenderError):
        fit_lines("a very long name that will never fit in so small a box", fonts.NARROW, 8, 30.0)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_of_a_turned_sheet_land_behind_their_fronts(flip: str) -> None:
    """Letter's 4×2 card sheets are landscape pages, which a printer turns a quarter onto the paper:
    simulate that turn and the paper's flip, and every back must sit behind its front."""
    from printkit.imposition import back_box, sheet_flip

    grid, landscape = best_grid(PAPERS["letter"], (63 * MM, 88 * MM))
    assert landscape
    w, h = grid.page  # w > h: the page; the paper is h wide and w tall

    def to_paper(x: float, y: float) -> tuple[float, float]:
        return h - y, x  # the quarter turn onto portrait paper

    def behind(u: float, v: float) -> tuple[float, float]:
        # The point on the other side of the paper, in that side's own coordinates.
        return (h - u, v) if flip == "long" else (u, w - v)

    for front in grid.boxes:
        back = back_box(front, grid.page, sheet_flip(flip, grid.page))
        for fx, fy in ((front.x, front.y), (front.x + front.w, front.y + front.h)):
            target = behind(*to_paper(fx, fy))
            corners = [to_paper(x, y) for x in (back.x, back.x + back.w) for y in (back.y, back.y + back.h)]
            assert any(abs(a - target[0]) < 1e-6 and abs(b - target[1]) < 1e-6 for a, b in corners)
