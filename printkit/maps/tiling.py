"""How a map divides into sheets: margins, legend room, orientation, cell size and tiles."""

from __future__ import annotations

from typing import NamedTuple

from ..geometry import MM, paper_size
from ..model import GameMap
from ..render import fonts

MARGIN = 12 * MM
RULER = 6 * MM  # room for the coordinates around a tile
LEGEND = 22 * MM  # room for the legend and the tile caption at the bottom
SYMBOLS = 8 * MM  # a row of object symbols above the terrains, where a sheet shows them
NOTE_LINE = 3 * MM  # a line of notes under the legend
NOTE_SIZE = 7.0
# A legend beside the grid: a column at least this wide (a terrain's name at 6 pt beside its sample),
# apart from the grid's coordinates by GAP; entries one under another, ROW apart (an object's sample
# SYMBOL_ROW), the caption in at most CAPTION_LINES lines at the foot (title, sheet, rows and
# columns, how to glue).
COLUMN = 30 * MM
GAP = 3 * MM
ROW = 6.5 * MM
SYMBOL_ROW = 8 * MM
CAPTION_LINES = 5
# Cell sizes a sheet may choose from when none is asked for: from 12 mm down to 9, a cell still
# holds a circled number and a pencilled marker.
AUTO_CELLS_MM = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5, 9.0)


def sheet_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    width, height = paper_size(paper)
    return (height, width) if landscape else (width, height)


def note_lines(note: str, width: float) -> list[str]:
    """A note under the legend, broken into lines of the sheet's width."""
    from reportlab.lib.utils import simpleSplit

    fonts.register_reportlab()
    return list(simpleSplit(note, fonts.SANS, NOTE_SIZE, width)) if note else []


def legend_height(symbols: tuple[str, ...], lines: int, game_row: bool = False) -> float:
    """The legend's room: a game's own row of symbols fits in LEGEND alone, beside the object
    symbols it takes a row of its own."""
    return LEGEND + (SYMBOLS if symbols else 0) + (SYMBOLS if symbols and game_row else 0) + lines * NOTE_LINE


def column_height(symbols: int, entries: int, note: str) -> float:
    """The height of a legend beside the grid at its narrowest (COLUMN): object samples, the other
    entries (terrains and a game's own), the note, the caption."""
    lines = len(note_lines(note, COLUMN)) + CAPTION_LINES
    return symbols * SYMBOL_ROW + entries * ROW + lines * NOTE_LINE + 2 * MM


def tiles(game_map: GameMap, paper: str, cell: float, landscape: bool = False, legend: float = LEGEND,
          side: float = 0.0) -> list[tuple[range, range]]:  # fmt: skip
    """Column and row ranges per sheet; neighbouring sheets share one cell to glue over. legend: the
    height kept under the grid; side: the width kept right of it (a legend beside the grid)."""
    width, height = sheet_size(paper, landscape)
    cols = max(1, int((width - 2 * MARGIN - 2 * RULER - side) // cell))
    rows = max(1, int((height - 2 * MARGIN - 2 * RULER - legend) // cell))

    def spans(total: int, per: int) -> list[range]:
        out, start = [], 0
        while True:
            end = min(total, start + per)
            out.append(range(start, end))
            if end >= total:
                return out
            start = end - 1  # one cell of overlap

    return [(c, r) for r in spans(game_map.height, rows) for c in spans(game_map.width, cols)]


def left_edge(width: float, cols: int, cell: float, side: float = 0.0) -> float:
    """Where a tile's first column starts: the grid centred across the sheet (the legend below), or
    across what a legend beside it leaves (side: its width and gap)."""
    return MARGIN + RULER + max(0.0, (width - 2 * MARGIN - 2 * RULER - side - cols * cell) / 2)


class Layout(NamedTuple):
    """How a map lies on its sheets."""

    cell_mm: float
    landscape: bool
    beside: bool  # the legend in a column right of the grid rather than under it


def side_room(beside: bool) -> float:
    """The width a legend beside the grid keeps right of the grid's coordinates."""
    return COLUMN + GAP if beside else 0.0


def layout(game_map: GameMap, paper: str, cells_mm: tuple[float, ...], symbols: tuple[str, ...] = (),
           note: str = "", *, game_row: bool = False, entries: int = 0) -> Layout:  # fmt: skip
    """The cell size (of those offered), orientation and legend place that print the map on the
    fewest sheets; then the largest cells; then the legend below; then portrait. entries: the
    legend's lines besides the object samples (terrains, a game's own), for a legend beside the grid:
    it goes there only where its column fits the sheet's height (issue 33: a 20x15 map under its
    legend left a quarter of the sheet blank)."""
    best: tuple[tuple[int, float, bool, bool], Layout] | None = None
    for landscape in (False, True):
        width, height = sheet_size(paper, landscape)
        below = legend_height(symbols, len(note_lines(note, width - 2 * MARGIN)), game_row)
        fits_beside = entries > 0 and column_height(len(symbols), entries, note) <= height - 2 * MARGIN
        for beside in (False, True) if fits_beside else (False,):
            for cell_mm in cells_mm:
                count = len(tiles(game_map, paper, cell_mm * MM, landscape, 0.0 if beside else below,
                                  side_room(beside)))  # fmt: skip
                rank = (count, -cell_mm, beside, landscape)
                if best is None or rank < best[0]:
                    best = (rank, Layout(cell_mm, landscape, beside))
    assert best is not None
    return best[1]
